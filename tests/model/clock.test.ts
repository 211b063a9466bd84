// Time passing (src/model/home.ts `passTime`, docs/model.md "The clock"): in the full environment a
// day can pass, once, as an event of its own, for a pair where an app keeps a time it read from the
// clock; the reference's clock stands still. Real fixture apps through the real pair system and checks.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepsClockTime, readsTimeOfDay } from '../../src/analysis/clock-reads.js';
import { LOCATION_TIME_ZONE, NOW_MS, formatDate, sunTimesOnDay } from '../../src/interp/time.js';
import { Home } from '../../src/model/home.js';
import { GDate } from '../../src/interp/values.js';
import type { AppIR } from '../../src/ir/ir.js';
import type { PairState } from '../../src/model/pair-system.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { buildPairEvents } from '../../src/model/events.js';
import { pairEnvironment, pairSystem, type CheckPairOptions } from '../../src/pipeline/explore-pair.js';
import { loadApp, lowerSource, type LoadedApp } from '../../src/pipeline/load.js';
import type { PairResult } from '../../src/results/types.js';
import { REPO_ROOT } from '../support/corpus.js';

const fixture = (name: string) => join(REPO_ROOT, 'tests', 'model', 'fixtures', 'clock', `${name}.groovy`);
const sceneButton = join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', 'scene-button.groovy');
const A_DAY = 86_400_000;

function load(file: string): LoadedApp {
  const r = loadApp(file);
  if (!r.ok) throw new Error(r.error.message);
  return r.app;
}

function check(file1: string, file2: string, options: Partial<CheckPairOptions>): PairResult {
  return checkPairFiles(file1, file2, { mode: 'dpor', budgetMs: 60_000, attributes: ['location.mode'], ...options });
}

const conflicts = (result: PairResult) => result.conflicts.map((c) => `${c.attribute} ${c.later.appName}=${c.later.value} over ${c.earlier.appName}=${c.earlier.value}`);

