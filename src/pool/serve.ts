// The worker side of the pool: answer each task message with the handler's result. A thrown error
// is an `error` reply; the worker keeps serving. Memory is reported from this worker's own heap.
import { parentPort } from 'node:worker_threads';
import { heapMb } from '../util/heap.js';
import type { ReadyMessage, ReplyMessage, TaskMessage } from './protocol.js';

export function serveTasks<T, R>(handler: (payload: T) => R | Promise<R>): void {
  if (!parentPort) throw new Error('serveTasks must run inside a worker thread');
  const port = parentPort;
  port.on('message', async ({ taskId, payload }: TaskMessage<T>) => {
    let reply: ReplyMessage<R>;
    try {
      const value = await handler(payload);
      reply = { taskId, ok: true, value, heapMb: heapMb() };
    } catch (error) {
      reply = { taskId, ok: false, error: error instanceof Error ? error.message : String(error), heapMb: heapMb() };
    }
    port.postMessage(reply);
  });
  const ready: ReadyMessage = { ready: true };
  port.postMessage(ready);
}

