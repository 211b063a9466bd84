// Leaving the apps' dead state out of the states (analysis/state-reads.ts) must not change what
// the search finds. On every pair of the paper's tables that plain search finishes within a small
// number of states (chosen by state count, so the set does not depend on the machine), the
// explored graphs with and without the abstraction give the same conflicts and the same
// last-writer relation: which write of a tracked attribute can be overridden by which.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/check.js';
import { detectConflicts } from '../../src/conflicts/detect.js';
import type { WriteGraph } from '../../src/conflicts/types.js';
import type { AttributeWrite } from '../../src/model/attribute-write.js';
import { environmentOf, type EnvironmentName } from '../../src/model/environment.js';
import { buildPairEvents } from '../../src/model/events.js';
import { isLive, liveAttributes, type AttributeLiveness } from '../../src/model/live-attributes.js';
import { simulatedDeviceId } from '../../src/devices/capabilities.js';
import { contestedAttributes } from '../../src/conflicts/prefilter.js';
import type { PairEvent } from '../../src/model/events.js';
import { INITIAL_CONFIGURATIONS, PairSystem } from '../../src/model/pair-system.js';
import { trackedFilter } from '../../src/pipeline/explore-pair.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { writeGraph } from '../../src/pipeline/write-graph.js';
import { readPaperTables } from '../../src/report/paper.js';
import { HAVE_CORPUS, PAPER_DIR, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

/** Pairs whose plain search without the abstraction needs at most this many states are compared. */
const MAX_STATES = 400;
/**
 * The attributes tracked: a few, so that many device attributes (levels, colours, sirens) are dead
 * unless an app observes them, and the device part of the abstraction is exercised too.
 */
const TRACKED = ['switch', 'lock', 'thermostatMode', 'location.mode'];
const tracked = trackedFilter({ attributes: TRACKED });

const identity = (w: AttributeWrite) => `${w.app}:${w.device}.${w.attribute}=${w.value}${w.manual ? '!' : ''}@${w.at?.line ?? ''}`;

/** Every (earlier, later) pair of writes where the later one overrides the earlier one still in effect. */
function lastWriters(graph: WriteGraph): Set<string> {
  graph = { ...graph, transitions: graph.transitions.map((t) => ({ ...t, writes: t.writes.filter(tracked) })) };
  const reaching = Array.from({ length: graph.stateCount }, () => new Map<string, Set<string>>());
  const pairs = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of graph.transitions) {
      const current = new Map<string, string>();
      for (const w of t.writes) {
        const key = `${w.device}.${w.attribute}`;
        const previous = current.get(key);
        for (const earlier of previous !== undefined ? [previous] : reaching[t.src].get(key) ?? []) pairs.add(`${earlier} > ${identity(w)}`);
        current.set(key, identity(w));
      }
      const into = reaching[t.dst];
      const add = (key: string, id: string) => {
        let set = into.get(key);
        if (!set) into.set(key, (set = new Set()));
        if (!set.has(id)) { set.add(id); changed = true; }
      };
      for (const [key, ids] of reaching[t.src]) if (!current.has(key)) for (const id of ids) add(key, id);
      for (const [key, id] of current) add(key, id);
    }
  }
  return pairs;
}

/** An app's own failure while the pair installs (an error with a kind); anything else is the test's or the model's. */
const installFailure = (e: unknown) => e instanceof Error && 'kind' in e;

/** The names of the device events whose attribute the states leave out on the event's device. */
const leftOutEvents = (liveness: AttributeLiveness, events: readonly PairEvent[]) =>
  events.flatMap((e) => (e.kind === 'device' && e.capability !== undefined && !isLive(liveness, simulatedDeviceId(e.capability), e.name) ? [e.name] : []));

