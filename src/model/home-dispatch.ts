// Event delivery in a simulated home: synchronous and re-entrant, App2's subscriptions before
// App1's (reference §2.5); timers fire at once, an asynchronous request's callback once the
// execution that sent it has ended. Every handler run gets an access log; nested runs (a
// command's event reaching an app again) append to the logs of the runs that caused them, so an
// outer handler's set is its whole transition. Everything that happens is recorded in order.
import { deviceAttributeLocation, locationAttributeLocation, subscriptionLocation, type Access, type AccessKind } from '../interp/access.js';
import { ErrorAnswer, GroovyError } from '../interp/errors.js';
import { parseDecimal } from '../interp/numbers.js';
import type { RuntimeSubscription } from '../interp/host.js';
import type { AppInstance } from '../interp/instance.js';
import { toStr } from '../interp/operators.js';
import { GDate, GEvent, type DeviceRef, type Value } from '../interp/values.js';
import { eventDataOf, isManualEvent, type PlainValue } from '../devices/capabilities.js';
import { isLocationVariable, type DeviceState, type HomeWorld, type LocationVariable } from './home-world.js';
import type { TraceStep } from './trace-step.js';
import { GroovyMap } from '../interp/groovy-map.js';

/**
 * A part of the home's state a transition used beyond the locations it accessed: an app whose code
 * ran (it may read any of its state), a device a command or an event changed (a command reads
 * every value of the device, the attributes whose values cannot matter included, which are no
 * locations). With how many distinct locations had been accessed when it was first used.
 */
export interface PartUse {
  readonly part: 'app' | 'device';
  readonly id: string;
  readonly afterLocations: number;
}

export class Dispatcher {
  readonly records: TraceStep[] = [];
  /**
   * Access logs of the transition and the handler runs in progress, innermost last (only with
   * `everyAccess`).
   */
  private readonly openLogs: Access[][] = [];
  /**
   * The transition in progress: the strongest access per location (a write where it wrote the
   * location, else a read), in the order the locations were first accessed.
   */
  private transitionLog: Map<string, AccessKind> | null = null;
  /**
   * The parts the transition in progress used beyond its locations: with the locations, the parts
   * of the home's state it touched, in the order it first touched them (home-state.ts, `touchedParts`).
   */
  private partUses: PartUse[] = [];
  /** How deep in handler runs the current record is. */
  depth = 0;
  /**
   * Whether the records describe everything that happens (events, handlers, commands, timers,
   * messages) or only the attribute writes and errors: a transition the model checker only explores
   * needs its writes (for conflict detection), and formatting every command's arguments was a
   * twentieth of a transition's time on FireCO2Alarm's pairs.
   */
  detailed = true;
  /** Called before each handler execution with its app (due-timers.ts: the app's pending timers come due first). */
  beforeHandler: (app: AppInstance) => void = () => {};
  /** Set while delivering a manual event's handlers (button, touch, NFC, app touch). */
  manual = false;
  /**
   * Set while a person's direct action is delivered, its cascade included, but not inside a timer's
   * run: the writes made are set off by the person (`AttributeWrite.byPerson`). Only where
   * `tracksPersons` (the environment's `personsChoice`).
   */
  byPerson = false;
  tracksPersons = false;
  private readonly runningTimers = new Set<string>();
  /**
   * Per handler execution in progress, innermost last: what runs once it has ended
   * (`runAfterExecution`); undefined until something is queued, since every handler run of the
   * search pushes an entry and almost none queues anything.
   */
  private readonly afterExecutions: ((() => void)[] | undefined)[] = [];
  /** `<app>.<method>` of the callbacks running now, with what runs after them. */
  private readonly runningCallbacks = new Set<string>();

