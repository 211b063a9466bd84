// Traces in a size proportional to what a person can read. A search stopped by its budget can
// report paths of hundreds of events, and an endless cascade hundreds of steps per event, most of
// them the same few over and over: a run of events (or of steps within an event) repeated right
// after itself is kept once with its count, and what is still over the bounds is counted, not
// kept. The last event, where the conflict happens, is never folded into the ones before it, and
// its steps are kept at least through the conflicting write.
import type { TraceStep } from '../model/trace-step.js';
import type { Repeat, Trace, TracedEvent } from '../results/trace.js';

/** The longest run, of events or of steps, that folding looks for. */
const MAX_PERIOD = 32;
/** Steps one event keeps after folding (the last event keeps at least those through its conflicting write). */
export const MAX_EVENT_STEPS = 200;
/** Events a trace keeps after folding: the first and the last half of these. */
export const MAX_TRACE_EVENTS = 40;
/** Steps a whole trace keeps: over it, each event keeps its share (at least MIN_EVENT_STEPS). */
export const MAX_TRACE_STEPS = 1000;
const MIN_EVENT_STEPS = 20;

type Folded = { kept: number[]; repeats: Array<Repeat & { at: number }> };

/** Events already bounded, by the traced event they bound (traces of one search share their prefixes' events). */
export type BoundCache = WeakMap<TracedEvent, TracedEvent>;

/**
 * The trace with repeated runs folded and the bounds applied; `isConflictingWrite` finds the step
 * of the last event that the trace leads to.
 */
export function boundedTrace(trace: Trace, isConflictingWrite: (step: TraceStep) => boolean, cache: BoundCache = new WeakMap()): Trace {
  const last = trace.events.length - 1;
  const bound = (i: number, cap: number) => boundedSteps(trace.events[i], cap, i === last ? isConflictingWrite : undefined);
  const cached = (i: number) => cache.get(trace.events[i]) ?? cache.set(trace.events[i], bound(i, MAX_EVENT_STEPS)).get(trace.events[i])!;
  const events = trace.events.map((_, i) => (i === last ? bound(i, MAX_EVENT_STEPS) : cached(i)));
  // The last event is never folded into the ones before it: the trace leads to it.
  const before = fold(events.slice(0, last).map(eventKey));
  const repeated = new Map(before.repeats.map((r) => [before.kept[r.at], { length: r.length, times: r.times }]));
  const { kept, eventsLeftOut } = leaveOutMiddle(last >= 0 ? [...before.kept, last] : [], repeated);
  const steps = kept.reduce((n, i) => n + events[i].steps.length, 0);
  const cap = steps > MAX_TRACE_STEPS ? Math.max(MIN_EVENT_STEPS, Math.floor(MAX_TRACE_STEPS / kept.length)) : MAX_EVENT_STEPS;
  const bounded = kept.map((i) => {
    const event = cap === MAX_EVENT_STEPS ? events[i] : bound(i, cap);
    const run = repeated.get(i);
    return run ? { ...event, repeated: run } : event;
  });
  return { ...trace, events: bounded, ...(eventsLeftOut && { eventsLeftOut }) };
}

/** An event's steps folded and bounded to `cap` (the last event: at least through its conflicting write). */
function boundedSteps(event: TracedEvent, cap: number, isConflictingWrite?: (step: TraceStep) => boolean): TracedEvent {
  const { kept, repeats } = fold(event.steps.map(stepKey), (i) => JSON.stringify(event.steps[i]));
  const conflictAt = isConflictingWrite === undefined ? -1 : kept.findIndex((i) => isConflictingWrite(event.steps[i]));
  const keep = Math.min(kept.length, Math.max(cap, conflictAt + 1));
  const stepRepeats = repeats.filter((r) => r.at < keep);
  const represented = keep + stepRepeats.reduce((n, r) => n + r.length * r.times, 0);
  return {
    event: event.event,
    steps: kept.slice(0, keep).map((i) => event.steps[i]),
    ...(stepRepeats.length > 0 && { stepRepeats }),
    ...(represented < event.steps.length && { stepsLeftOut: event.steps.length - represented }),
  };
}

/**
 * Over MAX_TRACE_EVENTS events (given by their indices in the trace, `repeated` the runs that end
 * at them): the first and last halves stay, the middle ones are counted.
 */
function leaveOutMiddle(events: number[], repeated: ReadonlyMap<number, Repeat>): { kept: number[]; eventsLeftOut?: Trace['eventsLeftOut'] } {
  if (events.length <= MAX_TRACE_EVENTS) return { kept: events };
  const half = MAX_TRACE_EVENTS / 2;
  const middle = events.slice(half, events.length - half);
  const count = middle.reduce((n, i) => n + 1 + (repeated.has(i) ? repeated.get(i)!.length * repeated.get(i)!.times : 0), 0);
  return { kept: [...events.slice(0, half), ...events.slice(events.length - half)], eventsLeftOut: { after: half - 1, count } };
}

/**
 * Greedy folding of a sequence: at each position, the block (of up to MAX_PERIOD items) whose
 * repetitions right after it cover the most items is kept once, with its count; `at` is the
 * position, among the kept items, of the block's last one. Items are the same when their `keys`
 * are; a run whose `exact` keys differ (a command's arguments counting up) is marked `varies`.
 */
export function fold(keys: readonly string[], exact: (index: number) => string = (i) => keys[i]): Folded {
  const folded: Folded = { kept: [], repeats: [] };
  let i = 0;
  while (i < keys.length) {
    const run = runAt(keys, i);
    for (let j = 0; j < run.length; j++) folded.kept.push(i + j);
    if (run.times > 0) {
      const varies = !allBlocksSame(exact, i, run);
      folded.repeats.push({ at: folded.kept.length - 1, ...run, ...(varies && { varies }) });
    }
    i += run.length * (run.times + 1);
  }
  return folded;
}

function allBlocksSame(key: (index: number) => string, start: number, run: Repeat): boolean {
  for (let t = 1; t <= run.times; t++) {
    for (let i = 0; i < run.length; i++) if (key(start + i) !== key(start + t * run.length + i)) return false;
  }
  return true;
}

function runAt(keys: readonly string[], start: number): Repeat {
  let best: Repeat = { length: 1, times: 0 };
  for (let length = 1; length <= MAX_PERIOD && start + 2 * length <= keys.length; length++) {
    let times = 0;
    while (start + (times + 2) * length <= keys.length && sameBlock(keys, start, start + (times + 1) * length, length)) times++;
    if (times * length > best.times * best.length) best = { length, times };
  }
  return best;
}

function sameBlock(keys: readonly string[], a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (keys[a + i] !== keys[b + i]) return false;
  return true;
}

/**
 * Steps are the same when they differ at most in depth (a cascade nests each round one level
 * deeper) and in a command's arguments (a loop that flashes a light with a growing delay).
 */
function stepKey(step: TraceStep): string {
  const { depth: _depth, ...rest } = step;
  return JSON.stringify(rest.kind === 'command' ? { ...rest, args: undefined } : rest);
}

function eventKey(event: TracedEvent): string {
  return JSON.stringify([event.event, event.steps.map(stepKey), event.stepRepeats ?? [], event.stepsLeftOut ?? 0]);
}
