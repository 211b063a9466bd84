// One thing that happened in a simulated home, in order: an event delivered, a handler run, a
// command, an attribute write, a timer, an app's error, a message. The home records these as it
// runs (src/model/home.ts); a conflict's trace keeps them per event fired (src/pipeline/trace.ts);
// src/report/trace-text.ts describes them.
import type { Access } from '../interp/access.js';
import type { Message } from '../interp/host.js';

export type TraceStep =
  | { kind: 'event'; depth: number; source: string; name: string; value: string; manual: boolean }
  | {
      kind: 'handler'; depth: number; app: string; appName: string; handler: string; cause: string;
      /** What the run accessed, its nested runs included (a live run only: not kept in a trace). */
      accesses?: Access[];
    }
  | { kind: 'command'; depth: number; app: string; appName: string; device: string; command: string; args: string[]; line?: number; column?: number }
  | {
      kind: 'write'; depth: number; app: string; appName: string; device: string; attribute: string; value: string;
      /** False for a command that stored the value already current (nothing is stored, no event is sent). */
      changed: boolean;
      manual: boolean;
      /** Set off by a person's direct action (Dispatcher.byPerson); absent in traces stored before it. */
      byPerson?: boolean;
      line?: number;
      column?: number;
    }
  | {
      kind: 'timer'; depth: number; app: string; appName: string; api: string; handler: string; fired: boolean;
      /** A one-off timer that comes due later (model/due-timers.ts): `set` pending now, or `due` and run by its event. */
      timing?: 'set' | 'due';
    }
  | {
      kind: 'error'; depth: number; app: string; appName: string; handler: string; message: string;
      /** The Java class of an exception the app raised (absent for an event cascade cut by the budget). */
      exception?: string;
      /** Where in the app's file it was raised. */
      line?: number;
    }
  /** A push or SMS message (a live run only: not kept in a trace). */
  | { kind: 'message'; depth: number; app: string; appName: string; message: Message };

/**
 * A step as a stored trace keeps it (the shape stores have always held): without a live run's
 * detail, a handler's accesses and a source position's column, and without messages.
 */
export function tracedStep(step: TraceStep): TraceStep | undefined {
  switch (step.kind) {
    case 'message':
      return undefined;
    case 'handler': {
      const { accesses: _accesses, ...kept } = step;
      return kept;
    }
    case 'command':
    case 'write': {
      const { column: _column, ...kept } = step;
      return kept;
    }
    default:
      return step;
  }
}
