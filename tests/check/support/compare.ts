// The differential oracle: dpor must agree with nodpor (exhaustive) on a system's violated
// assertions and its states with no enabled event and explore no more states, with the summary
// cache on and with it off (each judged on its own against nodpor). The two need not explore the
// same transitions: a summary tuple carried before a location got its first writer lacks the reads
// of it that dpor leaves out until then, so on a later state match it can add a backtrack point the
// exact search would not (never one fewer: the repair reruns every search that left such a read out).
// Besides what single transitions report, dpor must keep every pair of a write and the write it
// overwrites (the last-writer dataflow the pair model's conflict rule runs over the graph).
import { expect } from 'vitest';
import { check } from '../../../src/check/check.js';
import type { CheckResult, EventSystem } from '../../../src/check/check.js';
import { buildRandomSystem } from './random-systems.js';
import type { RandomSystem } from './random-systems.js';
import { replay } from './var-system.js';

function violated(result: CheckResult<unknown>): string[] {
  return result.violations.map((v) => `${v.event}:${v.id}`).sort();
}

/** The keys of the states with no enabled event (under `key`, default the graph's). */
export function deadlocks(result: CheckResult<unknown>, key?: (state: unknown) => string): string[] {
  const { graph } = result;
  const keys = new Set<string>();
  for (let s = 0; s < graph.stateCount; s++) if (graph.enabled(s).length === 0) keys.add(key ? key(graph.state(s)) : graph.key(s));
  return [...keys].sort();
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
  if (spec.deadVariables) expectDeadAbstracted(spec, exhaustive);
}

/**
 * dpor on the system with its dead variables left out of the states and the accesses finds what
 * the exhaustive search of the whole system finds (deadlocks compared under the smaller key).
 */
function expectDeadAbstracted(spec: RandomSystem, exhaustive: CheckResult<unknown>): void {
  const abstracted = buildRandomSystem(spec, { hideDead: true });
  const reduced = check(abstracted, { strategy: 'dpor', summary: true, ...LIMIT });
  expect(reduced.complete).toBe(true);
  expect(violated(reduced)).toEqual(violated(exhaustive));
  const key = (s: unknown) => abstracted.key(s as never);
  expect(deadlocks(reduced)).toEqual(deadlocks(exhaustive, key));
  expect(reduced.stats.states).toBeLessThanOrEqual(exhaustive.stats.states);
  expect(overwrites(reduced)).toEqual(overwrites(exhaustive));
  expectReplayable(abstracted, reduced);
}

/** A dpor result finds what the exhaustive search finds, in no more states, with replayable paths. */
function expectAgreement(system: EventSystem<unknown>, reduced: CheckResult<unknown>, exhaustive: CheckResult<unknown>): void {
  expect(reduced.complete).toBe(true);
  expect(violated(reduced)).toEqual(violated(exhaustive));
  expect(deadlocks(reduced)).toEqual(deadlocks(exhaustive));
  expect(reduced.stats.states).toBeLessThanOrEqual(exhaustive.stats.states);
  expect(overwrites(reduced)).toEqual(overwrites(exhaustive));
  expectReplayable(system, reduced);
}

function expectReplayable(system: EventSystem<unknown>, result: CheckResult<unknown>): void {
  for (const v of result.violations) {
    expect(v.path.events.at(-1)).toBe(v.event);
    expect(replay(system, v.path).violations?.map((r) => r.id)).toContain(v.id);
  }
}

/**
 * Every (event e, variable v, value e stored, earlier writer of v, value it stored) such that some
 * explored path runs e right when that earlier write is the latest of v (`init` for the initial
 * value): a may-dataflow of the last writer of each variable over the explored graph, the shape of
 * the conflict rule (src/conflicts/detect.ts). States of the random systems hold `values[i]` for
 * the variable named `v<i>`.
 */
export function overwrites(result: CheckResult<unknown>): string[] {
  const { graph } = result;
  const value = (state: number, variable: string) => (graph.state(state) as { values: number[] }).values[Number(variable.slice(1))];
  const writtenVariables = (t: number) => [...new Set(graph.transition(t).accesses.filter((a) => a.kind === 'write' && /^v\d+$/.test(a.location)).map((a) => a.location))];
  const reaching: Set<string>[] = Array.from({ length: graph.stateCount }, () => new Set());
  const work: number[] = [];
  for (const s of new Set(graph.initialStates)) {
    const variables = (graph.state(s) as { values: number[] }).values.map((_, i) => `v${i}`);
    for (const v of variables) reaching[s].add(`${v}\u0000init`);
    work.push(s);
  }
  while (work.length > 0) {
    const s = work.pop()!;
    for (const t of graph.outgoing(s)) {
      const written = writtenVariables(t);
      const dst = graph.transition(t).dst;
      const before = reaching[dst].size;
      for (const fact of reaching[s]) if (!written.includes(fact.split('\u0000')[0])) reaching[dst].add(fact);
      for (const v of written) reaching[dst].add(`${v}\u0000${graph.transition(t).event}`);
      if (reaching[dst].size > before) work.push(dst);
    }
  }
  const pairs = new Set<string>();
  for (let t = 0; t < graph.transitionCount; t++) {
    const { src, dst, event } = graph.transition(t);
    for (const v of writtenVariables(t)) {
      for (const fact of reaching[src]) {
        const [variable, writer] = fact.split('\u0000');
        if (variable === v) pairs.add(`${event} stores ${v}=${value(dst, v)} over ${writer}'s ${value(src, v)}`);
      }
    }
  }
  return [...pairs].sort();
}
