// A pool of worker processes that runs tasks under a wall-clock and a heap budget each. Workers are
// child processes, not threads: whatever kills one (a V8 fatal error such as "invalid size", a heap
// that reaches its limit and aborts, a native crash) kills only that process, never the pool's.
// A worker that overruns its time is killed; one that dies is replaced; each task gets exactly one
// outcome, and a task whose worker died says so (`died`), so that a resumed batch can retry it.
import { fork, type ChildProcess } from 'node:child_process';
import type { ReadyMessage, ReplyMessage, TaskOutcome } from './protocol.js';

export interface PoolOptions {
  /** Worker processes running at once. */
  jobs: number;
  /** Wall-clock budget per task. */
  budgetMs: number;
  /** Heap budget per task (the worker process's old generation, `--max-old-space-size`). */
  memoryMb: number;
}

/** The signal a worker dies of when V8 reaches its heap limit ("Reached heap limit ... out of memory" then abort()). */
const HEAP_LIMIT_SIGNAL = 'SIGABRT';
/** How much of a dying worker's stderr is kept to name what killed it. */
const STDERR_TAIL_CHARS = 2000;

interface Slot {
  worker: ChildProcess;
  /** The end of what the worker wrote to stderr (a fatal error's message). */
  stderr: { tail: string };
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
      for (const slot of slots) stop(slot.worker);
    },
  };
}

/**
 * A new worker process. Its start-up (loading the parser, the interpreter, the checker) is not
 * charged to the first task's budget: the task is sent once the worker says it is ready.
 */
function spawn(workerFile: URL, options: PoolOptions): Slot {
  // Workers written in TypeScript (when running from source, as the tests do) load through tsx.
  const typeScript = workerFile.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const worker = fork(workerFile, [], {
    execArgv: [...typeScript, `--max-old-space-size=${options.memoryMb}`],
    // Structured clone, not JSON: results keep `undefined` fields out exactly as a thread's did.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const stderr = { tail: '' };
  worker.stderr?.setEncoding('utf8');
  worker.stderr?.on('data', (text: string) => { stderr.tail = (stderr.tail + text).slice(-STDERR_TAIL_CHARS); });
  // Per-task listeners come and go; this one keeps a late 'error' (a send to a dead worker) harmless.
  worker.on('error', () => {});
  const started = new Promise<string | undefined>((settle) => {
    const onReady = (message: unknown) => {
      if (!isReady(message)) return;
      worker.off('message', onReady);
      settle(undefined);
    };
    worker.on('message', onReady);
    worker.once('exit', (code, signal) => settle(`worker ${deathOf(code, signal, stderr.tail)} while starting`));
  });
  return { worker, stderr, started };
}

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && (message as ReadyMessage).ready === true;
}

function stop(worker: ChildProcess): void {
  if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
}

/** How a worker ended, for people: its exit code or signal and the last line it wrote to stderr. */
function deathOf(code: number | null, signal: NodeJS.Signals | null, stderrTail: string): string {
  const how = signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
  const lastLine = stderrTail.split('\n').map((l) => l.trim()).filter((l) => l.length > 0 && !/^\d+: 0x/.test(l)).pop();
  return lastLine === undefined ? how : `${how} (${lastLine})`;
}

/** Runs one task on the slot's worker, replacing the worker when the task kills or overruns it. */
async function runTask<T, R>(slot: Slot, workerFile: URL, payload: T, taskId: number, options: PoolOptions): Promise<TaskOutcome<R>> {
  const failedToStart = await slot.started;
  if (failedToStart !== undefined) {
    Object.assign(slot, spawn(workerFile, options));
    return { kind: 'error', message: failedToStart, ms: 0, died: true };
  }
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  return new Promise((resolve) => {
    const { worker, stderr } = slot;
    const finish = (outcome: TaskOutcome<R>, replace: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (replace) {
        stop(worker);
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
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      finish(signal === HEAP_LIMIT_SIGNAL
        ? { kind: 'out-of-memory', ms: elapsed() }
        : { kind: 'error', message: `worker ${deathOf(code, signal, stderr.tail)}`, ms: elapsed(), died: true }, true);
    };
    // The timer fires on the event loop's clock, which may read a millisecond behind Date.now's
    // rounding: a task stopped at its budget ran for the whole budget.
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: Math.max(elapsed(), options.budgetMs) }, true), options.budgetMs);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.send({ taskId, payload });
  });
}