  /**
   * `everyAccess`: whether the transition and each handler record list every access made in order
   * (`stcheck run` prints a handler's). The model checker needs only the transition's strongest
   * access per location: without the lists, an access costs one map lookup instead of an object
   * pushed onto the log of every handler run in progress (up to the call-depth budget in a cascade).
   */
  constructor(
    private readonly world: HomeWorld,
    private readonly everyAccess = true,
  ) {}

  /**
   * Runs `body` as one transition: the records it produces replace the home's records. Returns the
   * accesses made (by the environment, the apps and the devices): `strongest`, one per location, a
   * write where the transition wrote it, otherwise a read (a write conflicts with everything a read
   * does, so the independence relation is that of every access made); and `every` access in order
   * (empty without `everyAccess`).
   */
  transition(body: () => void, writesOnly = false): { strongest: ReadonlyMap<string, AccessKind>; every: Access[]; partUses: readonly PartUse[] } {
    this.records.length = 0;
    this.detailed = !writesOnly;
    const strongest = new Map<string, AccessKind>();
    const every: Access[] = [];
    const partUses: PartUse[] = (this.partUses = []);
    this.transitionLog = strongest;
    if (this.everyAccess) this.openLogs.push(every);
    try {
      body();
    } finally {
      this.transitionLog = null;
      this.detailed = true;
      if (this.everyAccess) this.openLogs.pop();
    }
    return { strongest, every, partUses };
  }

  access(kind: AccessKind, location: string): void {
    const log = this.transitionLog;
    if (log !== null && log.get(location) !== 'write') log.set(location, kind);
    if (this.openLogs.length === 0) return;
    const access = { kind, location };
    for (const handlerLog of this.openLogs) handlerLog.push(access);
  }

  /** The transition in progress uses a part of the state: an app about to run, a device about to change (`PartUse`). */
  usePart(part: PartUse['part'], id: string): void {
    const log = this.transitionLog;
    if (log !== null && !this.partUses.some((u) => u.part === part && u.id === id)) this.partUses.push({ part, id, afterLocations: log.size });
  }

  /**
   * Like the reference's setValue, a device event whose value is already current does nothing
   * unless the device always dispatches (buttons, touch sensors). `byHand`: a person operated the
   * device itself, a direct user action like a button's (the full environment's rule).
   */
  deviceEvent(state: DeviceState, attribute: string, valueText: string, byHand = false): void {
    // An attribute left out of the state (live-attributes.ts) is no location: nothing reads it.
    const location = this.world.isLiveAttribute(state.ref.id, attribute) ? deviceAttributeLocation(state.ref.id, attribute) : undefined;
    if (location) this.access('read', location);
    else this.usePart('device', state.ref.id);
    const changed = toStr(state.values.get(attribute) ?? null) !== valueText;
    if (!changed && !state.spec?.alwaysDispatches && !this.world.alwaysDispatched(state.ref.id, attribute)) return;
    state.values.set(attribute, eventValue(state, attribute, valueText));
    if (location) this.access('write', location);
    const data = dataMap(eventDataOf(state.spec, attribute, valueText));
    this.dispatch(new GEvent(attribute, valueText, 'DEVICE', state.ref, new GDate(this.world.clock), data, true, true), byHand || isManualEvent(state.spec, attribute));
  }

  /**
   * An event of a device an app created (a child device): the model keeps no values of it, its
   * commands change nothing it knows of (home-host.ts), so every event reaches the subscribers.
   */
  childDeviceEvent(device: DeviceRef, attribute: string, valueText: string, byHand: boolean): void {
    this.dispatch(new GEvent(attribute, valueText, 'DEVICE', device, new GDate(this.world.clock), null, true, true), byHand);
  }

  /**
   * The environment's location event. The mode and the Smart Home Monitor's status are the
   * location's state: a person changes them (no event when the value is already current); the
   * others (the sun's) only announce.
   */
  locationEvent(name: string, value: string): void {
    if (isLocationVariable(name) && !this.setLocationVariable(name, value)) return;
    this.dispatch(new GEvent(name, value, 'LOCATION', null, new GDate(this.world.clock), null, true, false), false);
  }

