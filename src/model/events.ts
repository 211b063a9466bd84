// The event list of an app pair. Its backbone is the reference's own (the DPOR variant's token scan,
// reference §2.2, §2.6, §5.7): one entry per scanned event type, deduplicated across the pair,
// expanded into one event per value, App1 and App2 interleaved. That keeps our event alphabet, and
// so our state and transition counts, comparable with the paper's. Subscriptions that the lowering
// finds but the token scan misses (a subscription the scan cannot read) are appended, so no
// subscribed event goes unfired: a deliberate deviation, listed per pair as `extra`.
import type { AppIR, SubscriptionIR } from '../ir/ir.js';
import { expandEventType } from './environment-events.js';
import { scanPairTypes, type ScannedType } from './reference-scan.js';

export type AppSlot = 'App1' | 'App2';

/** One app of a pair: its IR and the source text it was lowered from. */
export interface PairApp {
  ir: AppIR;
  source: string;
}

/** One event the environment can fire in the pair's home. */
export interface PairEvent {
  id: number;
  /** The subscribed type it came from: `switch`, `contact.open`, `mode`, `app`, `schedule`. */
  type: string;
  kind: 'device' | 'location' | 'app' | 'schedule';
  /** The app whose subscription (or schedule) introduced the type. */
  app: AppSlot;
  /** Event name and value delivered to handlers (for a schedule: `schedule` and the method). */
  name: string;
  value: string;
  /** For device events: the capability of the device that fires it (one device per capability). */
  capability?: string;
  /** For schedule events: the method the timer runs. */
  handler?: string;
  /** Not in the reference's list: found by our lowering only. */
  extra: boolean;
}

/** An event type the environment has no model for. */
export interface UnmodelledEvent {
  app: AppSlot;
  type: string;
}

export interface PairEventList {
  events: PairEvent[];
  unmodelled: UnmodelledEvent[];
}

/**
 * The number of choices the reference's event loop offers for `eventCount` events, which is what
 * the paper's "Evt." column reports: its generator writes `getIntFromList(0,1)` for one event and
 * `(0,-1)` for none, so both count as 2 there (reference §2.6).
 */
export function referenceChoiceCount(eventCount: number): number {
  return Math.max(eventCount, 2);
}

interface TypeEntry {
  type: string;
  app: AppSlot;
  capability?: string;
  handler?: string;
  extra: boolean;
}

export function buildPairEvents(app1: PairApp, app2: PairApp): PairEventList {
  const scanned = scanPairTypes(app1.source, app2.source).map((t) => fromScan(t, app1.ir, app2.ir));
  const entries = [...scanned, ...missedSubscriptions(scanned, [['App1', app1.ir], ['App2', app2.ir]])];
  const ordered = interleave(entries.filter((e) => e.app === 'App1'), entries.filter((e) => e.app === 'App2'));
  const events: PairEvent[] = [];
  const unmodelled: UnmodelledEvent[] = [];
  for (const entry of ordered) {
    if (entry.type === 'schedule') {
      events.push({ id: events.length, type: 'schedule', kind: 'schedule', app: entry.app, name: 'schedule', value: entry.handler ?? '', handler: entry.handler, extra: entry.extra });
      continue;
    }
    const spec = expandEventType(entry.type, entry.capability);
    if (!spec) {
      unmodelled.push({ app: entry.app, type: entry.type });
      continue;
    }
    const kind = eventKind(entry.type);
    for (const value of spec.values) {
      // An extra entry only adds what the reference's list cannot fire yet.
      if (entry.extra && events.some((e) => e.name === spec.name && e.value === value && e.capability === entry.capability)) continue;
      events.push({ id: events.length, type: entry.type, kind, app: entry.app, name: spec.name, value, capability: kind === 'device' ? entry.capability : undefined, extra: entry.extra });
    }
  }
  return { events, unmodelled };
}

/** The event type of a subscription, spelled as the reference's scan reads it. */
export function subscriptionType(sub: SubscriptionIR): string {
  if (sub.source.kind === 'app') return 'app';
  return sub.value == null ? sub.attribute : `${sub.attribute}.${sub.value}`;
}

const LOCATION_EVENT_TYPES = /^(location|position|mode|sunset|sunrise|sunsetTime|sunriseTime)(\.|$)/;

function eventKind(type: string): PairEvent['kind'] {
  if (type === 'app') return 'app';
  return LOCATION_EVENT_TYPES.test(type) ? 'location' : 'device';
}

/** A scanned type with the capability of its device: the scan's input type, else the IR's. */
function fromScan(t: ScannedType, app1: AppIR, app2: AppIR): TypeEntry {
  const ir = t.app === 'App1' ? app1 : app2;
  const capability = capabilityOfInputType(t.inputType) ?? ir.inputs.find((i) => i.name === t.variable)?.capability;
  return { type: t.type, app: t.app, capability, handler: t.handler, extra: false };
}

function capabilityOfInputType(inputType: string | undefined): string | undefined {
  const m = inputType === undefined ? null : /^(?:capability|device)\.(\w+)$/.exec(inputType);
  return m ? m[1] : undefined;
}

/** IR subscriptions whose (type, capability) the scan did not produce, once each, in source order. */
function missedSubscriptions(scanned: readonly TypeEntry[], apps: Array<[AppSlot, AppIR]>): TypeEntry[] {
  const have = new Set(scanned.map((e) => `${e.type}\u0000${eventKind(e.type) === 'device' ? e.capability : ''}`));
  const extra: TypeEntry[] = [];
  for (const [app, ir] of apps) {
    for (const sub of ir.subscriptions) {
      // The scan reads "presence.not present" as presence.not: compare in its spelling.
      const type = subscriptionType(sub).split(' ')[0];
      const capability = sub.source.kind === 'input' ? ir.inputs.find((i) => i.name === (sub.source as { input: string }).input)?.capability : undefined;
      const key = `${type}\u0000${eventKind(type) === 'device' ? capability : ''}`;
      if (have.has(key) || type === 'unlock') continue;
      have.add(key);
      extra.push({ type, app, capability, extra: true });
    }
  }
  return extra;
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
