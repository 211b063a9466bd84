// One unit of batch work, as sent to a worker process, and how its outcome becomes a stored result.
import type { EnvironmentName } from '../model/environment.js';
import type { TaskOutcome } from '../pool/protocol.js';
import type { Mode, PairResult, ResultRecord } from '../results/types.js';
import { resultRecord } from '../store/columns.js';

export interface PairTask {
  pairId: number;
  group: string;
  file1: string;
  file2: string;
  mode: Mode;
  attributes: readonly string[];
  budgetMs: number;
  maxStates?: number;
  /** The checker's soft heap limit: below the worker's hard one (see SOFT_HEAP_FRACTION in util/heap.ts). */
  maxHeapMb?: number;
  /** Decide pairs that cannot conflict without exploring them (src/conflicts/prefilter.ts). */
  prefilter?: boolean;
  /** Stop each search at its first conflict (CheckPairOptions.firstConflict). */
  firstConflict?: boolean;
  /** The environment (CheckPairOptions.env). */
  env?: EnvironmentName;
}

/** The stored form of any outcome: a worker that was stopped or died still gives a result. */
export function outcomeRecord(task: PairTask, outcome: TaskOutcome<PairResult>): ResultRecord {
  if (outcome.kind === 'done') return { ...resultRecord(outcome.value), peakMemoryMb: outcome.peakMemoryMb };
  const verdict = outcome.kind === 'timeout' ? 'timeout' : outcome.kind === 'out-of-memory' ? 'out-of-memory' : 'error';
  return {
    mode: task.mode,
    verdict,
    complete: false,
    ms: outcome.ms,
    error: outcome.kind === 'error' ? outcome.message : undefined,
    ...(outcome.kind === 'error' && outcome.died && { workerDied: true }),
    conflicts: [],
    warnings: [],
  };
}
