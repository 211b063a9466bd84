// The order in which `--first-conflict` offers a pair's events to the search (issue 17): a conflict
// needs both apps to write a tracked attribute, so the events whose handlers can write one come
// first, the two apps' writers alternating (App1's first writer, App2's first, App1's second, ...),
// then the other events in the list's order. The checker tries enabled events in id order, so a
// search reaches orders of the two apps' writers before the events that cannot make a conflict.
// Any order gives the same verdict for a complete search (the search is exhaustive, or DPOR's
// reduction is sound for any order); only which conflict a stopped search finds first changes.
import { methodWrites } from '../analysis/method-writes.js';
import { deviceInputs } from '../analysis/commands.js';
import type { AppIR } from '../ir/ir.js';
import type { PairEvent } from './events.js';

/** The events reordered as above, renumbered in their new order. */
export function writersFirst(apps: readonly [AppIR, AppIR], events: readonly PairEvent[], tracked: readonly string[]): PairEvent[] {
  const trackedSet = new Set(tracked);
  const writes = apps.map((app) => methodWrites(app));
  /** The app (0 or 1) whose handlers of `e` can write a tracked attribute, or -1. */
  const writer = (e: PairEvent): number => {
    for (const [i, app] of apps.entries()) {
      for (const handler of handlersOf(app, i === 0 ? 'App1' : 'App2', e)) if ([...(writes[i].get(handler) ?? [])].some((a) => trackedSet.has(a))) return i;
    }
    return -1;
  };
  const byApp: PairEvent[][] = [[], []];
  const others: PairEvent[] = [];
  for (const e of events) {
    const w = writer(e);
    (w < 0 ? others : byApp[w]).push(e);
  }
  const ordered: PairEvent[] = [];
  for (let i = 0; i < Math.max(byApp[0].length, byApp[1].length); i++) ordered.push(...byApp.flatMap((list) => (i < list.length ? [list[i]] : [])));
  return [...ordered, ...others].map((e, id) => ({ ...e, id }));
}

/** The methods of `app` that event `e` runs directly: its subscriptions' handlers, the timer's or the endpoint's method. */
function handlersOf(app: AppIR, slot: PairEvent['app'], e: PairEvent): string[] {
  // Time passing runs only the timers already pending, which a writer's event set.
  if (e.kind === 'time') return [];
  if (e.kind === 'schedule' || e.kind === 'timer' || e.kind === 'endpoint') return e.app === slot && e.handler !== undefined ? [e.handler] : [];
  const inputs = deviceInputs(app);
  return app.subscriptions
    .filter((s) => {
      if (e.kind === 'app') return s.source.kind === 'app';
      if (e.kind === 'location') return s.source.kind === 'location';
      return s.source.kind === 'input' && inputs.get(s.source.input) === e.capability && s.attribute === e.name && (s.value === undefined || s.value === e.value);
    })
    .map((s) => s.handler);
}
