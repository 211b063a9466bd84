// A simulated home for one app (`stcheck run`) or an app pair (the model checker): one device per
// capability shared by every app, the reference's input constants, the location, and synchronous,
// re-entrant event delivery, App2's subscriptions before App1's (reference §2.5). Every handler
// run gets an access log; nested runs (a command's event reaching an app again) append to the logs
// of the runs that caused them, so an outer handler's set is its whole transition. The whole home
// can be snapshot, restored and hashed, which is what a state of the pair model is.
import { deepCopy, canonicalValue, sameValue, type AppSnapshot } from '../interp/app-state.js';
import { deviceAttributeLocation, LOCATION_MODE, subscriptionLocation, timerLocation, type Access } from '../interp/access.js';
import { Budget } from '../interp/context.js';
import { CallDepthError, GroovyError, UnsupportedError, type ErrorPosition } from '../interp/errors.js';
import type { AppHandle, Host, Message, RuntimeSubscription, SubscriptionTarget, TimerRequest } from '../interp/host.js';
import { AppInstance } from '../interp/instance.js';
import { toStr } from '../interp/operators.js';
import { smartThings } from '../interp/smartthings/platform.js';
import { NOW_MS } from '../interp/time.js';
import { DeviceRef, GDate, GEvent, type GMap, type Value } from '../interp/values.js';
import { defaultBinding } from '../lower/input-defaults.js';
import type { AppIR, InputIR } from '../lower/ir.js';
import { applyCommand, capabilityOf, countsAsWrite, createDevice, initialValues, isManualEvent, type CapabilitySpec } from './capabilities.js';
import type { PairEvent } from './events.js';

interface DeviceState {
  ref: DeviceRef;
  spec: CapabilitySpec | undefined;
  values: Map<string, Value>;
}

interface Subscription {
  app: AppInstance;
  subscription: RuntimeSubscription;
}

/** One line of what happened, in order. */
export type HomeRecord =
  | { kind: 'event'; source: string; name: string; value: string; manual: boolean; depth: number }
  | { kind: 'handler'; app: string; handler: string; event: string; depth: number; accesses: Access[] }
  | { kind: 'command'; app: string; device: string; command: string; args: string[]; at: ErrorPosition | null; depth: number }
  | {
      kind: 'write';
      app: string;
      device: string;
      attribute: string;
      location: string;
      value: string;
      /** False for a command that stored the value already current (nothing is stored, no event is sent). */
      changed: boolean;
      manual: boolean;
      at: ErrorPosition | null;
      depth: number;
    }
  | { kind: 'message'; app: string; message: Message; depth: number }
  | { kind: 'timer'; app: string; api: string; handler: string; fired: boolean; depth: number }
  | { kind: 'error'; app: string; handler: string; message: string; depth: number };

export interface HomeOptions {
  /** The reference's two initial configurations (§3.2): device values and mode. */
  init: boolean;
}

/** Everything that can influence the home's future (app states included). */
export interface HomeSnapshot {
  readonly devices: ReadonlyMap<string, ReadonlyMap<string, Value>>;
  readonly mode: string;
  readonly subscriptions: ReadonlyArray<{ app: number; subscription: RuntimeSubscription }>;
  readonly apps: readonly AppSnapshot[];
}

const LOCATION_MODES = ['home', 'away', 'night'];

