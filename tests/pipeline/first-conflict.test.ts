// `firstConflict`: the search stops once the graph explored so far has a conflict (as the reference
// stops at its first), and explores exactly as much as the full run when there is none.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { PROBE_STATES } from '../../src/pipeline/explore-pair.js';
import type { Mode, PairResult } from '../../src/results/types.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);
const MODES: Mode[] = ['dpor', 'nodpor'];

const identity = (c: PairResult['conflicts'][number]) =>
  `${c.device}.${c.attribute} ${c.later.app}=${c.later.value} over ${c.earlier.app}=${c.earlier.value}`;

describe.skipIf(!HAVE_CORPUS)('--first-conflict on corpus pairs', () => {
  // 762 states and 7,620 transitions in either mode when explored in full, with 4 conflicts on thermostatMode.
  it.each(MODES)('thermostat-auto-off × thermostat-mode-director (%s) stops early with one conflict of the full run', (mode) => {
    const files = [corpus('thermostat-auto-off'), corpus('thermostat-mode-director')] as const;
    const full = checkPairFiles(...files, { mode });
    const first = checkPairFiles(...files, { mode, firstConflict: true });
    expect(full).toMatchObject({ verdict: 'conflict', complete: true });
    expect(full.transitions).toBeGreaterThan(1000);
    expect(first).toMatchObject({ verdict: 'conflict', complete: false });
    expect(first.transitions).toBeLessThan(full.transitions);
    expect(first.states).toBeLessThan(full.states);
    expect(first.conflicts).toHaveLength(1);
    expect(full.conflicts.map(identity)).toContain(identity(first.conflicts[0]));
  });

  // The conflict is known at the transition that makes it reachable in the explored graph
  // (conflicts/watch.ts), not at the next of a series of polls: here after 2 transitions, where the
  // full search runs 60.
  it('enhanced-auto-lock-door × nfc-tag-toggle: stops at the transition that brings a lock conflict of the full run, with a trace as short', () => {
    const files = [corpus('enhanced-auto-lock-door'), corpus('nfc-tag-toggle')] as const;
    for (const mode of MODES) {
      const full = checkPairFiles(...files, { mode, attributes: ['lock'] });
      const first = checkPairFiles(...files, { mode, attributes: ['lock'], firstConflict: true });
      expect(full).toMatchObject({ verdict: 'conflict', states: 10, transitions: 60 });
      expect(first).toMatchObject({ verdict: 'conflict', complete: false });
      expect(first.transitions).toBeLessThanOrEqual(2);
      expect(first.conflicts).toHaveLength(1);
      const same = full.conflicts.find((c) => identity(c) === identity(first.conflicts[0]));
      expect(same).toBeDefined();
      expect(first.conflicts[0].trace.events.length).toBeLessThanOrEqual(same!.trace.events.length);
    }
  });

  // good-night-house × nfc-tag-toggle is the reference's pair without a conflict (14 transitions);
  // good-night × nfc-tag-toggle has 560, each of them watched for a conflict.
  for (const [app1, app2, attributes] of [['good-night-house', 'nfc-tag-toggle', ['lock']], ['good-night', 'nfc-tag-toggle', undefined]] as const) {
    // --first-conflict offers the events that can write a tracked attribute first
    // (model/event-priority.ts): plain search explores the same graph in another order, DPOR a
    // reduction of its own; the verdict is the full run's.
    it(`${app1} × ${app2}: no conflict, so the full run's verdict (and graph, without DPOR)`, () => {
      for (const mode of MODES) {
        const options = { mode, attributes: attributes && [...attributes] };
        const full = checkPairFiles(corpus(app1), corpus(app2), options);
        const first = checkPairFiles(corpus(app1), corpus(app2), { ...options, firstConflict: true });
        expect(full).toMatchObject({ verdict: 'no-conflict', complete: true });
        expect(first).toMatchObject({ verdict: 'no-conflict', complete: true });
        if (mode === 'nodpor') expect(first).toMatchObject({ states: full.states, transitions: full.transitions });
      }
    });
  }

  // A first conflict found depth first came with the path the search happened to take (8 to 11
  // events on these pairs, where 2 to 4 do); the conflict is now reported along a path as short as
  // any the exhaustive plain search finds for it.
  it.each([
    ['brighten-my-path', 'ecobeeAwayFromHome'], ['smart-security', 'light-follows-me'],
    ['good-night-house', 'smart-light-timer-x-minutes-unless-already-on'], ['smart-security', 'turn-it-on-when-it-opens'],
  ])('%s × %s: the first conflict comes with a short trace', (app1, app2) => {
    const files = [corpus(app1), corpus(app2)] as const;
    const first = checkPairFiles(...files, { mode: 'dpor', attributes: ['switch'], firstConflict: true });
    const full = checkPairFiles(...files, { mode: 'nodpor', attributes: ['switch'] });
    expect(first.complete).toBe(false);
    const same = full.conflicts.find((c) => identity(c) === identity(first.conflicts[0]));
    expect(same).toBeDefined();
    expect(first.conflicts[0].trace.events.length).toBeLessThanOrEqual(same!.trace.events.length);
  });

  // FireCO2Alarm × lighting-director conflicts two events after installing in the second initial
  // configuration; DPOR, depth first, explores the whole first configuration before it (42,472
  // states and 382,811 transitions to this conflict, 2026-11-25). The breadth-first probe reaches it
  // within 210 states.
  it.each([['FireCO2Alarm', 'lighting-director'], ['lighting-director', 'FireCO2Alarm']])('%s × %s: the probe finds the switch conflict within its states', (app1, app2) => {
    const first = checkPairFiles(corpus(app1), corpus(app2), { mode: 'dpor', attributes: ['switch'], env: 'full', firstConflict: true });
    expect(first).toMatchObject({ verdict: 'conflict', complete: false });
    expect(first.states).toBeLessThanOrEqual(PROBE_STATES);
    expect(first.conflicts.map(identity)).toEqual([`switch0.switch ${app1 === 'FireCO2Alarm' ? 'App1' : 'App2'}=off over ${app1 === 'FireCO2Alarm' ? 'App2' : 'App1'}=on`]);
  });
});
