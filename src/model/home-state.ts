// The states of a simulated home as the model checker keeps them: snapshots of everything that can
// influence the home's future (devices, location mode, subscriptions, pending timers, the apps'
// fields and state),
// restored before each transition, and a canonical key per state for state matching.
import { allOwnCopies, deepCopy, canonicalValue, sameValue, type AppSnapshot } from '../interp/app-state.js';
import type { AppInstance } from '../interp/instance.js';
import type { GMap, Value } from '../interp/values.js';
import { NOW_MS } from '../interp/time.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import type { HomeWorld } from './home-world.js';
import type { PartUse } from './home-dispatch.js';
import { partAt, PartLayout, type CapturedState, type HomeSnapshot, type LocationPart, type PartChange, type TimerSnapshot } from './state-parts.js';

export type { CapturedState, HomeSnapshot, PartChange, PartLayout, TimerSnapshot } from './state-parts.js';

export class HomeStates {
  /** Every canonical text of a part of the home seen so far, numbered (see `capture`). */
  private readonly partIds = new Map<string, number>();
  /** The shared snapshot object of each numbered part that has one (devices, apps). */
  private readonly partObjects: object[] = [];
  /** The number of each part object of a snapshot (the shared ones, and each snapshot's subscriptions). */
  private readonly partNumbers = new WeakMap<object, number>();
  /** The identity of an app part that may hold parts the key leaves out (`appPart`). */
  private readonly appIdentities = new WeakMap<object, number>();
  private readonly numberOfIdentity = new Map<number, number>();
  /** The snapshot restored last: `capture` keeps its parts that a transition left as they were. */
  private restored: HomeSnapshot | undefined;
  private readonly flatDevices = new WeakMap<object, boolean>();
  private readonly layouts = new Map<string, PartLayout>();
  private lastLayout: PartLayout | undefined;

  constructor(private readonly world: HomeWorld) {}

  /**
   * Puts the world in the snapshot's state. A part the world already holds (the checker mostly goes
   * on from the state it has just captured) is left as it is: comparing allocates nothing, copying
   * did, and the copies were a good part of the search's garbage. "Holds" is strict: an app state
   * whose places share a container (`state.a = state.b`) is copied, since a restored one shares
   * none (`sameAppState`); a device is kept only when its values hold no container at all.
   */
  restore(snapshot: HomeSnapshot): void {
    const { world } = this;
    // A device first used after the snapshot (an event on an unbound capability) did not exist then.
    for (const id of [...world.devices.keys()]) if (!snapshot.devices.has(id)) world.devices.delete(id);
    for (const [id, values] of snapshot.devices) {
      const device = world.devices.get(id) ?? world.deviceFor(id.replace(/0$/, ''));
      if (!(this.flat(values) && sameValue(device.values as GMap, values as GMap))) device.values = copyValues(values);
    }
    world.mode = snapshot.mode;
    world.alarmSystemStatus = snapshot.alarmSystemStatus;
    world.clock = snapshot.clock;
    world.subscriptions = snapshot.subscriptions.map((s) => ({ app: world.apps[s.app], subscription: s.subscription }));
    world.pendingTimers = snapshot.timers.map((t) => ({ ...t, app: world.apps[t.app], data: deepCopy(t.data) }));
    snapshot.apps.forEach((s, i) => {
      if (!world.apps[i].isAt(s)) world.apps[i].restore(s);
    });
    this.restored = snapshot;
  }

  /** Whether a device part of a snapshot holds no container, remembered per part (parts are shared and immutable). */
  private flat(values: ReadonlyMap<string, Value>): boolean {
    let known = this.flatDevices.get(values);
    if (known === undefined) this.flatDevices.set(values, (known = allOwnCopies(values as ReadonlyMap<Value, Value>)));
    return known;
  }

  /** Canonical string of the whole home: equal strings for states with equal futures. */
  stateKey(): string {
    const { world } = this;
    const devices = [...world.devices.keys()].sort().map((id) => this.deviceText(id));
    return `D[${devices.join(';')}]${this.locationText()}${this.subscriptionsText(this.subscriptionsByApp())}${this.timersText()}${world.apps.map((a) => appText(a)).join('')}`;
  }

