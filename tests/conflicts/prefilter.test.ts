// The prefilter's static write bound on real corpus apps: exact on apps whose writes are easy to
// read off, empty for the logger apps, and sound: every write a search makes is inside the bound.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANY, possibleWrites, writeBound, type WriteTarget } from '../../src/analysis/write-bound.js';
import { contestedAttributes, noConflictReason } from '../../src/conflicts/prefilter.js';
import type { AppIR } from '../../src/ir/ir.js';
import { checkPair } from '../../src/pipeline/check-pair.js';
import { explorePair, pairSystem } from '../../src/pipeline/explore-pair.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { HAVE_CORPUS, LISTS_DIR, SMARTAPPS_DIR } from '../support/corpus.js';

function load(file: string): LoadedApp {
  const loaded = loadApp(file);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.app;
}

const corpusApp = (name: string): LoadedApp => load(join(SMARTAPPS_DIR, name.endsWith('.groovy') ? name : `${name}.groovy`));
const keys = (targets: readonly WriteTarget[]) => targets.map((t) => `${t.device}.${t.attribute}`).sort();
const everything = () => true;

/** An app written for the test, with the given inputs and handler body. */
function inlineApp(inputs: string, body: string): AppIR {
  const file = join(mkdtempSync(join(tmpdir(), 'stcheck-prefilter-')), 'app.groovy');
  writeFileSync(file, `preferences { section("s") {\n${inputs}\n} }\ndef installed() { subscribe(m, "motion", h) }\ndef h(evt) {\n${body}\n}\n`);
  return load(file).ir;
}

