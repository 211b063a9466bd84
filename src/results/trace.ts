// A conflict's trace: the events of its path, each with what it caused in order. Types only;
// src/pipeline/trace.ts builds traces, src/report/trace-text.ts prints them.

export type TraceStep =
  | { kind: 'event'; depth: number; source: string; name: string; value: string; manual: boolean }
  | { kind: 'handler'; depth: number; app: string; appName: string; handler: string; cause: string }
  | { kind: 'command'; depth: number; app: string; appName: string; device: string; command: string; args: string[]; line?: number }
  | { kind: 'write'; depth: number; app: string; appName: string; device: string; attribute: string; value: string; changed: boolean; manual: boolean; line?: number }
  | { kind: 'timer'; depth: number; app: string; appName: string; api: string; handler: string; fired: boolean }
  | { kind: 'error'; depth: number; app: string; appName: string; handler: string; message: string };

export interface TracedEvent {
  /** The event fired by the environment, as the event list describes it. */
  event: string;
  steps: TraceStep[];
}

export interface Trace {
  /** The reference's initial configuration the path starts from (init = true or false). */
  init: boolean;
  events: TracedEvent[];
  /** All steps of all events (a measure of the trace's length). */
  steps: TraceStep[];
}
