// The paper's headline figures (paper §6), computed the same way from any set of per-pair results:
// which pairs finish in each mode, the geometric-mean state and transition reductions over the
// pairs that finish both ways, and the geometric-mean speedup with unfinished runs counted as the
// budget.
import type { ModeStats } from './paper.js';

export interface PairStats {
  nodpor: ModeStats;
  dpor: ModeStats;
}

export interface Headline {
  pairs: number;
  finishedNodpor: number;
  finishedDpor: number;
  finishedBoth: number;
  onlyDpor: number;
  onlyNodpor: number;
  /** Geometric means over the pairs finished both ways (no-DPOR / DPOR). */
  stateReduction: number;
  transitionReduction: number;
  /** Pairs finished both ways on which DPOR took longer. */
  dporSlower: number;
  /** No-DPOR time / DPOR time, unfinished counted as the budget, over pairs finished in at least one mode. */
  speedupGeometric: number;
  speedupArithmetic: number;
}

const finished = (m: ModeStats) => m.seconds !== null;

export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

export function headline(rows: readonly PairStats[], budgetSeconds: number): Headline {
  const both = rows.filter((r) => finished(r.nodpor) && finished(r.dpor));
  const either = rows.filter((r) => finished(r.nodpor) || finished(r.dpor));
  // A time of 0 (a pair finished within the clock's resolution) would make a ratio meaningless.
  const time = (m: ModeStats) => Math.max(m.seconds ?? budgetSeconds, 1e-3);
  const speedups = either.map((r) => time(r.nodpor) / time(r.dpor));
  return {
    pairs: rows.length,
    finishedNodpor: rows.filter((r) => finished(r.nodpor)).length,
    finishedDpor: rows.filter((r) => finished(r.dpor)).length,
    finishedBoth: both.length,
    onlyDpor: rows.filter((r) => finished(r.dpor) && !finished(r.nodpor)).length,
    onlyNodpor: rows.filter((r) => finished(r.nodpor) && !finished(r.dpor)).length,
    stateReduction: geometricMean(both.map((r) => r.nodpor.states! / r.dpor.states!)),
    transitionReduction: geometricMean(both.map((r) => r.nodpor.transitions! / r.dpor.transitions!)),
    dporSlower: both.filter((r) => r.dpor.seconds! > r.nodpor.seconds!).length,
    speedupGeometric: geometricMean(speedups),
    speedupArithmetic: speedups.reduce((a, b) => a + b, 0) / speedups.length,
  };
}

/**
 * How many times faster than the reference tool a run is, on the pairs both finished in one mode:
 * the geometric mean over those pairs of the paper's seconds ÷ the run's (the run's at least 1 ms,
 * the clock's resolution). Different machines (the paper's: a 3.5 GHz Xeon), and the state spaces
 * differ, so this compares the tools, not the algorithm.
 */
export function timesFasterThanPaper(pairs: ReadonlyArray<{ paper: ModeStats; ours: ModeStats }>): number {
  const both = pairs.filter((p) => finished(p.paper) && finished(p.ours));
  return geometricMean(both.map((p) => p.paper.seconds! / Math.max(p.ours.seconds!, 1e-3)));
}

/** What the paper says of itself (its §6), to print beside the figures its tables give. */
export const PAPER_CLAIMS = {
  finishedBoth: 229,
  onlyDpor: 69,
  onlyNodpor: 2,
  stateReduction: 2,
  transitionReduction: 3,
  speedup: 7,
  budgetSeconds: 7200,
} as const;
