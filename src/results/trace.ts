// A conflict's trace: the events of its path, each with what it caused in order (the steps the
// home recorded, src/model/trace-step.ts), in bounded and folded form: repeated runs of events or
// of steps are kept once with their count, and what is over the bounds is counted, not kept
// (src/pipeline/bound-trace.ts). Types only; src/pipeline/trace.ts builds traces,
// src/report/trace-text.ts prints them.
import type { TraceStep } from '../model/trace-step.js';

/** A run of `length` items, ending at the item it is attached to, that happened `times` more times right after. */
export interface Repeat {
  length: number;
  times: number;
  /** The repetitions are the same steps with other arguments of their commands. */
  varies?: boolean;
}

export interface TracedEvent {
  /** The event fired by the environment, as the event list describes it. */
  event: string;
  steps: TraceStep[];
  /** Folded runs of steps: `at` is the index (in `steps`) of the run's last kept step. */
  stepRepeats?: Array<Repeat & { at: number }>;
  /** Steps left out at the end of this event (beyond the bound on one event's steps). */
  stepsLeftOut?: number;
  /** This event ends a run of `length` events that was fired `times` more times right after. */
  repeated?: Repeat;
}

export interface Trace {
  /** The reference's initial configuration the path starts from (init = true or false). */
  init: boolean;
  events: TracedEvent[];
  /** Events left out (beyond the bound on a trace's events): `count` of them after kept event `after`. */
  eventsLeftOut?: { after: number; count: number };
}
