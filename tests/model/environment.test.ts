// The environments (src/model/environment.ts, docs/model.md "Environments"): each rule of `full`
// on a small app of tests/model/fixtures/environment (and the demo apps), against `reference`.
// Verdicts come from real checks of the pair, event lists from the pair's real event list.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilityOf, initialValues } from '../../src/devices/capabilities.js';
import { applyCommand } from '../../src/model/commands.js';
import { pairSetting } from '../../src/model/environment.js';
import { buildPairEvents } from '../../src/model/events.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { DEFAULT_TRACKED, pairEnvironment } from '../../src/pipeline/explore-pair.js';
import type { CheckPairOptions } from '../../src/pipeline/explore-pair.js';
import { Home } from '../../src/model/home.js';
import { loadApp, lowerSource } from '../../src/pipeline/load.js';
import type { PairResult } from '../../src/results/types.js';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const FIXTURES = join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment');
const fixture = (name: string) => join(FIXTURES, `${name}.groovy`);
const demo = (name: string) => join(REPO_ROOT, 'apps', `${name}.groovy`);

function check(file1: string, file2: string, options: Partial<CheckPairOptions>): PairResult {
  return checkPairFiles(file1, file2, { mode: 'dpor', budgetMs: 60_000, ...options });
}

/** Each conflict as `attribute later-app=value over earlier-app=value`, sorted. */
function conflicts(result: PairResult): string[] {
  return result.conflicts.map((c) => `${c.attribute} ${c.later.appName}=${c.later.value} over ${c.earlier.appName}=${c.earlier.value}`).sort();
}

/** The pair, tracking `attribute`, has `conflict` in the full environment and not in the reference's. */
function expectOnlyInFull(file1: string, file2: string, attribute: string, conflict: string): void {
  expect(conflicts(check(file1, file2, { attributes: [attribute], env: 'reference' }))).not.toContain(conflict);
  expect(conflicts(check(file1, file2, { attributes: [attribute], env: 'full' }))).toContain(conflict);
}

function eventValues(file1: string, file2: string, env: 'reference' | 'full', name: string): string[] {
  const [a, b] = [loadApp(file1), loadApp(file2)];
  if (!a.ok || !b.ok) throw new Error('fixture does not load');
  return buildPairEvents(a.app, b.app, pairEnvironment({ env })).events.filter((e) => e.name === name).map((e) => e.value);
}

describe('mode inputs', () => {
  const [departure, lightsOut] = [fixture('mode-on-departure'), fixture('mode-on-lights-out')];

  it('get different values in a location-mode run of the reference environment, as its global extractor gives them', () => {
    const result = check(departure, lightsOut, { attributes: ['location.mode'], env: 'reference' });
    expect(result.verdict).toBe('conflict');
    expect(conflicts(result)).toEqual(['mode mode-on-departure=away over mode-on-lights-out=night', 'mode mode-on-lights-out=night over mode-on-departure=away']);
  });

  it('are all "home" in a device run of the reference environment, so the two apps never disagree', () => {
    expect(check(departure, lightsOut, { attributes: DEFAULT_TRACKED, env: 'reference' }).verdict).toBe('no-conflict');
  });

  it('differ in every run of the full environment', () => {
    const result = check(departure, lightsOut, { attributes: DEFAULT_TRACKED, env: 'full' });
    expect(conflicts(result)).toContain('mode mode-on-departure=away over mode-on-lights-out=night');
  });
});

describe('a device operated by hand', () => {
  const [departure, lightsOut] = [fixture('mode-on-departure'), fixture('mode-on-lights-out')];

  it('is a direct user action in the full environment: what an app does on a switch a person turned off is never the later write of a conflict', () => {
    const result = check(departure, lightsOut, { attributes: ['location.mode'], env: 'full' });
    expect(conflicts(result)).toEqual(['mode mode-on-departure=away over mode-on-lights-out=night']);
  });

  it('is an ordinary event in the reference environment, which counts only buttons, touches, NFC tags and the mood cube as direct', () => {
    const result = check(departure, lightsOut, { attributes: ['location.mode'], env: 'reference' });
    expect(conflicts(result)).toContain('mode mode-on-lights-out=night over mode-on-departure=away');
  });

  it('is not a direct action when an app turned the switch: the cascade\'s writes count as the app\'s', () => {
    const result = check(fixture('lights-off-on-departure'), lightsOut, { attributes: ['location.mode'], env: 'full' });
    expect(conflicts(result)).toContain('mode mode-on-lights-out=night over lights-off-on-departure=away');
  });
});