  /**
   * The home's snapshot and its key, in one pass. The parts of a snapshot (a device's values, an
   * app's state) are shared between all states where they are equal: a model checker keeps every
   * state it reached, and most states differ from their neighbours in one device. The key is the
   * numbers of the parts' canonical texts, not the texts themselves (`stateKey()`): the checker
   * keeps a key per state, and FireCO2Alarm x make-it-so's texts come to 1,000 characters.
   * A part still equal, entry for entry, to the one restored last (a transition usually changes one
   * or two) keeps that part and its number without printing its text: printing every part was half
   * of a transition's time.
   */
  capture(): CapturedState {
    const { world } = this;
    const before = this.restored;
    const numbers: number[] = [];
    const devices = new Map<string, ReadonlyMap<string, Value>>();
    const layout = this.layoutOf([...world.devices.keys()].sort());
    for (const id of layout.devices) {
      const values = world.devices.get(id)!.values;
      const kept = before?.devices.get(id);
      const part = kept && this.partNumbers.has(kept) && sameValue(values as GMap, kept as GMap) ? kept : this.shared(this.deviceText(id), () => copyValues(values));
      devices.set(id, part as ReadonlyMap<string, Value>);
      numbers.push(this.partNumbers.get(part)!);
    }
    numbers.push(this.partId(this.locationText()));
    const byApp = this.subscriptionsByApp();
    const subscriptions = byApp.map((s) => ({ app: world.apps.indexOf(s.app), subscription: s.subscription }));
    const keptSubscriptions = before && this.partNumbers.has(before.subscriptions) && sameSubscriptions(subscriptions, before.subscriptions);
    numbers.push(keptSubscriptions ? this.partNumbers.get(before.subscriptions)! : this.partId(this.subscriptionsText(byApp)));
    this.partNumbers.set(subscriptions, numbers[numbers.length - 1]);
    const timers = this.timersPart();
    numbers.push(this.partNumbers.get(timers)!);
    const identities = [...numbers];
    const apps = world.apps.map((a, i) => {
      const kept = before?.apps[i];
      const part = kept && this.partNumbers.has(kept) && a.isAt(kept) ? kept : this.appPart(a);
      numbers.push(this.partNumbers.get(part)!);
      identities.push(this.appIdentities.get(part) ?? this.partNumbers.get(part)!);
      return part;
    });
    return { snapshot: { devices, mode: world.mode, alarmSystemStatus: world.alarmSystemStatus, clock: world.clock, subscriptions, timers, apps }, key: numbers.join(','), parts: identities, layout };
  }

  /** The one layout of homes with these devices (sorted ids), the last one's kept at hand. */
  private layoutOf(devices: readonly string[]): PartLayout {
    const last = this.lastLayout;
    if (last && last.devices.length === devices.length && last.devices.every((id, i) => id === devices[i])) return last;
    const text = devices.join('\u0000');
    let layout = this.layouts.get(text);
    if (!layout) this.layouts.set(text, (layout = new PartLayout(devices, this.world.apps.map((a) => a.id))));
    return (this.lastLayout = layout);
  }

  /**
   * The parts of a state a transition from it touched (the parts it used, `partUses`, and the
   * locations it `accessed`, in the order it first touched them), or undefined where one belongs to
   * no part of the state's layout (a device first used in the transition). The subscriptions come
   * first: every event's delivery reads them.
   */
  touchedParts(layout: PartLayout, accessed: Iterable<string>, partUses: readonly PartUse[]): number[] | undefined {
    const touched = [layout.subscriptions];
    const touch = (position: number | undefined) => {
      if (position === undefined) return false;
      if (!touched.includes(position)) touched.push(position);
      return true;
    };
    let used = 0;
    const usedBefore = (count: number) => {
      for (; used < partUses.length && partUses[used].afterLocations <= count; used++) {
        const { part, id } = partUses[used];
        if (!touch(part === 'app' ? layout.appPosition(id) : layout.devicePosition(id))) return false;
      }
      return true;
    };
    let locations = 0;
    for (const location of accessed) {
      if (!usedBefore(locations++) || !touch(layout.positionOf(location))) return undefined;
    }
    return usedBefore(Infinity) ? touched : undefined;
  }

