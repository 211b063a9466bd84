// A simulated home for one app (`stcheck run`) or an app pair (the model checker): one device per
// capability shared by every app, the reference's input constants, the location, and synchronous,
// re-entrant event delivery. This facade puts together the home's parts: what it holds
// (home-world.ts), the host API the interpreter calls (home-host.ts), event delivery and the
// record of what happened (home-dispatch.ts), and its states as the model checker keeps them
// (home-state.ts), and adds the environment: the events it fires.
import { CLOCK, type Access, type AccessKind } from '../interp/access.js';
import { enablementLocation } from '../check/check.js';
import { liveParts } from '../analysis/relevance.js';
import { stateReads } from '../analysis/state-reads.js';
import { Budget } from '../interp/context.js';
import { CallDepthError } from '../interp/errors.js';
import type { RuntimeSubscription } from '../interp/host.js';
import { AppInstance } from '../interp/instance.js';
import { configuredState } from '../interp/smartthings/preferences.js';
import { smartThings } from '../interp/smartthings/platform.js';
import { addDays, nightfall, sunTimeText } from '../interp/time.js';
import { DeviceRef, GDate, GEvent, type Value } from '../interp/values.js';
import type { AppIR } from '../ir/ir.js';
import { NIGHTFALL, type PairEvent } from './events.js';
import { locationModes, REFERENCE_ENVIRONMENT, type Environment } from './environment.js';
import { COMMAND_EVENT, dataMap, Dispatcher } from './home-dispatch.js';
import { eventDataOf, isCommandSet } from '../devices/capabilities.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import { HomeHost } from './home-host.js';
import { DueTimers, type DueTimerEvent } from './due-timers.js';
import { HomeStates, type CapturedState, type HomeSnapshot, type PartChange, type PartLayout } from './home-state.js';
import { HomeWorld, LOCATION_MODES, type DeviceState } from './home-world.js';
import { NoDeviceInputError } from './errors.js';
import type { TraceStep } from './trace-step.js';
import { deviceAttributeKey, isLive, type AttributeLiveness } from './live-attributes.js';

export type { HomeSnapshot } from './home-state.js';

export interface HomeOptions {
  /** The reference's two initial configurations (§3.2): device values and mode. */
  init: boolean;
  /** The apps' names in the steps recorded (App1's first); default: their ids. */
  names?: readonly string[];
  /** What the apps' settings are (default: the reference's constants). */
  environment?: Environment;
  /**
   * Whether transitions and handler records list every access made (default true); the model
   * checker needs only each transition's strongest access per location (`strongestAccesses`).
   */
  everyAccess?: boolean;
  /**
   * Leave the apps' dead state (fields and store keys their code never reads: analysis/state-reads.ts)
   * out of the state key and the accesses (default false).
   */
  liveStateOnly?: boolean;
  /** The device attributes whose values can matter, and those whose events always run their handlers (model/live-attributes.ts); default all live. */
  liveAttributes?: AttributeLiveness;
}

export class Home {
  private readonly world: HomeWorld;
  private readonly events: Dispatcher;
  private readonly states: HomeStates;
  private readonly host: HomeHost;
  private readonly timers: DueTimers;
  /** Environment events of attributes a command sets are a person operating the device by hand. */
  private readonly handOperated: boolean;
  /** Apps start with the state their preferences pages stored (Environment.configuredPages). */
  private readonly configuredPages: boolean;
  /** Timers wait for their events (the full environment's `delayedTimers`; `expectEvents`). */
  private readonly delayedTimers: boolean;

  constructor(irs: AppIR | readonly AppIR[], options: HomeOptions = { init: true }) {
    const list = Array.isArray(irs) ? irs : [irs as AppIR];
    this.world = new HomeWorld(options.init, options.names);
    const liveness = options.liveAttributes;
    if (liveness !== undefined && liveness.live !== 'all') this.world.isLiveAttribute = (device, attribute) => isLive(liveness, device, attribute);
    const always = liveness?.alwaysDispatched;
    if (always !== undefined && always.size > 0) this.world.alwaysDispatched = (device, attribute) => always.has(deviceAttributeKey(device, attribute));
    this.events = new Dispatcher(this.world, options.everyAccess ?? true);
    this.states = new HomeStates(this.world);
    const environment = options.environment ?? REFERENCE_ENVIRONMENT;
    this.handOperated = environment.handOperated ?? false;
    this.configuredPages = environment.configuredPages ?? false;
    this.delayedTimers = environment.delayedTimers ?? false;
    this.events.tracksPersons = environment.personsChoice ?? false;
    for (const ir of list) for (const input of ir.inputs) if (input.capability !== undefined) this.world.deviceFor(input.capability);
    const budget = new Budget();
    this.timers = new DueTimers(this.world, this.events);
    const host = (this.host = new HomeHost(this.world, this.events, this.timers, environment, locationModes(environment, list)));
    this.world.apps.push(...list.map((ir, i) => new AppInstance(ir, host, { id: `App${i + 1}`, platform: smartThings, budget, reads: options.liveStateOnly ? liveParts(ir) : undefined, readBeforeWrite: options.liveStateOnly ? stateReads(ir) : undefined })));
  }