describe('a device the app creates', () => {
  const [tile, motion] = [fixture('welcome-tile'), demo('motion-light')];

  it("is where a person presses the tile the app listens to: the app's handler runs and its write conflicts", () => {
    // The tile is a child device, none of the home's: its event used to go to the home's switch,
    // which the app does not listen to, so Welcome Tile never acted.
    expect(conflicts(check(tile, motion, { env: 'full' }))).toEqual(['switch motion-light=off over welcome-tile=on']);
  });

  it('is pressed by a person in the full environment only: in the reference the tile\'s write is an ordinary one', () => {
    expect(conflicts(check(tile, motion, { env: 'reference' }))).toContain('switch welcome-tile=on over motion-light=off');
  });

  it("is named as an event of no known capability in the event list", () => {
    const { stdout } = stcheck('events', tile, motion);
    expect(stdout).toContain('App1  a device of no known capability: switch=on');
  });
});

describe("a person's later choice", () => {
  const lightsOut = fixture('mode-on-lights-out');
  const modeOverScene = (app: string) => `mode mode-on-lights-out=night over ${app}=away`;

  it("is no conflict in the full environment: holding the button turns the lights off and the other app's mode replaces the one an earlier push set", () => {
    const full = check(fixture('scene-button'), lightsOut, { attributes: ['location.mode'], env: 'full' });
    expect(full.verdict).toBe('no-conflict');
  });

  it('is a conflict in the reference environment, which counts a write in a manual event\'s cascade as any app\'s', () => {
    const reference = check(fixture('scene-button'), lightsOut, { attributes: ['location.mode'], env: 'reference' });
    expect(conflicts(reference)).toContain(modeOverScene('scene-button'));
  });

  it("stays a conflict when one action's cascade undoes what the same action set: one tap sets the mode, and its lights-off changes it again", () => {
    const full = check(fixture('good-night-touch'), lightsOut, { attributes: ['location.mode'], env: 'full' });
    expect(conflicts(full)).toEqual([modeOverScene('good-night-touch')]);
  });
});

describe('a command with a null argument', () => {
  const [pause, heat] = [fixture('pause-heat-when-open'), fixture('heat-on-arrival-mode')];
  const modeAttributes = ['thermostatMode'];

  it("changes nothing in the full environment: restoring a mode never saved leaves the thermostat's mode as it is", () => {
    const full = conflicts(check(pause, heat, { attributes: modeAttributes, env: 'full' }));
    expect(full).toContain('thermostatMode pause-heat-when-open=off over heat-on-arrival-mode=heat');
    expect(full.filter((c) => c.includes('null'))).toEqual([]);
  });

  it("is stored as the value by the reference's device classes, and changes nothing where the environment says so", () => {
    const thermostat = capabilityOf('thermostat')!;
    const current = initialValues(thermostat, true);
    expect(applyCommand(thermostat, current, 'setThermostatMode', [null])).toEqual([expect.objectContaining({ attribute: 'thermostatMode', value: null, changed: true })]);
    expect(applyCommand(thermostat, current, 'setThermostatMode', [null], true)).toEqual([]);
    expect(applyCommand(thermostat, current, 'setThermostatMode', ['heat'], true)).toEqual([expect.objectContaining({ attribute: 'thermostatMode', value: 'heat' })]);
  });
});

describe('a tracked device state a person sets by hand', () => {
  const [pause, smokeOff] = [fixture('pause-heat-when-open'), fixture('thermostat-off-on-smoke')];
  const handModes = (attributes: string[]) => {
    const [a, b] = [loadApp(pause), loadApp(smokeOff)];
    if (!a.ok || !b.ok) throw new Error('fixture does not load');
    return buildPairEvents(a.app, b.app, pairEnvironment({ env: 'full' }), attributes).events.filter((e) => e.name === 'thermostatMode').map((e) => e.value);
  };

  it("changes although no app subscribes to it, when an app reads it: the window app restores the mode a person chose over the smoke app's off", () => {
    expect(handModes(['thermostatMode'])).toEqual(['auto', 'cool', 'emergencyHeat', 'heat', 'off']);
    const full = conflicts(check(pause, smokeOff, { attributes: ['thermostatMode'], env: 'full' }));
    expect(full).toContain('thermostatMode pause-heat-when-open=heat over thermostat-off-on-smoke=off');
    const reference = conflicts(check(pause, smokeOff, { attributes: ['thermostatMode'], env: 'reference' }));
    expect(reference).not.toContain('thermostatMode pause-heat-when-open=heat over thermostat-off-on-smoke=off');
  });

  it('does not change when the check does not track it', () => {
    expect(handModes(['heatingSetpoint'])).toEqual([]);
  });
});

