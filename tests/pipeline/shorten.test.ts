// Shortening conflict paths (src/pipeline/shorten.ts): the path left is one the
// pair really takes to the same conflict, and no single event of it can be left out.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { conflictKey, detectConflicts } from '../../src/conflicts/detect.js';
import type { WriteGraph } from '../../src/conflicts/types.js';
import { DEFAULT_ENVIRONMENT } from '../../src/model/environment.js';
import type { PairSystem } from '../../src/model/pair-system.js';
import { explorePair, pairSystem, trackedFilter, type CheckPairOptions } from '../../src/pipeline/explore-pair.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { shortened, witnessesOf, type Witness } from '../../src/pipeline/shorten.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const THERMOSTATS = ['heatingSetpoint', 'thermostatSetpoint', 'coolingSetpoint', 'thermostatOperatingState', 'thermostatFanMode', 'thermostatMode'];

function app(name: string): LoadedApp {
  const loaded = loadApp(join(SMARTAPPS_DIR, `${name}.groovy`));
  if (!loaded.ok) throw new Error(`${name} does not load`);
  return loaded.app;
}

/** The conflicts (by identity) that firing `events` after the installation produces, found by the rule over that one path. */
function conflictsOn(system: PairSystem, configuration: number, events: readonly number[], options: CheckPairOptions): Set<string> {
  const installation = system.installation(configuration);
  const transitions: WriteGraph['transitions'][number][] = [{ src: 0, dst: 1, event: -1, writes: installation.writes }];
  let state = installation.state;
  for (const [i, event] of events.entries()) {
    if (!system.enabled(state).includes(event)) return new Set();
    const step = system.execute(state, event);
    transitions.push({ src: i + 1, dst: i + 2, event, writes: step.info?.writes ?? [] });
    state = step.state;
  }
  const graph = { stateCount: events.length + 2, initialStates: [0], transitions };
  return new Set(detectConflicts(graph, trackedFilter(options)).map((c) => conflictKey(c.later, c.earlier)));
}

const identity = (w: Witness) => conflictKey(w.conflict.later, w.conflict.earlier);

describe.skipIf(!HAVE_CORPUS)('shortening conflict paths', () => {
  // The breadth-first probe finds no conflict in its 1,000 states; DPOR, depth first, finds one 21
  // events deep (a thermostat mode the window app restores over the smoke alarm's `off`).
  const options: CheckPairOptions = { mode: 'dpor', firstConflict: true, attributes: THERMOSTATS, env: DEFAULT_ENVIRONMENT, budgetMs: 60_000 };
  let system: PairSystem;
  let found: Witness[];
  beforeAll(() => {
    system = pairSystem(app('hvac-auto-off.smartapp'), app('FireCO2Alarm'), options);
    const explored = explorePair(system, options);
    expect(explored.result.complete).toBe(false);
    found = witnessesOf(explored);
  });

  it('starts from a long path that produces its conflict', () => {
    expect(found).toHaveLength(1);
    expect(found[0].events.length).toBeGreaterThan(10);
    expect(conflictsOn(system, found[0].conflict.configuration, found[0].events, options)).toContain(identity(found[0]));
  });

  it('leaves a shorter path to the same conflict, none of whose events can be left out', () => {
    const [short] = shortened(system, found, options, 0);
    expect(identity(short)).toBe(identity(found[0]));
    expect(short.conflict.configuration).toBe(found[0].conflict.configuration);
    expect(short.events.length).toBeLessThan(found[0].events.length / 2);
    const { configuration } = short.conflict;
    expect(conflictsOn(system, configuration, short.events, options)).toContain(identity(short));
    // It ends at the event that makes the conflict, and every event before is needed.
    expect(conflictsOn(system, configuration, short.events.slice(0, -1), options)).not.toContain(identity(short));
    for (let i = 0; i < short.events.length; i++) {
      const without = short.events.filter((_, j) => j !== i);
      expect(conflictsOn(system, configuration, without, options), `without event ${i}`).not.toContain(identity(short));
    }
  });

  it('keeps the path as found when no time is left', () => {
    const [kept] = shortened(system, found, { ...options, budgetMs: 0 }, 0);
    expect(kept.events).toEqual(found[0].events);
  });

  // A whole run (no first conflict) stopped by a state limit: several conflicts, each path cut on its own.
  it('cuts every path of a run with several conflicts, each to its own conflict', () => {
    const whole: CheckPairOptions = { ...options, firstConflict: false, maxStates: 400 };
    const wholeSystem = pairSystem(app('thermostat-auto-off'), app('FireCO2Alarm'), whole);
    const paths = witnessesOf(explorePair(wholeSystem, whole));
    expect(paths.length).toBeGreaterThan(2);
    const cut = shortened(wholeSystem, paths, whole, 0);
    expect(cut.map(identity)).toEqual(paths.map(identity));
    for (const [i, w] of cut.entries()) {
      expect(w.events.length).toBeLessThanOrEqual(paths[i].events.length);
      expect(conflictsOn(wholeSystem, w.conflict.configuration, w.events, whole)).toContain(identity(w));
      for (let j = 0; j < w.events.length; j++) {
        expect(conflictsOn(wholeSystem, w.conflict.configuration, w.events.filter((_, k) => k !== j), whole)).not.toContain(identity(w));
      }
    }
  });

  // A complete run's path can be longer than needed too: on this pair of the paper (the reference's
  // environment, every actuator attribute) DPOR's reduced graph gave 8 events and plain search's
  // whole graph 4 (the path runs through the transition its earlier write was first seen from),
  // where motion (smart-security flashes the light, ending off) then the door opening (the other
  // app turns it on) do.
  it("cuts a complete run's path too, in either mode", () => {
    const files = ['smart-security', 'turn-it-on-when-it-opens'].map((n) => join(SMARTAPPS_DIR, `${n}.groovy`)) as [string, string];
    for (const mode of ['dpor', 'nodpor'] as const) {
      const result = checkPairFiles(...files, { mode });
      expect(result).toMatchObject({ verdict: 'conflict', complete: true });
      expect(result.conflicts.map((c) => c.trace.events.map((e) => e.event))).toEqual([['motionSensor.motion = active', 'contactSensor.contact = open']]);
    }
  });
});