  /**
   * What a transition from `from` to `to` changed, part by part, or undefined where it changed a
   * part it did not touch (`touchedParts`: its touched parts would then not decide its result) or
   * the home's devices.
   */
  changes(from: CapturedState, to: CapturedState, touched: readonly number[]): PartChange[] | undefined {
    if (from.layout !== to.layout) return undefined;
    const changes: PartChange[] = [];
    for (let position = 0; position < to.parts.length; position++) {
      if (to.parts[position] === from.parts[position]) continue;
      if (!touched.includes(position)) return undefined;
      changes.push({ position, number: to.parts[position], part: partAt(to, position) });
    }
    return changes;
  }

  /** The state `from` with `changes` made (see `changes`): the state a remembered transition leads to. */
  changed(from: CapturedState, changes: readonly PartChange[]): CapturedState {
    const { layout } = from;
    const parts = [...from.parts];
    const snapshot: { -readonly [K in keyof HomeSnapshot]: HomeSnapshot[K] } = { ...from.snapshot };
    let devices: Map<string, ReadonlyMap<string, Value>> | undefined;
    let apps: AppSnapshot[] | undefined;
    for (const { position, number, part } of changes) {
      parts[position] = number;
      if (position < layout.devices.length) (devices ??= new Map(from.snapshot.devices)).set(layout.devices[position], part as ReadonlyMap<string, Value>);
      else if (position === layout.location) Object.assign(snapshot, part as LocationPart);
      else if (position === layout.subscriptions) snapshot.subscriptions = part as HomeSnapshot['subscriptions'];
      else if (position === layout.timers) snapshot.timers = part as HomeSnapshot['timers'];
      else (apps ??= [...from.snapshot.apps])[position - layout.firstApp] = part as AppSnapshot;
    }
    if (devices) snapshot.devices = devices;
    if (apps) snapshot.apps = apps;
    return { snapshot, key: parts.map((identity) => this.numberOf(identity)).join(','), parts, layout };
  }

  /** A device's canonical text: its id and the values of its live attributes. */
  private deviceText(id: string): string {
    const values = this.world.devices.get(id)!.values;
    const live = this.world.isLiveAttribute;
    return `${id}{${[...values].filter(([k]) => live(id, k)).map(([k, v]) => `${k}=${canonicalValue(v)}`).join(',')}}`;
  }

  /**
   * The location's mode, the Smart Home Monitor's status once it is not off (the keys of homes
   * where nothing arms it stay as they were) and, once time has passed, how far the clock is from
   * where it started.
   */
  private locationText(): string {
    const { mode, alarmSystemStatus, clock } = this.world;
    const location = alarmSystemStatus === ALARM_SYSTEM_STATUS.initial ? `M${mode}` : `S${JSON.stringify([mode, alarmSystemStatus])}`;
    return clock === NOW_MS ? location : `${location}@${clock - NOW_MS}`;
  }

  /**
   * The subscriptions, each app's in the order it made them, App1's first. An event reaches App2's
   * subscriptions before App1's whatever the order they were made in (home-dispatch.ts `dispatch`),
   * so two homes whose apps made the same subscriptions in another interleaving have the same
   * futures: a sprinkler zone and its copy that each subscribe and unsubscribe as they water made
   * 100 orders of a few subscriptions in 3,000 states.
   */
  private subscriptionsByApp(): HomeWorld['subscriptions'] {
    const { apps, subscriptions } = this.world;
    const grouped = subscriptions.every((s, i) => i === 0 || apps.indexOf(subscriptions[i - 1].app) <= apps.indexOf(s.app));
    return grouped ? subscriptions : apps.flatMap((app) => subscriptions.filter((s) => s.app === app));
  }

