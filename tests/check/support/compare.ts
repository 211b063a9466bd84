// The differential oracle: dpor must agree with nodpor (exhaustive) on a system's violated
// assertions and its states with no enabled event, explore no more states, and give the same
// results with the summary cache on and off.
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
  const reduced = check(system, { strategy: 'dpor', summary: true, ...LIMIT });
  expect(exhaustive.complete).toBe(true);
  expect(reduced.complete).toBe(true);
  expect(violated(reduced)).toEqual(violated(exhaustive));
  expect(deadlocks(reduced)).toEqual(deadlocks(exhaustive));
  expect(reduced.stats.states).toBeLessThanOrEqual(exhaustive.stats.states);
  expectReplayable(system, reduced);
  if (exhaustive.stats.transitions <= UNCACHED_UP_TO_TRANSITIONS) {
    const uncached = check(system, { strategy: 'dpor', summary: false, ...LIMIT });
    expect(uncached.complete).toBe(true);
    expect(withoutTime(uncached)).toEqual(withoutTime(reduced));
  }
}

/** What must not depend on the summary cache: everything but the time taken. */
function withoutTime(result: CheckResult<unknown>) {
  const { ms: _, ...counts } = result.stats;
  return { counts, violations: violated(result) };
}

function expectReplayable(system: EventSystem<unknown>, result: CheckResult<unknown>): void {
  for (const v of result.violations) {
    expect(v.path.events.at(-1)).toBe(v.event);
    expect(replay(system, v.path).violations?.map((r) => r.id)).toContain(v.id);
  }
}
