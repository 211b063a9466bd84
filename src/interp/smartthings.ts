// The SmartThings runtime library as the reference models it (iotcheck-reference.md §2.5), plus the
// Java classes apps touch (Math, Integer, TimeZone, Date, SimpleDateFormat, JsonSlurper). Every
// effect on the world goes through the Host; this module holds no state of its own.
import type { BuiltinFunction, RuntimeContext } from './context.js';
import { GroovyError, UnsupportedError } from './errors.js';
import { NOT_FOUND, castValue, iterate, parseNumberStatic, type MethodResult } from './groovy-methods.js';
import type { MessageKind, RuntimeSubscription, SubscriptionTarget, TimerKind } from './host.js';
import * as num from './numbers.js';
import { toStr } from './operators.js';
import { mathRandom, newRandom } from './random.js';
import * as time from './time.js';
import {
  BuiltinObject,
  ClassRef,
  Decimal,
  DeviceRef,
  Double,
  GClosure,
  GDate,
  GEvent,
  GException,
  isNumber,
  type GMap,
  type Value,
} from './values.js';

export const LOCATION = new BuiltinObject('location');
export const APP = new BuiltinObject('app');
export const LOG = new BuiltinObject('log');
const HELLO_HOME = new BuiltinObject('helloHome');
const LOCATION_ZONE = new BuiltinObject('timeZone', time.LOCATION_TIME_ZONE);

/** Routines of `location.helloHome.getPhrases()` (SmartThings' default routines). */
const ROUTINES = ['Good Morning!', 'Good Night!', 'Goodbye!', "I'm Back!"];

function mapOf(entries: Record<string, Value>): GMap {
  return new Map(Object.entries(entries));
}

/** Positional arguments, with a named-argument map (`runIn(60, h, overwrite: false)`) as an options map. */
function optionsOf(args: Value[], n: GMap | null): GMap | null {
  if (n) return n;
  const last = args[args.length - 1];
  return last instanceof Map ? last : null;
}

/** A handler argument: a method closure (bare method name), a method-name string or a GString. */
function handlerName(v: Value, api: string): string {
  if (typeof v === 'string') return v;
  if (v instanceof GClosure && v.methodName) return v.methodName;
  throw new UnsupportedError(`${api} with a handler that is not a method name (${toStr(v)})`);
}

function zoneOf(v: Value): string {
  if (v instanceof BuiltinObject && v.kind === 'timeZone') return v.id;
  if (typeof v === 'string') return v;
  return time.LOCATION_TIME_ZONE;
}

/** A SmartThings time argument: a Date, epoch ms, or a time/ISO string. */
function instantOf(v: Value, tz: string): number {
  if (v instanceof GDate) return v.time;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? time.parseIsoDateTime(v) : time.timeToday(v, tz);
  throw new GroovyError('IllegalArgumentException', `not a time: ${toStr(v)}`);
}

// ---------------------------------------------------------------------------------------------
// Subscriptions and timers

function subscriptionTargets(source: Value): SubscriptionTarget[] {
  if (source === LOCATION) return [{ kind: 'location' }];
  if (source === APP) return [{ kind: 'app' }];
  if (source instanceof DeviceRef) return [{ kind: 'device', device: source, input: null }];
  if (Array.isArray(source)) return source.flatMap(subscriptionTargets);
  // SmartThings ignores a subscription to an unset optional input.
  if (source === null) return [];
  throw new UnsupportedError(`subscribe to ${toStr(source)}`);
}

const subscribe: BuiltinFunction = (ctx, args) => {
  const [source, second, third] = args;
  // subscribe(source, "name", handler[, options]); the name may be null (`subscribe(location, null, h)`).
  const hasEventName = args.length >= 3 && (typeof second === 'string' || second === null);
  const handler = handlerName(hasEventName ? third : second, 'subscribe');
  let attribute: string | null = null;
  let value: string | null = null;
  if (typeof second === 'string' && hasEventName) {
    const dot = second.indexOf('.');
    attribute = dot < 0 ? second : second.slice(0, dot);
    value = dot < 0 ? null : second.slice(dot + 1);
  }
  for (const target of subscriptionTargets(source)) {
    const sub: RuntimeSubscription = { target, attribute, value, handler };
    ctx.host.subscribe(ctx.app, sub);
  }
  return null;
};

