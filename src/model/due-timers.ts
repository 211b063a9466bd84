// One-off timers that come due later (the full environment; docs/model.md, "Timers that come due
// later"). On SmartThings `runIn(300, lightsOff)` runs `lightsOff` five minutes on, in an execution
// of its own, and anything can happen in between: the other app turns the light back on, a person
// locks the door. The reference runs the method at once, inside the handler that set it (§2.5), so
// nothing ever comes between. Here such a timer is pending in the home's state (HomeWorld's
// `pendingTimers`), and an event of its own, enabled only while it is pending, runs it.
//
// How late it may come is bounded: an app's pending timers come due before the app runs any other
// handler. The other app, the devices and people can act any number of times in between, which is
// what a conflict needs; the app itself does nothing more until its timer has run. The clock stands
// still (the reference's constant `now()`), so an app that collects "the triggers of the last 15
// seconds" and re-sets its timer on each one would otherwise grow its list without end; and the
// other app's events never touch the timer, so the checker keeps them independent of it. The price:
// the app's own next event never cancels its pending timer (a motion that would call off a pending
// "lights off" comes after it), as in the reference.
//
// A periodic timer (`schedule`, `runEvery*`, `runDaily`) is a schedule event of the pair already
// (events.ts), which can come at any time; here it no longer also runs inside the call that sets
// it, which the platform never does (a daily `schedule` runs at its time of day).
//
// For the model checker's independence relation, setting or cancelling a timer writes its event's
// enablement location (check/locations.ts), even when nothing changes, and so does running it; an
// app's handler run reads its timers (`<app>.timer.*`), whose state decides what runs first.
import { enablementLocation } from '../check/check.js';
import { timerLocation } from '../interp/access.js';
import type { TimerRequest } from '../interp/host.js';
import type { AppInstance } from '../interp/instance.js';
import type { AppIR } from '../ir/ir.js';
import type { Dispatcher } from './home-dispatch.js';
import type { HomeWorld, PendingTimer } from './home-world.js';

/** The timer APIs that run their method once, later. Periodic timers are the environment's events already. */
const ONE_OFF_TIMERS: ReadonlySet<string> = new Set(['runIn', 'runOnce']);

/**
 * The methods an app names in one-off timers, once each, in source order: those that can come due
 * later. A timer whose method is computed at run time is not among them, and runs at once.
 */
export function oneOffTimerMethods(ir: AppIR): string[] {
  return [...new Set(ir.schedules.filter((t) => ONE_OFF_TIMERS.has(t.kind)).map((t) => t.handler))];
}

/** An event that runs a pending timer: the app and the method. */
export interface DueTimerEvent {
  readonly id: number;
  readonly app: 'App1' | 'App2';
  readonly handler: string;
}

/** The pending one-off timers of a home, and the events that run them. */
export class DueTimers {
  /** Per app id (App1, App2), the event of its timer of each method; empty: every timer runs at once. */
  private readonly eventOf = new Map<string, Map<string, number>>();

  constructor(
    private readonly world: HomeWorld,
    private readonly dispatcher: Dispatcher,
  ) {
    dispatcher.beforeHandler = (app) => this.dueBefore(app);
  }

  /** Per app id, the methods of its periodic timers that an event of the pair runs (`schedule` events). */
  private readonly periodicEvents = new Map<string, Set<string>>();

  /**
   * From now on the one-off timers of these events wait, pending, until their event runs them, and
   * a periodic timer with a `schedule` event runs only when that event comes, not when it is set.
   */
  delay(events: readonly DueTimerEvent[], periodic: readonly DueTimerEvent[]): void {
    for (const e of events) {
      const methods = this.eventOf.get(e.app) ?? new Map<string, number>();
      this.eventOf.set(e.app, methods.set(e.handler, e.id));
    }
    for (const e of periodic) this.periodicEvents.set(e.app, (this.periodicEvents.get(e.app) ?? new Set()).add(e.handler));
  }

  /**
   * Sets a timer that waits for its event: a one-off timer comes due later, replacing the app's
   * pending timer of the same method; a periodic one runs only as its schedule event, so setting it
   * runs nothing. False (nothing done) for a timer that runs at once: one without an event.
   */
  set(appId: string, timer: TimerRequest): boolean {
    const { dispatcher, world } = this;
    if (ONE_OFF_TIMERS.has(timer.kind)) {
      const event = this.eventOf.get(appId)?.get(timer.handler);
      if (event === undefined) return false;
      const pending = { app: world.instance(appId), handler: timer.handler, api: timer.api, data: timer.data, event };
      // In a canonical order (app, then method), not the order set: equal sets of timers are one state.
      world.pendingTimers = [...this.without(appId, timer.handler), pending]
        .sort((a, b) => (a.app.id === b.app.id ? (a.handler < b.handler ? -1 : 1) : a.app.id < b.app.id ? -1 : 1));
      dispatcher.access('write', enablementLocation(event));
    } else if (!this.periodicEvents.get(appId)?.has(timer.handler)) {
      return false;
    }
    if (dispatcher.detailed) dispatcher.records.push({ kind: 'timer', depth: dispatcher.depth, app: appId, appName: this.world.appName(appId), api: timer.api, handler: timer.handler, fired: false, timing: 'set' });
    return true;
  }

  /** `unschedule(method)`, or `unschedule()` for every timer of the app (`handler` null). */
  cancel(appId: string, handler: string | null): void {
    for (const [method, event] of this.eventOf.get(appId) ?? []) {
      if (handler !== null && method !== handler) continue;
      this.world.pendingTimers = this.without(appId, method);
      this.dispatcher.access('write', enablementLocation(event));
    }
  }

  /** Runs the pending timer of an event, which is no longer pending then (nothing if it is not pending). */
  fire(event: number): void {
    const timer = this.world.pendingTimers.find((t) => t.event === event);
    if (timer) this.run(timer);
  }

  /** Every pending timer comes due, in the canonical order (time passes: home.ts, `passTime`). */
  allDue(): void {
    for (const app of this.world.apps) this.dueBefore(app);
  }

  /** Before `app` runs a handler, its pending timers come due, each once (see the bound above). */
  private dueBefore(app: AppInstance): void {
    if (!this.eventOf.has(app.id)) return;
    this.dispatcher.access('read', timerLocation(app.id, '*'));
    for (const timer of this.world.pendingTimers.filter((t) => t.app === app)) {
      // An earlier one's method may have run or cancelled it meanwhile.
      if (this.world.pendingTimers.includes(timer)) this.run(timer);
    }
  }

  private run(timer: PendingTimer): void {
    this.world.pendingTimers = this.without(timer.app.id, timer.handler);
    this.dispatcher.access('write', enablementLocation(timer.event));
    this.dispatcher.access('write', timerLocation(timer.app.id, timer.handler));
    this.dispatcher.fireTimer(timer.app, timer.handler, timer.api, timer.data === null ? [] : [timer.data], 'due');
  }

  private without(appId: string, handler: string): PendingTimer[] {
    return this.world.pendingTimers.filter((t) => t.app.id !== appId || t.handler !== handler);
  }
}
