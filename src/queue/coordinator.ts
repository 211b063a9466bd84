// The coordinator's side of a distributed batch: a TaskRunner (src/batch) that enqueues the run's
// tasks and takes their outcomes back from the run's results queue; the batch stores them, so the
// coordinator stays the only writer of the store. Killed and resumed, it first takes what the
// workers returned meanwhile, then enqueues only the tasks the queue does not hold.
import { Queue, Worker, type Job } from 'bullmq';
import type { RunContext, TaskRunner } from '../batch/batch.js';
import type { PairTask } from '../batch/task.js';
import type { TaskOutcome } from '../pool/protocol.js';
import type { PairResult } from '../results/types.js';
import { connectRedis } from './connection.js';
import { PREFIX, resultsQueueName, runKey, taskJob, taskJobId, TASKS_QUEUE, type ResultJob, type TaskJob } from './jobs.js';
import { startQueueWorker, watched, type QueueWorker } from './worker.js';

export interface CoordinatorOptions {
  url: string;
  /** Checks this process runs itself, as one more worker; 0 leaves every check to the workers. */
  jobs: number;
  lockMs: number;
  /** Notes for the user (no worker connected yet). */
  note?: (line: string) => void;
}

/** Task jobs added per round trip. */
const ADD_CHUNK = 500;
/** How often failed task jobs are looked for (a job fails only when it stalled too often). */
const SWEEP_MS = 2000;

type Finish = (id: string, outcome: TaskOutcome<PairResult>) => void;

export function queueRunner(options: CoordinatorOptions): TaskRunner {
  return async (tasks, run, onOutcome) => {
    const { newClient, disconnectAll } = await connectRedis(options.url);
    const key = runKey(run);
    const pending = new Map(tasks.map((task) => [taskJobId(key, task), task]));
    let allReturned!: () => void;
    const done = new Promise<void>((resolve) => { allReturned = resolve; });
    const finish: Finish = (id, outcome) => {
      const task = pending.get(id);
      if (!task) return; // a repeat: the task ran twice (its worker was thought dead)
      pending.delete(id);
      onOutcome(task, outcome);
      if (pending.size === 0) allReturned();
    };
    if (pending.size === 0) allReturned();
    const tasksQueue = watched(new Queue<TaskJob>(TASKS_QUEUE, { connection: newClient(), prefix: PREFIX }));
    const resultsQueue = watched(new Queue<ResultJob>(resultsQueueName(key), { connection: newClient(), prefix: PREFIX }));
    let results: Worker<ResultJob> | undefined;
    let local: QueueWorker | undefined;
    let sweeper: NodeJS.Timeout | undefined;
    try {
      // In this order: a task queued or running now returns its result later, and one that returned
      // meanwhile is among the results taken, so none of them is queued again.
      const live = new Set(await liveTaskIds(tasksQueue, key));
      await takeReturnedResults(resultsQueue, finish);
      results = watched(new Worker<ResultJob>(resultsQueueName(key), async (job) => finish(job.id!, job.data.outcome), {
        connection: newClient(), prefix: PREFIX, concurrency: 1, lockDuration: options.lockMs, stalledInterval: options.lockMs,
        // Storing a result is idempotent: a coordinator killed while storing one may take it again.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
      }));
      await enqueue(tasksQueue, key, run, [...pending].filter(([id]) => !live.has(id)).map(([, task]) => task));
      const sweep = () => sweepFailed(tasksQueue, key, finish).catch(() => {});
      await sweep();
      sweeper = setInterval(sweep, SWEEP_MS);
      if (options.jobs > 0) local = await startQueueWorker({ url: options.url, jobs: options.jobs, lockMs: options.lockMs });
      else if (pending.size > 0 && (await tasksQueue.getWorkersCount()) === 0) options.note?.(`no worker is connected to ${options.url} yet: start some with stcheck worker --queue ${options.url}`);
      await done;
    } finally {
      clearInterval(sweeper);
      await local?.close();
      await results?.close();
      // The run's queue goes when every result is stored; a run stopped early keeps it for --resume.
      if (pending.size === 0) await removeRun(tasksQueue, resultsQueue, key, 2 * options.lockMs);
      await Promise.all([tasksQueue.close(), resultsQueue.close()]);
      disconnectAll();
    }
  };
}

/**
 * Results the workers returned while no coordinator ran (and those a killed one was storing, still
 * locked by it) are taken before anything is enqueued: their tasks are not queued again. The
 * results worker takes them once more later; the store ignores the repeat.
 */
async function takeReturnedResults(queue: Queue<ResultJob>, finish: Finish): Promise<void> {
  for (const job of await queue.getJobs(['active', 'waiting', 'prioritized', 'delayed'])) finish(job.id!, (job as Job<ResultJob>).data.outcome);
}

/** The run's task jobs waiting or running. */
async function liveTaskIds(queue: Queue<TaskJob>, key: string): Promise<string[]> {
  return (await queue.getRanges(['active', 'waiting', 'prioritized', 'delayed'])).filter((id) => id.startsWith(`${key}-`));
}

/**
 * Removes the run's results queue once no task job of the run is left (waiting at most `patienceMs`):
 * a task that runs a second time (its worker was taken for dead but was not) puts its result there
 * before it completes.
 */
async function removeRun(tasksQueue: Queue<TaskJob>, resultsQueue: Queue<ResultJob>, key: string, patienceMs: number): Promise<void> {
  const until = Date.now() + patienceMs;
  while (Date.now() < until && (await liveTaskIds(tasksQueue, key)).length > 0) await new Promise((resolve) => setTimeout(resolve, SWEEP_MS));
  await resultsQueue.obliterate({ force: true });
}

/** Adds the tasks not yet returned (BullMQ would also ignore a job whose id it holds). */
async function enqueue(queue: Queue<TaskJob>, key: string, run: RunContext, tasks: readonly PairTask[]): Promise<void> {
  for (let start = 0; start < tasks.length; start += ADD_CHUNK) {
    await queue.addBulk(tasks.slice(start, start + ADD_CHUNK).map((task) => ({
      name: 'check',
      data: taskJob(key, run, task),
      // A task returns its outcome on the results queue, so a completed job is dropped; a failed one
      // is kept until the coordinator stores it.
      opts: { jobId: taskJobId(key, task), attempts: 1, removeOnComplete: true, removeOnFail: false },
    })));
  }
}

/** A task job fails only when every worker that took it died with it: it is stored as an error, and removed. */
async function sweepFailed(queue: Queue<TaskJob>, key: string, finish: Finish): Promise<void> {
  const failed = (await queue.getFailed()).filter((job): job is Job<TaskJob> => job.id?.startsWith(`${key}-`) === true);
  for (const job of failed) {
    finish(job.id!, { kind: 'error', message: `the queue gave up on the job: ${job.failedReason}`, ms: 0 });
    await job.remove();
  }
}