  /** App1, App2, ... in the order given (App1 installs first; App2's handlers run first). */
  get apps(): readonly AppInstance[] {
    return this.world.apps;
  }

  /** The first (for a single-app home, the only) app. */
  get app(): AppInstance {
    return this.world.apps[0];
  }

  /** What happened in the last transition (or since the home was made), in order. */
  get records(): TraceStep[] {
    return this.events.records;
  }

  /** Binds every app's inputs and runs its field initialisers, then installed() of each in order. */
  install(): void {
    this.load();
    this.installApps();
  }

  /**
   * Binds every app's inputs and runs its field initialisers (SmartThings creating the apps); in an
   * environment with configured pages, then puts in its state what its pages stored.
   */
  load(): void {
    for (const app of this.world.apps) {
      app.load();
      if (this.configuredPages) app.configure(configuredState(app.ir, (name) => app.inputs.get(name)));
    }
  }

  /**
   * Runs installed() of each app, App1 first (reference §2.4). An endless cascade one installation
   * starts is cut as `fire` cuts one (two instances of a sprinkler app that each start on the
   * other's switch), and the next app is installed still.
   */
  installApps(): void {
    for (const app of this.world.apps) this.cuttingCascades(() => this.events.runHandler(app, 'installed', 'install', []));
  }

  /** Puts every device and the location in one of the reference's initial configurations. */
  configure(init: boolean): void {
    this.world.configure(init);
  }

  /**
   * The pair events the home will be fired from now on (events.ts). Where the environment delays
   * timers, those of these events wait for them: a one-off timer with a `timer` event is pending
   * until that event runs it, and a periodic timer with a `schedule` event runs only when that
   * event comes, not when it is set; the others, and every timer of the reference, run at once.
   * With a `time` event time can pass: the apps' reads of the clock are accesses.
   */
  expectEvents(events: readonly PairEvent[]): void {
    if (events.some((e) => e.kind === 'time')) this.world.clockAdvances = true;
    if (!this.delayedTimers) return;
    const timerOf = (e: PairEvent): DueTimerEvent => ({ id: e.id, app: e.app, handler: e.handler ?? '' });
    this.timers.delay(events.filter((e) => e.kind === 'timer').map(timerOf), events.filter((e) => e.kind === 'schedule').map(timerOf));
  }

  /** Creates the devices of these capabilities now, so that the set of devices never changes later. */
  addDevices(capabilities: Iterable<string>): void {
    for (const capability of capabilities) this.world.deviceFor(capability);
  }

  /** The device bound to an input of the first app (its first device for `multiple: true`). */
  deviceOfInput(input: string): DeviceRef | null {
    const v = this.app.inputs.get(input);
    const d = Array.isArray(v) ? v[0] : v;
    return d instanceof DeviceRef ? d : null;
  }

  /** Current value of an attribute of a device (for tests and the CLI). */
  attribute(device: DeviceRef, attribute: string): Value {
    return this.world.devices.get(device.id)?.values.get(attribute) ?? null;
  }

  get locationModeValue(): string {
    return this.world.mode;
  }

  /** The subscriptions made so far, in registration order (all apps). */
  get activeSubscriptions(): readonly RuntimeSubscription[] {
    return this.world.subscriptions.map((s) => s.subscription);
  }

  // --- the environment ----------------------------------------------------------------------------

  /**
   * The environment fires an event: `input.attribute=value` on a device input of the first app,
   * `location.mode=x`, `location.<name>=x` (sunset, ...), or `app.touch=touched`.
   */
  fireEvent(source: string, attribute: string, valueText: string): void {
    if (source === 'app') return this.events.touchApps(valueText);
    if (source === 'location') return this.events.locationEvent(attribute, valueText);
    const device = this.deviceOfInput(source);
    if (!device) throw new NoDeviceInputError(source);
    this.deviceEvent(this.world.devices.get(device.id)!, attribute, valueText);
  }

  /**
   * Fires one event of a pair's event list (src/model/events.ts). An endless cascade it starts (CallDepthError) is cut where
   * the call-depth budget ran out: the transition ends there with what the apps did so far and an
   * `error` record, as SmartThings would go on delivering the cascade's events while the apps'
   * writes stand; the reference's tracker likewise flags a conflict inside such a cascade.
   */
  fire(event: PairEvent): void {
    this.cuttingCascades(() => this.fireUncut(event));
  }