describe('number settings', () => {
  it("differ between the two apps in the full environment: two setpoints people chose apart conflict; the reference's equal constants do not", () => {
    const [arrival, cold] = [fixture('heat-on-arrival'), fixture('heat-when-cold')];
    expect(check(arrival, cold, { attributes: ['heatingSetpoint'], env: 'reference' }).verdict).toBe('no-conflict');
    expect(conflicts(check(arrival, cold, { attributes: ['heatingSetpoint'], env: 'full' }))).toEqual([
      'heatingSetpoint heat-on-arrival=50 over heat-when-cold=70',
      'heatingSetpoint heat-when-cold=70 over heat-on-arrival=50',
    ]);
  });

  /** The app against itself: its two setpoints conflict in the full environment; the reference's equal constants do not. */
  function expectSelfSetpoints(name: string, first: number, second: number): void {
    const app = fixture(name);
    expect(conflicts(check(app, app, { attributes: ['heatingSetpoint'], env: 'full' }))).toEqual([
      `heatingSetpoint ${name}=${first} over ${name}=${second}`,
      `heatingSetpoint ${name}=${second} over ${name}=${first}`,
    ]);
    expect(check(app, app, { attributes: ['heatingSetpoint'], env: 'reference' }).verdict).toBe('no-conflict');
  }

  it("hold their default inside the declared range in the full environment, App2's as far from App1's as the range allows; the reference's are the constant", () => {
    // 68 + 20 is above the range's 80 and 68 - 20 below its 60: App2's is the range's end.
    expectSelfSetpoints('heat-to-comfort', 68, 80);
  });

  it("hold the number the app falls back on when they are blank (`degrees ?: 68`), where no default is declared, in the full environment", () => {
    expectSelfSetpoints('heat-to-usual', 68, 88);
  });

  it('give a numeric attribute values on each side of each setting the app compares it against, a default given as text too', () => {
    const humid = fixture('fan-on-when-humid');
    const values = eventValues(humid, fixture('heat-on-arrival'), 'full', 'humidity').map(Number);
    // Below 65, between 65 and 70 (where the fan is left as it is), and above 70.
    expect(values.some((v) => v < 65)).toBe(true);
    expect(values.some((v) => v > 65 && v < 70)).toBe(true);
    expect(values.some((v) => v > 70)).toBe(true);
  });
});

describe('subscriptions made again', () => {
  /** How many subscriptions the app holds after installing and calling `initialize()` once more. */
  const subscriptionsAfterAnotherCall = (env: 'reference' | 'full') => {
    const relay = loadApp(fixture('switch-relay'));
    if (!relay.ok) throw new Error('fixture does not load');
    const home = new Home(relay.app.ir, { init: true, environment: pairEnvironment({ env }) });
    home.install();
    home.app.invoke('initialize', []);
    return home.activeSubscriptions.length;
  };

  it("are one subscription in the full environment, so the handler runs once per event; the reference's list grows with every call", () => {
    expect(subscriptionsAfterAnotherCall('full')).toBe(1);
    // installed() runs initialize() through the timer, which the reference fires at once, and itself.
    expect(subscriptionsAfterAnotherCall('reference')).toBe(3);
  });

  it('so a pair of apps that subscribe again every 15 minutes has a finite state space in the full environment', () => {
    const relay = fixture('switch-relay');
    const full = check(relay, relay, { attributes: ['switch'], env: 'full', maxStates: 500 });
    expect(full.complete).toBe(true);
    expect(full.states).toBeLessThan(50);
  });
});

describe('time settings', () => {
  it("are the platform's ISO text in the full environment, so an app that parses its time setting with the platform's pattern acts; the reference's \"15:00\" stops it", () => {
    const [arrival, departure] = [fixture('lights-on-at-arrival-time'), fixture('lights-off-on-departure')];
    const reference = check(arrival, departure, { attributes: ['switch'], env: 'reference' });
    expect(reference.verdict).toBe('no-conflict');
    expect(reference.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/ParseException: Unparseable date: "15:00"/));
    expect(conflicts(check(arrival, departure, { attributes: ['switch'], env: 'full' }))).toContain('switch lights-on-at-arrival-time=on over lights-off-on-departure=off');
  });
});

describe("the location's sunset time", () => {
  it("is announced as the time, ISO text in UTC, in the full environment, so an app that parses it acts; the reference's value is the event's name", () => {
    const [sunset, departure] = [fixture('lights-at-sunset-time'), fixture('lights-off-on-departure')];
    expect(eventValues(sunset, departure, 'full', 'sunsetTime')).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)]);
    expect(eventValues(sunset, departure, 'reference', 'sunsetTime')).toEqual(['sunsetTime']);
    expectOnlyInFull(sunset, departure, 'switch', 'switch lights-at-sunset-time=on over lights-off-on-departure=off');
  });
});