describe('possibleWrites on small apps', () => {
  const inputs = 'input "m", "capability.motionSensor"\ninput "sw", "capability.switch"\ninput "lk", "capability.lock"';

  it('bounds the writes by the commands the code names, on the capabilities of its inputs', () => {
    expect(keys(possibleWrites(inlineApp(inputs, 'sw.on()')))).toEqual(['switch0.switch']);
    // `lock` is named, but as a method of nothing: still in the bound, which is syntactic.
    expect(keys(possibleWrites(inlineApp(inputs, 'sw.off(); log.debug "lock"')))).toEqual(['switch0.switch']);
    expect(keys(possibleWrites(inlineApp(inputs, 'log.debug "motion"')))).toEqual([]);
  });

  it('takes every command of every input and the mode when a method of something that may be a device is called by a computed name', () => {
    const all = keys(possibleWrites(inlineApp(inputs, 'def cmd = "on"\ndef target = [sw, lk][0]\ntarget."$cmd"()')));
    expect(all).toEqual(expect.arrayContaining(['switch0.switch', 'switch0.level', 'lock0.lock', 'location.mode']));
  });

  it("takes only the location's variables when the app itself is called by a computed name with arguments (setLocationMode or sendLocationEvent may be the name), and nothing without", () => {
    expect(keys(possibleWrites(inlineApp(inputs, 'def action = "setLocationMode"\n"$action"("away")')))).toEqual(['location.alarmSystemStatus', 'location.mode']);
    expect(keys(possibleWrites(inlineApp(inputs, 'def action = "armAway"\n"$action"()\nthis."$action"()')))).toEqual([]);
    // The app's own methods that such a call may run are in the bound already: it is syntactic over the whole app.
    expect(keys(possibleWrites(inlineApp(inputs, '"${evt.value}"()\n}\ndef active() { sw.on()')))).toEqual(['switch0.switch']);
  });

  it("takes every command of the input's capability, but not the mode, when the computed name is called on a device input", () => {
    const commands = keys(possibleWrites(inlineApp(inputs, 'def cmd = "on"\nsw."$cmd"()')));
    expect(commands).toEqual(expect.arrayContaining(['switch0.switch', 'switch0.level']));
    expect(commands).not.toContain('lock0.lock');
    expect(commands).not.toContain('location.mode');
  });

  describe('a command called on a receiver that is certainly one input', () => {
    const devices = 'input "m", "capability.motionSensor"\ninput "fans", "capability.switch", multiple: true\ninput "th", "capability.thermostat"';
    const writes = (body: string) => keys(possibleWrites(inlineApp(devices, body)));

    it("writes only that input's capability: a switch's off is no thermostat's", () => {
      expect(writes('fans.off()')).toEqual(['switch0.switch']);
      expect(writes('fans?.each { it.off() }')).toEqual(['switch0.switch']);
      expect(writes('fans.findAll { it.currentSwitch == "on" }.each { f -> f.off() }')).toEqual(['switch0.switch']);
      expect(writes('for (f in fans) { f.off() }')).toEqual(['switch0.switch']);
      expect(writes('fans.eachWithIndex { f, i -> f.off() }')).toEqual(['switch0.switch']);
    });

    it('counts for every capability when the receiver is not certain: a list of inputs, a parameter, a shadowing local', () => {
      const both = ['switch0.switch', 'thermostat0.thermostatMode'];
      expect(writes('[fans, th].flatten().each { it.off() }')).toEqual(both);
      expect(writes('turnOff(fans)\n}\ndef turnOff(devices) {\ndevices.off()')).toEqual(both);
      expect(writes('def fans = th\nfans.off()')).toEqual(both);
      expect(writes('fans.each { fans -> fans.off() }')).toEqual(both);
      expect(writes('fans.inject(th) { acc, f -> acc.off() }')).toEqual(both);
      expect(writes('fans = th\nfans.off()')).toEqual(both);
    });
  });

  it('includes the toggles: speak() writes oneUser, setColor writes colorChanged', () => {
    const devices = 'input "m", "capability.motionSensor"\ninput "voice", "capability.speechSynthesis"\ninput "bulb", "capability.colorControl"';
    expect(keys(possibleWrites(inlineApp(devices, 'voice.speak("hello")')))).toEqual(['speechSynthesis0.oneUser']);
    expect(keys(possibleWrites(inlineApp(devices, 'bulb.setColor([hue: 70])')))).toEqual(
      ['colorControl0.color', 'colorControl0.colorChanged', 'colorControl0.hue', 'colorControl0.level', 'colorControl0.saturation']);
  });

  it('counts the three ways of changing the location mode', () => {
    for (const body of ['setLocationMode("away")', 'location.setMode("away")', 'location.mode = "away"']) {
      expect(keys(possibleWrites(inlineApp(inputs, body)))).toEqual(['location.mode']);
    }
  });
});

describe("the Smart Home Monitor's status in the bound", () => {
  const inputs = 'input "m", "capability.motionSensor"\ninput "status", "enum", options: ["off", "away"]';
  const values = (body: string) => Object.fromEntries(writeBound(inlineApp(inputs, body)).map((w) => [`${w.target.device}.${w.target.attribute}`, w.values === ANY ? ANY : [...w.values].sort()]));

  it('is written by a location event of that name, with its literal values', () => {
    expect(values('sendLocationEvent(name: "alarmSystemStatus", value: "away")\nsendLocationEvent([name: "alarmSystemStatus", value: "off"])')).toEqual({ 'location.alarmSystemStatus': ['away', 'off'] });
    expect(values('sendLocationEvent(name: "alarmSystemStatus", value: status)')).toEqual({ 'location.alarmSystemStatus': ANY });
  });

  it('is not written by a location event of another name, and may be by one whose name or map is computed', () => {
    expect(values('sendLocationEvent(name: "myEvent", value: "away")')).toEqual({});
    expect(values('sendLocationEvent(name: evt.name, value: "stay")')).toEqual({ 'location.alarmSystemStatus': ['stay'] });
    expect(values('def e = [name: "alarmSystemStatus", value: "off"]\nsendLocationEvent(e)')).toEqual({ 'location.alarmSystemStatus': ANY });
  });

  it('decides a pair where only one app arms or disarms the monitor, and leaves two that set different statuses to the search', () => {
    const app = (body: string) => ({ ir: inlineApp(inputs, body), name: body });
    const tracked = (t: WriteTarget) => t.device === 'location';
    expect(noConflictReason([app('sendLocationEvent(name: "alarmSystemStatus", value: "off")'), app('setLocationMode("Away")')], tracked)).toBe('the apps can write no tracked attribute in common');
    expect(noConflictReason([app('sendLocationEvent(name: "alarmSystemStatus", value: "off")'), app('sendLocationEvent(name: "alarmSystemStatus", value: "off")')], tracked)).toMatch(/only the same value/);
    expect(noConflictReason([app('sendLocationEvent(name: "alarmSystemStatus", value: "off")'), app('sendLocationEvent(name: "alarmSystemStatus", value: "away")')], tracked)).toBeUndefined();
  });
});