  /** Runs `body`, cutting an endless event cascade it starts where the call-depth budget ran out (see `fire`). */
  private cuttingCascades(body: () => void): void {
    try {
      body();
    } catch (error) {
      if (!(error instanceof CallDepthError)) throw error;
      const innermost = this.records.findLast((r) => r.kind === 'handler');
      const [app, handler] = innermost?.kind === 'handler' ? [innermost.app, innermost.handler] : ['environment', ''];
      this.records.push({ kind: 'error', depth: 0, app, appName: this.world.appName(app), handler, message: `event cascade cut: ${error.message}` });
    }
  }

  private fireUncut(event: PairEvent): void {
    switch (event.kind) {
      case 'app':
        return this.events.touchApps(event.value);
      case 'location':
        return this.events.locationEvent(event.name, event.value);
      case 'schedule': {
        const app = this.world.apps[event.app === 'App1' ? 0 : 1];
        return this.events.fireTimer(app, event.handler ?? '', 'schedule', []);
      }
      case 'timer':
        return this.timers.fire(event.id);
      case 'endpoint':
        return this.callEndpoint(event);
      case 'time':
        return this.passTime(event.id, event.value);
      case 'device': {
        const child = this.subscribedChildDevice(event);
        const state = this.deviceForEvent(event);
        if (child) this.events.childDeviceEvent(child, event.name, event.value, this.handOperated && state !== undefined && isCommandSet(state.spec, event.name));
        else if (state) this.deviceEvent(state, event.name, event.value);
      }
    }
  }

  /**
   * Time passes (the full environment; docs/model.md, "The clock"). The one-off timers pending come
   * due first, as they would within their minutes. Then either the clock moves on a whole day, so
   * the time of day, and with it every time-of-day window and daily schedule, is what it was: what
   * changes is how long ago everything happened ("at most once every 30 minutes", "not before
   * tomorrow's 15:00"); or night falls: the clock moves on to half an hour after the day's sunset,
   * where "only after sunset" holds. Once only: the events are enabled while the clock has not
   * moved (pair-system.ts).
   */
  private passTime(event: number, value: string): void {
    this.timers.allDue();
    this.world.clock = value === NIGHTFALL ? nightfall(this.world.clock) : addDays(this.world.clock, 1);
    this.events.access('write', CLOCK);
    this.events.access('write', enablementLocation(event));
    if (this.events.detailed) this.records.push({ kind: 'event', depth: 0, source: 'clock', name: 'time', value: new Date(this.world.clock).toISOString(), manual: false });
  }

  /**
   * An outside client calls one of an app's REST endpoints: its handler runs with the event's
   * payload. The client is a person (an SMS, a tweet, a dashboard's button), so the handler's own
   * writes are manual, as those of a touch or a button (reference §4.4).
   */
  private callEndpoint(event: PairEvent): void {
    const app = this.world.apps[event.app === 'App1' ? 0 : 1];
    const endpoint = this.host.outsideWorldOf(app.id).endpoints.find((e) => e.handler === event.handler);
    if (!endpoint) return;
    this.host.callEndpoint(app.id, endpoint, event.value, () => this.events.runHandlerAs(true, app, endpoint.handler, `${event.name} ${event.value}`.trim(), []));
  }

  private deviceEvent(state: DeviceState, attribute: string, valueText: string): void {
    this.events.deviceEvent(state, attribute, valueText, this.handOperated && isCommandSet(state.spec, attribute));
  }

  /**
   * The device an app created (`addChildDevice`, a virtual button tile) that the event's app
   * listens to for its attribute, when that app listens to no device of the home for it: the
   * event is the person using that device. Only for an event of no known capability (the scan
   * sees no input behind the subscription); such an event otherwise goes to a device of the home.
   */
  private subscribedChildDevice(event: PairEvent): DeviceRef | undefined {
    if (event.capability !== undefined) return undefined;
    const app = this.world.apps[event.app === 'App1' ? 0 : 1];
    const targets = this.world.subscriptions.flatMap(({ app: a, subscription: s }) =>
      (a === app && !s.command && s.attribute === event.name && s.target.kind === 'device' ? [s.target.device] : []));
    if (targets.some((d) => this.world.devices.has(d.id))) return undefined;
    return targets[0];
  }

  /** The device of a pair event: its capability's device, created on first use if no input binds it. */
  private deviceForEvent(event: PairEvent): DeviceState | undefined {
    if (event.capability !== undefined) return this.world.deviceFor(event.capability);
    return [...this.world.devices.values()].find((d) => d.spec?.attributes.some((a) => a.name === event.name));
  }

