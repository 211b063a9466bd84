// Classification of apps by actuated and read-only capabilities and location-mode writes: the
// rules one by one on small apps, then real corpus apps.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowerFile, lowerSource } from '../../src/pipeline/load.js';
import { classifyApp } from '../../src/analysis/classify.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const INPUTS = `
definition(name: "t")
preferences {
  section("s") {
    input "switches", "capability.switch", multiple: true
    input "lock1", "capability.lock"
    input "thermostat", "capability.thermostat"
    input "contact", "capability.contactSensor"
    input "motion", "capability.motionSensor"
  }
}
`;

function classify(methods: string) {
  const lowered = lowerSource(`${INPUTS}\n${methods}`, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return classifyApp(lowered.app);
}

function classifyCorpusApp(name: string) {
  const lowered = lowerFile(join(SMARTAPPS_DIR, name));
  if (!lowered.ok) throw new Error(lowered.error.message);
  return classifyApp(lowered.app);
}

describe('classifyApp: what counts as actuating', () => {
  it.each([
    ['a direct command', 'def h(evt) { lock1.lock() }', ['lock']],
    ['a safe-navigation command', 'def h(evt) { thermostat?.setHeatingSetpoint(60) }', ['thermostat']],
    ['a spread command', 'def h(evt) { switches*.on() }', ['switch']],
    ['each { it.off() }', 'def h(evt) { switches.each { it.off() } }', ['switch']],
    ['each { s -> s.on() } after findAll', 'def h(evt) { switches.findAll { it.currentSwitch == "off" }.each { s -> s.on() } }', ['switch']],
    ['a for-in loop variable', 'def h(evt) { for (s in switches) { s.off() } }', ['switch']],
    ['a local alias', 'def h(evt) { def l = settings.lock1; l.unlock() }', ['lock']],
    ['a helper taking the device', 'def h(evt) { turnOff(switches) }\ndef turnOff(devices) { devices.off() }', ['switch']],
    ['a helper returning the devices', 'def h(evt) { targets()*.on() }\nprivate targets() { (switches).findAll { it } }', ['switch']],
    ['a dynamic call on an input', 'def h(evt) { def cmd = "lock"; lock1."$cmd"() }', ['lock']],
    ['a computed settings lookup', 'def h(evt) { settings["lock" + 1].unlock() }', ['lock']],
  ])('%s', (_, methods, actuates) => {
    expect(classify(methods).actuates).toEqual(actuates);
  });

  it('counts a command only for capabilities that have it', () => {
    // `off` is a thermostat and a switch command, `lock` only a lock command; `it` is bound to both.
    const c = classify('def h(evt) { switches.each { it.off() }; [lock1].each { it.lock() } }');
    expect(c.actuates).toEqual(['lock', 'switch']);
    expect(classify('def h(evt) { motion.off() }').actuates).toEqual([]);
  });

  it('does not count reads, sensor methods or unrelated receivers as actuating', () => {
    const c = classify('def h(evt) { if (lock1.currentValue("lock") == "locked" && contact.currentContact == "open") log.debug("x"); evt.device.on() }');
    expect(c.actuates).toEqual([]);
    expect(c.readsOnly).toEqual(['contactSensor', 'lock']);
  });

  it('lists subscribed capabilities as read-only unless actuated', () => {
    const c = classify('def installed() { subscribe(contact, "contact", h); subscribe(lock1, "lock", h) }\ndef h(evt) { lock1.lock() }');
    expect(c.actuates).toEqual(['lock']);
    expect(c.readsOnly).toEqual(['contactSensor']);
  });
});

describe('classifyApp: location mode writes', () => {
  it.each([
    ['setLocationMode', 'def h(evt) { setLocationMode("Away") }', true],
    ['location.setMode', 'def h(evt) { location.setMode("Away") }', true],
    ['location.mode = ...', 'def h(evt) { location.mode = "Away" }', true],
    ['reading location.mode', 'def h(evt) { if (location.mode == "Away") switches.off() }', false],
  ])('%s', (_, methods, writes) => {
    expect(classify(methods).writesLocationMode).toBe(writes);
  });
});

describe("classifyApp: Smart Home Monitor writes", () => {
  it.each([
    ['a location event of its status', 'def h(evt) { sendLocationEvent(name: "alarmSystemStatus", value: "away") }', true],
    ['a location event of a computed name', 'def h(evt) { sendLocationEvent(name: evt.name, value: evt.value) }', true],
    ['a location event of another name', 'def h(evt) { sendLocationEvent(name: "myEvent", value: "away") }', false],
    ['reading its status', 'def h(evt) { if (location.currentState("alarmSystemStatus")?.value == "away") switches.off() }', false],
  ])('%s', (_, methods, writes) => {
    expect(classify(methods).writesAlarmSystemStatus).toBe(writes);
  });
});

describe.skipIf(!HAVE_CORPUS)('classifyApp on corpus apps', () => {
  it('enhanced-auto-lock-door actuates its lock and only reads its contact sensor', () => {
    expect(classifyCorpusApp('enhanced-auto-lock-door.groovy')).toEqual({
      app: 'enhanced-auto-lock-door.groovy',
      actuates: ['lock'],
      readsOnly: ['contactSensor'],
      writesLocationMode: false,
      writesAlarmSystemStatus: false,
    });
  });

  it('the logger initial-state-event-sender actuates nothing and reads many devices', () => {
    const c = classifyCorpusApp('initial-state-event-sender.groovy');
    expect(c.actuates).toEqual([]);
    expect(c.readsOnly).toEqual(expect.arrayContaining(['lock', 'switch', 'thermostat', 'valve']));
    expect(c.writesLocationMode).toBe(false);
  });

  it('mode-setting apps write the location mode', () => {
    for (const app of ['scheduled-mode-change.groovy', 'switch-changes-mode.groovy', 'opent2t-smartapp-test.groovy']) {
      expect(classifyCorpusApp(app).writesLocationMode, app).toBe(true);
    }
    expect(classifyCorpusApp('beacon-control.groovy').writesLocationMode).toBe(false);
  });

  it('the-big-switch actuates switches through onSwitches1()*.on() and dimmers with setLevel', () => {
    const c = classifyCorpusApp('the-big-switch.groovy');
    expect(c.actuates).toEqual(['switch', 'switchLevel']);
  });

  it('single-button-controller actuates its locks through find(..) and toggle(devices)', () => {
    expect(classifyCorpusApp('single-button-controller.groovy').actuates).toEqual(['lock', 'musicPlayer', 'switch']);
  });

  it('gidjit-hub actuates window shades only through ws."$command"()', () => {
    expect(classifyCorpusApp('gidjit-hub.groovy').actuates).toContain('windowShade');
  });

  it('whole-house-fan switches its fans and only reads its thermostat', () => {
    const c = classifyCorpusApp('whole-house-fan.groovy');
    expect(c.actuates).toEqual(['switch']);
    expect(c.readsOnly).toContain('thermostat');
  });
});
