// The event list of an app pair, built the way the reference's DPOR variant builds it
// (reference §2.2, §2.6, §5.7): one entry per subscribed event type (value suffixes kept),
// deduplicated across the pair, expanded into one event per value, App1 and App2 interleaved.
import type { AppIR, SourceLocation, SubscriptionIR } from '../lower/ir.js';
import { expandEventType } from './environment-events.js';

export type AppSlot = 'App1' | 'App2';

/** One event the environment can fire in the pair's home. */
export interface PairEvent {
  id: number;
  /** The subscribed type it came from: `switch`, `contact.open`, `mode`, `app`, `schedule`. */
  type: string;
  kind: 'device' | 'location' | 'app' | 'schedule';
  /** The app whose subscription (or schedule) introduced the type. */
  app: AppSlot;
  /** Event name and value delivered to handlers (absent for a schedule, which calls `handler`). */
  name: string;
  value: string;
  /** For device events: the capability of the device that fires it (one device per capability). */
  capability?: string;
  /** For schedule events: the method the timer runs. */
  handler?: string;
}

/** A subscribed type the environment has no model for; the pair cannot be checked faithfully. */
export interface UnmodelledEvent {
  app: AppSlot;
  type: string;
  subscription: SubscriptionIR;
}

export interface PairEventList {
  events: PairEvent[];
  unmodelled: UnmodelledEvent[];
}

/** A location event type is added once per pair, whichever app subscribes (reference §2.2). */
const ONCE_PER_PAIR = new Set(['app', 'location', 'position', 'mode', 'mode.away', 'mode.home', 'mode.night',
  'sunset', 'sunrise', 'sunsetTime', 'sunriseTime']);

/** The reference's token scan skips this subscription as bogus. */
const IGNORED_TYPES = new Set(['unlock']);

interface TypeEntry {
  type: string;
  app: AppSlot;
  kind: PairEvent['kind'];
  capability?: string;
  handler?: string;
  subscription?: SubscriptionIR;
}

export function buildPairEvents(app1: AppIR, app2: AppIR): PairEventList {
  const entries = collectTypeEntries([['App1', app1], ['App2', app2]]);
  const ordered = interleave(entries.filter((e) => e.app === 'App1'), entries.filter((e) => e.app === 'App2'));
  const events: PairEvent[] = [];
  const unmodelled: UnmodelledEvent[] = [];
  for (const entry of ordered) {
    if (entry.kind === 'schedule') {
      events.push({ id: events.length, type: 'schedule', kind: 'schedule', app: entry.app, name: 'schedule', value: entry.handler ?? '', handler: entry.handler });
      continue;
    }
    const spec = expandEventType(entry.type, entry.capability);
    if (!spec) {
      unmodelled.push({ app: entry.app, type: entry.type, subscription: entry.subscription! });
      continue;
    }
    for (const value of spec.values) {
      events.push({ id: events.length, type: entry.type, kind: entry.kind, app: entry.app, name: spec.name, value, capability: entry.capability });
    }
  }
  return { events, unmodelled };
}

/** The event type token of a subscription, as the reference's scan reads it. */
export function subscriptionType(sub: SubscriptionIR): string {
  if (sub.source.kind === 'app') return 'app';
  return sub.value === undefined ? sub.attribute : `${sub.attribute}.${sub.value}`;
}

/**
 * The deduplicated type entries of both apps in scan order (App1's file, then App2's). A device
 * type is added again when it is new or when the subscribing input's capability has not been seen
 * in the pair yet, so `switch` on a switch and on a dimmer are two entries.
 */
function collectTypeEntries(apps: Array<[AppSlot, AppIR]>): TypeEntry[] {
  const entries: TypeEntry[] = [];
  const seenTypes = new Set<string>();
  const seenCapabilities = new Set<string>();
  for (const [slot, app] of apps) {
    const capabilityOf = new Map(app.inputs.map((input) => [input.name, input.capability ?? input.type]));
    for (const item of scanOrder(app)) {
      if (item.kind === 'schedule') {
        entries.push({ type: 'schedule', app: slot, kind: 'schedule', handler: item.handler });
        continue;
      }
      const sub = item.subscription;
      const type = subscriptionType(sub);
      if (IGNORED_TYPES.has(type)) continue;
      if (sub.source.kind !== 'input' || ONCE_PER_PAIR.has(type)) {
        if (seenTypes.has(type)) continue;
        seenTypes.add(type);
        entries.push({ type, app: slot, kind: sub.source.kind === 'app' ? 'app' : 'location', subscription: sub });
        continue;
      }
      const capability = capabilityOf.get(sub.source.input);
      if (seenTypes.has(type) && (capability === undefined || seenCapabilities.has(capability))) continue;
      seenTypes.add(type);
      if (capability !== undefined) seenCapabilities.add(capability);
      entries.push({ type, app: slot, kind: 'device', capability, subscription: sub });
    }
  }
  return entries;
}

type ScanItem =
  | { kind: 'subscription'; subscription: SubscriptionIR; at: SourceLocation }
  | { kind: 'schedule'; handler: string; at: SourceLocation };

/**
 * Subscriptions and first-statement schedules of installed()/initialize(), in source order: the
 * order in which the reference's single pass over the file meets them.
 */
function scanOrder(app: AppIR): ScanItem[] {
  const items: ScanItem[] = app.subscriptions.map((subscription) => ({ kind: 'subscription', subscription, at: subscription.location }));
  for (const s of app.schedules) {
    if (s.kind === 'schedule' && s.firstStatement && (s.inMethod === 'installed' || s.inMethod === 'initialize')) {
      items.push({ kind: 'schedule', handler: s.handler, at: s.location });
    }
  }
  return items.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
}

/** App1[0], App2[0], App1[1], App2[1], ..., then the rest of the longer list (reference §2.6). */
function interleave<T>(first: T[], second: T[]): T[] {
  const result: T[] = [];
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    if (i < first.length) result.push(first[i]);
    if (i < second.length) result.push(second[i]);
  }
  return result;
}
