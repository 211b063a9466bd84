// Shorter traces for the conflicts of a search that stopped before its end: a breadth-first search
// of the same pair reaches every state along a shortest path.
import { conflictKey } from '../conflicts/detect.js';
import type { Conflict } from '../conflicts/types.js';
import { InterpError } from '../interp/errors.js';
import type { PairSystem } from '../model/pair-system.js';
import { searchPair, type CheckPairOptions, type ExploredPair } from './explore-pair.js';
import type { PairConflict } from './write-graph.js';
import { cpuClockMs } from '../util/cpu-clock.js';

/** A conflict with the events that produce it, fired from its initial configuration after the installation. */
export interface Witness {
  conflict: PairConflict;
  events: number[];
}

export function witnessesOf(explored: ExploredPair): Witness[] {
  const { graph } = explored.result;
  return explored.conflicts.map((conflict) => ({ conflict, events: conflict.path.map((t) => graph.transition(t).event) }));
}

/** States a shortening search may explore per state of the search it shortens (and at least `MIN_SHORTENING_STATES`). */
const SHORTENING_STATES_FACTOR = 10;
const MIN_SHORTENING_STATES = 10_000;
/** The least time a shortening search gets, as a share of the pair's budget, even after a search that used all of it. */
const MIN_SHORTENING_SHARE = 0.25;

/**
 * Shorter paths to the conflicts of a search that stopped before its end (at its first conflict,
 * or at a budget). Such a search explored part of the graph, depth first, so the paths it found can
 * run to dozens or thousands of events where a few would do. A breadth-first search of the pair
 * reaches every state along a shortest path; it stops once its graph shows every conflict wanted
 * (with `firstConflict`, any one of them), after ten times the first search's states, or when
 * what is left of the pair's budget runs out; it gets at least a quarter of the budget, since a
 * search stopped by its budget leaves nothing and has the longest paths. A conflict it does not
 * reach keeps its path, and so do all when an app fails in a state only the breadth-first search
 * reaches.
 */
export function shortened(system: PairSystem, found: Witness[], searchedStates: number, options: CheckPairOptions, startedCpu: number): Witness[] {
  const wanted = new Set(found.map((w) => conflictIdentity(w.conflict)));
  const timeLimitMs = options.budgetMs === undefined ? undefined : Math.max(options.budgetMs - (cpuClockMs() - startedCpu), MIN_SHORTENING_SHARE * options.budgetMs);
  const maxStates = Math.min(Math.max(MIN_SHORTENING_STATES, SHORTENING_STATES_FACTOR * searchedStates), options.maxStates ?? Infinity);
  const reached = (conflicts: ReadonlySet<string>) => [...wanted].filter((id) => conflicts.has(id)).length;
  const enough = (conflicts: ReadonlySet<string>) => reached(conflicts) >= (options.firstConflict ? 1 : wanted.size);
  let breadthFirst: ExploredPair;
  try {
    breadthFirst = searchPair(system, options, { strategy: 'nodpor', order: 'breadth-first', timeLimitMs, maxStates, maxHeapMb: options.maxHeapMb, onProgress: options.onProgress }, enough);
  } catch (error) {
    // An app failing in a state the first search did not reach: the paths found stand.
    if (error instanceof InterpError) return found;
    throw error;
  }
  const shorter = new Map(witnessesOf(breadthFirst).map((w) => [conflictIdentity(w.conflict), w]));
  return found.map((w) => {
    const other = shorter.get(conflictIdentity(w.conflict));
    return other && other.events.length < w.events.length ? other : w;
  });
}

function conflictIdentity(c: Conflict): string {
  return conflictKey(c.later, c.earlier);
}
