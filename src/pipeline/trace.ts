// A conflict's trace for people: replay its path of events from the initial configuration and keep,
// for each event fired, what happened: the handlers it ran in which app, the commands they issued
// with their source lines, the writes, and the events those cascaded into.
import { INITIAL_CONFIGURATIONS, type PairSystem, type PairState } from '../model/pair-system.js';
import { tracedStep, type TraceStep } from '../model/trace-step.js';
import type { Trace, TracedEvent } from '../results/trace.js';

/** How a trace names the installation of both apps, shown when it wrote an attribute. */
export const INSTALLATION = 'installation: installed() of App1, then App2';

/** A path to replay: events fired from an initial configuration, after the installation. */
export interface TracePath {
  configuration: number;
  events: readonly number[];
}

/** A replayed prefix of paths: the state it ends in and what its last event did; one child per next event. */
interface ReplayNode {
  state: PairState;
  traced?: TracedEvent;
  next: Map<number, ReplayNode>;
}

/**
 * Replays each path (the installation is the trace's first step when it wrote an attribute, since
 * such a write can be a conflict's earlier one). The paths a search reports share long prefixes
 * (those of one depth-first search, its stack at each conflict): each shared prefix is replayed
 * once, and the traces share its traced events.
 */
export function buildTraces(system: PairSystem, paths: readonly TracePath[]): Trace[] {
  const roots = new Map<number, ReplayNode>();
  return paths.map(({ configuration, events }) => {
    let node = roots.get(configuration) ?? installed(system, configuration);
    roots.set(configuration, node);
    const tracedEvents = node.traced ? [node.traced] : [];
    for (const event of events) {
      let child = node.next.get(event);
      if (!child) {
        const step = system.run(node.state, event);
        child = { state: step.state, traced: { event: system.describeEvent(event), steps: tracedSteps(step.records) }, next: new Map() };
        node.next.set(event, child);
      }
      tracedEvents.push(child.traced!);
      node = child;
    }
    return { init: INITIAL_CONFIGURATIONS[configuration], events: tracedEvents };
  });
}

function installed(system: PairSystem, configuration: number): ReplayNode {
  const installation = system.installation(configuration);
  const traced = installation.writes.length > 0 ? { event: INSTALLATION, steps: tracedSteps(installation.records) } : undefined;
  return { state: installation.state, traced, next: new Map() };
}

/** A trace's length in steps (before it is bounded): how conflicts are ranked, shortest first. */
export function traceSteps(trace: Trace): number {
  return trace.events.reduce((n, e) => n + e.steps.length, 0);
}

/** The steps of a transition as a trace keeps them. */
function tracedSteps(steps: readonly TraceStep[]): TraceStep[] {
  return steps.flatMap((step) => tracedStep(step) ?? []);
}
