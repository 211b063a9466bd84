// A conflict's trace: the events of its path, each with what it caused in order (the steps the
// home recorded, src/model/trace-step.ts). Types only; src/pipeline/trace.ts builds traces,
// src/report/trace-text.ts prints them.
import type { TraceStep } from '../model/trace-step.js';

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
