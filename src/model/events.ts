// The event list of an app pair. Its backbone is the reference's own (the DPOR variant's token scan,
// reference §2.2, §2.6, §5.7): one entry per scanned event type, deduplicated across the pair,
// expanded into one event per value, App1 and App2 interleaved. That keeps our event alphabet, and
// so our state and transition counts, comparable with the paper's. Subscriptions that the lowering
// finds but the token scan misses (a subscription the scan cannot read) are appended, so no
// subscribed event goes unfired: a deliberate deviation, listed per pair as `extra`. The full
// environment appends, as extras too, the sensor attributes an app reads that no subscription fires,
// one event per one-off timer method, which runs the timer when it comes due (due-timers.ts), and
// one where a day passes, for a pair where an app keeps a time it read, and one where night falls,
// for a pair where an app acts or not by the time of day against the sun (home.ts, `passTime`).
import type { AppIR, SubscriptionIR } from '../ir/ir.js';
import { observedAttributes, readAttributes } from '../analysis/attribute-reads.js';
import { idlyReadOnly } from '../analysis/heeded-reads.js';
import { comparisons, type Comparison } from '../analysis/thresholds.js';
import { capabilityOf, deviceValuesOf, isCommandSet, isManualEvent, type CapabilitySpec } from '../devices/capabilities.js';
import { INPUT_CONSTANTS } from '../devices/input-defaults.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import { locationModes, numberSetting, REFERENCE_ENVIRONMENT, type Environment } from './environment.js';
import { expandEventType, type EventTypeSpec } from './environment-events.js';
import { scanPairTypes, type ScannedType } from './reference-scan.js';
import { oneOffTimerMethods } from './due-timers.js';
import { numberFallbacks } from '../analysis/setting-fallbacks.js';
import { keepsClockTime, readsTimeOfDay } from '../analysis/clock-reads.js';
import { methodWrites } from '../analysis/method-writes.js';
import { appOutsideWorld, changingServices, endpointPayloads, serviceAttribute, WEB_ANSWER_EVENT, WEB_SERVICE_CAPABILITY } from './outside-world.js';
import { sunTimeText } from '../interp/time.js';

export type AppSlot = 'App1' | 'App2';

/** One app of a pair: its IR and the source text it was lowered from. */
export interface PairApp {
  ir: AppIR;
  source: string;
}