  /** Sets a location variable, reading it first; returns whether the value changed (only then is it a write). */
  setLocationVariable(name: LocationVariable, value: string): boolean {
    const location = locationAttributeLocation(name);
    this.access('read', location);
    if (this.world[name] === value) return false;
    this.world[name] = value;
    this.access('write', location);
    return true;
  }

  /** An app touch reaches every app that subscribed to `app`, as the reference's one Touched object does. */
  touchApps(value: string): void {
    this.dispatch(new GEvent('touch', value, 'APP', null, new GDate(this.world.clock), null, true, false), true);
  }

  /**
   * A timer's method runs at once (or, `timing` due, a pending timer's when its event comes). One
   * whose method is already running from a timer (a method that re-schedules itself) stays pending
   * instead of recursing forever.
   */
  fireTimer(app: AppInstance, handler: string, api: string, args: Value[], timing?: 'due'): void {
    const key = `${app.id}.${handler}`;
    const fire = !this.runningTimers.has(key);
    if (this.detailed) this.records.push({ kind: 'timer', depth: this.depth, app: app.id, appName: this.world.appName(app.id), api, handler, fired: fire, timing });
    if (!fire) return;
    this.runningTimers.add(key);
    // A timer's run is the app's own doing at its time, whoever's action set the timer. One that
    // fires at once keeps the reference's manual flag (its run is nested in the handler that set it);
    // one that comes due later may come due inside a person's action, and is still not theirs.
    const [outerManual, outerByPerson] = [this.manual, this.byPerson];
    if (timing === 'due') this.manual = false;
    this.byPerson = false;
    try {
      this.runHandler(app, handler, `${api} timer`, args);
    } finally {
      this.runningTimers.delete(key);
      [this.manual, this.byPerson] = [outerManual, outerByPerson];
    }
  }

  /**
   * Runs a method of the app as an execution of its own once the handler execution in progress has
   * ended (at once outside any): the platform's call of an asynchronous request's callback. It is
   * the app's own later run, so, like a timer that comes due, its writes are never a person's. A
   * callback that sends the request answered by itself again is not called a second time within
   * the transition (each call would end before the next, so no budget would stop the chain).
   */
  runAfterExecution(app: AppInstance, method: string, cause: string, args: Value[]): void {
    const key = `${app.id}.${method}`;
    const run = () => {
      if (this.runningCallbacks.has(key)) return;
      const [outerManual, outerByPerson] = [this.manual, this.byPerson];
      [this.manual, this.byPerson] = [false, false];
      this.runningCallbacks.add(key);
      try {
        this.runHandler(app, method, cause, args);
      } finally {
        this.runningCallbacks.delete(key);
        [this.manual, this.byPerson] = [outerManual, outerByPerson];
      }
    };
    const innermost = this.afterExecutions.length - 1;
    if (innermost >= 0) (this.afterExecutions[innermost] ??= []).push(run);
    else run();
  }

  /**
   * Delivers an event to every matching subscription: App2's before App1's, each app's in
   * registration order.
   */
  dispatch(event: GEvent, manual: boolean): void {
    const source = event.device?.id ?? event.source.toLowerCase();
    if (this.detailed) this.records.push({ kind: 'event', depth: this.depth, source, name: event.name, value: event.value, manual });
    const matching = this.world.subscriptions.filter((s) => matches(s.subscription, event));
    for (const app of [...this.world.apps].reverse()) {
      for (const { subscription } of matching.filter((s) => s.app === app)) {
        this.access('read', subscriptionLocation(app.id, subscription.handler));
        this.runHandlerAs(manual, app, subscription.handler, `${event.name}=${event.value}`, [event]);
      }
    }
  }