describe('text settings', () => {
  const delayed = fixture('lights-on-after-delay');

  it('hold their default, or nothing when optional, in the full environment, so an app that reads a number or an hour from them acts; the reference\'s text constant stops it', () => {
    const reference = check(delayed, fixture('lights-off-on-departure'), { attributes: ['switch'], env: 'reference' });
    expect(reference.verdict).toBe('no-conflict');
    expect(reference.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/NumberFormatException: For input string: "This is just a text!"/));
    expect(conflicts(check(delayed, fixture('lights-off-on-departure'), { attributes: ['switch'], env: 'full' }))).toContain('switch lights-on-after-delay=on over lights-off-on-departure=off');
  });

  it('keep the reference\'s constant when required and without a default', () => {
    const lowered = lowerSource('preferences { section { input "greeting", "text"\ninput "signature", "text", required: false } }', 'texts.groovy');
    if (!lowered.ok) throw new Error('source does not lower');
    const app = lowered.app;
    const input = (name: string) => app.inputs.find((i) => i.name === name)!;
    const full = pairEnvironment({ env: 'full' });
    expect(pairSetting(full, 'App1', input('greeting'), app.inputs)).toBeUndefined();
    expect(pairSetting(full, 'App2', input('signature'), app.inputs)).toEqual({ value: null });
    expect(pairSetting(pairEnvironment({ env: 'reference' }), 'App2', input('signature'), app.inputs)).toBeUndefined();
  });

  it('hold a home network address or port where the title or name asks for one, as a person types it; a URL keeps the constant', () => {
    // LAN bridge apps parse them: `ipAddress.tokenize('.').collect { String.format('%02x', it.toInteger()) }`.
    const lowered = lowerSource(`preferences { section {
  input "bridgeIp", "text", title: "SOMA Connect IP", required: true
  input "piPort", "text", title: "Raspberry Pi Port", required: true
  input "indexHost", "text", title: "Host:Port", required: true
  input "serverAddress", "text", title: "IP address (ex. 192.168.29.101:8080)", required: true
  input "bridgeUri", "text", title: "Uri (https://host:port)", required: true
  input "zipCode", "text", title: "Weather Report Zip Code", required: true
  input "lanIP", "text", title: "Lan IP:", required: false
} }`, 'lan.groovy');
    if (!lowered.ok) throw new Error('source does not lower');
    const app = lowered.app;
    const setting = (env: 'full' | 'reference', name: string) => pairSetting(pairEnvironment({ env }), 'App1', app.inputs.find((i) => i.name === name)!, app.inputs)?.value;
    expect(['bridgeIp', 'piPort', 'indexHost', 'serverAddress', 'bridgeUri', 'zipCode', 'lanIP'].map((name) => setting('full', name)))
      .toEqual(['192.168.1.10', '8080', '192.168.1.10:8080', '192.168.29.101:8080', undefined, undefined, null]);
    expect(setting('reference', 'bridgeIp')).toBeUndefined();
  });

  it('include a phone number, which is text on the platform; the reference binds a number', () => {
    const lowered = lowerSource('preferences { section { input "phone1", "phone"\ninput "sms", "phone", required: false } }', 'phones.groovy');
    if (!lowered.ok) throw new Error('source does not lower');
    const app = lowered.app;
    const input = (name: string) => app.inputs.find((i) => i.name === name)!;
    const full = pairEnvironment({ env: 'full' });
    expect(pairSetting(full, 'App1', input('phone1'), app.inputs)).toEqual({ value: '9495379373' });
    expect(pairSetting(full, 'App1', input('sms'), app.inputs)).toEqual({ value: null });
    expect(pairSetting(pairEnvironment({ env: 'reference' }), 'App1', input('phone1'), app.inputs)).toBeUndefined();
  });
});