function explore(
  apps: readonly [LoadedApp, LoadedApp],
  liveStateOnly: boolean,
  {
    env = 'reference',
    maxStates = MAX_STATES,
    stateTracked = TRACKED,
    everyAttribute = false,
    trackedEverywhere = false,
  }: { env?: EnvironmentName; maxStates?: number; stateTracked?: readonly string[]; everyAttribute?: boolean; trackedEverywhere?: boolean } = {},
) {
  const environment = { ...environmentOf(env, false), ...(trackedEverywhere ? { contestedOnly: false } : {}) };
  // Without the tracked attributes the pair system keeps every device attribute in its states.
  const inStates = everyAttribute ? undefined : stateTracked;
  const system = new PairSystem([apps[0].ir, apps[1].ir], buildPairEvents(apps[0], apps[1], environment, TRACKED).events, undefined, { liveStateOnly, tracked: inStates, environment });
  const result = check(system, { strategy: 'nodpor', maxStates });
  const installs = INITIAL_CONFIGURATIONS.map((_, i) => system.installation(i).writes);
  const graph = writeGraph(result.graph, installs);
  // A conflict is its attribute and the two apps' values (which of several lines is shown depends on the graph's shape).
  const value = (w: AttributeWrite) => `${w.app}:${w.device}.${w.attribute}=${w.value}`;
  const conflicts = detectConflicts(graph, tracked).map((c) => `${value(c.later)} over ${value(c.earlier)}`).sort();
  return { complete: result.complete, states: result.stats.states, conflicts, lastWriters: [...lastWriters(graph)].sort() };
}

describe.skipIf(!HAVE_CORPUS)('the dead-state abstraction on the paper\'s pairs', () => {
  it(`finds the same conflicts and last writers on every pair plain search finishes within ${MAX_STATES} states`, () => {
    const pairs = new Map(readPaperTables(PAPER_DIR).map((row) => [`${row.app1} ${row.app2}`, [row.app1, row.app2]]));
    const loaded = new Map<string, LoadedApp | null>();
    const load = (name: string) => {
      if (!loaded.has(name)) {
        const l = loadApp(join(SMARTAPPS_DIR, `${name}.groovy`));
        loaded.set(name, l.ok ? l.app : null);
      }
      return loaded.get(name)!;
    };
    let compared = 0;
    let smaller = 0;
    for (const [app1, app2] of pairs.values()) {
      const apps = [load(app1), load(app2)];
      if (apps[0] === null || apps[1] === null) continue;
      let full;
      try {
        full = explore(apps as [LoadedApp, LoadedApp], false);
      } catch (e) {
        if (!installFailure(e)) throw e;
        continue; // an app that fails while installing: checked elsewhere
      }
      if (!full.complete) continue;
      const live = explore(apps as [LoadedApp, LoadedApp], true);
      expect(live.complete, `${app1} × ${app2}`).toBe(true);
      expect(live.states, `${app1} × ${app2}`).toBeLessThanOrEqual(full.states);
      expect(live.conflicts, `${app1} × ${app2}`).toEqual(full.conflicts);
      expect(live.lastWriters, `${app1} × ${app2}`).toEqual(full.lastWriters);
      compared++;
      if (live.states < full.states) smaller++;
    }
    expect(compared).toBeGreaterThan(50);
    expect(smaller).toBeGreaterThan(0);
    process.stderr.write(`live-state: ${compared} pairs compared, ${smaller} with fewer states\n`);
  }, 600_000);
});

/** Pairs with an inert handler's attribute are compared where plain search ends within this many states. */
const INERT_MAX_STATES = 2000;

/** The demo apps of this repository: small partners that actuate switches, locks and thermostats. */
const DEMO_DIR = join(REPO_ROOT, 'apps');