const unsubscribe: BuiltinFunction = (ctx, args) => {
  if (args.length === 0 || args[0] === null) ctx.host.unsubscribe(ctx.app, null);
  else for (const t of subscriptionTargets(args[0])) ctx.host.unsubscribe(ctx.app, t);
  return null;
};

function timer(kind: TimerKind, api: string, handlerIndex: number): BuiltinFunction {
  return (ctx, args, n) => {
    const positional = args.filter((a) => !(a instanceof Map));
    const opts = optionsOf(args, n);
    ctx.host.schedule(ctx.app, {
      kind,
      api,
      handler: handlerName(positional[handlerIndex] ?? null, api),
      delaySeconds: kind === 'runIn' ? num.toInt(positional[0] ?? 0) : null,
      data: opts?.get('data') ?? null,
      overwrite: opts?.get('overwrite') !== false,
    });
    return null;
  };
}

const RUN_EVERY = ['runEvery1Minute', 'runEvery5Minutes', 'runEvery10Minutes', 'runEvery15Minutes', 'runEvery30Minutes', 'runEvery1Hour', 'runEvery3Hours'];

// ---------------------------------------------------------------------------------------------
// Messages

function message(kind: MessageKind, textIndex: number, toIndex: number | null): BuiltinFunction {
  return (ctx, args) => {
    const to = toIndex === null ? null : args[toIndex];
    ctx.host.message(ctx.app, { kind, text: toStr(args[textIndex] ?? null), to: to === null || to === undefined ? null : toStr(to) });
    return null;
  };
}

function http(api: string): BuiltinFunction {
  return (ctx, args, n) => {
    const params = n ?? args[0];
    const uri = params instanceof Map ? toStr(params.get('uri') ?? null) : toStr(params ?? null);
    ctx.host.message(ctx.app, { kind: 'http', text: api, to: uri });
    return null;
  };
}

const sendLocationEvent: BuiltinFunction = (ctx, args, n) => {
  const m = n ?? (args[0] instanceof Map ? args[0] : null);
  if (!m) throw new UnsupportedError('sendLocationEvent without a map');
  const data = m.get('data');
  ctx.host.sendLocationEvent(
    ctx.app,
    new GEvent(toStr(m.get('name') ?? null), toStr(m.get('value') ?? null), 'LOCATION', null, new GDate(time.NOW_MS), data instanceof Map ? data : null, true, false),
  );
  return null;
};

// ---------------------------------------------------------------------------------------------
// Time

