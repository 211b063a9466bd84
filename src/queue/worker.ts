// A queue worker: takes task jobs from the shared queue, runs each on this machine's pool under the
// budgets of the job's run, and puts the outcome on that run's results queue. The pool turns a
// timeout, a heap overrun or a crashed check into an outcome, so such a job ends like any other;
// only a worker that dies holding a job leaves it stalled, and BullMQ gives it to another worker.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { Queue, Worker, type Job } from 'bullmq';
import { PAIR_WORKER } from '../batch/batch.js';
import type { PairTask } from '../batch/task.js';
import { openPool, type Pool } from '../pool/pool.js';
import type { TaskOutcome } from '../pool/protocol.js';
import type { PairResult } from '../results/types.js';
import { connectRedis } from './connection.js';
import { jobTask, PREFIX, resultsQueueName, TASKS_QUEUE, type ResultJob, type TaskJob } from './jobs.js';

export interface QueueWorkerOptions {
  url: string;
  /** Jobs run at once (the pool's processes). */
  jobs: number;
  /** Where this machine keeps the corpus, when not at the coordinator's path. */
  corpus?: string;
  /** How long a job stays with a worker that stopped renewing its lock (died) before another may take it. */
  lockMs: number;
  /** One line per job taken and per job returned. */
  log?: (line: string) => void;
}

export interface QueueWorker {
  /** Waits for the jobs in hand to end and returns their results, then disconnects. */
  close(): Promise<void>;
}

/** BullMQ's default: a worker renews its jobs' locks every 15 s; one silent for 30 s is taken for dead. */
export const DEFAULT_LOCK_MS = 30_000;

/** A stalled job is given to another worker once; stalled again (it kills every worker that takes it), it fails and is stored as an error. */
const MAX_STALLED = 1;

export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const { newClient, disconnectAll } = await connectRedis(options.url);
  const pools = new Map<string, Pool<PairTask, PairResult>>();
  const resultQueues = new Map<string, Queue<ResultJob>>();
  const poolFor = ({ budgetMs, memoryMb }: TaskJob['budgets']) => {
    const key = `${budgetMs}:${memoryMb}`;
    if (!pools.has(key)) pools.set(key, openPool<PairTask, PairResult>(PAIR_WORKER, { jobs: options.jobs, budgetMs, memoryMb }));
    return pools.get(key)!;
  };
  const resultsQueue = (runKey: string) => {
    if (!resultQueues.has(runKey)) resultQueues.set(runKey, watched(new Queue<ResultJob>(resultsQueueName(runKey), { connection: newClient(), prefix: PREFIX })));
    return resultQueues.get(runKey)!;
  };
  const log = options.log ?? (() => {});
  const process = async (job: Job<TaskJob>) => {
    const task = jobTask(job.data, options.corpus);
    log(`take ${job.id} ${describe(task)}`);
    const outcome = corpusMismatch(task, job.data.hashes) ?? await poolFor(job.data.budgets).run(task);
    // Added before the task job completes: a worker killed in between leaves the task to run again,
    // and the coordinator keeps the first result of a task, so nothing is lost or stored twice.
    await resultsQueue(job.data.runKey).add('result', { outcome }, { jobId: job.id, removeOnComplete: true, removeOnFail: true });
    log(`done ${job.id} ${describe(task)}: ${outcome.kind === 'done' ? outcome.value.verdict : outcome.kind} (${outcome.ms} ms)`);
  };
  const worker = watched(new Worker<TaskJob>(TASKS_QUEUE, process, {
    connection: newClient(),
    prefix: PREFIX,
    concurrency: Math.max(1, options.jobs),
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    maxStalledCount: MAX_STALLED,
  }));
  return {
    async close() {
      await worker.close();
      await Promise.all([...resultQueues.values()].map((queue) => queue.close()));
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      disconnectAll();
    },
  };
}

/**
 * A worker whose copy of an app differs from the coordinator's would store a result of other code:
 * the pair gets an error naming the file instead. An app the coordinator could not read either
 * (no hash) is left to the check, which reports it as the batch on one machine does.
 */
function corpusMismatch(task: PairTask, hashes: readonly [string, string]): TaskOutcome<PairResult> | undefined {
  for (const [file, expected] of [[task.file1, hashes[0]], [task.file2, hashes[1]]] as const) {
    if (expected === '') continue;
    let actual: string;
    try {
      actual = createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex');
    } catch (error) {
      return { kind: 'error', message: `${file}: cannot be read on worker ${hostname()} (${(error as NodeJS.ErrnoException).code ?? 'error'}); is the corpus at this path there, or given with --corpus?`, ms: 0 };
    }
    if (actual !== expected) return { kind: 'error', message: `${file} on worker ${hostname()} differs from the coordinator's copy: the corpus is not the same on every machine`, ms: 0 };
  }
  return undefined;
}

function describe(task: PairTask): string {
  const name = (file: string) => file.replace(/^.*[\\/]/, '').replace(/\.groovy$/, '');
  return `${task.group} ${name(task.file1)} × ${name(task.file2)} ${task.mode}`;
}

/**
 * BullMQ reports a lost connection as an 'error' event (and keeps reconnecting); without a listener
 * Node would end the process. Each distinct message is written once.
 */
export function watched<T extends { on(event: 'error', listener: (error: Error) => void): unknown }>(emitter: T): T {
  const seen = new Set<string>();
  emitter.on('error', (error) => {
    if (seen.has(error.message)) return;
    seen.add(error.message);
    globalThis.process.stderr.write(`stcheck: queue: ${error.message}\n`);
  });
  return emitter;
}
