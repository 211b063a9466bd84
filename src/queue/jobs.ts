// What goes through the queue: one task job per (pair, mode) of a run, on a queue every worker
// takes from, and one result job per returned outcome, on the run's own results queue. A job's id
// is derived from the run and the task, so BullMQ never holds the same task twice.
import { createHash } from 'node:crypto';
import { isAbsolute, join, relative } from 'node:path';
import type { RunContext } from '../batch/batch.js';
import type { PairTask } from '../batch/task.js';
import type { PoolOptions } from '../pool/pool.js';
import type { TaskOutcome } from '../pool/protocol.js';
import type { PairResult } from '../results/types.js';

/** The Redis key prefix of every stcheck queue. */
export const PREFIX = 'stcheck';

/** The queue of task jobs, shared by every run that uses the server. */
export const TASKS_QUEUE = 'tasks';

/** The queue a run's results come back on; removed when the run ends. */
export function resultsQueueName(runKey: string): string {
  return `results-${runKey}`;
}

/** Tells a run from every other on the same server: its store, id and start. */
export function runKey(run: Pick<RunContext, 'db' | 'runId' | 'startedAt'>): string {
  return createHash('sha256').update(JSON.stringify([run.db, run.runId, run.startedAt])).digest('hex').slice(0, 16);
}

export function taskJobId(runKey: string, task: Pick<PairTask, 'pairId' | 'mode'>): string {
  return `${runKey}-${task.pairId}-${task.mode}`;
}

/** A task job: the task with its apps relative to the corpus (a worker may keep it elsewhere) and the run's budgets. */
export interface TaskJob {
  runKey: string;
  corpus: string;
  app1: string;
  app2: string;
  /** The sha256 of the two apps as the coordinator read them. */
  hashes: [string, string];
  task: Omit<PairTask, 'file1' | 'file2'>;
  budgets: Pick<PoolOptions, 'budgetMs' | 'memoryMb'>;
}

export interface ResultJob {
  outcome: TaskOutcome<PairResult>;
}

export function taskJob(key: string, run: RunContext, task: PairTask): TaskJob {
  const { file1, file2, ...rest } = task;
  return {
    runKey: key,
    corpus: run.corpus,
    app1: relative(run.corpus, file1),
    app2: relative(run.corpus, file2),
    hashes: [run.contentHashes.get(file1) ?? '', run.contentHashes.get(file2) ?? ''],
    task: rest,
    budgets: { budgetMs: run.pool.budgetMs, memoryMb: run.pool.memoryMb },
  };
}

/** The task a worker runs: its apps under the worker's corpus (`--corpus`) or the coordinator's. */
export function jobTask(job: TaskJob, corpus = job.corpus): PairTask {
  const file = (app: string) => (isAbsolute(app) ? app : join(corpus, app));
  return { ...job.task, file1: file(job.app1), file2: file(job.app2) };
}