describe.skipIf(!HAVE_CORPUS)('attributes whose events reach only inert handlers, left out of the states', () => {
  // The corpus apps with such an attribute (FireCO2Alarm's battery, notify-me-when-it-opens's
  // contact, presence-change-push's presence, ...) against each demo app, in the full environment
  // (several values per numeric sensor): the same conflicts and last writers with and without it.
  // Both runs leave out the apps' dead state, so the comparison is of the attribute abstraction alone
  // (a logger's buffer would otherwise keep the unabstracted run from ending within its states).
  // The bound: 443 of the 449 pairs that end within 3,000 states end within 2,000; a logger whose
  // buffer grows with every event (groveStreams) costs time in the square of the states it reaches.
  it(`finds the same conflicts and last writers on every such pair plain search finishes within ${INERT_MAX_STATES} states`, () => {
    const demos = readdirSync(DEMO_DIR).filter((f) => f.endsWith('.groovy')).map((f) => loadApp(join(DEMO_DIR, f)));
    let compared = 0;
    let leftOut = 0;
    const states = { full: 0, reduced: 0 };
    for (const file of readdirSync(SMARTAPPS_DIR).filter((f) => f.endsWith('.groovy'))) {
      const subject = loadApp(join(SMARTAPPS_DIR, file));
      if (!subject.ok) continue;
      for (const demo of demos) {
        if (!demo.ok) continue;
        const apps = [subject.app, demo.app] as const;
        const events = buildPairEvents(apps[0], apps[1], environmentOf('full', false)).events;
        const fired = leftOutEvents(liveAttributes([apps[0].ir, apps[1].ir], events, TRACKED, false), events);
        if (fired.length === 0) continue;
        let full;
        try {
          full = explore(apps, true, { env: 'full', maxStates: INERT_MAX_STATES, everyAttribute: true });
        } catch (e) {
          if (!installFailure(e)) throw e;
          continue; // an app that fails while installing: checked elsewhere
        }
        if (!full.complete) continue;
        const reduced = explore(apps, true, { env: 'full', maxStates: INERT_MAX_STATES });
        const pair = `${file} × ${demo.app.file} (${[...new Set(fired)].join(', ')} left out)`;
        expect(reduced.complete, pair).toBe(true);
        // Never more states; as many where the left-out events change nothing else either.
        expect(reduced.states, pair).toBeLessThanOrEqual(full.states);
        expect(reduced.conflicts, pair).toEqual(full.conflicts);
        expect(reduced.lastWriters, pair).toEqual(full.lastWriters);
        compared++;
        leftOut += fired.length;
        states.full += full.states;
        states.reduced += reduced.states;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(states.reduced * 2).toBeLessThan(states.full);
    process.stderr.write(`inert-handler events: ${compared} pairs compared, ${leftOut} fired attributes left out, ${states.full} -> ${states.reduced} states\n`);
  }, 600_000);
});

describe.skipIf(!HAVE_CORPUS)('states that keep only the attributes both apps may write, where they may write them (the full environment)', () => {
  // A conflict needs both apps to write its target (conflicts/prefilter.ts, contestedAttributes),
  // so the states may keep only those attributes, and only on the devices a command may write them
  // on (model/live-attributes.ts). On the paper's pairs in the full environment: the same conflicts,
  // and the same last writers of the attributes both may write, as with every tracked attribute of
  // every device kept.
  it('finds the same conflicts and contested last writers on every pair plain search finishes within 800 states', () => {
    const pairs = new Map(readPaperTables(PAPER_DIR).map((row) => [`${row.app1} ${row.app2}`, [row.app1, row.app2]]));
    let compared = 0;
    let smaller = 0;
    for (const [app1, app2] of pairs.values()) {
      const [a, b] = [loadApp(join(SMARTAPPS_DIR, `${app1}.groovy`)), loadApp(join(SMARTAPPS_DIR, `${app2}.groovy`))];
      if (!a.ok || !b.ok) continue;
      const apps = [a.app, b.app] as const;
      const contested = contestedAttributes([a.app.ir, b.app.ir], TRACKED);
      let all;
      try {
        all = explore(apps, true, { env: 'full', maxStates: 800, trackedEverywhere: true });
      } catch (e) {
        if (!installFailure(e)) throw e;
        continue; // an app that fails while installing: checked elsewhere
      }
      if (!all.complete) continue;
      const narrowed = explore(apps, true, { env: 'full', maxStates: 800, stateTracked: contested });
      const pair = `${app1} × ${app2} (states keep ${contested.join(', ') || 'no tracked attribute'})`;
      const ofContested = (writers: string[]) => writers.filter((w) => contested.some((name) => w.includes(`.${name.replace(/^location\./, '')}=`)));
      expect(narrowed.complete, pair).toBe(true);
      expect(narrowed.states, pair).toBeLessThanOrEqual(all.states);
      expect(narrowed.conflicts, pair).toEqual(all.conflicts);
      expect(ofContested(narrowed.lastWriters), pair).toEqual(ofContested(all.lastWriters));
      compared++;
      if (narrowed.states < all.states) smaller++;
    }
    expect(compared).toBeGreaterThan(30);
    expect(smaller).toBeGreaterThan(0);
    process.stderr.write(`contested attributes: ${compared} pairs compared, ${smaller} with fewer states\n`);
  }, 600_000);
});

describe('parts of an app\'s state that cannot influence what it does, left out of the states', () => {
  // A logger whose buffer of events decides only when it posts them (analysis/relevance.ts),
  // against a demo app that switches the light it logs, in the full environment: the same
  // conflicts and last writers as with every part kept, in far fewer states.
  it('finds the same conflicts and last writers with a logger\'s buffer left out, in a fraction of the states', () => {
    const logger = loadApp(join(REPO_ROOT, 'tests/model/fixtures/relevance/event-logger.groovy'));
    const light = loadApp(join(DEMO_DIR, 'motion-light.groovy'));
    if (!logger.ok || !light.ok) throw new Error('the fixture apps load');
    const apps = [logger.app, light.app] as const;
    const all = explore(apps, false, { env: 'full', maxStates: 20_000 });
    const reduced = explore(apps, true, { env: 'full', maxStates: 20_000 });
    expect(all.complete).toBe(true);
    expect(reduced.complete).toBe(true);
    expect(reduced.conflicts).toEqual(all.conflicts);
    expect(reduced.lastWriters).toEqual(all.lastWriters);
    expect(reduced.states * 5).toBeLessThan(all.states);
  }, 120_000);
});

describe('a stored state restores its own run\'s values of the parts left out', () => {
  // The reminder's count is left out of the states (it decides only a message), and is null until
  // the door is first unlocked. A state of the search must restore the count its own run had, not
  // that of another run reaching an equal state, and a remembered transition must be one this
  // count makes: otherwise the search raises "null + 1" where no run of the app does.
  it('raises no exception that no run of the apps raises, with transitions remembered or run', () => {
    const reminder = join(REPO_ROOT, 'tests/model/fixtures/relevance/unlocked-reminder.groovy');
    const partners = [join(DEMO_DIR, 'relock-when-unlocked.groovy'), join(REPO_ROOT, 'tests/model/fixtures/environment/device-bridge.groovy')];
    for (const partner of partners) {
      for (const memo of ['on', 'off'] as const) {
        const result = checkPairFiles(reminder, partner, { mode: 'dpor', env: 'full', memo });
        expect(['conflict', 'no-conflict'], `${partner}, memo ${memo}`).toContain(result.verdict);
        expect(result.warnings.map((w) => w.message), `${partner}, memo ${memo}`).toEqual([]);
      }
    }
  });
});

describe('a dashboard whose sensor reads only answer a web client', () => {
  // The dashboard reads every sensor into its endpoint's answer, which decides nothing it does to
  // the home (analysis/heeded-reads.ts): the states leave those sensors out, and its reads see a
  // left-out value. Against the demo motion light: the same conflicts and last writers as with
  // every attribute kept, in fewer states.
  const dashboard = join(REPO_ROOT, 'tests/model/fixtures/relevance/sensor-dashboard.groovy');

  it('leaves the sensors it only shows out of the states, and finds the same conflicts and last writers', () => {
    const board = loadApp(dashboard);
    const light = loadApp(join(DEMO_DIR, 'motion-light.groovy'));
    if (!board.ok || !light.ok) throw new Error('the fixture apps load');
    const apps = [board.app, light.app] as const;
    const environment = environmentOf('full', false);
    const liveness = liveAttributes([apps[0].ir, apps[1].ir], buildPairEvents(apps[0], apps[1], environment, TRACKED).events, TRACKED, false);
    expect(isLive(liveness, simulatedDeviceId('switch'), 'switch')).toBe(true);
    expect(isLive(liveness, simulatedDeviceId('motionSensor'), 'motion')).toBe(true);
    for (const [capability, shown] of [['contactSensor', 'contact'], ['temperatureMeasurement', 'temperature'], ['illuminanceMeasurement', 'illuminance']]) {
      expect(isLive(liveness, simulatedDeviceId(capability), shown), shown).toBe(false);
    }
    const all = explore(apps, false, { env: 'full', maxStates: 20_000 });
    const reduced = explore(apps, true, { env: 'full', maxStates: 20_000 });
    expect(all.complete).toBe(true);
    expect(reduced.complete).toBe(true);
    expect(all.conflicts.length).toBeGreaterThan(0);
    expect(reduced.conflicts).toEqual(all.conflicts);
    expect(reduced.lastWriters).toEqual(all.lastWriters);
    expect(reduced.states).toBeLessThan(all.states);
  }, 120_000);

  it('is decided with no exception, while a read by a name the scan does not see still stops the check', () => {
    const partner = join(DEMO_DIR, 'motion-light.groovy');
    const shown = checkPairFiles(dashboard, partner, { mode: 'dpor', env: 'full' });
    expect(['conflict', 'no-conflict']).toContain(shown.verdict);
    // The one warning is the physical channel: the light changes the illuminance the dashboard shows.
    expect(shown.warnings.map((w) => w.kind)).toEqual(['physical']);
    const computed = checkPairFiles(join(REPO_ROOT, 'tests/model/fixtures/relevance/computed-read.groovy'), partner, { mode: 'dpor', env: 'full' });
    expect(computed.verdict).toBe('unsupported');
    expect(computed.error).toMatch(/temperature by a name the static scan of attribute reads does not see/);
  });
});
