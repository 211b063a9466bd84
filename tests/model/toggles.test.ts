// The reference's conflict-only toggles (reference §3.2): `speak()` flips the speech synthesiser's
// `oneUser`, an effective `setColor(map)` flips the colour bulb's `colorChanged`. Both are stored
// (state, conflicts and DPOR see the write) and neither sends an event.
import { describe, expect, it } from 'vitest';
import { lowerSource } from '../../src/pipeline/load.js';
import { capabilityOf, initialValues } from '../../src/devices/capabilities.js';
import { applyCommand } from '../../src/model/commands.js';
import { Home } from '../../src/model/home.js';

const speech = capabilityOf('speechSynthesis')!;
const color = capabilityOf('colorControl')!;

describe('toggle writes in the capability table', () => {
  it('takes the initial values of the reference\'s device classes', () => {
    expect(initialValues(speech, true).get('oneUser')).toBe(true);
    expect(initialValues(speech, false).get('oneUser')).toBe(false);
    expect(initialValues(color, true).get('colorChanged')).toBe(false);
    expect(initialValues(color, false).get('colorChanged')).toBe(false);
  });

  it('speak() flips oneUser on every call, silently', () => {
    const current = initialValues(speech, true);
    expect(applyCommand(speech, current, 'speak', ['hello'])).toEqual([{ attribute: 'oneUser', value: false, changed: true, sendsEvent: false }]);
    current.set('oneUser', false);
    expect(applyCommand(speech, current, 'speak', ['hello'])).toEqual([{ attribute: 'oneUser', value: true, changed: true, sendsEvent: false }]);
  });

  it('setColor(map) flips colorChanged only when it changes a colour attribute', () => {
    const current = initialValues(color, true); // hue 30, saturation 40, level 20
    const effective = applyCommand(color, current, 'setColor', [new Map([['hue', 70], ['saturation', 40]])])!;
    expect(effective).toEqual([
      { attribute: 'colorChanged', value: true, changed: true, sendsEvent: false },
      { attribute: 'hue', value: 70, changed: true, sendsEvent: true },
      { attribute: 'saturation', value: 40, changed: false, sendsEvent: false },
    ]);
    const noChange = applyCommand(color, current, 'setColor', [new Map([['hue', 30], ['level', 20]])])!;
    expect(noChange.map((c) => c.attribute)).toEqual(['hue', 'level']);
    expect(noChange.every((c) => !c.changed && !c.sendsEvent)).toBe(true);
    // The other colour commands leave it alone.
    expect(applyCommand(color, current, 'setHue', [70])!.map((c) => c.attribute)).toEqual(['hue']);
  });
});

describe('toggles in the home', () => {
  // The app also subscribes to the toggles, to show that no event reaches a handler.
  const source = `
preferences { section("s") {
  input "voice", "capability.speechSynthesis"
  input "bulb", "capability.colorControl"
} }
def installed() { subscribe(voice, "oneUser", heard); subscribe(bulb, "colorChanged", heard); subscribe(bulb, "hue", heard) }
def heard(evt) { state.heard = (state.heard ?: 0) + 1 }
def speakOnce() { voice.speak("hello") }
def recolour() { bulb.setColor([hue: 70, saturation: 40]) }
`;

  function home(): Home {
    const lowered = lowerSource(source, 'toggles.groovy');
    if (!lowered.ok) throw new Error(lowered.error.message);
    const h = new Home(lowered.app, { init: true });
    h.install();
    return h;
  }

  it('speak stores the flipped value without an event, as a write DPOR sees, and a second speak flips it back', () => {
    const h = home();
    const voice = h.deviceOfInput('voice')!;
    const initialKey = h.stateKey();
    const accesses = h.transition(() => h.app.invoke('speakOnce', []));
    expect(h.attribute(voice, 'oneUser')).toBe(false);
    expect(h.records).toContainEqual(expect.objectContaining({ kind: 'write', device: 'speechSynthesis0', attribute: 'oneUser', value: 'false', changed: true }));
    expect(h.records.filter((r) => r.kind === 'event')).toEqual([]);
    expect(h.app.state.map.get('heard')).toBeUndefined();
    expect(accesses).toContainEqual({ kind: 'write', location: 'device.speechSynthesis0.oneUser' });
    expect(h.stateKey()).not.toBe(initialKey);

    h.transition(() => h.app.invoke('speakOnce', []));
    expect(h.attribute(voice, 'oneUser')).toBe(true);
    expect(h.stateKey()).toBe(initialKey);
  });

  it('an effective setColor flips colorChanged silently while the hue event is still sent', () => {
    const h = home();
    const bulb = h.deviceOfInput('bulb')!;
    h.transition(() => h.app.invoke('recolour', []));
    expect(h.attribute(bulb, 'colorChanged')).toBe(true);
    expect(h.records.filter((r) => r.kind === 'event').map((r) => (r.kind === 'event' ? `${r.name}=${r.value}` : ''))).toEqual(['hue=70']);
    expect(h.app.state.map.get('heard')).toBe(1);
    // The same colour again changes nothing, so the toggle stays.
    h.transition(() => h.app.invoke('recolour', []));
    expect(h.attribute(bulb, 'colorChanged')).toBe(true);
  });
});