  /** Runs a handler whose own writes are manual (a person's direct action) or not, as `runHandler`. */
  runHandlerAs(manual: boolean, app: AppInstance, handler: string, cause: string, args: Value[]): void {
    const outerManual = this.manual;
    const outerByPerson = this.byPerson;
    this.manual = manual;
    if (manual && this.tracksPersons) this.byPerson = true;
    try {
      this.runHandler(app, handler, cause, args);
    } finally {
      this.manual = outerManual;
      this.byPerson = outerByPerson;
    }
  }

  /**
   * Runs one execution of a handler (installed(), a subscription's handler, a timer's method). As on
   * SmartThings, an exception the app raises ends this execution only: what it did up to the throw
   * stands, the exception is recorded (an `error` step) and whoever delivered the event goes on.
   * What the tool does not model (UnsupportedError) or a budget still stops the whole transition.
   */
  runHandler(app: AppInstance, handler: string, cause: string, args: Value[]): void {
    if (!app.hasMethod(handler)) return;
    this.usePart('app', app.id);
    this.beforeHandler(app);
    const log: Access[] | undefined = this.everyAccess ? [] : undefined;
    if (this.detailed) this.records.push({ kind: 'handler', depth: this.depth, app: app.id, appName: this.world.appName(app.id), handler, cause, ...(log ? { accesses: log } : {}) });
    if (log) this.openLogs.push(log);
    this.depth++;
    this.afterExecutions.push(undefined);
    let after: (() => void)[] | undefined;
    try {
      app.invoke(handler, args);
    } catch (error) {
      if (!(error instanceof GroovyError)) throw error;
      // An endpoint's error answer (httpError) ended it as meant: the answer is recorded already.
      if (!(error instanceof ErrorAnswer)) this.records.push({ kind: 'error', depth: this.depth, app: app.id, appName: this.world.appName(app.id), handler, message: error.message, exception: error.javaClass, line: error.at?.line });
    } finally {
      this.depth--;
      after = this.afterExecutions.pop();
      if (log) this.openLogs.pop();
    }
    // Reached only when the execution ended as the platform ends one (an exception of the app's
    // included); a gap or a budget stops the transition and drops what was to run after.
    for (const run of after ?? []) run();
  }
}

/**
 * The stored value of an environment event's text: a boolean for a boolean attribute, a number for
 * an integer, and a BigDecimal for a decimal of a numeric attribute, as the platform's
 * `currentValue("temperature")` gives 49.5 as a number (a sum of readings must not concatenate text).
 */
function eventValue(state: DeviceState, attribute: string, text: string): Value {
  const domain = state.spec?.attributes.find((a) => a.name === attribute)?.domain;
  if (domain === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (/^-?\d+$/.test(text)) return Number(text);
  return domain === 'number' && DECIMAL_TEXT.test(text) ? parseDecimal(text) : text;
}

const DECIMAL_TEXT = /^-?\d+\.\d+$/;

/** The name of the event a command subscription hears: its value is the command sent. */
export const COMMAND_EVENT = 'command';

function matches(s: RuntimeSubscription, e: GEvent): boolean {
  if (e.source === 'APP') return s.target.kind === 'app';
  if (e.source === 'LOCATION') {
    if (s.target.kind !== 'location') return false;
    if (s.attribute === null || s.attribute === 'location') return true;
    return s.attribute === e.name && (s.value === null || s.value === e.value);
  }
  if (s.target.kind !== 'device' || s.target.device.id !== e.device?.id) return false;
  if (s.command || e.name === COMMAND_EVENT) return s.command === true && e.name === COMMAND_EVENT && s.attribute === e.value;
  return s.attribute === e.name && (s.value === null || s.value === e.value);
}

/** An event's data as the interpreter's map (`evt.data` prints it as JSON, `evt.jsonData` is the map). */
export function dataMap(data: Readonly<Record<string, PlainValue>> | null): Map<Value, Value> | null {
  return data === null ? null : new GroovyMap(Object.entries(data));
}