function sunriseAndSunset(n: GMap | null, args: Value[]): GMap {
  const opts = optionsOf(args, n);
  const offset = (key: string) => {
    const v = opts?.get(key);
    if (v === null || v === undefined) return 0;
    const text = toStr(v);
    const m = /^(-?)(\d{1,2}):(\d{2})$/.exec(text);
    if (!m) throw new GroovyError('IllegalArgumentException', `bad offset ${text}`);
    return (m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
  };
  return mapOf({ sunrise: new GDate(time.SUNRISE_MS + offset('sunriseOffset')), sunset: new GDate(time.SUNSET_MS + offset('sunsetOffset')) });
}

const builtins: Record<string, BuiltinFunction> = {
  subscribe,
  unsubscribe,
  runIn: timer('runIn', 'runIn', 1),
  runOnce: timer('runOnce', 'runOnce', 1),
  schedule: timer('schedule', 'schedule', 1),
  runDaily: timer('runDaily', 'runDaily', 1),
  unschedule: (ctx, args) => {
    ctx.host.unschedule(ctx.app, args.length && args[0] !== null ? handlerName(args[0], 'unschedule') : null);
    return null;
  },
  canSchedule: () => true,
  now: () => time.NOW_MS,
  timeToday: (_ctx, args) => new GDate(instantOf(args[0] ?? null, zoneOf(args[1] ?? null))),
  timeTodayAfter: (_ctx, args) => {
    const tz = zoneOf(args[2] ?? null);
    const start = instantOf(args[0] ?? null, tz);
    const t = time.timeToday(toStr(args[1] ?? null), tz);
    return new GDate(t < start ? time.addDays(t, 1) : t);
  },
  timeOfDayIsBetween: (_ctx, args) => {
    const tz = zoneOf(args[3] ?? null);
    return time.timeOfDayIsBetween(instantOf(args[0], tz), instantOf(args[1], tz), instantOf(args[2], tz), tz);
  },
  toDateTime: (_ctx, args) => new GDate(instantOf(args[0] ?? null, time.LOCATION_TIME_ZONE)),
  getSunriseAndSunset: (_ctx, args, n) => sunriseAndSunset(n, args),
  getTemperatureScale: () => 'F',
  getLocation: () => LOCATION,
  getApp: () => APP,
  sendPush: message('push', 0, null),
  sendPushMessage: message('push', 0, null),
  sendSms: message('sms', 1, 0),
  sendSMS: message('sms', 1, 0),
  sendSmsMessage: message('sms', 1, 0),
  sendNotification: message('notification', 0, null),
  sendNotificationEvent: message('notificationEvent', 0, null),
  sendNotificationToContacts: message('contacts', 0, 1),
  sendLocationEvent,
  setLocationMode: (ctx, args) => {
    ctx.host.setLocationMode(ctx.app, toStr(args[0] ?? null));
    return null;
  },
  httpGet: http('httpGet'),
  httpPost: http('httpPost'),
  httpPostJson: http('httpPostJson'),
  httpPut: http('httpPut'),
  httpPutJson: http('httpPutJson'),
  httpDelete: http('httpDelete'),
  parseJson: (_ctx, args) => parseJson(toStr(args[0] ?? null)),
  createAccessToken: (ctx) => {
    ctx.storePut(ctx.state, 'accessToken', 'accessToken');
    return 'accessToken';
  },
  apiServerUrl: (_ctx, args) => `https://graph.api.smartthings.com${toStr(args[0] ?? '')}`,
  getApiServerUrl: () => 'https://graph.api.smartthings.com',
  println: message('log', 0, null),
  print: message('log', 0, null),
  pause: () => null,
};
for (const api of RUN_EVERY) builtins[api] = timer('runEvery', api, 0);

export const runtimeBuiltins: Readonly<Record<string, BuiltinFunction>> = builtins;

// ---------------------------------------------------------------------------------------------
// JSON (parsed as data, never evaluated)

function fromJson(v: unknown): Value {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? v : num.toDecimalValue(new Double(v));
  if (Array.isArray(v)) return v.map(fromJson);
  return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJson(x)]));
}

export function parseJson(text: string): Value {
  try {
    return fromJson(JSON.parse(text));
  } catch {
    throw new GroovyError('JsonException', `cannot parse JSON: ${text.slice(0, 40)}`);
  }
}

function toJson(v: Value): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (isNumber(v)) return num.formatNumber(v);
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${JSON.stringify(toStr(k))}:${toJson(x)}`).join(',')}}`;
  return JSON.stringify(toStr(v));
}

// ---------------------------------------------------------------------------------------------
// Devices

function deviceState(ctx: RuntimeContext, d: DeviceRef, attribute: string): Value {
  if (!d.attributes.includes(attribute)) return null;
  const value = ctx.host.readAttribute(ctx.app, d, attribute);
  const text = value === null ? null : toStr(value);
  return mapOf({
    name: attribute,
    value: text,
    stringValue: text,
    date: new GDate(time.NOW_MS),
    unit: null,
    integerValue: isNumber(value) ? num.toInt(value) : null,
    doubleValue: isNumber(value) ? num.toDoubleValue(value) : null,
    numberValue: isNumber(value) ? value : null,
  });
}

/** A device's value of an attribute; SmartThings gives null for an attribute the device lacks. */
function readAttribute(ctx: RuntimeContext, d: DeviceRef, attribute: string): Value {
  return d.attributes.includes(attribute) ? ctx.host.readAttribute(ctx.app, d, attribute) : null;
}