describe('device inputs of a type the model lacks', () => {
  const bridge = fixture('away-bridge-lights-off');

  it('hold a device that takes every command when required, in the full environment: the app goes on past it to the lights; the reference binds nothing and the app stops', () => {
    const reference = check(bridge, demo('motion-light'), { attributes: ['switch'], env: 'reference' });
    expect(reference.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/NullPointerException: Cannot invoke method away\(\) on null object/));
    expectOnlyInFull(bridge, demo('motion-light'), 'switch', 'switch away-bridge-lights-off=off over motion-light=on');
  });

  it('stay unbound when optional, as a person may skip them', () => {
    const app = loadApp(bridge);
    if (!app.ok) throw new Error('fixture does not load');
    const home = new Home(app.app.ir, { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    expect(home.app.inputs.get('siren')).toBeNull();
    expect(home.app.inputs.get('bridge')).not.toBeNull();
  });
});

describe('settings that choose a device state', () => {
  const arrival = fixture('switches-on-arrival');

  it("differ between the two apps in the full environment: two people who chose on and off conflict; the reference's first option for both does not", () => {
    expect(check(arrival, arrival, { attributes: ['switch'], env: 'reference' }).verdict).toBe('no-conflict');
    expect(conflicts(check(arrival, arrival, { attributes: ['switch'], env: 'full' }))).toEqual([
      'switch switches-on-arrival=off over switches-on-arrival=on',
      'switch switches-on-arrival=on over switches-on-arrival=off',
    ]);
  });

  it('are only the choices among states of the app\'s own devices: a yes-or-no choice keeps the first option in both apps', () => {
    const app = loadApp(arrival);
    if (!app.ok) throw new Error('fixture does not load');
    const input = (name: string) => app.app.ir.inputs.find((i) => i.name === name)!;
    const full = pairEnvironment({ env: 'full' });
    expect(pairSetting(full, 'App2', input('arrivalState'), app.app.ir.inputs)).toEqual({ value: 'off' });
    expect(pairSetting(full, 'App1', input('arrivalState'), app.app.ir.inputs)).toBeUndefined();
    expect(pairSetting(full, 'App2', input('notify'), app.app.ir.inputs)).toBeUndefined();
  });
});

describe('multiple-choice restrictions', () => {
  it('hold every option in the full environment (a user who restricts nothing); the reference binds the first option only', () => {
    const [weekday, motion] = [fixture('weekday-lights-off'), demo('motion-light')];
    expect(check(weekday, motion, { attributes: ['switch'], env: 'reference' }).verdict).toBe('no-conflict');
    expect(conflicts(check(weekday, motion, { attributes: ['switch'], env: 'full' }))).toContain('switch weekday-lights-off=off over motion-light=on');
  });
});

describe('sensor events', () => {
  const [dark, motion] = [fixture('dark-room-light'), demo('motion-light')];

  it('fire both values of a binary sensor in the full environment even when only one is subscribed', () => {
    expect(eventValues(dark, motion, 'reference', 'contact')).toEqual(['open']);
    expect(eventValues(dark, motion, 'full', 'contact')).toEqual(['closed', 'open']);
  });

  it("give a numeric attribute values on each side of every constant the apps compare against, besides the reference's", () => {
    expect(eventValues(dark, motion, 'reference', 'illuminance')).toEqual(['0', '100']);
    const full = eventValues(dark, motion, 'full', 'illuminance').map(Number);
    expect(full.slice(0, 2)).toEqual([0, 100]);
    for (const threshold of [30, 500]) {
      expect(full.some((v) => v < threshold)).toBe(true);
      expect(full.some((v) => v > threshold)).toBe(true);
    }
    expect(full).toContain(501);
  });

  it('so that an app acting only above a threshold the reference never crosses is checked too', () => {
    expectOnlyInFull(dark, motion, 'switch', 'switch dark-room-light=off over motion-light=on');
  });

  it('take only the thresholds of the apps that observe the attribute: a number one app compares never splits what only the other hears', () => {
    // Dark Room Light compares illuminance against 30 and 500; Heat when Cold, as App2, compares
    // temperature against its setting (70). Pooled, 70 would add a value between 30 and 500.
    const cold = fixture('heat-when-cold');
    expect(eventValues(dark, cold, 'full', 'illuminance')).toEqual(['0', '100', '29', '265', '501']);
    expect(new Set(eventValues(dark, cold, 'full', 'temperature'))).toEqual(new Set(['55', '45', '69', '71']));
  });

  it("take only the comparisons an attribute's values reach: a power threshold does not split the level an app saves", () => {
    // Laundry Flash (App1, setting 50) compares the power it reads against its setting, and keeps
    // the light's level to put it back; Heat when Cold compares temperature, which it alone observes.
    const [laundry, cold] = [fixture('laundry-flash'), fixture('heat-when-cold')];
    const power = eventValues(laundry, cold, 'full', 'power').map(Number);
    expect(power.some((v) => v < 50) && power.some((v) => v > 50)).toBe(true);
    const level = eventValues(laundry, cold, 'full', 'level');
    expect(level).toEqual(eventValues(laundry, cold, 'reference', 'level'));
  });

  it('keep numeric setting values among the thresholds of the app that compares against them', () => {
    // Heat when Cold (App1) compares temperature against its setting, 50; Heat on Arrival only
    // sends its setting (70) to the thermostat and observes no temperature.
    const values = eventValues(fixture('heat-when-cold'), fixture('heat-on-arrival'), 'full', 'temperature').map(Number);
    expect(values.some((v) => v < 50)).toBe(true);
    expect(values.some((v) => v > 50)).toBe(true);
    expect(values.some((v) => v > 70)).toBe(false);
  });
});

describe('location modes', () => {
  const [sleep, motion] = [fixture('lights-out-at-sleep'), demo('motion-light')];

  it('include the modes the apps name in the full environment; the reference has its three', () => {
    expect(eventValues(sleep, motion, 'reference', 'mode')).toEqual(['home', 'away', 'night']);
    expect(eventValues(sleep, motion, 'full', 'mode')).toEqual(['home', 'away', 'night', 'Sleep']);
  });

  it("are what `location.modes` lists and what an unrestricted mode setting holds, also the other app's", () => {
    const sleepApp = loadApp(sleep);
    const lister = lowerSource('preferences { section { input "modes", "mode", multiple: true } }\ndef f() { [location.modes*.name, modes] }', 'lister.groovy');
    if (!sleepApp.ok || !lister.ok) throw new Error('fixture does not load');
    const listed = (env: 'reference' | 'full') => {
      const home = new Home([sleepApp.app.ir, lister.app], { init: true, environment: pairEnvironment({ env }) });
      home.install();
      return home.apps[1].invoke('f', []);
    };
    expect(listed('full')).toEqual([['home', 'away', 'night', 'Sleep'], ['home', 'away', 'night', 'Sleep']]);
    expect(listed('reference')).toEqual([['home', 'away', 'night'], 'home']);
  });

  it('so that an app acting in a mode of its own acts, and its write can conflict', () => {
    expectOnlyInFull(sleep, motion, 'switch', 'switch lights-out-at-sleep=off over motion-light=on');
  });
});

describe('sensors an app only reads', () => {
  const [closed, arrival] = [fixture('lock-when-closed'), demo('unlock-on-arrival')];

  it('change in the full environment although no app subscribes to them; the reference never fires them', () => {
    expect(eventValues(closed, arrival, 'reference', 'contact')).toEqual([]);
    const [a, b] = [loadApp(closed), loadApp(arrival)];
    if (!a.ok || !b.ok) throw new Error('fixture does not load');
    const contact = buildPairEvents(a.app, b.app, pairEnvironment({ env: 'full' })).events.filter((e) => e.name === 'contact');
    expect(contact.map((e) => `${e.app} ${e.capability} ${e.value} ${e.extra}`)).toEqual(['App1 contactSensor closed true', 'App1 contactSensor open true']);
  });

  it('but not those it reads only where the value decides nothing: a dashboard\'s answer to a web client', () => {
    const board = join(REPO_ROOT, 'tests', 'model', 'fixtures', 'relevance', 'sensor-dashboard.groovy');
    for (const shown of ['contact', 'temperature', 'illuminance']) expect(eventValues(board, demo('motion-light'), 'full', shown), shown).toEqual([]);
  });

  it('so that a door left open in the initial state can close and the scheduled lock runs', () => {
    // init = false: "home" mode with the door open; only a door that closes lets Lock When Closed lock.
    expectOnlyInFull(closed, arrival, 'lock', 'lock unlock-on-arrival=unlocked over lock-when-closed=locked');
  });

  it('leave out what a command writes unless the check tracks it: then a person locks and unlocks the lock it reads by hand', () => {
    const [a, b] = [loadApp(closed), loadApp(arrival)];
    if (!a.ok || !b.ok) throw new Error('fixture does not load');
    const lockValues = (tracked: string[]) => buildPairEvents(a.app, b.app, pairEnvironment({ env: 'full' }), tracked).events.filter((e) => e.name === 'lock').map((e) => e.value);
    expect(lockValues(['switch'])).toEqual([]);
    expect(lockValues(['lock'])).toEqual(['locked', 'unlocked']);
  });
});

describe('timers', () => {
  it('fire again in the full environment wherever the app sets them; the reference fires only a schedule that opens installed()', () => {
    const [timed, motion] = [fixture('timed-lights-on'), demo('motion-light')];
    const schedules = (env: 'reference' | 'full') => {
      const [a, b] = [loadApp(timed), loadApp(motion)];
      if (!a.ok || !b.ok) throw new Error('fixture does not load');
      return buildPairEvents(a.app, b.app, pairEnvironment({ env })).events.filter((e) => e.kind === 'schedule').map((e) => `${e.app} ${e.handler}`);
    };
    expect(schedules('reference')).toEqual([]);
    expect(schedules('full')).toEqual(['App1 lightsOn']);
    expectOnlyInFull(timed, motion, 'switch', 'switch timed-lights-on=on over motion-light=off');
  });
});

describe('a three-axis sensor', () => {
  const [cube, departure] = [fixture('cube-faces'), fixture('lights-off-on-departure')];

  it("fires the reference's one value, no face, in the reference environment, and the six faces in the full one", () => {
    expect(eventValues(cube, departure, 'reference', 'threeAxis')).toEqual(['{"x":1,"y":2,"z":3}']);
    const faces = eventValues(cube, departure, 'full', 'threeAxis').map((v) => JSON.parse(v) as Record<'x' | 'y' | 'z', number>);
    expect(faces).toHaveLength(6);
    // Each face has gravity along exactly one axis, and the six are the two directions of the three axes.
    const axes = faces.map((f) => (['x', 'y', 'z'] as const).filter((a) => Math.abs(f[a]) > 250).map((a) => `${f[a] > 0 ? '+' : '-'}${a}`));
    expect(axes.flat().sort()).toEqual(['+x', '+y', '+z', '-x', '-y', '-z']);
  });

  it('lets an app acting per face act in the full environment only', () => {
    expect(check(cube, departure, { attributes: DEFAULT_TRACKED, env: 'reference' }).verdict).toBe('no-conflict');
    expect(conflicts(check(cube, departure, { attributes: DEFAULT_TRACKED, env: 'full' }))).toEqual(['switch lights-off-on-departure=off over cube-faces=on']);
  });
});

describe('settings declared on pages opened with params', () => {
  it('differ from opening to opening when boolean in the full environment (scene 1 on, scene 2 off), and keep the constant in the reference', () => {
    const loaded = loadApp(fixture('scene-on-departure'));
    if (!loaded.ok) throw new Error('fixture does not load');
    const inputs = loaded.app.ir.inputs;
    const setting = (env: 'reference' | 'full', name: string) => pairSetting(pairEnvironment({ env }), 'App1', inputs.find((i) => i.name === name)!, inputs)?.value;
    expect(inputs.filter((i) => i.name.startsWith('on_')).map((i) => i.pageOpening)).toEqual([...Array(16).keys()]);
    expect(['on_1', 'on_2', 'on_3'].map((n) => setting('full', n))).toEqual(['true', 'false', 'true']);
    expect(setting('reference', 'on_2')).toBeUndefined();
    expect(setting('full', 'light_2')).toBeUndefined();
  });

  it('have values, so a scene configured there acts in either environment', () => {
    const [scene, departure] = [fixture('scene-on-departure'), fixture('lights-off-on-departure')];
    for (const env of ['reference', 'full'] as const) {
      expect(conflicts(check(scene, departure, { attributes: DEFAULT_TRACKED, env }))).toContain('switch scene-on-departure=on over lights-off-on-departure=off');
    }
  });
});

describe("the Smart Home Monitor's status", () => {
  const [disarm, arm, armedLights] = [fixture('disarm-on-arrival'), fixture('arm-when-door-locks'), fixture('lights-when-armed')];
  const monitor = 'location.alarmSystemStatus';

  it('is a location variable apps write with sendLocationEvent, tracked by default: disarming while an arming is in effect conflicts', () => {
    expect(conflicts(check(disarm, arm, { attributes: [monitor], env: 'full' }))).toEqual(['alarmSystemStatus disarm-on-arrival=off over arm-when-door-locks=stay']);
    expect(check(disarm, arm, { env: 'full', attributes: DEFAULT_TRACKED }).verdict).toBe('conflict');
    expect(check(disarm, arm, { env: 'full', attributes: ['switch'] }).verdict).toBe('no-conflict');
  });

  it('is set by a person in the full environment, whether an app subscribes to it or only reads it; the reference has no such event', () => {
    expect(eventValues(disarm, arm, 'full', 'alarmSystemStatus')).toEqual(['off', 'stay', 'away']);
    expect(eventValues(armedLights, demo('motion-light'), 'full', 'alarmSystemStatus')).toEqual(['off', 'stay', 'away']);
    for (const pair of [[disarm, arm], [armedLights, demo('motion-light')]]) expect(eventValues(pair[0], pair[1], 'reference', 'alarmSystemStatus')).toEqual([]);
  });

  it('so that an app acting only while the monitor is armed acts, and its write can conflict', () => {
    expectOnlyInFull(armedLights, demo('motion-light'), 'switch', 'switch motion-light=off over lights-when-armed=on');
  });

  it('is off in a new home, and reads back what an app set: the app arms once, then finds it armed', () => {
    const app = loadApp(arm);
    if (!app.ok) throw new Error('fixture does not load');
    const home = new Home(app.app.ir, { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    const writes = () => home.records.flatMap((r) => (r.kind === 'write' ? [`${r.device}.${r.attribute}=${r.value}`] : []));
    home.app.invoke('locked', [null]);
    home.app.invoke('locked', [null]);
    expect(writes()).toEqual(['location.alarmSystemStatus=stay']);
  });

  it('takes only the statuses the monitor has: an event with another value is delivered and sets nothing', () => {
    const lowered = lowerSource('def installed() {}\ndef f(v) { sendLocationEvent(name: "alarmSystemStatus", value: v); location.currentValue("alarmSystemStatus") }', 'monitor.groovy');
    if (!lowered.ok) throw new Error(lowered.error.message);
    const home = new Home(lowered.app, { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    expect(home.app.invoke('f', ['armed'])).toBe('off');
    expect(home.app.invoke('f', [null])).toBe('off');
    expect(home.app.invoke('f', ['away'])).toBe('away');
    expect(home.records.filter((r) => r.kind === 'write')).toHaveLength(1);
  });
});

describe('the --env option', () => {
  it('defaults to full in the CLI, and the reference environment is one flag away', () => {
    const args = ['events', fixture('dark-room-light'), demo('motion-light'), '--json'];
    const full = JSON.parse(stcheck(...args).stdout) as { events: number; referenceEvents: number };
    const reference = JSON.parse(stcheck(...args, '--env', 'reference').stdout) as { events: number; referenceEvents: number };
    expect(full.events).toBeGreaterThan(reference.events);
    // The paper's "Evt." is the reference's list in either environment.
    expect(full.referenceEvents).toBe(reference.referenceEvents);
  });

  it('rejects an unknown environment with exit code 2', () => {
    const run = stcheck('check', fixture('dark-room-light'), demo('motion-light'), '--env', 'garden');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--env: expected reference or full, not garden');
  });
});

describe('state stored by preferences pages', () => {
  // A person configures the app page by page before it is installed: the second page stores the PIN
  // length chosen on the first, a device and what comes after a failing call in a page of its own.
  const source = `
preferences {
  page(name: "choose")
  page(name: "confirm")
  page(name: "broken")
}
def choose() {
  dynamicPage(name: "choose", nextPage: "confirm") {
    section { input "pinLength", "number"; input "door", "capability.lock" }
  }
}
def confirm() {
  state.pinLength = pinLength.toInteger()
  state.digits = (1..state.pinLength).collect { it.toString() }
  state.door = door
  dynamicPage(name: "confirm") { section { paragraph "A PIN of \${state.pinLength} digits" } }
}
def broken() {
  atomicState.before = "kept"
  state.nothing.size()
  atomicState.after = "never stored"
  dynamicPage(name: "broken") { section { paragraph "unreachable" } }
}
def installed() {}
def chosen() { pinLength.toInteger() }
def stored(String name) { state[name] }
def storedAtomically(String name) { atomicState[name] }
`;
  /** Two instances of the app installed in one home, as a pair check installs them. */
  const installedPair = (env: 'reference' | 'full') => {
    const lowered = lowerSource(source, 'pin-pages.groovy');
    if (!lowered.ok) throw new Error(lowered.error.message);
    const home = new Home([lowered.app, lowered.app], { init: true, environment: pairEnvironment({ env }) });
    home.install();
    return home.apps;
  };
  const installedIn = (env: 'reference' | 'full') => installedPair(env)[0];

  it("are in each app's state when it is installed, from its own settings, in the full environment", () => {
    const lengths = installedPair('full').map((app) => {
      const length = app.invoke('chosen', []) as number;
      expect(app.invoke('stored', ['pinLength'])).toBe(length);
      expect(app.invoke('stored', ['digits'])).toEqual(Array.from({ length }, (_, i) => String(i + 1)));
      return length;
    });
    // The full environment gives the second app another choice: each page ran with its app's own.
    expect(lengths[0]).not.toBe(lengths[1]);
  });

  it('keep only data: a device a page stored belongs to no home', () => {
    expect(installedIn('full').invoke('stored', ['door'])).toBeNull();
  });

  it('keep what a failing page stored before its failure, and nothing after it', () => {
    const app = installedIn('full');
    expect(app.invoke('storedAtomically', ['before'])).toBe('kept');
    expect(app.invoke('storedAtomically', ['after'])).toBeNull();
  });

  it('are not there in the reference environment, whose model runs no page code', () => {
    expect(installedIn('reference').invoke('stored', ['pinLength'])).toBeNull();
  });
});