describe('contestedAttributes', () => {
  const inputs = 'input "m", "capability.motionSensor"\ninput "sw", "capability.switch"\ninput "lk", "capability.lock"';
  const tracked = ['switch', 'level', 'lock', 'location.mode', 'location.alarmSystemStatus'];

  it('keeps the tracked attributes both apps may write, by their tracked names', () => {
    const lights = inlineApp(inputs, 'sw.on()\nlk.lock()\nsetLocationMode("Away")');
    const other = inlineApp(inputs, 'sw.off()\nsetLocationMode("Home")');
    expect(contestedAttributes([lights, other], tracked)).toEqual(['switch', 'location.mode']);
    expect(contestedAttributes([lights, other], ['lock'])).toEqual([]);
    expect(contestedAttributes([lights, inlineApp(inputs, 'log.debug "motion"')], tracked)).toEqual([]);
  });
});

describe('the values in the bound', () => {
  const inputs = 'input "m", "capability.motionSensor"\ninput "lk", "capability.lock"\ninput "t", "capability.thermostat"\ninput "wanted", "enum", options: ["heat", "cool"]';
  const values = (body: string) => Object.fromEntries(writeBound(inlineApp(inputs, body)).map((w) => [`${w.target.device}.${w.target.attribute}`, w.values === ANY ? ANY : [...w.values].sort()]));

  it("are a command's constants, and the literals its calls pass where it stores an argument", () => {
    expect(values('lk.unlock()')).toEqual({ 'lock0.lock': ['unlocked'] });
    expect(values('t.setThermostatMode("off")\nt.setHeatingSetpoint(68)\nt.setHeatingSetpoint("70")')).toEqual({ 'thermostat0.thermostatMode': ['off'], 'thermostat0.heatingSetpoint': ['68', '70'] });
    expect(values('setLocationMode("Away")')).toEqual({ 'location.mode': ['Away'] });
  });

  it('are any value where an argument is not a literal, the command is referenced or called by a computed name, or an options map comes first', () => {
    expect(values('t.setThermostatMode(wanted)')).toEqual({ 'thermostat0.thermostatMode': ANY });
    expect(values('t.setThermostatMode("off")\n[1].each(t.&setThermostatMode)')).toEqual({ 'thermostat0.thermostatMode': ANY });
    expect(values('t.setThermostatMode("off")\nt."${wanted}"()')['thermostat0.thermostatMode']).toBe(ANY);
    expect(values('t.setHeatingSetpoint([delay: 5], 68)')).toEqual({ 'thermostat0.heatingSetpoint': ANY });
  });

  it('decide a pair whose apps can store only one and the same value where both write, and leave two values to the search', () => {
    const app = (body: string) => ({ ir: inlineApp(inputs, body), name: body });
    expect(noConflictReason([app('lk.unlock()'), app('lk.unlock()\nt.setThermostatMode("off")')], everything)).toMatch(/only the same value .*lock0\.lock = "unlocked"/);
    expect(noConflictReason([app('lk.unlock()'), app('lk.lock()')], everything)).toBeUndefined();
    expect(noConflictReason([app('t.setThermostatMode("off")'), app('t.setThermostatMode(wanted)')], everything)).toBeUndefined();
  });
});