  /** The canonical text of the subscriptions, in `subscriptionsByApp`'s order. */
  private subscriptionsText(byApp: HomeWorld['subscriptions']): string {
    const subscriptions = byApp.map(({ app, subscription: s }) => {
      const target = s.target.kind === 'device' ? s.target.device.id : s.target.kind;
      return `${app.id}:${target}.${s.command ? 'command:' : ''}${s.attribute ?? ''}.${s.value ?? ''}>${s.handler}`;
    });
    return `S[${subscriptions.join(';')}]`;
  }

  /** The pending timers as a shared part (in due-timers.ts's canonical order). */
  private timersPart(): ReadonlyArray<TimerSnapshot> {
    const { world } = this;
    const before = this.restored?.timers;
    if (before && this.partNumbers.has(before) && sameTimers(world, before)) return before;
    return this.shared(this.timersText(), () => world.pendingTimers.map((t) => ({ ...t, app: world.apps.indexOf(t.app), data: deepCopy(t.data) }))) as ReadonlyArray<TimerSnapshot>;
  }

  private timersText(): string {
    return `T[${this.world.pendingTimers.map((t) => `${t.app.id}.${t.handler}(${canonicalValue(t.data)})`).join(';')}]`;
  }

  /** The number of a part's canonical text, given the first time the text is seen. */
  private partId(text: string): number {
    let id = this.partIds.get(text);
    if (id === undefined) this.partIds.set(text, (id = this.partIds.size));
    return id;
  }

  /**
   * An app's part: numbered by its canonical text, which leaves out the parts of its state that
   * cannot matter (analysis/state-reads.ts, analysis/relevance.ts). Where the app may read a part
   * that cannot matter (a logger's buffer), the part also has an identity, the number of the text
   * of every part it may read, and one snapshot per identity: a stored state restores the values its
   * own run had, so what the apps do from it (the exceptions they raise, the messages they send) is
   * what some run of the real apps does, and the transition memo, which tells parts apart by
   * identity, recalls only what those values make. Elsewhere states share one snapshot per number:
   * they differ only in parts the app never reads before writing.
   */
  private appPart(app: AppInstance): AppSnapshot {
    const text = appText(app);
    if (app.keyHoldsEveryRead) return this.shared(text, () => app.snapshot()) as AppSnapshot;
    const number = this.partId(text);
    const identity = this.partId(`${APP_IDENTITY}${app.id}${app.readState()}`);
    let part = this.partObjects[identity] as AppSnapshot | undefined;
    if (part === undefined) {
      part = this.partObjects[identity] = app.snapshot();
      this.partNumbers.set(part, number);
      this.appIdentities.set(part, identity);
      this.numberOfIdentity.set(identity, number);
    }
    return part;
  }

  /** The number of a part with this identity (see `appPart`). */
  private numberOf(identity: number): number {
    return this.numberOfIdentity.get(identity) ?? identity;
  }

  /** One immutable object per canonical text (snapshots are only ever copied from, never changed). */
  private shared(text: string, make: () => object): object {
    const number = this.partId(text);
    let part = this.partObjects[number];
    if (part === undefined) {
      part = this.partObjects[number] = make();
      this.partNumbers.set(part, number);
    }
    return part;
  }
}

/** Starts the text an app part's identity numbers (`appPart`), so that it is never the canonical text of a part. */
const APP_IDENTITY = '\u0001';

function appText(app: AppInstance): string {
  return `${app.id}${app.canonicalState()}`;
}

function copyValues(values: ReadonlyMap<string, Value>): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const [k, v] of values) out.set(k, deepCopy(v));
  return out;
}

/** The same pending timers (app, method and data) in the same order as a snapshot's. */
function sameTimers(world: HomeWorld, timers: HomeSnapshot['timers']): boolean {
  const pending = world.pendingTimers;
  return pending.length === timers.length && pending.every((t, i) => {
    const s = timers[i];
    return world.apps[s.app] === t.app && s.handler === t.handler && s.api === t.api && sameValue(s.data, t.data);
  });
}

/** The same subscriptions (the same objects, of the same apps) in the same order. */
function sameSubscriptions(a: HomeSnapshot['subscriptions'], b: HomeSnapshot['subscriptions']): boolean {
  return a.length === b.length && a.every((s, i) => s.app === b[i].app && s.subscription === b[i].subscription);
}
