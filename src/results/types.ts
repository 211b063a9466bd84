// The result vocabulary: what checking one ordered app pair in one mode gives, as every later stage
// reads it (the batch, the store, the reports, `stcheck show`/`export` and the HTML client). Types,
// and the lists of the modes and verdicts for the code that enumerates them: the driver
// (src/pipeline) fills results in, the store keeps them (src/store/columns.ts maps each scalar
// field to its column).
import type { Strategy } from '../check/types.js';
import type { Trace } from './trace.js';

/** The checker's search: the paper's stateful DPOR, or plain stateful search (the baseline). */
export type Mode = Strategy;
/** DPOR first: it is the mode the tool is about. */
export const MODES: readonly Mode[] = ['dpor', 'nodpor'];

/**
 * A pair's verdict in one mode. A budget verdict (`timeout`, `state-limit`, `out-of-memory`) means
 * the search ended without a conflict; a conflict found before a budget ran out is `conflict`.
 */
export const VERDICTS = ['conflict', 'no-conflict', 'timeout', 'state-limit', 'out-of-memory', 'unsupported', 'parse-error', 'error'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The budget verdicts: the search stopped before it ended, without a conflict. */
export const UNFINISHED_VERDICTS = ['timeout', 'state-limit', 'out-of-memory'] as const satisfies readonly Verdict[];
export type UnfinishedVerdict = (typeof UNFINISHED_VERDICTS)[number];

export function isUnfinished(verdict: Verdict): verdict is UnfinishedVerdict {
  return (UNFINISHED_VERDICTS as readonly Verdict[]).includes(verdict);
}

/**
 * What gave the verdict: the search; `static`, the prefilter without exploring the pair
 * (src/conflicts/prefilter.ts); `load`, an app that could not be read, parsed or lowered (no search ran).
 */
export type DecidedBy = 'search' | 'static' | 'load';

/** One of a conflict's two writes. */
export interface ConflictWrite {
  /** `App1` or `App2`. */
  app: string;
  /** The app's name (its file name without `.groovy`). */
  appName: string;
  value: string;
  manual: boolean;
  line?: number;
  column?: number;
}

/** A conflict with the trace that produces it (stored whole in the conflicts table's `trace` column). */
export interface ConflictReport {
  device: string;
  attribute: string;
  /** The write that overrode the other app's still-current value. */
  later: ConflictWrite;
  /** The other app's write that was still in effect. */
  earlier: ConflictWrite;
  trace: Trace;
}

/**
 * Something to know about a decided pair that is not a conflict: `physical` (one app changes a medium
 * the other senses), or `app-exception` (an app's handler raised an exception: as on SmartThings it
 * ended that execution only, its effects up to the throw stand, and the search went on).
 */
export interface PairWarning {
  kind: string;
  message: string;
  /** For an app exception: the app's name, the handler and the line in the app's file. */
  app?: string;
  handler?: string;
  line?: number;
}

/** What the search measured. */
export interface PairStatistics {
  events: number;
  states: number;
  transitions: number;
  executions: number;
  ms: number;
  /** The heap at the end of the check, in MB (an upper bound of its live data). */
  peakMemoryMb: number;
}

/** One ordered pair checked in one mode. */
export interface PairResult extends PairStatistics {
  mode: Mode;
  verdict: Verdict;
  /** The whole state space was explored (a search stopped by its budget can still find conflicts). */
  complete: boolean;
  error?: string;
  /** `static` when the prefilter decided the pair without exploring it (states and transitions are 0), `load` when an app did not load. */
  decidedBy: DecidedBy;
  /** Why the prefilter decided the pair. */
  reason?: string;
  conflicts: ConflictReport[];
  warnings: PairWarning[];
}

/**
 * A result as the store keeps it: the statistics may be missing (a worker that died has none),
 * `decidedBy` defaults to `search`, and each conflict is a flat record around its whole report.
 * `workerDied`: the worker process died during the check (an `error` a resumed batch retries once).
 */
export type ResultRecord = Omit<PairResult, keyof PairStatistics | 'decidedBy' | 'conflicts'> &
  Partial<Pick<PairResult, keyof PairStatistics | 'decidedBy'>> & { conflicts: ConflictRecord[]; workerDied?: boolean };

/** A stored conflict: the columns queries filter on, and the whole report in `trace`. */
export interface ConflictRecord {
  device: string;
  attribute: string;
  laterApp: string;
  laterValue: string;
  earlierApp: string;
  earlierValue: string;
  earlierManual: boolean;
  /** The whole ConflictReport (older stores hold the same shape). */
  trace: unknown;
}

/** A stored result with the pair it belongs to, as queries return it. */
export interface StoredResult extends ResultRecord {
  id: number;
  runId: number;
  group: string;
  app1: string;
  app2: string;
  finishedAt: string;
}

/** A result to print: computed (PairResult) or stored (statistics may be missing), its conflicts as reports. */
export type RenderableResult = Omit<ResultRecord, 'conflicts'> & { conflicts: ConflictReport[] };
