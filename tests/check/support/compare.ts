// The differential oracle: dpor must agree with nodpor (exhaustive) on a system's violated
// assertions and its states with no enabled event and explore no more states, with the summary
// cache on and with it off (each judged on its own against nodpor). The two need not explore the
// same transitions: a summary tuple carried before a location got its first writer lacks the reads
// of it that dpor leaves out until then, so on a later state match it can add a backtrack point the
// exact search would not (never one fewer: the repair reruns every search that left such a read out).
import { expect } from 'vitest';
import { check } from '../../../src/check/check.js';
import type { CheckResult, EventSystem } from '../../../src/check/check.js';
import { buildRandomSystem } from './random-systems.js';
import type { RandomSystem } from './random-systems.js';
import { replay } from './var-system.js';

function violated(result: CheckResult<unknown>): string[] {
  return result.violations.map((v) => `${v.event}:${v.id}`).sort();
}

export function deadlocks(result: CheckResult<unknown>): string[] {
  const { graph } = result;
  const keys: string[] = [];
  for (let s = 0; s < graph.stateCount; s++) if (graph.enabled(s).length === 0) keys.push(graph.key(s));
  return keys.sort();
}

/** Without the summary, Algorithm 3 reruns backward searches at every match: keep to small graphs. */
const UNCACHED_UP_TO_TRANSITIONS = 150;

const LIMIT = { timeLimitMs: 20_000 }; // an execution that never ends fails (`complete` false), not hangs

/** Checks one system; throws (through expect) on any disagreement. */
export function compareStrategies(spec: RandomSystem): void {
  const system = buildRandomSystem(spec);
  const exhaustive = check(system, { strategy: 'nodpor', ...LIMIT });
  expect(exhaustive.complete).toBe(true);
  const reduced = check(system, { strategy: 'dpor', summary: true, ...LIMIT });
  expectAgreement(system, reduced, exhaustive);
  if (exhaustive.stats.transitions <= UNCACHED_UP_TO_TRANSITIONS) {
    expectAgreement(system, check(system, { strategy: 'dpor', summary: false, ...LIMIT }), exhaustive);
  }
}

/** A dpor result finds what the exhaustive search finds, in no more states, with replayable paths. */
function expectAgreement(system: EventSystem<unknown>, reduced: CheckResult<unknown>, exhaustive: CheckResult<unknown>): void {
  expect(reduced.complete).toBe(true);
  expect(violated(reduced)).toEqual(violated(exhaustive));
  expect(deadlocks(reduced)).toEqual(deadlocks(exhaustive));
  expect(reduced.stats.states).toBeLessThanOrEqual(exhaustive.stats.states);
  expectReplayable(system, reduced);
}

function expectReplayable(system: EventSystem<unknown>, result: CheckResult<unknown>): void {
  for (const v of result.violations) {
    expect(v.path.events.at(-1)).toBe(v.event);
    expect(replay(system, v.path).violations?.map((r) => r.id)).toContain(v.id);
  }
}
