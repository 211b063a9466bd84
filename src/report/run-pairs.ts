// A run's results seen per ordered pair (one row per group, App1, App2), with each mode's result,
// and per unordered pair (both orders together), the two views the tables are built from.
import type { Mode, StoredResult } from '../results/types.js';
import type { ModeStats } from './paper.js';

export interface OrderedPair {
  group: string;
  app1: string;
  app2: string;
  results: Partial<Record<Mode, StoredResult>>;
}

/** The run's ordered pairs, sorted by group and app names (results are stored as they finish, in no fixed order). */
export function orderedPairs(results: readonly StoredResult[]): OrderedPair[] {
  const pairs = new Map<string, OrderedPair>();
  for (const result of sortedResults(results)) {
    const key = JSON.stringify([result.group, result.app1, result.app2]);
    const pair = pairs.get(key) ?? { group: result.group, app1: result.app1, app2: result.app2, results: {} };
    pair.results[result.mode] = result;
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

/** The results by group, App1, App2 and mode. */
export function sortedResults(results: readonly StoredResult[]): StoredResult[] {
  const key = (r: StoredResult) => [r.group, r.app1, r.app2, r.mode];
  return [...results].sort((a, b) => compareKeys(key(a), key(b)));
}

function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** Pairs searched in both modes: the only ones a comparison of the modes can use (the prefilter's are not searched). */
export function pairsWithBothModes(pairs: readonly OrderedPair[]): OrderedPair[] {
  const searched = (r: StoredResult | undefined) => r?.decidedBy === 'search';
  return pairs.filter((p) => searched(p.results.dpor) && searched(p.results.nodpor));
}

/**
 * A mode's figures as the paper's tables give them: all three null ("Unf") unless the search
 * explored the whole state space. A conflict found by a search its budget stopped is still Unf.
 */
export function modeStats(result: StoredResult | undefined): ModeStats {
  if (!result?.complete || result.decidedBy === 'static') return { states: null, transitions: null, seconds: null };
  return { states: result.states ?? null, transitions: result.transitions ?? null, seconds: (result.ms ?? 0) / 1000 };
}

/** The pair's figures per mode, in the shape `headline` takes. */
export function pairStats(pair: OrderedPair): { nodpor: ModeStats; dpor: ModeStats } {
  return { nodpor: modeStats(pair.results.nodpor), dpor: modeStats(pair.results.dpor) };
}

/** The number of events of the pair (the same in both modes); null when no check ran. */
export function pairEvents(pair: OrderedPair): number | null {
  return pair.results.dpor?.events ?? pair.results.nodpor?.events ?? null;
}

export type Outcome = 'conflict' | 'no-conflict' | 'unfinished';

export interface UnorderedPair {
  group: string;
  /** The two app names, sorted. */
  apps: [string, string];
  outcome: Outcome;
  /** Unfinished because an app does not load or a check failed (not because of a budget). */
  failed: boolean;
  /** Failed on a gap of the tool (an API or construct it does not model): no verdict about the apps. */
  gap: boolean;
  /** Decided, while an app raised an exception of its own in some handler (its bug, run as SmartThings would). */
  withAppExceptions: boolean;
  /** No conflict, and every order was decided by the static prefilter, without a search. */
  decidedStatically: boolean;
}

/** A result that settles its order: a search of the whole state space, or the static prefilter. */
function isDecided(r: StoredResult): boolean {
  return r.complete || r.decidedBy === 'static';
}

const FAILURES = new Set<StoredResult['verdict']>(['parse-error', 'unsupported', 'error']);

/**
 * One outcome per unordered pair of a group, as the reference study counts them (its §1.7): a
 * conflict if any result of either order (in any mode) found one; no conflict if every order
 * stored finished in some mode; otherwise unfinished.
 */
export function unorderedPairs(results: readonly StoredResult[]): UnorderedPair[] {
  const byPair = new Map<string, { group: string; apps: [string, string]; orders: OrderedPair[] }>();
  for (const pair of orderedPairs(results)) {
    const apps = [pair.app1, pair.app2].sort() as [string, string];
    const key = JSON.stringify([pair.group, ...apps]);
    const entry = byPair.get(key) ?? { group: pair.group, apps, orders: [] };
    entry.orders.push(pair);
    byPair.set(key, entry);
  }
  return [...byPair.values()].map(({ group, apps, orders }) => {
    const all = orders.flatMap((o) => Object.values(o.results));
    const outcome: Outcome = all.some((r) => r.verdict === 'conflict') ? 'conflict'
      : orders.every((o) => Object.values(o.results).some(isDecided)) ? 'no-conflict'
        : 'unfinished';
    return {
      group, apps, outcome,
      failed: outcome === 'unfinished' && all.some((r) => FAILURES.has(r.verdict)),
      gap: outcome === 'unfinished' && all.some((r) => r.verdict === 'unsupported'),
      withAppExceptions: outcome !== 'unfinished' && all.some((r) => r.warnings.some((w) => w.kind === 'app-exception')),
      decidedStatically: outcome === 'no-conflict' && orders.every((o) => Object.values(o.results).some((r) => r.decidedBy === 'static')),
    };
  });
}
