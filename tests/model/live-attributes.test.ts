// Which device attributes the pair's states keep (src/model/live-attributes.ts), on small apps:
// an attribute whose events reach only inert handlers (they change nothing that matters) is left out; one with a value nobody
// hears is left out and its events always run their handlers; one an app reads or a command of the pair may write
// stays, on the devices it reads or writes (one device per capability).
import { describe, expect, it } from 'vitest';
import type { PairEvent } from '../../src/model/events.js';
import { isLive, liveAttributes } from '../../src/model/live-attributes.js';
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
    const liveness = liveAttributes([ir(APP), ir(APP)], events, ['switch']);
    expect(isLive(liveness, 'switch0', 'switch')).toBe(true);
    expect(isLive(liveness, 'contactSensor0', 'contact')).toBe(true);
    expect(isLive(liveness, 'battery0', 'battery')).toBe(false);
    expect(isLive(liveness, 'motionSensor0', 'motion')).toBe(false);
    expect([...liveness.alwaysDispatched]).toEqual(['motionSensor0.motion']);
    // Every battery event runs only the inert logBattery: the pair never fires them.
    expect([...liveness.silent]).toEqual(['battery0.battery']);
  });

  it('keeps an attribute whose every fired value some effectful handler hears', () => {
    const bothValues = APP.replace('subscribe(m, "motion.active", lightOn)', 'subscribe(m, "motion", lightOn)');
    const liveness = liveAttributes([ir(bothValues), ir(APP)], events, ['switch']);
    expect(isLive(liveness, 'motionSensor0', 'motion')).toBe(true);
    expect([...liveness.alwaysDispatched]).toEqual([]);
  });

  it('keeps an attribute only on the devices an app reads, commands or hears it on', () => {
    // A logger of every switch beside an app that dims one light: the relay switch's value decides
    // nothing, while the dimmer's switch is commanded and read.
    const logger = `preferences { section("s") { input "relays", "capability.relaySwitch"; input "lights", "capability.switch" } }
def installed() { subscribe(relays, "switch", logged); subscribe(lights, "switch", logged) }
def logged(evt) { log.debug "$evt.value" }`;
    const dimmer = `preferences { section("s") { input "dim", "capability.switchLevel"; input "m", "capability.motionSensor" } }
def installed() { subscribe(m, "motion", moved) }
def moved(evt) { if (dim.currentSwitch == "off") dim.setLevel(50) }`;
    const switches = [...device('relaySwitch', 'switch', ['on', 'off']), ...device('switch', 'switch', ['on', 'off']), ...device('switchLevel', 'switch', ['on', 'off'])];
    const liveness = liveAttributes([ir(logger), ir(dimmer)], switches, []);
    expect(isLive(liveness, 'switchLevel0', 'switch')).toBe(true);
    expect(isLive(liveness, 'relaySwitch0', 'switch')).toBe(false);
    expect(isLive(liveness, 'switch0', 'switch')).toBe(false);
    expect([...liveness.silent].sort()).toEqual(['relaySwitch0.switch', 'switch0.switch']);
    // A read through what is not certainly an input (an event's device) may be of any device.
    const anyDevice = dimmer.replace('dim.currentSwitch', 'evt.device.currentSwitch');
    const everywhere = liveAttributes([ir(logger), ir(anyDevice)], switches, []);
    expect(['relaySwitch0', 'switch0', 'switchLevel0'].every((d) => isLive(everywhere, d, 'switch'))).toBe(true);
    expect([...everywhere.silent]).toEqual([]);
    // A handler that acts, subscribed to the relay, keeps the relay's switch.
    const heard = liveAttributes([ir(logger.replace('subscribe(relays, "switch", logged)', 'subscribe(relays, "switch", acted)') + '\ndef acted(evt) { lights.off() }'), ir(dimmer)], switches, []);
    expect(isLive(heard, 'relaySwitch0', 'switch')).toBe(true);
    // So does a handler named at run time: it may be any method of the app.
    const named = liveAttributes([ir(logger.replace('subscribe(relays, "switch", logged)', 'subscribe(relays, "switch", "log${1}")')), ir(dimmer)], switches, []);
    expect(isLive(named, 'relaySwitch0', 'switch')).toBe(true);
    expect(isLive(named, 'switch0', 'switch')).toBe(false);
  });

  it('keeps an attribute a command of either app may write, and leaves out one only a command of neither writes', () => {
    // A logger of a lock's events (a buffer it posts) beside an app that only switches a light: the
    // lock's value decides no command of the pair, and the logger's handler changes nothing that matters.
    const logger = `preferences { section("s") { input "door", "capability.lock" } }
def installed() { subscribe(door, "lock", logged) }
def logged(evt) { def buffer = state.buffer ?: []\n buffer << evt.value\n state.buffer = buffer.size() > 3 ? [] : buffer }`;
    const locks = device('lock', 'lock', ['locked', 'unlocked']);
    expect(isLive(liveAttributes([ir(logger), ir(APP)], locks, ['switch']), 'lock0', 'lock')).toBe(false);
    const locker = APP.replace('def lightOn(evt) { sw.on() }', 'def lightOn(evt) { sw.on(); door.lock() }').replace('input "sw", "capability.switch"', 'input "sw", "capability.switch"; input "door", "capability.lock"');
    expect(isLive(liveAttributes([ir(logger), ir(locker)], locks, ['switch']), 'lock0', 'lock')).toBe(true);
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