describe.skipIf(!HAVE_CORPUS)('possibleWrites on corpus apps', () => {
  it('is empty for the logger apps, which issue no command', () => {
    for (const logger of ['initial-state-event-sender', 'initial-state-event-streamer', 'buffered-event-sender', 'unbuffered-event-sender', 'influxdb-logger', 'groveStreams']) {
      expect(possibleWrites(corpusApp(logger).ir), logger).toEqual([]);
    }
  });

  it('is exactly the thermostat mode for `thermostat`, which only calls setThermostatMode("off")', () => {
    expect(keys(possibleWrites(corpusApp('thermostat').ir))).toEqual(['thermostat0.thermostatMode']);
  });

  it('decides a logger pair and leaves a pair that conflicts to the search', () => {
    const [thermostat, logger] = [corpusApp('thermostat'), corpusApp('initial-state-event-sender')];
    expect(noConflictReason([{ ir: thermostat.ir, name: 'thermostat' }, { ir: logger.ir, name: 'logger' }], everything)).toMatch(/logger can write no tracked attribute/);
    const [lockDoor, nfc] = [corpusApp('enhanced-auto-lock-door'), corpusApp('nfc-tag-toggle')];
    expect(noConflictReason([{ ir: lockDoor.ir, name: 'a' }, { ir: nfc.ir, name: 'b' }], everything)).toBeUndefined();
    const result = checkPair(thermostat, logger, { mode: 'dpor', budgetMs: 5000, prefilter: true });
    expect(result).toMatchObject({ verdict: 'no-conflict', decidedBy: 'static', states: 0, events: 82 });
  });

  // Soundness against the interpreter: explore pairs of listed apps for a while and check that every
  // attribute write the search saw an app make is inside that app's bound, with a value the bound
  // allows. Each app is paired with a partner from its group so that its handlers run on events and
  // on the partner's commands, in both environments (the full one sets the apps' settings apart).
  it.each(['reference', 'full'] as const)('contains every write a search makes, and its value, for every app of the device-interaction lists (%s environment)', (env) => {
    const apps = [...new Set(readdirSync(join(LISTS_DIR, 'device-interaction')).flatMap((list) => listedApps(list)))];
    let checked = 0;
    let writing = 0;
    for (const [i, name] of apps.entries()) {
      const loaded = loadApp(join(SMARTAPPS_DIR, name));
      const partner = loadApp(join(SMARTAPPS_DIR, apps[(i + 1) % apps.length]));
      if (!loaded.ok || !partner.ok) continue;
      const bound = new Map(writeBound(loaded.app.ir).map((w) => [`${w.target.device}.${w.target.attribute}`, w.values]));
      const system = pairSystem(loaded.app, partner.app, { env });
      let seen: { target: string; value: string }[];
      try {
        const { result } = explorePair(system, { mode: 'nodpor', maxStates: 60, budgetMs: 2000 });
        seen = [];
        for (let t = 0; t < result.graph.transitionCount; t++) {
          for (const w of result.graph.transition(t).info?.writes ?? []) if (w.app === 'App1') seen.push({ target: `${w.device}.${w.attribute}`, value: w.value });
        }
      } catch {
        continue; // an app that fails at run time makes no writes to check
      }
      for (const { target, value } of seen) {
        expect(bound.has(target), `${name} wrote ${target}`).toBe(true);
        const values = bound.get(target)!;
        if (values !== ANY) expect([...values], `${name} wrote ${target} = ${value}`).toContain(value);
      }
      checked++;
      if (seen.length > 0) writing++;
    }
    // 94 of the 97 listed apps load and run; most of them write something within the budget.
    expect(checked).toBeGreaterThanOrEqual(90);
    expect(writing).toBeGreaterThanOrEqual(60);
  });
});

function listedApps(list: string): string[] {
  const text = readFileSync(join(LISTS_DIR, 'device-interaction', list), 'utf8');
  return text.split('\n').map((l) => l.trim()).filter((l) => l.endsWith('.groovy') && !l.includes('#'));
}