/** `currentSwitch` → `switch`, `currentThermostatMode` → `thermostatMode`. */
function currentAttribute(property: string): string | null {
  if (!property.startsWith('current') || property.length <= 7) return null;
  return property.charAt(7).toLowerCase() + property.slice(8);
}

function deviceProperty(ctx: RuntimeContext, d: DeviceRef, name: string): MethodResult {
  switch (name) {
    case 'id':
    case 'deviceNetworkId':
      return d.id;
    case 'displayName':
    case 'label':
    case 'name':
      return d.label;
    case 'typeName':
      return d.capabilities[0] ?? null;
    case 'capabilities':
      return d.capabilities.map((c) => mapOf({ name: c }));
    case 'supportedAttributes':
      return d.attributes.map((a) => mapOf({ name: a }));
    case 'supportedCommands':
      return d.commands.map((c) => mapOf({ name: c }));
    case 'status':
      return 'ONLINE';
    case 'latestValue':
      // The reference's device classes expose their primary attribute as a `latestValue` field.
      return d.attributes.length ? readAttribute(ctx, d, d.attributes[0]) : null;
  }
  const current = currentAttribute(name);
  if (current !== null) return readAttribute(ctx, d, current);
  if (name.endsWith('State') && d.attributes.includes(name.slice(0, -5))) return deviceState(ctx, d, name.slice(0, -5));
  return NOT_FOUND;
}

function deviceMethod(ctx: RuntimeContext, d: DeviceRef, name: string, args: Value[], n: GMap | null): MethodResult {
  switch (name) {
    case 'currentValue':
    case 'latestValue':
      return readAttribute(ctx, d, toStr(args[0] ?? null));
    case 'currentState':
    case 'latestState':
      return deviceState(ctx, d, toStr(args[0] ?? null));
    case 'hasCommand':
      return d.commands.includes(toStr(args[0] ?? null));
    case 'hasAttribute':
      return d.attributes.includes(toStr(args[0] ?? null));
    case 'hasCapability': {
      const wanted = toStr(args[0] ?? null).replace(/\s+/g, '').toLowerCase();
      return d.capabilities.some((c) => c.toLowerCase() === wanted);
    }
    case 'events':
    case 'eventsSince':
    case 'eventsBetween':
    case 'statesSince':
    case 'statesBetween':
      // No event history is modelled: every device starts with an empty past.
      return [];
    case 'getId':
    case 'getDisplayName':
    case 'getLabel':
    case 'getName':
      return deviceProperty(ctx, d, name.charAt(3).toLowerCase() + name.slice(4));
  }
  if (d.commands.includes(name)) return ctx.host.deviceCommand(ctx.app, d, name, n ? [n, ...args] : args);
  return NOT_FOUND;
}

// ---------------------------------------------------------------------------------------------
// Events

function numericEventValue(e: GEvent, kind: 'int' | 'double' | 'decimal'): Value {
  const text = e.value.trim();
  if (kind === 'int') return num.toInt(num.parseDecimal(text));
  if (kind === 'double') return num.parseDouble(text);
  return num.parseDecimal(text);
}

function eventProperty(e: GEvent, name: string): MethodResult {
  switch (name) {
    case 'name':
      return e.name;
    case 'value':
    case 'stringValue':
      return e.value;
    case 'displayName':
    case 'linkText':
      return e.device?.label ?? 'Home';
    case 'descriptionText':
    case 'description':
      return `${e.device?.label ?? 'Home'} ${e.name} is ${e.value}`;
    case 'device':
      return e.device;
    case 'deviceId':
      return e.device?.id ?? null;
    case 'id':
      return `event-${e.name}-${e.value}`;
    case 'date':
    case 'dateCreated':
      return e.date;
    case 'isoDate':
      return new Date(e.date.time).toISOString();
    case 'source':
      return e.source;
    case 'isStateChange':
    case 'stateChange':
      return e.isStateChange;
    case 'physical':
      return e.physical;
    case 'digital':
      return !e.physical;
    case 'data':
      return e.data ? toJson(e.data) : null;
    case 'jsonData':
      return e.data;
    case 'integerValue':
    case 'longValue':
      return numericEventValue(e, 'int');
    case 'doubleValue':
    case 'floatValue':
      return numericEventValue(e, 'double');
    case 'numberValue':
    case 'numericValue':
      return numericEventValue(e, 'decimal');
    case 'dateValue':
      return new GDate(time.parseIsoDateTime(e.value));
    case 'xyzValue':
      return parseJson(e.value);
    case 'unit':
      return e.unit;
    case 'location':
      return LOCATION;
    case 'locationId':
      return 'location0';
    case 'installedSmartAppId':
      return 'app0';
  }
  return NOT_FOUND;
}

