// A pool of worker threads that runs tasks under a wall-clock and a heap budget each. A worker
// that overruns its time is terminated; one that exceeds its heap dies with ERR_WORKER_OUT_OF_MEMORY;
// one that crashes is replaced. None of these stops the pool: each task gets exactly one outcome.
import { Worker } from 'node:worker_threads';
import type { ReadyMessage, ReplyMessage, TaskOutcome } from './protocol.js';

export interface PoolOptions {
  /** Worker threads running at once. */
  jobs: number;
  /** Wall-clock budget per task. */
  budgetMs: number;
  /** Heap budget per task (the worker's old generation). */
  memoryMb: number;
}

/** Workers written in TypeScript (when running from source, as the tests do) start through tsx. */
const TS_BOOTSTRAP = new URL('../../scripts/ts-worker.mjs', import.meta.url);

interface Slot {
  worker: Worker;
  /** Settles when the worker has loaded its module (or died trying), with why it died if it did. */
  started: Promise<string | undefined>;
}

/**
 * Runs every task on `workerFile` (a module that calls `serveTasks`) and calls `onOutcome` once per
 * task, in completion order. Resolves when all tasks have an outcome.
 */
export async function runPool<T, R>(
  workerFile: URL,
  tasks: readonly T[],
  options: PoolOptions,
  onOutcome: (task: T, outcome: TaskOutcome<R>, index: number) => void,
): Promise<void> {
  const pool = openPool<T, R>(workerFile, options);
  try {
    await Promise.all(tasks.map(async (task, index) => onOutcome(task, await pool.run(task), index)));
  } finally {
    await pool.close();
  }
}

/** A pool that takes tasks as they come (a queue worker's jobs): `run` waits for a free worker. */
export interface Pool<T, R> {
  run(task: T): Promise<TaskOutcome<R>>;
  /** Stops the workers; call it once no task is running. */
  close(): Promise<void>;
}

/** Starts workers lazily, at most `options.jobs`, and hands each task to the next free one. */
export function openPool<T, R>(workerFile: URL, options: PoolOptions): Pool<T, R> {
  const slots: Slot[] = [];
  const idle: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  let nextTaskId = 0;
  const acquire = (): Promise<Slot> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (slots.length < Math.max(1, options.jobs)) {
      const slot = spawn(workerFile, options);
      slots.push(slot);
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };
  return {
    async run(task) {
      const slot = await acquire();
      try {
        return await runTask<T, R>(slot, workerFile, task, nextTaskId++, options);
      } finally {
        release(slot);
      }
    },
    async close() {
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * A new worker. Its start-up (loading the parser, the interpreter, the checker) is not charged to
 * the first task's budget: the task is sent once the worker says it is ready.
 */
function spawn(workerFile: URL, options: PoolOptions): Slot {
  const isTypeScript = workerFile.pathname.endsWith('.ts');
  const worker = new Worker(isTypeScript ? TS_BOOTSTRAP : workerFile, {
    workerData: isTypeScript ? { stcheckTypeScriptEntry: workerFile.href } : undefined,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  // Per-task listeners come and go; this one keeps a late 'error' from a dying worker harmless.
  worker.on('error', () => {});
  worker.unref();
  const started = new Promise<string | undefined>((settle) => {
    const onReady = (message: unknown) => {
      if (!isReady(message)) return;
      worker.off('message', onReady);
      settle(undefined);
    };
    worker.on('message', onReady);
    worker.once('error', (error) => settle(`worker crashed while starting: ${error.message}`));
    worker.once('exit', (code) => settle(`worker exited with code ${code} while starting`));
  });
  return { worker, started };
}

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && (message as ReadyMessage).ready === true;
}

/** Runs one task on the slot's worker, replacing the worker when the task kills or overruns it. */
async function runTask<T, R>(slot: Slot, workerFile: URL, payload: T, taskId: number, options: PoolOptions): Promise<TaskOutcome<R>> {
  const failedToStart = await slot.started;
  if (failedToStart !== undefined) {
    Object.assign(slot, spawn(workerFile, options));
    return { kind: 'error', message: failedToStart, ms: 0 };
  }
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  return new Promise((resolve) => {
    const worker = slot.worker;
    const finish = (outcome: TaskOutcome<R>, replace: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (replace) {
        void worker.terminate();
        Object.assign(slot, spawn(workerFile, options));
      }
      resolve(outcome);
    };
    const onMessage = (reply: ReplyMessage<R>) => {
      if (reply.taskId !== taskId) return;
      finish(reply.ok
        ? { kind: 'done', value: reply.value, ms: elapsed(), peakMemoryMb: reply.heapMb }
        : { kind: 'error', message: reply.error, ms: elapsed() }, false);
    };
    const onError = (error: Error & { code?: string }) => {
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? { kind: 'out-of-memory', ms: elapsed() }
        : { kind: 'error', message: `worker crashed: ${error.message}`, ms: elapsed() }, true);
    };
    const onExit = (code: number) => finish({ kind: 'error', message: `worker exited with code ${code}`, ms: elapsed() }, true);
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: elapsed() }, true), options.budgetMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ taskId, payload });
  });
}
