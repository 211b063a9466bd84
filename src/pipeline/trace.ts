// A conflict's trace for people: replay its path of events from the initial configuration and keep,
// for each event fired, what happened: the handlers it ran in which app, the commands they issued
// with their source lines, the writes, and the events those cascaded into.
import type { HomeRecord } from '../model/home.js';
import { INITIAL_CONFIGURATIONS, type PairSystem, type PairState } from '../model/pair-system.js';
import type { Trace, TracedEvent, TraceStep } from '../results/trace.js';

/** How a trace names the installation of both apps, shown when it wrote an attribute. */
export const INSTALLATION = 'installation: installed() of App1, then App2';

/**
 * Replays `events` from initial configuration `configuration`, after the installation (which is
 * the trace's first step when it wrote an attribute, since such a write can be a conflict's earlier one).
 */
export function buildTrace(system: PairSystem, configuration: number, events: readonly number[], names: Record<string, string>): Trace {
  const installation = system.installation(configuration);
  let state: PairState = installation.state;
  const traced: TracedEvent[] = installation.writes.length > 0 ? [{ event: INSTALLATION, steps: installation.records.flatMap((r) => toStep(r, names)) }] : [];
  for (const event of events) {
    const step = system.run(state, event);
    traced.push({ event: system.describeEvent(event), steps: step.records.flatMap((r) => toStep(r, names)) });
    state = step.state;
  }
  return { init: INITIAL_CONFIGURATIONS[configuration], events: traced, steps: traced.flatMap((e) => e.steps) };
}

function toStep(r: HomeRecord, names: Record<string, string>): TraceStep[] {
  const appName = (app: string) => names[app] ?? app;
  switch (r.kind) {
    case 'event':
      return [{ kind: 'event', depth: r.depth, source: r.source, name: r.name, value: r.value, manual: r.manual }];
    case 'handler':
      return [{ kind: 'handler', depth: r.depth, app: r.app, appName: appName(r.app), handler: r.handler, cause: r.event }];
    case 'command':
      return [{ kind: 'command', depth: r.depth, app: r.app, appName: appName(r.app), device: r.device, command: r.command, args: r.args, line: r.at?.line }];
    case 'write':
      return [{ kind: 'write', depth: r.depth, app: r.app, appName: appName(r.app), device: r.device, attribute: r.attribute, value: r.value, changed: r.changed, manual: r.manual, line: r.at?.line }];
    case 'timer':
      return [{ kind: 'timer', depth: r.depth, app: r.app, appName: appName(r.app), api: r.api, handler: r.handler, fired: r.fired }];
    case 'error':
      return [{ kind: 'error', depth: r.depth, app: r.app, appName: appName(r.app), handler: r.handler, message: r.message }];
    case 'message':
      return [];
  }
}
