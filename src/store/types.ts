// What the store keeps, as plain records. Independent of how results are computed.

export type Mode = 'dpor' | 'nodpor';

export type Verdict =
  | 'conflict' | 'no-conflict' | 'timeout' | 'state-limit' | 'out-of-memory' | 'unsupported' | 'parse-error' | 'error';

export interface RunRecord {
  id: number;
  startedAt: string;
  endedAt: string | null;
  toolVersion: string;
  command: string;
  config: unknown;
}

export interface AppRecord {
  name: string;
  path: string;
  contentHash: string;
  status: 'ok' | 'parse-error' | 'lower-error';
  error?: string;
}

export interface ConflictRecord {
  device: string;
  attribute: string;
  laterApp: string;
  laterValue: string;
  earlierApp: string;
  earlierValue: string;
  earlierManual: boolean;
  trace: unknown;
}

export interface WarningRecord {
  kind: string;
  message: string;
}

export interface ResultRecord {
  mode: Mode;
  verdict: Verdict;
  /** The whole state space was explored (false for a budget hit, even one that found a conflict). */
  complete: boolean;
  events?: number;
  states?: number;
  transitions?: number;
  executions?: number;
  ms?: number;
  peakMemoryMb?: number;
  error?: string;
  /** `static`: the prefilter decided the pair without a search (no states); default `search`. */
  decidedBy?: 'search' | 'static';
  /** Why the prefilter decided it. */
  reason?: string;
  conflicts: ConflictRecord[];
  warnings: WarningRecord[];
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