function eventMethod(e: GEvent, name: string): MethodResult {
  if (name === 'isPhysical') return e.physical;
  if (name === 'isDigital') return !e.physical;
  if (name === 'isStateChange') return e.isStateChange;
  if (/^get[A-Z]/.test(name)) return eventProperty(e, name.charAt(3).toLowerCase() + name.slice(4));
  return NOT_FOUND;
}

// ---------------------------------------------------------------------------------------------
// location, app, log, helloHome, time zones, SimpleDateFormat, JsonSlurper

function locationProperty(ctx: RuntimeContext, name: string): MethodResult {
  switch (name) {
    case 'mode':
      return ctx.host.locationMode(ctx.app);
    case 'currentMode':
      return modeObject(ctx.host.locationMode(ctx.app));
    case 'modes':
      return ctx.host.locationModes(ctx.app).map(modeObject);
    case 'name':
      return 'Home';
    case 'id':
      return 'location0';
    case 'timeZone':
      return LOCATION_ZONE;
    case 'zipCode':
      return '92617';
    case 'latitude':
      return num.decimal(33.6405, 4);
    case 'longitude':
      return num.decimal(-117.8443, 4);
    case 'contactBookEnabled':
      return false;
    case 'helloHome':
      return HELLO_HOME;
    case 'temperatureScale':
      return 'F';
    case 'hubs':
      return [];
    case 'channelName':
      return null;
  }
  return NOT_FOUND;
}

/** The location's own attributes: `mode`, and the fixed sunrise/sunset times as ISO strings. */
function locationValue(ctx: RuntimeContext, attribute: string): Value | undefined {
  if (attribute === 'mode') return ctx.host.locationMode(ctx.app);
  if (attribute === 'sunsetTime') return new Date(time.SUNSET_MS).toISOString();
  if (attribute === 'sunriseTime') return new Date(time.SUNRISE_MS).toISOString();
  return undefined;
}

function modeObject(mode: string): GMap {
  return mapOf({ name: mode, id: mode });
}

function locationMethod(ctx: RuntimeContext, name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'setMode':
      ctx.host.setLocationMode(ctx.app, toStr(args[0] ?? null));
      return null;
    case 'currentValue':
    case 'currentState': {
      const attribute = toStr(args[0] ?? null);
      const value = locationValue(ctx, attribute);
      if (value === undefined) throw new UnsupportedError(`location.${name}(${attribute})`);
      return name === 'currentValue' ? value : mapOf({ name: attribute, value, stringValue: value, date: new GDate(time.NOW_MS) });
    }
    case 'getMode':
      return ctx.host.locationMode(ctx.app);
    case 'getModes':
      return ctx.host.locationModes(ctx.app).map(modeObject);
    case 'getCurrentMode':
      return modeObject(ctx.host.locationMode(ctx.app));
    case 'getTimeZone':
      return LOCATION_ZONE;
    case 'getHelloHome':
      return HELLO_HOME;
  }
  return NOT_FOUND;
}

function builtinObjectProperty(ctx: RuntimeContext, o: BuiltinObject, name: string): MethodResult {
  switch (o.kind) {
    case 'location':
      return locationProperty(ctx, name);
    case 'app':
      if (name === 'label' || name === 'name') return ctx.app.id;
      if (name === 'id') return `${ctx.app.id}-id`;
      return NOT_FOUND;
    case 'timeZone':
      if (name === 'ID' || name === 'id') return o.id;
      if (name === 'rawOffset') return time.zoneOffset(Date.UTC(2019, 0, 1), o.id);
      return NOT_FOUND;
    default:
      return NOT_FOUND;
  }
}