/** The stored value of an environment event's text: a boolean for a boolean attribute, a number for an integer. */
function eventValue(state: DeviceState, attribute: string, text: string): Value {
  const domain = state.spec?.attributes.find((a) => a.name === attribute)?.domain;
  if (domain === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

export class Home implements Host {
  /** App1, App2, ... in the order given (App1 installs first; App2's handlers run first). */
  readonly apps: AppInstance[];
  readonly records: HomeRecord[] = [];
  private readonly devices = new Map<string, DeviceState>();
  private subscriptions: Subscription[] = [];
  private mode: string;
  private init: boolean;
  /** Access logs of the handler runs in progress, innermost last, and of the whole transition. */
  private readonly openLogs: Access[][] = [];
  private depth = 0;
  /** Set while delivering a manual event's handlers (button, touch, NFC, app touch). */
  private manual = false;
  private readonly runningTimers = new Set<string>();
  /** Every canonical text of a part of the home seen so far, numbered (see `capture`). */
  private readonly partIds = new Map<string, number>();
  /** The shared snapshot object of each numbered part that has one (devices, apps). */
  private readonly partObjects: object[] = [];
  /** The number of each part object of a snapshot (the shared ones, and each snapshot's subscriptions). */
  private readonly partNumbers = new WeakMap<object, number>();
  /** The snapshot restored last: `capture` keeps its parts that a transition left as they were. */
  private restored: HomeSnapshot | undefined;

  constructor(irs: AppIR | readonly AppIR[], options: HomeOptions = { init: true }) {
    const list = Array.isArray(irs) ? irs : [irs as AppIR];
    this.init = options.init;
    this.mode = options.init ? 'away' : 'home';
    for (const ir of list) for (const input of ir.inputs) if (input.capability !== undefined) this.deviceFor(input.capability);
    const budget = new Budget();
    this.apps = list.map((ir, i) => new AppInstance(ir, this, { id: `App${i + 1}`, platform: smartThings, budget }));
  }

  /** The first (for a single-app home, the only) app. */
  get app(): AppInstance {
    return this.apps[0];
  }

  /** Binds every app's inputs and runs its field initialisers, then installed() of each in order. */
  install(): void {
    this.load();
    this.installApps();
  }

  /** Binds every app's inputs and runs its field initialisers (SmartThings creating the apps). */
  load(): void {
    for (const app of this.apps) app.load();
  }

  /** Runs installed() of each app, App1 first (reference §2.4). */
  installApps(): void {
    for (const app of this.apps) this.runHandler(app, 'installed', 'install', []);
  }

  /** Puts every device and the location in one of the reference's initial configurations. */
  configure(init: boolean): void {
    this.init = init;
    for (const device of this.devices.values()) device.values = device.spec ? initialValues(device.spec, init) : new Map();
    this.mode = init ? 'away' : 'home';
  }

  /** Creates the devices of these capabilities now, so that the set of devices never changes later. */
  addDevices(capabilities: Iterable<string>): void {
    for (const capability of capabilities) this.deviceFor(capability);
  }

  /** The device bound to an input of the first app (its first device for `multiple: true`). */
  deviceOfInput(input: string): DeviceRef | null {
    const v = this.app.inputs.get(input);
    const d = Array.isArray(v) ? v[0] : v;
    return d instanceof DeviceRef ? d : null;
  }

  /** Current value of an attribute of a device (for tests and the CLI). */
  attribute(device: DeviceRef, attribute: string): Value {
    return this.devices.get(device.id)?.values.get(attribute) ?? null;
  }

  get locationModeValue(): string {
    return this.mode;
  }

  /** The subscriptions made so far, in registration order (all apps). */
  get activeSubscriptions(): readonly RuntimeSubscription[] {
    return this.subscriptions.map((s) => s.subscription);
  }

  // --- the environment ----------------------------------------------------------------------------

  /**
   * The environment fires an event: `input.attribute=value` on a device input of the first app,
   * `location.mode=x`, `location.<name>=x` (sunset, ...), or `app.touch=touched`.
   */
  fireEvent(source: string, attribute: string, valueText: string): void {
    if (source === 'app') return this.touchApps(valueText);
    if (source === 'location') return this.locationEvent(attribute, valueText);
    const device = this.deviceOfInput(source);
    if (!device) throw new Error(`no device input named ${source}`);
    this.deviceEvent(this.devices.get(device.id)!, attribute, valueText);
  }

  /**
   * Fires one event of a pair's event list (src/model/events.ts). An endless cascade it starts (CallDepthError) is cut where
   * the call-depth budget ran out: the transition ends there with what the apps did so far and an
   * `error` record, as SmartThings would go on delivering the cascade's events while the apps'
   * writes stand; the reference's tracker likewise flags a conflict inside such a cascade.
   */
  fire(event: PairEvent): void {
    try {
      this.fireUncut(event);
    } catch (error) {
      if (!(error instanceof CallDepthError)) throw error;
      const innermost = this.records.findLast((r) => r.kind === 'handler');
      const [app, handler] = innermost?.kind === 'handler' ? [innermost.app, innermost.handler] : ['environment', ''];
      this.records.push({ kind: 'error', app, handler, message: `event cascade cut: ${error.message}`, depth: 0 });
    }
  }

  private fireUncut(event: PairEvent): void {
    switch (event.kind) {
      case 'app':
        return this.touchApps(event.value);
      case 'location':
        return this.locationEvent(event.name, event.value);
      case 'schedule': {
        const app = this.apps[event.app === 'App1' ? 0 : 1];
        return this.fireTimer(app, event.handler ?? '', 'schedule', []);
      }
      case 'device': {
        const state = this.deviceForEvent(event);
        if (state) this.deviceEvent(state, event.name, event.value);
      }
    }
  }

  /**
   * Like the reference's setValue, a device event whose value is already current does nothing
   * unless the device always dispatches (buttons, touch sensors).
   */
  private deviceEvent(state: DeviceState, attribute: string, valueText: string): void {
    const location = deviceAttributeLocation(state.ref.id, attribute);
    this.access('read', location);
    const changed = toStr(state.values.get(attribute) ?? null) !== valueText;
    if (!changed && !state.spec?.alwaysDispatches) return;
    state.values.set(attribute, eventValue(state, attribute, valueText));
    this.access('write', location);
    const data = attribute === 'button' ? new Map<Value, Value>([['buttonNumber', 1]]) : null;
    this.dispatch(new GEvent(attribute, valueText, 'DEVICE', state.ref, new GDate(NOW_MS), data, true, true), isManualEvent(state.spec, attribute));
  }

  private locationEvent(name: string, value: string): void {
    if (name === 'mode') {
      this.access('read', LOCATION_MODE);
      if (this.mode === value) return;
      this.mode = value;
      this.access('write', LOCATION_MODE);
    }
    this.dispatch(new GEvent(name, value, 'LOCATION', null, new GDate(NOW_MS), null, true, false), false);
  }

  /** An app touch reaches every app that subscribed to `app`, as the reference's one Touched object does. */
  private touchApps(value: string): void {
    this.dispatch(new GEvent('touch', value, 'APP', null, new GDate(NOW_MS), null, true, false), true);
  }

  /** The device of a pair event: its capability's device, created on first use if no input binds it. */
  private deviceForEvent(event: PairEvent): DeviceState | undefined {
    if (event.capability !== undefined) return this.deviceFor(event.capability);
    return [...this.devices.values()].find((d) => d.spec?.attributes.some((a) => a.name === event.name));
  }

  /**
   * Runs a subscription's handler once with a plausible event: its value filter if it has one,
   * otherwise a value of the attribute's domain other than the current one (so the environment
   * would really deliver it).
   */
  exercise(s: RuntimeSubscription): void {
    const date = new GDate(NOW_MS);
    let event: GEvent;
    if (s.target.kind === 'app') event = new GEvent('touch', 'touched', 'APP', null, date, null, true, false);
    else if (s.target.kind === 'location') {
      const name = s.attribute === null || s.attribute === 'location' ? 'mode' : s.attribute;
      const value = s.value ?? (name === 'mode' ? LOCATION_MODES.find((m) => m !== this.mode)! : name);
      event = new GEvent(name, value, 'LOCATION', null, date, null, true, false);
    } else {
      const state = this.devices.get(s.target.device.id)!;
      const attribute = s.attribute ?? '';
      const value = s.value ?? plausibleValue(state, attribute);
      const data = attribute === 'button' ? new Map<Value, Value>([['buttonNumber', 1]]) : null;
      event = new GEvent(attribute, value, 'DEVICE', s.target.device, date, data, true, true);
    }
    const owner = this.subscriptions.find((x) => x.subscription === s)?.app ?? this.app;
    this.records.push({ kind: 'event', source: event.device?.id ?? event.source.toLowerCase(), name: event.name, value: event.value, manual: false, depth: this.depth });
    this.runHandler(owner, s.handler, `${event.name}=${event.value}`, [event]);
  }

  // --- states of the model ------------------------------------------------------------------------

  snapshot(): HomeSnapshot {
    return this.capture().snapshot;
  }

  restore(snapshot: HomeSnapshot): void {
    // A device first used after the snapshot (an event on an unbound capability) did not exist then.
    for (const id of [...this.devices.keys()]) if (!snapshot.devices.has(id)) this.devices.delete(id);
    for (const [id, values] of snapshot.devices) {
      const device = this.devices.get(id) ?? this.deviceFor(id.replace(/0$/, ''));
      device.values = copyValues(values);
    }
    this.mode = snapshot.mode;
    this.subscriptions = snapshot.subscriptions.map((s) => ({ app: this.apps[s.app], subscription: s.subscription }));
    snapshot.apps.forEach((s, i) => this.apps[i].restore(s));
    this.restored = snapshot;
  }

  /** Canonical string of the whole home: equal strings for states with equal futures. */
  stateKey(): string {
    const devices = [...this.devices.keys()].sort().map((id) => this.deviceText(id));
    return `D[${devices.join(';')}]M${this.mode}${this.subscriptionsText()}${this.apps.map((a) => this.appText(a)).join('')}`;
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
  capture(): { snapshot: HomeSnapshot; key: string } {
    const before = this.restored;
    const numbers: number[] = [];
    const devices = new Map<string, ReadonlyMap<string, Value>>();
    for (const id of [...this.devices.keys()].sort()) {
      const values = this.devices.get(id)!.values;
      const kept = before?.devices.get(id);
      const part = kept && this.partNumbers.has(kept) && sameValue(values as GMap, kept as GMap) ? kept : this.shared(this.deviceText(id), () => copyValues(values));
      devices.set(id, part as ReadonlyMap<string, Value>);
      numbers.push(this.partNumbers.get(part)!);
    }
    numbers.push(this.partId(`M${this.mode}`));
    const subscriptions = this.subscriptions.map((s) => ({ app: this.apps.indexOf(s.app), subscription: s.subscription }));
    const keptSubscriptions = before && this.partNumbers.has(before.subscriptions) && sameSubscriptions(subscriptions, before.subscriptions);
    numbers.push(keptSubscriptions ? this.partNumbers.get(before.subscriptions)! : this.partId(this.subscriptionsText()));
    this.partNumbers.set(subscriptions, numbers[numbers.length - 1]);
    const apps = this.apps.map((a, i) => {
      const kept = before?.apps[i];
      const part = kept && this.partNumbers.has(kept) && a.isAt(kept) ? kept : this.shared(this.appText(a), () => a.snapshot());
      numbers.push(this.partNumbers.get(part)!);
      return part as AppSnapshot;
    });
    return { snapshot: { devices, mode: this.mode, subscriptions, apps }, key: numbers.join(',') };
  }

  /** A device's canonical text: its id and values. */
  private deviceText(id: string): string {
    const values = this.devices.get(id)!.values;
    return `${id}{${[...values].map(([k, v]) => `${k}=${canonicalValue(v)}`).join(',')}}`;
  }

  private subscriptionsText(): string {
    const subscriptions = this.subscriptions.map(({ app, subscription: s }) => {
      const target = s.target.kind === 'device' ? s.target.device.id : s.target.kind;
      return `${app.id}:${target}.${s.attribute ?? ''}.${s.value ?? ''}>${s.handler}`;
    });
    return `S[${subscriptions.join(';')}]`;
  }

  private appText(app: AppInstance): string {
    return `${app.id}${app.canonicalState()}`;
  }

  /** The number of a part's canonical text, given the first time the text is seen. */
  private partId(text: string): number {
    let id = this.partIds.get(text);
    if (id === undefined) this.partIds.set(text, (id = this.partIds.size));
    return id;
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

  /**
   * Runs `body` as one transition: the records it produces replace the home's records, and every
   * access made (by the environment, the apps and the devices) is returned.
   */
  transition(body: () => void): Access[] {
    this.records.length = 0;
    const log: Access[] = [];
    this.openLogs.push(log);
    try {
      body();
    } finally {
      this.openLogs.pop();
    }
    return log;
  }

  // --- Host ---------------------------------------------------------------------------------------

  inputValue(_app: AppHandle, input: InputIR): Value {
    const binding = defaultBinding(input);
    if (binding.kind === 'value') return binding.value;
    const device = this.deviceFor(binding.capability).ref;
    return input.multiple ? [device] : device;
  }

  readAttribute(_app: AppHandle, device: DeviceRef, attribute: string): Value {
    this.access('read', deviceAttributeLocation(device.id, attribute));
    return this.devices.get(device.id)?.values.get(attribute) ?? null;
  }

  deviceCommand(handle: AppHandle, device: DeviceRef, command: string, args: Value[]): Value {
    const app = this.instance(handle);
    const state = this.devices.get(device.id)!;
    this.records.push({ kind: 'command', app: app.id, device: device.id, command, args: args.map(toStr), at: app.callSite, depth: this.depth });
    const changes = state.spec ? applyCommand(state.spec, state.values, command, args) : undefined;
    if (!changes) throw new UnsupportedError(`command ${command} of ${device.id}`);
    for (const change of changes) {
      const location = deviceAttributeLocation(device.id, change.attribute);
      this.access('read', location);
      this.records.push({
        kind: 'write', app: app.id, device: device.id, attribute: change.attribute, location, value: toStr(change.value),
        changed: change.changed, manual: this.manual, at: app.callSite, depth: this.depth,
      });
      if (countsAsWrite(change)) this.access('write', location);
      if (!change.changed) continue;
      state.values.set(change.attribute, change.value);
      if (!change.sendsEvent) continue;
      const event = new GEvent(change.attribute, toStr(change.value), 'DEVICE', device, new GDate(NOW_MS), null, true, false);
      this.dispatch(event, isManualEvent(state.spec, change.attribute));
    }
    return null;
  }

  locationMode(): string {
    this.access('read', LOCATION_MODE);
    return this.mode;
  }

  locationModes(): string[] {
    return LOCATION_MODES;
  }

  setLocationMode(handle: AppHandle, mode: string): void {
    const app = this.instance(handle);
    this.access('read', LOCATION_MODE);
    const changed = this.mode !== mode;
    this.records.push({
      kind: 'write', app: app.id, device: 'location', attribute: 'mode', location: LOCATION_MODE, value: mode,
      changed, manual: this.manual, at: app.callSite, depth: this.depth,
    });
    if (!changed) return;
    this.mode = mode;
    this.access('write', LOCATION_MODE);
    this.dispatch(new GEvent('mode', mode, 'LOCATION', null, new GDate(NOW_MS), null, true, false), false);
  }

  sendLocationEvent(_app: AppHandle, event: GEvent): void {
    this.dispatch(event, false);
  }

  subscribe(handle: AppHandle, subscription: RuntimeSubscription): void {
    this.access('write', subscriptionLocation(handle.id, subscription.handler));
    this.subscriptions.push({ app: this.instance(handle), subscription });
  }

  unsubscribe(handle: AppHandle, target: SubscriptionTarget | null): void {
    this.subscriptions = this.subscriptions.filter(({ app, subscription: s }) => {
      const removed = app.id === handle.id && (target === null || sameTarget(s.target, target));
      if (removed) this.access('write', subscriptionLocation(app.id, s.handler));
      return !removed;
    });
  }

  /** Timers fire at once (reference §2.5). */
  schedule(handle: AppHandle, timer: TimerRequest): void {
    this.access('write', timerLocation(handle.id, timer.handler));
    this.fireTimer(this.instance(handle), timer.handler, timer.api, timer.data === null ? [] : [timer.data]);
  }

  unschedule(app: AppHandle, handler: string | null): void {
    if (handler !== null) this.access('write', timerLocation(app.id, handler));
  }

  message(app: AppHandle, message: Message): void {
    this.records.push({ kind: 'message', app: app.id, message, depth: this.depth });
  }

  recordAccess(_app: AppHandle, access: Access): void {
    this.access(access.kind, access.location);
  }

  // --- internals ----------------------------------------------------------------------------------

  private instance(handle: AppHandle): AppInstance {
    return this.apps.find((a) => a.id === handle.id)!;
  }

  private deviceFor(capability: string): DeviceState {
    const ref = createDevice(capability);
    let device = this.devices.get(ref.id);
    if (!device) {
      const spec = capabilityOf(capability);
      device = { ref, spec, values: spec ? initialValues(spec, this.init) : new Map() };
      this.devices.set(ref.id, device);
    }
    return device;
  }

  private access(kind: Access['kind'], location: string): void {
    for (const log of this.openLogs) log.push({ kind, location });
  }

  /**
   * A timer's method runs at once. One whose method is already running from a timer (a method
   * that re-schedules itself) stays pending instead of recursing forever.
   */
  private fireTimer(app: AppInstance, handler: string, api: string, args: Value[]): void {
    const key = `${app.id}.${handler}`;
    const fire = !this.runningTimers.has(key);
    this.records.push({ kind: 'timer', app: app.id, api, handler, fired: fire, depth: this.depth });
    if (!fire) return;
    this.runningTimers.add(key);
    try {
      this.runHandler(app, handler, `${api} timer`, args);
    } finally {
      this.runningTimers.delete(key);
    }
  }

  /**
   * Delivers an event to every matching subscription: App2's before App1's, each app's in
   * registration order. An exception a handler raises ends that handler only, as in SmartThings.
   */
  private dispatch(event: GEvent, manual: boolean): void {
    const source = event.device?.id ?? event.source.toLowerCase();
    this.records.push({ kind: 'event', source, name: event.name, value: event.value, manual, depth: this.depth });
    const matching = this.subscriptions.filter((s) => matches(s.subscription, event));
    for (const app of [...this.apps].reverse()) {
      for (const { subscription } of matching.filter((s) => s.app === app)) {
        this.access('read', subscriptionLocation(app.id, subscription.handler));
        const outerManual = this.manual;
        this.manual = manual;
        try {
          this.runHandler(app, subscription.handler, `${event.name}=${event.value}`, [event]);
        } catch (error) {
          if (!(error instanceof GroovyError)) throw error;
          this.records.push({ kind: 'error', app: app.id, handler: subscription.handler, message: error.message, depth: this.depth });
        } finally {
          this.manual = outerManual;
        }
      }
    }
  }

  private runHandler(app: AppInstance, handler: string, cause: string, args: Value[]): void {
    if (!app.hasMethod(handler)) return;
    const log: Access[] = [];
    this.records.push({ kind: 'handler', app: app.id, handler, event: cause, depth: this.depth, accesses: log });
    this.openLogs.push(log);
    this.depth++;
    try {
      app.invoke(handler, args);
    } finally {
      this.depth--;
      this.openLogs.pop();
    }
  }
}

function copyValues(values: ReadonlyMap<string, Value>): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const [k, v] of values) out.set(k, deepCopy(v));
  return out;
}

function plausibleValue(state: DeviceState, attribute: string): string {
  const spec = state.spec?.attributes.find((a) => a.name === attribute);
  const current = state.values.get(attribute) ?? null;
  if (spec && Array.isArray(spec.domain)) return spec.domain.find((v) => v !== current) ?? spec.domain[0];
  if (spec?.domain === 'boolean') return String(current !== true);
  if (typeof current === 'number') return String(current + 10);
  return '50';
}

/** The same subscriptions (the same objects, of the same apps) in the same order. */
function sameSubscriptions(a: HomeSnapshot['subscriptions'], b: HomeSnapshot['subscriptions']): boolean {
  return a.length === b.length && a.every((s, i) => s.app === b[i].app && s.subscription === b[i].subscription);
}

function sameTarget(a: SubscriptionTarget, b: SubscriptionTarget): boolean {
  if (a.kind === 'device' && b.kind === 'device') return a.device.id === b.device.id;
  return a.kind === b.kind;
}

function matches(s: RuntimeSubscription, e: GEvent): boolean {
  if (e.source === 'APP') return s.target.kind === 'app';
  if (e.source === 'LOCATION') {
    if (s.target.kind !== 'location') return false;
    if (s.attribute === null || s.attribute === 'location') return true;
    return s.attribute === e.name && (s.value === null || s.value === e.value);
  }
  if (s.target.kind !== 'device' || s.target.device.id !== e.device?.id) return false;
  return s.attribute === e.name && (s.value === null || s.value === e.value);
}