/** An app whose `quiet` method is `body`. */
function appIR(body: string): AppIR {
  const source = `definition(name: "T", namespace: "t", author: "t", description: "t", category: "t")\npreferences { section("s") { input "m", "capability.motionSensor" } }\ndef installed() { subscribe(m, "motion", quiet) }\n${body}\n`;
  const lowered = lowerSource(source, 't.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

const appWith = (body: string) => keepsClockTime(appIR(body));

describe('an app keeps a time it read from the clock', () => {
  /** A handler that acts only if `state.last` is an hour old, then keeps the time `keep` assigns. */
  const throttled = (keep: string, extra = '') => appWith(`def quiet(evt) {\n if (state.last == null || now() - state.last > 3600000) m.off()\n ${keep}\n}\n${extra}`);

  it('when it stores now() or an event date in state it reads back, directly or through a local variable or a method of its own', () => {
    expect(throttled('state.last = now()')).toBe(true);
    expect(throttled('def t = new Date().time\n state.last = t')).toBe(true);
    expect(throttled('state.last = evt.date.time')).toBe(true);
    expect(throttled('state.last = stamp()', 'private stamp() { now() + 1000 }')).toBe(true);
    // Today's sunset is a clock read too: in the full environment it is the sunset of the day.
    expect(throttled('state.last = getSunriseAndSunset().sunset.time')).toBe(true);
  });

  it('not when it only compares the time of day, keeps the time in a local variable, or never reads a stored time back', () => {
    expect(keepsClockTime(load(fixture('evening-window')).ir)).toBe(false);
    expect(throttled('def t = now()\n if (t > 5) log.debug "late"')).toBe(false);
    expect(appWith('def quiet(evt) { state.count = 1 }')).toBe(false);
    expect(appWith('def quiet(evt) { state.last = now()\n log.debug "at ${state.last}" }')).toBe(false);
  });
});

describe('time passing', () => {
  const pair = (app2: string, env: 'full' | 'reference') => pairSystem(load(sceneButton), load(app2), { env, attributes: ['location.mode'] });
  const timeEvent = (system: ReturnType<typeof pair>) => Array.from({ length: system.eventCount }, (_, i) => i).find((i) => system.describeEvent(i) === 'a day passes');

  it('is an event of the full environment for a pair where an app keeps a time, and of no other pair', () => {
    expect(timeEvent(pair(fixture('night-after-quiet'), 'full'))).toBeDefined();
    expect(timeEvent(pair(fixture('night-after-quiet'), 'reference'))).toBeUndefined();
    expect(timeEvent(pair(fixture('evening-window'), 'full'))).toBeUndefined();
  });

  it('is listed under the app that keeps the time', () => {
    const [keeper, other] = [load(fixture('night-after-quiet')), load(fixture('evening-window'))];
    const timeApp = (app1: LoadedApp, app2: LoadedApp) => buildPairEvents(app1, app2, pairEnvironment({ env: 'full' })).events.find((e) => e.kind === 'time')?.app;
    expect(timeApp(other, keeper)).toBe('App2');
    expect(timeApp(keeper, other)).toBe('App1');
  });

  it('moves the clock on a day, once: the event is enabled until it has run, and now() reads the new time', () => {
    const system = pair(fixture('night-after-quiet'), 'full');
    const time = timeEvent(system)!;
    const initial: PairState = system.initialStates()[0];
    expect(initial.snapshot.clock).toBe(NOW_MS);
    expect(system.enabled(initial)).toContain(time);
    const { state, records } = system.run(initial, time);
    expect(state.snapshot.clock).toBe(NOW_MS + A_DAY);
    expect(system.enabled(state)).not.toContain(time);
    expect(records).toContainEqual(expect.objectContaining({ kind: 'event', source: 'clock', value: new Date(NOW_MS + A_DAY).toISOString() }));
    // A mode change after the day stores the later time.
    const mode = Array.from({ length: system.eventCount }, (_, i) => i).find((i) => system.describeEvent(i) === 'location.mode = night')!;
    expect(system.run(state, mode).state.snapshot.apps[1].state.get('modeSince')).toBe(NOW_MS + A_DAY);
  });

  it('is a write of the clock that the model checker orders before every later read of it', () => {
    const system = pair(fixture('night-after-quiet'), 'full');
    const step = system.execute(system.initialStates()[0], timeEvent(system)!);
    expect(step.accesses).toContainEqual({ kind: 'write', location: 'clock' });
  });

  it("lets an app act once a mode a person chose has held long enough: a conflict the reference's constant clock never reaches", () => {
    const conflict = 'mode night-after-quiet=night over scene-button=away';
    expect(conflicts(check(sceneButton, fixture('night-after-quiet'), { env: 'reference' }))).not.toContain(conflict);
    const full = check(sceneButton, fixture('night-after-quiet'), { env: 'full' });
    expect(conflicts(full)).toContain(conflict);
    expect(conflicts(check(sceneButton, fixture('night-after-quiet'), { env: 'full', mode: 'nodpor' }))).toContain(conflict);
    const found = full.conflicts.find((c) => conflicts({ ...full, conflicts: [c] })[0] === conflict)!;
    expect(found.trace.events.map((e) => e.event)).toContain('a day passes');
  });
});

describe("getSunriseAndSunset's day", () => {
  const source = 'def installed() {}\ndef sun(Map options) { def t = getSunriseAndSunset(options); [t.sunrise, t.sunset].collect { it.format("yyyy-MM-dd HH:mm", location.timeZone) } }';
  const sun = (env: 'full' | 'reference', options: Map<string, unknown>) => {
    const lowered = lowerSource(source, 'sun.groovy');
    if (!lowered.ok) throw new Error(lowered.error.message);
    const home = new Home(lowered.app, { init: true, environment: pairEnvironment({ env }) });
    home.install();
    return home.app.invoke('sun', [options as never]);
  };

  it("is today's in the full environment, at the reference's times of day, and the day asked for with date:", () => {
    expect(formatDate(NOW_MS, 'yyyy-MM-dd HH:mm', LOCATION_TIME_ZONE)).toBe('2019-08-01 17:14');
    expect(sun('full', new Map())).toEqual(['2019-08-01 08:56', '2019-08-01 22:59']);
    expect(sun('full', new Map<string, unknown>([['sunsetOffset', '-01:00']]))).toEqual(['2019-08-01 08:56', '2019-08-01 21:59']);
    expect(sun('full', new Map<string, unknown>([['date', new GDate(NOW_MS + 2 * A_DAY)]]))).toEqual(['2019-08-03 08:56', '2019-08-03 22:59']);
  });

  it("is the reference's fixed 2019-07-22 in the reference environment, whatever the day", () => {
    expect(sun('reference', new Map())).toEqual(['2019-07-22 08:56', '2019-07-22 22:59']);
  });
});

describe('night falls', () => {
  const afterSunset = fixture('after-sunset');
  const pair = (app2: string, env: 'full' | 'reference') => pairSystem(load(sceneButton), load(app2), { env, attributes: ['location.mode'] });
  const eventNamed = (system: ReturnType<typeof pair>, text: string) => Array.from({ length: system.eventCount }, (_, i) => i).find((i) => system.describeEvent(i) === text);

  it('is an event of a pair where an app compares the time of day with the sun and reads the clock', () => {
    const compares = (body: string) => readsTimeOfDay(appIR(`def quiet(evt) {\n ${body}\n}`));
    expect(compares('if (now() > getSunriseAndSunset().sunset.time) m.off()')).toBe(true);
    expect(compares('if (new Date() > Date.parse("yyyy-MM-dd\'T\'HH:mm:ss.SSS\'Z\'", location.currentValue("sunsetTime"))) m.off()')).toBe(true);
    expect(compares('if (timeOfDayIsBetween("18:00", "23:00", new Date(), location.timeZone)) m.off()')).toBe(true);
    // Through a method of the app that reads the clock, called or read as a property (`sunOk` is `getSunOk()`).
    expect(compares('if (sunOk) m.off()\n}\nprivate getSunOk() { def s = getSunriseAndSunset(); now() > s.sunset.time')).toBe(true);
    // The sun alone (a schedule at sunset) or the clock alone has nothing night changes.
    expect(compares('runOnce(getSunriseAndSunset().sunset, "later")')).toBe(false);
    expect(compares('subscribe(location, "sunsetTime", later)\n state.t = now()')).toBe(false);
    // Nor a condition on the clock that only picks a value or a timer's time: night changes what the app writes, not whether.
    expect(compares('def level = 50\n if (now() > getSunriseAndSunset().sunset.time) { level = 10 }\n m.off()')).toBe(false);
    expect(compares('def t = new Date(now() + 900000)\n if (t.time < getSunriseAndSunset().sunset.time) { runOnce(t, "later") }')).toBe(false);
    expect(compares('def ct = getCT()\n if (ct != 2700) m.off()\n}\nprivate getCT() { now() > getSunriseAndSunset().sunset.time ? 2700 : 6500')).toBe(false);
    expect(eventNamed(pair(afterSunset, 'full'), 'night falls')).toBeDefined();
    expect(eventNamed(pair(afterSunset, 'reference'), 'night falls')).toBeUndefined();
    expect(eventNamed(pair(fixture('night-after-quiet'), 'full'), 'night falls')).toBeUndefined();
  });

  it("moves the clock to half an hour after the day's sunset, once, where the app acts", () => {
    const system = pair(afterSunset, 'full');
    const [night, motion] = [eventNamed(system, 'night falls')!, eventNamed(system, 'motionSensor.motion = active')!];
    const initial = system.initialStates()[0];
    expect(system.run(initial, motion).state.snapshot.mode).toBe(initial.snapshot.mode);
    const { state } = system.run(initial, night);
    expect(state.snapshot.clock).toBe(sunTimesOnDay(NOW_MS).sunset + 30 * 60_000);
    expect(formatDate(state.snapshot.clock, 'yyyy-MM-dd HH:mm', LOCATION_TIME_ZONE)).toBe('2019-08-01 23:29');
    expect(system.enabled(state)).not.toContain(night);
    expect(system.run(state, motion).state.snapshot.mode).toBe('night');
  });

  it('gives the conflict of an app that acts only after dark, which the day\'s clock never reaches', () => {
    const conflict = 'mode after-sunset=night over scene-button=away';
    const full = check(sceneButton, afterSunset, { env: 'full' });
    expect(conflicts(full)).toContain(conflict);
    const found = full.conflicts.find((c) => conflicts({ ...full, conflicts: [c] })[0] === conflict)!;
    expect(found.trace.events.map((e) => e.event)).toContain('night falls');
  });
});