  /**
   * Runs a subscription's handler once with a plausible event: its value filter if it has one,
   * otherwise a value of the attribute's domain other than the current one (so the environment
   * would really deliver it). An endless cascade it starts is cut as in `fire`.
   */
  exercise(s: RuntimeSubscription): void {
    const date = new GDate(this.world.clock);
    let event: GEvent;
    if (s.target.kind === 'app') event = new GEvent('touch', 'touched', 'APP', null, date, null, true, false);
    else if (s.target.kind === 'location') {
      const name = s.attribute === null || s.attribute === 'location' ? 'mode' : s.attribute;
      const value = s.value ?? this.otherLocationValue(name);
      event = new GEvent(name, value, 'LOCATION', null, date, null, true, false);
    } else {
      // A child device the app created is not in the home: its events carry a generic value.
      const state = this.world.devices.get(s.target.device.id) ?? { spec: undefined, values: new Map() };
      const attribute = s.command ? COMMAND_EVENT : (s.attribute ?? '');
      const value = s.command ? (s.attribute ?? '') : (s.value ?? plausibleValue(state, attribute));
      const data = dataMap(eventDataOf(state.spec, attribute, value));
      event = new GEvent(attribute, value, 'DEVICE', s.target.device, date, data, true, true);
    }
    const owner = this.world.subscriptions.find((x) => x.subscription === s)?.app ?? this.app;
    this.records.push({ kind: 'event', depth: this.events.depth, source: event.device?.id ?? event.source.toLowerCase(), name: event.name, value: event.value, manual: false });
    this.cuttingCascades(() => this.events.runHandler(owner, s.handler, `${event.name}=${event.value}`, [event]));
  }

  /** A value of a location attribute other than its current one: another mode or monitor status, the sun's time, else the name. */
  private otherLocationValue(name: string): string {
    if (name === 'mode') return LOCATION_MODES.find((m) => m !== this.world.mode)!;
    if (name === ALARM_SYSTEM_STATUS.attribute) return ALARM_SYSTEM_STATUS.values.find((v) => v !== this.world.alarmSystemStatus)!;
    return sunTimeText(name) ?? name;
  }

  // --- states of the model ------------------------------------------------------------------------

  snapshot(): HomeSnapshot {
    return this.states.capture().snapshot;
  }

  restore(snapshot: HomeSnapshot): void {
    this.states.restore(snapshot);
  }

  /** Canonical string of the whole home: equal strings for states with equal futures. */
  stateKey(): string {
    return this.states.stateKey();
  }

  /** The home's snapshot and its key, in one pass (see HomeStates.capture). */
  capture(): CapturedState {
    return this.states.capture();
  }

  /**
   * Runs `body` as one transition: the records it produces replace the home's records, and every
   * access made (by the environment, the apps and the devices) is returned (none for a home made
   * without `everyAccess`).
   */
  transition(body: () => void): Access[] {
    return this.events.transition(body).every;
  }

  /**
   * Runs `body` as one transition (`transition`) whose records keep only the attribute writes and
   * errors, and returns its strongest access per location (a write where it wrote the location,
   * else a read) and the parts of the state it touched, in order, given the layout of the state it
   * started from (HomeStates.touchedParts).
   */
  strongestAccesses(body: () => void, layout: PartLayout): { accesses: ReadonlyMap<string, AccessKind>; touched: number[] | undefined } {
    const { strongest, partUses } = this.events.transition(body, true);
    return { accesses: strongest, touched: this.states.touchedParts(layout, strongest.keys(), partUses) };
  }

  /** What a transition from `from` to `to` that touched the parts at `touched` changed (HomeStates.changes). */
  changes(from: CapturedState, to: CapturedState, touched: readonly number[]): PartChange[] | undefined {
    return this.states.changes(from, to, touched);
  }

  /** The state `from` with `changes` made (HomeStates.changed). */
  changed(from: CapturedState, changes: readonly PartChange[]): CapturedState {
    return this.states.changed(from, changes);
  }
}

/**
 * A value the device could report next: another of the values its table lists (the values a real
 * device reports, such as a cube's faces, else the attribute's domain), else a nearby number.
 */
function plausibleValue(state: Pick<DeviceState, 'spec' | 'values'>, attribute: string): string {
  const spec = state.spec?.attributes.find((a) => a.name === attribute);
  const current = state.values.get(attribute) ?? null;
  const listed = spec?.deviceValues ?? (Array.isArray(spec?.domain) ? spec.domain : undefined);
  if (listed) return listed.find((v) => v !== current) ?? listed[0];
  if (spec?.domain === 'boolean') return String(current !== true);
  if (typeof current === 'number') return String(current + 10);
  return '50';
}
