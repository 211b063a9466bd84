// A conflict's trace for people: replay its path of events from the initial configuration and keep,
// for each event fired, what happened: the handlers it ran in which app, the commands they issued
// with their source lines, the writes, and the events those cascaded into.
import { INITIAL_CONFIGURATIONS, type PairSystem, type PairState } from '../model/pair-system.js';
import { tracedStep, type TraceStep } from '../model/trace-step.js';
import type { Trace, TracedEvent } from '../results/trace.js';

/** How a trace names the installation of both apps, shown when it wrote an attribute. */
export const INSTALLATION = 'installation: installed() of App1, then App2';

/**
 * Replays `events` from initial configuration `configuration`, after the installation (which is
 * the trace's first step when it wrote an attribute, since such a write can be a conflict's earlier one).
 */
export function buildTrace(system: PairSystem, configuration: number, events: readonly number[]): Trace {
  const installation = system.installation(configuration);
  let state: PairState = installation.state;
  const tracedEvents: TracedEvent[] = installation.writes.length > 0 ? [{ event: INSTALLATION, steps: traced(installation.records) }] : [];
  for (const event of events) {
    const step = system.run(state, event);
    tracedEvents.push({ event: system.describeEvent(event), steps: traced(step.records) });
    state = step.state;
  }
  return { init: INITIAL_CONFIGURATIONS[configuration], events: tracedEvents, steps: tracedEvents.flatMap((e) => e.steps) };
}

/** The steps of a transition as a trace keeps them. */
function traced(steps: readonly TraceStep[]): TraceStep[] {
  return steps.flatMap((step) => tracedStep(step) ?? []);
}
