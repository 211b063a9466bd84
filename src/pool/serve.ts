// The worker side of the pool: answer each task message with the handler's result. A thrown error
// is an `error` reply; the worker keeps serving. Memory is reported from this process's own heap.
import { heapMb } from '../util/heap.js';
import type { ReadyMessage, ReplyMessage, TaskMessage } from './protocol.js';

export function serveTasks<T, R>(handler: (payload: T) => R | Promise<R>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveTasks must run in a worker process started by runPool');
  process.on('message', async ({ taskId, payload }: TaskMessage<T>) => {
    let reply: ReplyMessage<R>;
    try {
      const value = await handler(payload);
      reply = { taskId, ok: true, value, heapMb: heapMb() };
    } catch (error) {
      reply = { taskId, ok: false, error: error instanceof Error ? error.message : String(error), heapMb: heapMb() };
    }
    send(reply);
  });
  // The pool going away (killed, or done) ends the worker too.
  process.on('disconnect', () => process.exit(0));
  const ready: ReadyMessage = { ready: true };
  send(ready);
}