function builtinObjectMethod(ctx: RuntimeContext, o: BuiltinObject, name: string, args: Value[]): MethodResult {
  switch (o.kind) {
    case 'location':
      return locationMethod(ctx, name, args);
    case 'log':
      if (!['debug', 'info', 'trace', 'warn', 'error'].includes(name)) return NOT_FOUND;
      ctx.host.message(ctx.app, { kind: 'log', text: toStr(args[0] ?? null), to: name });
      return null;
    case 'helloHome':
      if (name === 'getPhrases') return ROUTINES.map((label) => mapOf({ label, id: label }));
      if (name === 'execute') {
        ctx.host.message(ctx.app, { kind: 'routine', text: toStr(args[0] ?? null), to: null });
        return null;
      }
      return NOT_FOUND;
    case 'app':
      if (name === 'getLabel' || name === 'getName') return ctx.app.id;
      if (name === 'updateLabel') return null;
      return NOT_FOUND;
    case 'timeZone':
      if (name === 'getID') return o.id;
      if (name === 'getOffset') return time.zoneOffset(instantOf(args[0] ?? time.NOW_MS, o.id), o.id);
      if (name === 'getRawOffset') return time.zoneOffset(Date.UTC(2019, 0, 1), o.id);
      return NOT_FOUND;
    case 'dateFormat':
      if (name === 'setTimeZone') {
        o.timeZone = zoneOf(args[0] ?? null);
        return null;
      }
      if (name === 'format') return time.formatDate(instantOf(args[0] ?? null, o.timeZone), o.id, o.timeZone || 'UTC');
      return NOT_FOUND;
    case 'jsonSlurper':
      if (name === 'parseText') return parseJson(toStr(args[0] ?? null));
      return NOT_FOUND;
    default:
      return NOT_FOUND;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates

function dateProperty(d: GDate, name: string): MethodResult {
  const w = time.wallClock(d.time, 'UTC');
  switch (name) {
    case 'time':
      return d.time;
    case 'hours':
      return w.hour;
    case 'minutes':
      return w.minute;
    case 'seconds':
      return w.second;
    case 'date':
      return w.day;
    case 'day':
      return w.weekday;
    case 'month':
      return w.month - 1;
    case 'year':
      return w.year - 1900;
  }
  return NOT_FOUND;
}

function dateMethod(d: GDate, name: string, args: Value[]): MethodResult {
  if (name === 'format') {
    const tz = args.length > 1 ? zoneOf(args[1]) : 'UTC';
    return time.formatDate(d.time, toStr(args[0] ?? null), tz);
  }
  if (/^get[A-Z]/.test(name)) return dateProperty(d, name.charAt(3).toLowerCase() + name.slice(4));
  return NOT_FOUND;
}

// ---------------------------------------------------------------------------------------------
// Static members of Java classes

function mathResult(v: number): Double {
  return new Double(v);
}

const UNARY_MATH: Record<string, (x: number) => number> = {
  floor: Math.floor,
  ceil: Math.ceil,
  sqrt: Math.sqrt,
  log: Math.log,
  log10: Math.log10,
  exp: Math.exp,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  toRadians: (x) => (x * Math.PI) / 180,
  toDegrees: (x) => (x * 180) / Math.PI,
};

function numArg(args: Value[], i: number): num.Num {
  const v = args[i] ?? null;
  if (isNumber(v)) return v;
  throw new GroovyError('MissingMethodException', `expected a number, got ${toStr(v)}`);
}

function wider(a: num.Num, b: num.Num): num.Num {
  return a instanceof Double || b instanceof Double ? new Double(0) : a instanceof Decimal || b instanceof Decimal ? new Decimal(0, 0) : 0;
}

function mathStatic(name: string, args: Value[]): MethodResult {
  if (Object.hasOwn(UNARY_MATH, name)) return mathResult(UNARY_MATH[name](num.numValue(numArg(args, 0))));
  switch (name) {
    case 'round': {
      const x = numArg(args, 0);
      return Math.floor(num.numValue(x) + 0.5);
    }
    case 'abs': {
      const x = numArg(args, 0);
      return num.numValue(x) < 0 ? num.negate(x) : x;
    }
    case 'max':
    case 'min': {
      const a = numArg(args, 0);
      const b = numArg(args, 1);
      const pick = (name === 'max' ? num.compareNumbers(a, b) >= 0 : num.compareNumbers(a, b) <= 0) ? a : b;
      // Java picks the overload of the wider operand type: Math.max(1, 2.5d) is a double.
      return wider(a, b) instanceof Double ? new Double(num.numValue(pick)) : pick;
    }
    case 'pow':
      return mathResult(num.numValue(numArg(args, 0)) ** num.numValue(numArg(args, 1)));
    case 'random':
      // Deterministic: the first nextDouble() of an unseeded Random (see random.ts).
      return mathResult(mathRandom());
  }
  return NOT_FOUND;
}

function classStatic(cls: string, name: string, args: Value[]): MethodResult {
  const simple = cls.slice(cls.lastIndexOf('.') + 1);
  if (simple === 'Math') return mathStatic(name, args);
  if (['parseInt', 'parseLong', 'parseDouble', 'parseFloat'].includes(name)) return parseNumberStatic(simple, args[0] ?? null);
  if (name === 'valueOf' && ['Integer', 'Long', 'Double', 'Float', 'BigDecimal'].includes(simple)) {
    return isNumber(args[0] ?? null) ? castValue(args[0], simple) : parseNumberStatic(simple, args[0] ?? null);
  }
  if (simple === 'Integer' && name === 'toHexString') return num.toInt(args[0] ?? null).toString(16);
  if (simple === 'Boolean' && (name === 'parseBoolean' || name === 'valueOf')) return toStr(args[0] ?? null).toLowerCase() === 'true';
  if (simple === 'String' && name === 'valueOf') return toStr(args[0] ?? null);
  if (simple === 'String' && name === 'format') return formatJava(toStr(args[0] ?? null), args.slice(1));
  if (simple === 'TimeZone' && name === 'getTimeZone') return new BuiltinObject('timeZone', zoneOf(args[0] ?? null));
  if (simple === 'TimeZone' && name === 'getDefault') return new BuiltinObject('timeZone', 'UTC');
  if (simple === 'JsonOutput' && name === 'toJson') return toJson(args[0] ?? null);
  return NOT_FOUND;
}

function classStaticProperty(cls: string, name: string): MethodResult {
  const simple = cls.slice(cls.lastIndexOf('.') + 1);
  if (simple === 'Math' && name === 'PI') return new Double(Math.PI);
  if (simple === 'Math' && name === 'E') return new Double(Math.E);
  if (simple === 'Integer' && name === 'MAX_VALUE') return 2147483647;
  if (simple === 'Integer' && name === 'MIN_VALUE') return -2147483648;
  if (simple === 'Long' && name === 'MAX_VALUE') return Number.MAX_SAFE_INTEGER;
  return NOT_FOUND;
}

/** java.util.Formatter for %s %d %f %.Nf %0Nd %x %%. */
export function formatJava(fmt: string, args: Value[]): string {
  let i = 0;
  return fmt.replace(/%([-0]?)(\d*)(?:\.(\d+))?([sdfxX%n])/g, (_m, flag: string, width: string, precision: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    if (conv === 'n') return '\n';
    const v = args[i++] ?? null;
    let text: string;
    if (conv === 'd') text = String(num.toInt(v));
    else if (conv === 'f') text = num.numValue(isNumber(v) ? v : num.parseDouble(toStr(v))).toFixed(precision === undefined ? 6 : Number(precision));
    else if (conv === 'x' || conv === 'X') text = num.toInt(v).toString(16)[conv === 'X' ? 'toUpperCase' : 'toLowerCase']();
    else text = precision === undefined ? toStr(v) : toStr(v).slice(0, Number(precision));
    const w = Number(width || 0);
    if (flag === '-') return text.padEnd(w);
    return text.padStart(w, flag === '0' ? '0' : ' ');
  });
}

// ---------------------------------------------------------------------------------------------
// Entry points used by the interpreter

/** Properties of runtime objects (devices, events, location, dates, classes). */
export function runtimeProperty(ctx: RuntimeContext, self: Value, name: string): MethodResult {
  if (self instanceof DeviceRef) return deviceProperty(ctx, self, name);
  if (self instanceof GEvent) return eventProperty(self, name);
  if (self instanceof BuiltinObject) return builtinObjectProperty(ctx, self, name);
  if (self instanceof GDate) return dateProperty(self, name);
  if (self instanceof ClassRef) return classStaticProperty(self.name, name);
  if (self instanceof GException && name === 'message') return self.message;
  return NOT_FOUND;
}

/** Methods of runtime objects; named arguments arrive separately (a command's `[delay: ms]`). */
export function runtimeMethod(ctx: RuntimeContext, self: Value, name: string, args: Value[], n: GMap | null): MethodResult {
  if (self instanceof DeviceRef) return deviceMethod(ctx, self, name, args, n);
  if (self instanceof GEvent) return eventMethod(self, name);
  if (self instanceof BuiltinObject) return builtinObjectMethod(ctx, self, name, args);
  if (self instanceof GDate) return dateMethod(self, name, args);
  if (self instanceof ClassRef) return classStatic(self.name, name, n ? [n, ...args] : args);
  if (self instanceof GException && name === 'getMessage') return self.message;
  return NOT_FOUND;
}

const EXCEPTIONS = /(^|\.)([A-Za-z]*Exception|Throwable|Error)$/;

/** `new T(args)` for the classes apps instantiate. */
export function newObject(type: string, args: Value[], n: GMap | null): MethodResult {
  const simple = type.slice(type.lastIndexOf('.') + 1);
  switch (simple) {
    case 'Date':
      if (args.length === 0) return new GDate(time.NOW_MS);
      if (isNumber(args[0] ?? null)) return new GDate(num.toInt(args[0]));
      return NOT_FOUND;
    case 'SimpleDateFormat':
      return new BuiltinObject('dateFormat', toStr(args[0] ?? null), 'UTC');
    case 'JsonSlurper':
      return new BuiltinObject('jsonSlurper');
    case 'Random':
      if (args.length === 0) return newRandom();
      if (args.length === 1 && isNumber(args[0])) return newRandom(num.toInt(args[0]));
      return NOT_FOUND;
    case 'ArrayList':
    case 'LinkedList':
    case 'HashSet':
    case 'LinkedHashSet':
      return args.length && !isNumber(args[0]) ? [...iterate(args[0])] : [];
    case 'HashMap':
    case 'LinkedHashMap':
      return args[0] instanceof Map ? new Map(args[0]) : new Map(n ?? []);
    case 'String':
      return args.length ? toStr(args[0]) : '';
    case 'BigDecimal':
      return num.toDecimalValue(args[0] ?? null);
    case 'Integer':
    case 'Long':
      return num.toInt(args[0] ?? null);
    case 'Double':
    case 'Float':
      return num.toDoubleValue(args[0] ?? null);
  }
  if (EXCEPTIONS.test(type)) return new GException(simple, args.length ? toStr(args[0]) : '');
  return NOT_FOUND;
}

/** Names that resolve to runtime objects when no variable, field or input has them. */
export function globalObject(name: string): Value | undefined {
  if (name === 'location') return LOCATION;
  if (name === 'app') return APP;
  if (name === 'log') return LOG;
  return undefined;
}

/** Class names usable as values (`Math.round`, `TimeZone.getTimeZone`, `case Integer:`). */
export function isKnownClass(name: string): boolean {
  return /^(java\.[a-z.]+\.)?[A-Z][A-Za-z]*$/.test(name) || /^groovy\.json\.[A-Z]/.test(name);
}

