// Messages between the pool and its workers.

/** A worker's first message: its module is loaded and it takes tasks. */
export interface ReadyMessage {
  ready: true;
}

export interface TaskMessage<T> {
  taskId: number;
  payload: T;
}

export type ReplyMessage<R> =
  | { taskId: number; ok: true; value: R; heapMb: number }
  | { taskId: number; ok: false; error: string; heapMb: number };

/** How one task ended. */
export type TaskOutcome<R> =
  | { kind: 'done'; value: R; ms: number; peakMemoryMb: number }
  | { kind: 'timeout'; ms: number }
  | { kind: 'out-of-memory'; ms: number }
  /** `died`: the worker process died during the task (a crash, not an error the task reported). */
  | { kind: 'error'; message: string; ms: number; died?: boolean };