/** One event the environment can fire in the pair's home. */
export interface PairEvent {
  id: number;
  /**
   * The subscribed type it came from: `switch`, `contact.open`, `mode`, `app`, `schedule`; `web`
   * for a web service's new answer (a `device` event of the web-service device), `endpoint` for an
   * outside client's call (model/outside-world.ts), `timer` for a one-off timer coming due, `time`
   * for time passing (a day, or until night).
   */
  type: string;
  /**
   * A `timer` event is enabled only while its timer is pending (due-timers.ts), a `time` event
   * until time has passed once (by either); every other event always.
   */
  kind: 'device' | 'location' | 'app' | 'schedule' | 'endpoint' | 'timer' | 'time';
  /** The app whose subscription (or schedule) introduced the type; for `time`, the first app it is there for. */
  app: AppSlot;
  /** Event name and value delivered to handlers (for a schedule: `schedule` and the method). */
  name: string;
  value: string;
  /** For device events: the capability of the device that fires it (one device per capability). */
  capability?: string;
  /** For schedule, timer and endpoint events: the method the timer or the call runs. */
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

/**
 * The pair's events in an environment (default the reference's). The full environment fires every
 * value of a suffixed subscription's attribute and adds numeric values around the pair's thresholds
 * (src/model/environment.ts); an event is then never listed twice. `tracked`: the attributes the
 * check tracks, if known; in the full environment only the one-off timers that can write one come
 * due later (due-timers.ts), the others run at once.
 */
export function buildPairEvents(app1: PairApp, app2: PairApp, env: Environment = REFERENCE_ENVIRONMENT, tracked?: readonly string[]): PairEventList {
  const thresholds = env.thresholds ? appThresholds(app1.ir, app2.ir, env) : [];
  const modes = locationModes(env, [app1.ir, app2.ir]);
  const scanned = scanPairTypes(app1.source, app2.source).map((t) => fromScan(t, app1.ir, app2.ir));
  const apps: Array<[AppSlot, AppIR]> = [['App1', app1.ir], ['App2', app2.ir]];
  const subscribed = [...scanned, ...missedSubscriptions(scanned, apps), ...(env.everyTimer ? missedTimers(scanned, apps) : [])];
  const entries = [...subscribed, ...(env.readSensorsChange ? [...unsubscribedReadSensors(subscribed, apps, tracked), ...unsubscribedMonitor(subscribed, apps)] : [])];
  const ordered = interleave(entries.filter((e) => e.app === 'App1'), entries.filter((e) => e.app === 'App2'));
  const events: PairEvent[] = [];
  const unmodelled: UnmodelledEvent[] = [];
  for (const entry of ordered) {
    if (entry.type === 'schedule') {
      events.push({ id: events.length, type: 'schedule', kind: 'schedule', app: entry.app, name: 'schedule', value: entry.handler ?? '', handler: entry.handler, extra: entry.extra });
      continue;
    }
    const spec = eventTypeIn(env, entry);
    if (!spec) {
      unmodelled.push({ app: entry.app, type: entry.type });
      continue;
    }
    const kind = eventKind(entry.type);
    const extraValues = spec.values.every(isNumeric) ? valuesAround(thresholdsOf(spec.name, thresholds)) : spec.name === 'mode' ? modes : [];
    const values = [...spec.values, ...extraValues.filter((v) => !spec.values.includes(v))];
    for (const value of values) {
      // An extra entry only adds what the reference's list cannot fire yet; the full environment never lists an event twice.
      if ((entry.extra || env.wholeDomains) && events.some((e) => e.name === spec.name && e.value === value && e.capability === entry.capability)) continue;
      events.push({ id: events.length, type: entry.type, kind, app: entry.app, name: spec.name, value, capability: kind === 'device' ? entry.capability : undefined, extra: entry.extra });
    }
  }
  if (env.outsideWorld) for (const [app, ir] of apps) events.push(...outsideWorldEvents(app, ir, events.length));
  if (env.delayedTimers) {
    const writes = apps.map(([, ir]) => methodWrites(ir));
    for (const [i, [app, ir]] of apps.entries()) events.push(...dueTimerEvents(app, ir, writes[i], writes[1 - i], events.length, tracked));
  }
  // Each is listed under the first app it is there for.
  const timeKeeper = env.timePasses ? apps.find(([, ir]) => keepsClockTime(ir)) : undefined;
  if (timeKeeper) events.push(timeEvent(events.length, timeKeeper[0], TIME_PASSING));
  const sunWatcher = env.nightFalls ? apps.find(([, ir]) => readsTimeOfDay(ir)) : undefined;
  if (sunWatcher) events.push(timeEvent(events.length, sunWatcher[0], NIGHTFALL));
  return { events, unmodelled };
}

/** How much time passes in a `time` event (home.ts, `passTime`): a whole day, or until night. */
export const TIME_PASSING = 'a day';
export const NIGHTFALL = 'night';

function timeEvent(id: number, app: AppSlot, value: string): PairEvent {
  return { id, type: 'time', kind: 'time', app, name: 'time', value, extra: true };
}

/** How a `time` event reads in traces and listings: "a day passes", "night falls". */
export function timePassingText(value: string): string {
  return value === NIGHTFALL ? 'night falls' : `${value} passes`;
}

/**
 * The values an entry's type fires in the environment: the reference's constants; in the full
 * environment the whole attribute, and the values a real device reports where the device table
 * lists them (a three-axis sensor's six faces instead of the reference's one value).
 */
function eventTypeIn(env: Environment, entry: TypeEntry): EventTypeSpec | undefined {
  // The Smart Home Monitor, which the reference does not model: a person sets each of its statuses.
  if (env.wholeDomains && namesMonitor(entry.type)) return { name: ALARM_SYSTEM_STATUS.attribute, values: ALARM_SYSTEM_STATUS.values };
  const spec = expandEventType(env.wholeDomains ? wholeType(entry.type) : entry.type, entry.capability);
  if (!spec || !env.wholeDomains) return spec;
  // The platform's value where the reference's is the event's name: the sun time as ISO text.
  const sunTime = sunTimeText(spec.name);
  const values = sunTime !== undefined ? [sunTime] : deviceValuesOf(entry.capability, spec.name);
  return values ? { name: spec.name, values } : spec;
}

/**
 * The full environment's outside world for one app, numbered from `firstId`: each web service it
 * compares answers of takes each of its answers; an outside client calls each endpoint that may
 * write with each of its payloads.
 */
function outsideWorldEvents(app: AppSlot, ir: AppIR, firstId: number): PairEvent[] {
  const world = appOutsideWorld(ir);
  const events: Array<Omit<PairEvent, 'id'>> = [];
  for (const service of changingServices(world)) {
    for (const answer of service.answers) events.push({ type: WEB_ANSWER_EVENT, kind: 'device', app, name: serviceAttribute(app, service), value: answer, capability: WEB_SERVICE_CAPABILITY, extra: true });
  }
  for (const endpoint of world.endpoints) {
    for (const payload of endpointPayloads(endpoint)) events.push({ type: 'endpoint', kind: 'endpoint', app, name: endpoint.label, value: payload, handler: endpoint.handler, extra: true });
  }
  return events.map((e, i) => ({ ...e, id: firstId + i }));
}

/** A suffixed type as its bare attribute (`contact.open` → `contact`); location types and `app` stay. */
function wholeType(type: string): string {
  const dot = type.indexOf('.');
  return dot < 0 || eventKind(type) !== 'device' ? type : type.slice(0, dot);
}

const isNumeric = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/** What one app compares numbers against, the attributes it observes, and the values of its numeric settings. */
interface AppThresholds {
  observed: ReadonlySet<string> | 'all';
  comparisons: readonly Comparison[];
  setting: (name: string) => number;
}

/**
 * Per app, its comparisons (src/analysis/thresholds.ts) and the numeric setting the environment
 * gives it. A comparison splits only values that reach it: the attributes whose values flow into
 * it, or every attribute the app observes (reads or subscribes to) where that is not known. So a
 * number one app compares against its own computations (a colour temperature it derives from the
 * clock, a power threshold) does not multiply the values of an attribute only the other app hears,
 * or one it only saves and restores.
 */
function appThresholds(app1: AppIR, app2: AppIR, env: Environment): AppThresholds[] {
  const ofApp = (ir: AppIR, app: string): AppThresholds => ({
    observed: observedAttributes(ir),
    comparisons: comparisons(ir),
    setting: (name) => {
      const input = ir.inputs.find((i) => i.name === name);
      return input === undefined ? (INPUT_CONSTANTS.number as number) : numberSetting(env, app, input, numberFallbacks(ir).get(name));
    },
  });
  return [ofApp(app1, 'App1'), ofApp(app2, 'App2')];
}

/** The distinct thresholds of an attribute, sorted: the numbers of the comparisons its values reach. */
function thresholdsOf(attribute: string, apps: readonly AppThresholds[]): number[] {
  const numbers = new Set<number>();
  for (const app of apps) {
    if (app.observed !== 'all' && !app.observed.has(attribute)) continue;
    for (const c of app.comparisons) {
      if (c.attributes === 'any' || c.attributes.has(attribute)) for (const n of c.numbers) numbers.add(typeof n === 'number' ? n : app.setting(n.setting));
    }
  }
  return [...numbers].sort((a, b) => a - b);
}

/** One value below the lowest threshold, one between each two, one above the highest: every side of each. */
function valuesAround(thresholds: readonly number[]): string[] {
  if (thresholds.length === 0) return [];
  const between = thresholds.slice(1).map((t, i) => {
    const low = thresholds[i];
    return t - low >= 2 ? Math.floor((low + t) / 2) : (low + t) / 2;
  });
  return [thresholds[0] - 1, ...between, thresholds[thresholds.length - 1] + 1].map(String);
}

/** The event type of a subscription, spelled as the reference's scan reads it. */
export function subscriptionType(sub: SubscriptionIR): string {
  if (sub.source.kind === 'app') return 'app';
  return sub.value == null ? sub.attribute : `${sub.attribute}.${sub.value}`;
}

const LOCATION_EVENT_TYPES = /^(location|position|mode|sunset|sunrise|sunsetTime|sunriseTime|alarmSystemStatus)(\.|$)/;

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
function missedSubscriptions(scanned: readonly TypeEntry[], apps: ReadonlyArray<[AppSlot, AppIR]>): TypeEntry[] {
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

type MethodWrites = ReturnType<typeof methodWrites>;

/**
 * One event per method the app sets one-off timers for, numbered from `firstId`: the timer coming
 * due. Only methods whose own writes can conflict in the minutes before they come due: methods
 * that can write an attribute the other app can write too (analysis/method-writes.ts, callees
 * included), and with `tracked` one the check tracks. The other timers run at once, as in the
 * reference: their pending states would multiply the search's without a conflict to find in them.
 */
function dueTimerEvents(app: AppSlot, ir: AppIR, writes: MethodWrites, otherWrites: MethodWrites, firstId: number, tracked?: readonly string[]): PairEvent[] {
  const contested = new Set([...otherWrites.values()].flatMap((attributes) => [...attributes]).filter((a) => !tracked || tracked.includes(a)));
  const canConflict = (method: string) => [...(writes.get(method) ?? [])].some((a) => contested.has(a));
  return oneOffTimerMethods(ir).filter(canConflict).map((handler, i) => ({ id: firstId + i, type: 'timer', kind: 'timer', app, name: 'timer', value: handler, handler, extra: true }));
}

/** Timers the clock fires again and again (a one-off `runIn`/`runOnce` already ran when it was set). */
const PERIODIC: ReadonlySet<string> = new Set(['schedule', 'runEvery', 'runDaily']);

/** The apps' periodic timers without a schedule event yet, once per app and method, in source order. */
function missedTimers(scanned: readonly TypeEntry[], apps: Array<[AppSlot, AppIR]>): TypeEntry[] {
  const have = new Set(scanned.filter((e) => e.type === 'schedule').map((e) => `${e.app}\u0000${e.handler}`));
  const extra: TypeEntry[] = [];
  for (const [app, ir] of apps) {
    for (const timer of ir.schedules.filter((t) => PERIODIC.has(t.kind))) {
      const key = `${app}\u0000${timer.handler}`;
      if (have.has(key)) continue;
      have.add(key);
      extra.push({ type: 'schedule', app, handler: timer.handler, extra: true });
    }
  }
  return extra;
}

/**
 * The attributes of a device that only the world changes: no command of its capability writes them
 * (a contact sensor's `contact`, a thermostat's `temperature`; not its `alarmState`), they send
 * events (not the reference's toggles), and they are not a person's direct action (buttons, touches),
 * which keeps the reference's manual-action rule as it is.
 */
function worldAttributes(spec: CapabilitySpec): string[] {
  return spec.attributes.filter((a) => !a.silent && !isCommandSet(spec, a.name) && !isManualEvent(spec, a.name)).map((a) => a.name);
}

/**
 * Attributes of a device a person also sets by hand, for an app that reads them: a command sets
 * them, their values are a few named states (a thermostat's mode, a lock, a valve), and the check
 * tracks them (`tracked`, all when unknown). An app that saves the mode it finds and restores it
 * later then sees the mode a person chose, not only the reference's initial "off". Left out for
 * their cost (docs/model.md): switches and numbers (levels, setpoints), which light and
 * thermostat apps read to save whole device states, and untracked attributes.
 */
function handSetAttributes(spec: CapabilitySpec, tracked: readonly string[] | undefined): string[] {
  return spec.attributes
    .filter((a) => !a.silent && isCommandSet(spec, a.name) && Array.isArray(a.domain) && a.name !== 'switch' && (!tracked || tracked.includes(a.name)))
    .map((a) => a.name);
}

/**
 * Sensor attributes an app reads (`contact.currentContact`, `latestValue("contact")`) on a device
 * of its inputs without any subscription of the pair firing them, once per attribute and
 * capability, in input order: in a home the door closes and opens whether or not an app listens.
 * An app that reads attributes by computed names adds none (its reads are not known by name).
 */
function unsubscribedReadSensors(subscribed: readonly TypeEntry[], apps: ReadonlyArray<[AppSlot, AppIR]>, tracked: readonly string[] | undefined): TypeEntry[] {
  const have = new Set(subscribed.filter((e) => eventKind(e.type) === 'device').map((e) => `${wholeType(e.type)}\u0000${e.capability}`));
  const extra: TypeEntry[] = [];
  for (const [app, ir] of apps) {
    const observed = observedAttributes(ir);
    if (observed === 'all') continue;
    // A sensor the app reads only where the value decides nothing (a dashboard's answer to a web
    // client) changes nothing that matters when it changes; one it subscribes to stays.
    const idle = idlyReadOnly(ir);
    const sensed = (a: string) => observed.has(a) && !idle.has(a);
    for (const input of ir.inputs) {
      const spec = input.capability === undefined ? undefined : capabilityOf(input.capability);
      if (!spec) continue;
      for (const attribute of [...worldAttributes(spec).filter(sensed), ...handSetAttributes(spec, tracked).filter((a) => observed.has(a))]) {
        const key = `${attribute}\u0000${input.capability}`;
        if (have.has(key) || !expandEventType(attribute, input.capability)) continue;
        have.add(key);
        extra.push({ type: attribute, app, capability: input.capability, extra: true });
      }
    }
  }
  return extra;
}

/**
 * The Smart Home Monitor's status when an app reads it by name but neither subscribes to it: a
 * person arms and disarms the monitor all the same (the full environment's rule for read sensors).
 */
function unsubscribedMonitor(subscribed: readonly TypeEntry[], apps: ReadonlyArray<[AppSlot, AppIR]>): TypeEntry[] {
  const { attribute } = ALARM_SYSTEM_STATUS;
  if (subscribed.some((e) => namesMonitor(e.type))) return [];
  const reader = apps.find(([, ir]) => {
    const read = readAttributes(ir);
    return read !== 'all' && read.has(attribute);
  });
  return reader ? [{ type: attribute, app: reader[0], extra: true }] : [];
}

/** Whether an event type is the monitor's status, with or without a value (`alarmSystemStatus.away`). */
function namesMonitor(type: string): boolean {
  return type.split('.')[0] === ALARM_SYSTEM_STATUS.attribute;
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
