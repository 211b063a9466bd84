// Which device attributes the pair's states keep (src/model/live-attributes.ts), on small apps:
// an attribute whose events reach only inert handlers (they change nothing that matters) is left out; one with a value nobody
// hears is left out and its events always run their handlers; one an app reads or a command of the pair may write
// stays.
import { describe, expect, it } from 'vitest';
import type { PairEvent } from '../../src/model/events.js';
import { liveAttributes } from '../../src/model/live-attributes.js';
import { environmentOf } from '../../src/model/environment.js';
import { PairSystem } from '../../src/model/pair-system.js';
import { lowerSource } from '../../src/pipeline/load.js';

function ir(source: string) {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

const device = (capability: string, name: string, values: string[]): PairEvent[] =>
  values.map((value, id) => ({ id, type: name, kind: 'device', app: 'App1', name, value, capability, extra: false }));

const APP = `preferences { section("s") { input "m", "capability.motionSensor"; input "b", "capability.battery"; input "c", "capability.contactSensor"; input "sw", "capability.switch" } }
def installed() {
  subscribe(m, "motion.active", lightOn)
  subscribe(b, "battery", logBattery)
  subscribe(c, "contact", contactChanged)
  subscribe(sw, "switch", logSwitch)
}
def lightOn(evt) { sw.on() }
def logBattery(evt) { if (evt.integerValue < 10) log.warn "low battery" }
def contactChanged(evt) { if (c.currentContact == "open") sw.off() }
def logSwitch(evt) { log.debug "switch" }`;

describe('the live device attributes of a pair', () => {
  const events = [
    ...device('motionSensor', 'motion', ['active', 'inactive']),
    ...device('battery', 'battery', ['5', '60']),
    ...device('contactSensor', 'contact', ['open', 'closed']),
  ];

  it('leaves out what only inert handlers hear and what a value nobody hears can re-arm, keeps what is read or commanded', () => {
    const { live, alwaysDispatched, silent } = liveAttributes([ir(APP), ir(APP)], events, ['switch']);
    expect(live === 'all' ? 'all' : [...live]).toEqual(expect.arrayContaining(['switch', 'contact']));
    expect(live === 'all' ? [] : [...live]).not.toContain('battery');
    expect(live === 'all' ? [] : [...live]).not.toContain('motion');
    expect([...alwaysDispatched]).toEqual(['motion']);
    // Every battery event runs only the inert logBattery: the pair never fires them.
    expect([...silent]).toEqual(['battery']);
  });

  it('keeps an attribute whose every fired value some effectful handler hears', () => {
    const bothValues = APP.replace('subscribe(m, "motion.active", lightOn)', 'subscribe(m, "motion", lightOn)');
    const { live, alwaysDispatched } = liveAttributes([ir(bothValues), ir(APP)], events, ['switch']);
    expect(live === 'all' ? [] : [...live]).toContain('motion');
    expect([...alwaysDispatched]).toEqual([]);
  });

  it('keeps an attribute a command of either app may write, and leaves out one only a command of neither writes', () => {
    // A logger of a lock's events (a buffer it posts) beside an app that only switches a light: the
    // lock's value decides no command of the pair, and the logger's handler changes nothing that matters.
    const logger = `preferences { section("s") { input "door", "capability.lock" } }
def installed() { subscribe(door, "lock", logged) }
def logged(evt) { def buffer = state.buffer ?: []\n buffer << evt.value\n state.buffer = buffer.size() > 3 ? [] : buffer }`;
    const locks = device('lock', 'lock', ['locked', 'unlocked']);
    const { live } = liveAttributes([ir(logger), ir(APP)], locks, ['switch']);
    expect(live === 'all' ? 'all' : [...live]).not.toContain('lock');
    const locker = APP.replace('def lightOn(evt) { sw.on() }', 'def lightOn(evt) { sw.on(); door.lock() }').replace('input "sw", "capability.switch"', 'input "sw", "capability.switch"; input "door", "capability.lock"');
    const kept = liveAttributes([ir(logger), ir(locker)], locks, ['switch']).live;
    expect(kept === 'all' ? 'all' : [...kept]).toContain('lock');
  });

  it('never fires an event of a silent attribute: it would lead back to its state', () => {
    const numbered = events.map((e, id) => ({ ...e, id }));
    const system = new PairSystem([ir(APP), ir(APP)], numbered, undefined, { tracked: ['switch'], environment: environmentOf('full', false) });
    const fired = system.initialStates().flatMap((state) => system.enabled(state).map((e) => numbered[e].name));
    expect(fired).toEqual(expect.arrayContaining(['motion', 'contact']));
    expect(fired).not.toContain('battery');
    const everyPart = new PairSystem([ir(APP), ir(APP)], numbered, undefined, { tracked: ['switch'], environment: environmentOf('full', false), liveStateOnly: false });
    expect(everyPart.initialStates().flatMap((state) => everyPart.enabled(state).map((e) => numbered[e].name))).toContain('battery');
  });
});
