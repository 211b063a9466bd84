// The parts a state of the simulated home is made of, as the model checker keeps it: each device's
// values, the location, the subscriptions, the pending timers and each app's state, in the order
// of a PartLayout. A state's key is its parts' numbers (home-state.ts); which parts a transition
// touched decides whether it can be recalled from another state (transition-memo.ts).
import { CLOCK } from '../interp/access.js';
import type { AppSnapshot } from '../interp/app-state.js';
import type { RuntimeSubscription } from '../interp/host.js';
import type { Value } from '../interp/values.js';

/** Everything that can influence the home's future (app states included). */
export interface HomeSnapshot {
  readonly devices: ReadonlyMap<string, ReadonlyMap<string, Value>>;
  readonly mode: string;
  readonly alarmSystemStatus: string;
  /** The time (HomeWorld's `clock`). */
  readonly clock: number;
  readonly subscriptions: ReadonlyArray<{ app: number; subscription: RuntimeSubscription }>;
  /** The one-off timers pending, by app index (due-timers.ts); shared between snapshots where equal. */
  readonly timers: ReadonlyArray<TimerSnapshot>;
  readonly apps: readonly AppSnapshot[];
}

export interface TimerSnapshot {
  readonly app: number;
  readonly handler: string;
  readonly api: string;
  readonly data: Value;
  readonly event: number;
}

/** A state as the model checker keeps it: the snapshot, its key, and the part numbers the key is made of. */
export interface CapturedState {
  readonly snapshot: HomeSnapshot;
  readonly key: string;
  /**
   * Each part's number in the layout's order: the number of its canonical text, which `key` joins;
   * for an app part that may hold parts the key leaves out but the app reads, the number of the
   * text of every part it may read (home-state.ts, `appPart`), which the transition memo tells apart.
   */
  readonly parts: readonly number[];
  readonly layout: PartLayout;
}

/** A part a transition changed: its position in the layout, its new number and the new part. */
export interface PartChange {
  readonly position: number;
  readonly number: number;
  readonly part: unknown;
}

/** The location's part: its mode, the Smart Home Monitor's status and the clock. */
export type LocationPart = Pick<HomeSnapshot, 'mode' | 'alarmSystemStatus' | 'clock'>;

/**
 * The order of a state's parts in its key: each device (by id), the location (mode, Smart Home
 * Monitor, clock), the subscriptions, the pending timers, then each app. Shared by every state with
 * the same devices.
 */
export class PartLayout {
  readonly location: number;
  readonly subscriptions: number;
  readonly timers: number;
  readonly firstApp: number;
  private readonly deviceIndex: ReadonlyMap<string, number>;
  private readonly appIndex: ReadonlyMap<string, number>;
  /** The part of each location seen so far (see `positionOf`). */
  private readonly positions = new Map<string, number | undefined>();

  constructor(
    readonly devices: readonly string[],
    appIds: readonly string[],
  ) {
    this.location = devices.length;
    this.subscriptions = this.location + 1;
    this.timers = this.location + 2;
    this.firstApp = this.location + 3;
    this.deviceIndex = new Map(devices.map((id, i) => [id, i]));
    this.appIndex = new Map(appIds.map((id, i) => [id, this.firstApp + i]));
  }

  appPosition(appId: string): number | undefined {
    return this.appIndex.get(appId);
  }

  devicePosition(deviceId: string): number | undefined {
    return this.deviceIndex.get(deviceId);
  }

  /**
   * The part of the state an access location (interp/access.ts) is in: a device attribute is its
   * device's, the location's attributes and the clock the location's, a timer or an event's
   * enablement (check/locations.ts) the pending timers', a subscription's flag the subscriptions',
   * anything else of an app (its fields, state, settings, child devices) that app's. Undefined for
   * a device of no part.
   */
  positionOf(location: string): number | undefined {
    if (this.positions.has(location)) return this.positions.get(location);
    const position = this.partOf(location);
    this.positions.set(location, position);
    return position;
  }

  private partOf(location: string): number | undefined {
    if (location === CLOCK || location.startsWith('location.')) return this.location;
    if (location.startsWith('#enabled.')) return this.timers;
    const [owner, kind] = location.split('.', 2);
    if (owner === 'device') return this.devicePosition(kind);
    const app = this.appIndex.get(owner);
    if (app === undefined) return undefined;
    if (kind === 'subscription') return this.subscriptions;
    return kind === 'timer' ? this.timers : app;
  }
}

/** The part at a position of a state (see PartLayout). */
export function partAt(state: CapturedState, position: number): unknown {
  const { layout, snapshot } = state;
  if (position < layout.devices.length) return snapshot.devices.get(layout.devices[position]);
  if (position === layout.location) return { mode: snapshot.mode, alarmSystemStatus: snapshot.alarmSystemStatus, clock: snapshot.clock };
  if (position === layout.subscriptions) return snapshot.subscriptions;
  if (position === layout.timers) return snapshot.timers;
  return snapshot.apps[position - layout.firstApp];
}
