// The SmartThings platform's functions, called without a receiver: subscriptions, timers,
// messages, location mode and events, time of day, HTTP stubs. Every effect goes through the Host.
import type { BuiltinFunction, RuntimeContext } from '../context.js';
import { ErrorAnswer, GroovyError, UnsupportedError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import type { MessageKind, RuntimeSubscription, SubscriptionTarget, TimerKind } from '../host.js';
import { instantOf, zoneOf } from '../java/dates.js';
import { isTimeCategory, withTimeCategory } from '../java/durations.js';
import { formatJava } from '../java/formatter.js';
import { parseJson } from '../java/json-parse.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import * as time from '../time.js';
import { BuiltinObject, ClassRef, DeviceRef, Double, GClosure, GDate, GEvent, type GMap, type Value } from '../values.js';
import { ACCESS_TOKEN_KEY, ASYNC_HTTP_API, ASYNC_HTTP_VERBS } from '../../devices/smartapp-api.js';
import { asyncResponse } from './async-response.js';
import { httpResponse } from './http-response.js';
import { APP, installedAppId, LOCATION, mapOf } from './objects.js';
import { offsetMs, platformApiFunctions } from './platform-apis.js';
import { GroovyMap } from '../groovy-map.js';

/** Positional arguments, with a named-argument map (`runIn(60, h, overwrite: false)`) as an options map. */
function optionsOf(args: Value[], n: GMap | null): GMap | null {
  if (n) return n;
  const last = args[args.length - 1];
  return last instanceof Map ? last : null;
}

/**
 * A handler argument: a method closure (bare method name), a method-name string or a GString. A
 * closure is a form the tool does not model; anything else (a number where the arguments were
 * swapped, null) has no signature on the platform: the app's MissingMethodException.
 */
function handlerName(v: Value, api: string): string {
  if (typeof v === 'string') return v;
  if (v instanceof GClosure && v.methodName) return v.methodName;
  if (v instanceof GClosure) throw new UnsupportedError(`${api} with a handler that is not a method name (${toStr(v)})`);
  throw new GroovyError('MissingMethodException', `No signature of method: ${api}() is applicable for a handler ${toStr(v)}`);
}

// ---------------------------------------------------------------------------------------------
// Subscriptions and timers

/** `location`, or `Location` (the class, as some apps write it). */
function isLocation(source: Value): boolean {
  return source === LOCATION || (source instanceof ClassRef && source.name === 'Location');
}

function subscriptionTargets(ctx: RuntimeContext, source: Value): SubscriptionTarget[] {
  if (isLocation(source)) return [{ kind: 'location' }];
  if (source === APP) return [{ kind: 'app' }];
  if (source instanceof DeviceRef) return [{ kind: 'device', device: source, input: null }];
  if (Array.isArray(source)) return source.flatMap((s) => subscriptionTargets(ctx, s));
  // SmartThings ignores a subscription to an unset optional input.
  if (source === null) return [];
  const byId = typeof source === 'string' ? settingsDevice(ctx, source) : undefined;
  if (byId !== undefined) return [{ kind: 'device', device: byId, input: null }];
  throw new UnsupportedError(`subscribe to ${toStr(source)}`);
}

/**
 * The device of the app's settings whose id is `id`: apps that walk their settings subscribe by a
 * device's id (`settings.each { k, v -> subscribe(v.id, "switch", h) }`, a ProvThings attack app).
 * SmartThings documents only devices as the source, so this is taken as a subscription to the
 * device; an id of no device of the app's is left a gap.
 */
function settingsDevice(ctx: RuntimeContext, id: string): DeviceRef | undefined {
  const values = [...ctx.settingsMap().values()].flatMap((v) => (Array.isArray(v) ? v : [v]));
  return values.find((v): v is DeviceRef => v instanceof DeviceRef && v.id === id);
}

/**
 * The handler of the one-argument forms of the first SmartThings apps: `subscribe(app)` calls
 * `appTouch`, `subscribe(location)` calls `changedLocationMode`. Null when the app has no such
 * method, or for another source (`subscribe(sensor.contact)`): the platform then calls nothing.
 */
function conventionalHandler(ctx: RuntimeContext, source: Value): string | null {
  const handler = source === APP ? 'appTouch' : isLocation(source) ? 'changedLocationMode' : null;
  return handler !== null && ctx.hasMethod(handler) ? handler : null;
}

const subscribe: BuiltinFunction = (ctx, args) => {
  const [source, second, third] = args;
  if (args.length === 1) {
    const handler = conventionalHandler(ctx, source);
    if (handler !== null) for (const target of subscriptionTargets(ctx, source)) ctx.host.subscribe(ctx.app, { target, attribute: null, value: null, handler });
    return null;
  }
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
  for (const target of subscriptionTargets(ctx, source)) {
    const sub: RuntimeSubscription = { target, attribute, value, handler };
    ctx.host.subscribe(ctx.app, sub);
  }
  return null;
};

/** `subscribeToCommand(devices, "on", h)`: the handler runs whenever the command is sent to the device. */
const subscribeToCommand: BuiltinFunction = (ctx, args) => {
  const [source, command, handler] = args;
  for (const target of subscriptionTargets(ctx, source)) {
    ctx.host.subscribe(ctx.app, { target, attribute: toStr(command ?? null), value: null, handler: handlerName(handler ?? null, 'subscribeToCommand'), command: true });
  }
  return null;
};

const unsubscribe: BuiltinFunction = (ctx, args) => {
  if (args.length === 0 || args[0] === null) ctx.host.unsubscribe(ctx.app, null);
  else for (const t of subscriptionTargets(ctx, args[0])) ctx.host.unsubscribe(ctx.app, t);
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

/**
 * Sends a web request (a message) and, when the app will handle the response, gives the answer the
 * outside service gives now: undefined where the environment models no outside world
 * (model/outside-world.ts).
 */
function sendRequest(ctx: RuntimeContext, api: string, params: Value, handled: boolean): Value | undefined {
  const at = ctx.callSite;
  const uri = params instanceof Map ? toStr(params.get('uri') ?? null) : toStr(params ?? null);
  ctx.host.message(ctx.app, { kind: 'http', text: api, to: uri });
  return handled ? ctx.host.webResponse(ctx.app, api, at) : undefined;
}

/** A synchronous web request: its response closure runs with the answer, or never (`sendRequest`). */
function http(api: string): BuiltinFunction {
  return (ctx, args, n) => {
    const closure = args.find((a): a is GClosure => a instanceof GClosure);
    const response = sendRequest(ctx, api, n ?? args[0] ?? null, closure !== undefined);
    if (closure && response !== undefined) closure.invoke([response instanceof Map ? httpResponse(response) : response]);
    return null;
  };
}

/**
 * `asynchttp_v1.get(callback, params[, data])` (post, put, delete, head alike): the request is sent
 * at once; the platform then calls the app's method `callback` with the response (an AsyncResponse)
 * and `data` (null when not given), in an execution of its own after this one, when the service
 * answers (`sendRequest`); otherwise never.
 */
export function asyncHttpMethod(ctx: RuntimeContext, verb: string, args: Value[]): MethodResult {
  if (!ASYNC_HTTP_VERBS.has(verb)) return NOT_FOUND;
  const api = `${ASYNC_HTTP_API}.${verb}`;
  const callback = handlerName(args[0] ?? null, api);
  const response = sendRequest(ctx, api, args[1] ?? null, true);
  if (response instanceof Map) ctx.host.webCallback(ctx.app, callback, [asyncResponse(response), args[2] ?? null]);
  return null;
}

/** An endpoint's answer to its caller: `render(contentType: ..., data: ...)` gives back what it renders. */
const render: BuiltinFunction = (_ctx, args, n) => n ?? args[0] ?? null;

/**
 * `httpError(404, "not found")`: the error answer to an endpoint's caller. The SmartApp reference:
 * it "throws a SmartAppException with the specified status code and message", so the endpoint's
 * execution ends there unless the app catches it.
 */
const httpError: BuiltinFunction = (ctx, args) => {
  const text = `${toStr(args[0] ?? null)} ${toStr(args[1] ?? null)}`;
  ctx.host.message(ctx.app, { kind: 'http', text: `httpError ${text}`, to: null });
  throw new ErrorAnswer(text);
};

const sendLocationEvent: BuiltinFunction = (ctx, args, n) => {
  const m = n ?? (args[0] instanceof Map ? args[0] : null);
  if (!m) throw new UnsupportedError('sendLocationEvent without a map');
  const data = m.get('data');
  ctx.host.sendLocationEvent(
    ctx.app,
    new GEvent(toStr(m.get('name') ?? null), toStr(m.get('value') ?? null), 'LOCATION', null, new GDate(ctx.now()), data instanceof Map ? data : null, true, false),
  );
  return null;
};

// ---------------------------------------------------------------------------------------------
// Time

/** `getSunriseAndSunset([date: d, sunriseOffset: "-00:30", sunsetOffset: ...])`: the home's sun times of that day (default today), offset. */
function sunriseAndSunset(ctx: RuntimeContext, n: GMap | null, args: Value[]): GMap {
  const opts = optionsOf(args, n);
  const offset = (key: string) => {
    const v = opts?.get(key);
    if (v === null || v === undefined) return 0;
    return offsetMs(toStr(v));
  };
  const date = opts?.get('date');
  const sun = ctx.host.sunTimes(ctx.app, date instanceof GDate ? date.time : null);
  return mapOf({ sunrise: new GDate(sun.sunrise + offset('sunriseOffset')), sunset: new GDate(sun.sunset + offset('sunsetOffset')) });
}

/**
 * A page method called while the app runs rather than while its preferences are shown (an
 * `installed()` that calls the method building a page): the platform builds a page no one sees.
 * Its body only describes the page's inputs, which the preferences run reads (preferences.ts), so
 * it is not run here; the result is the page's options (`name`, `title`, ...).
 */
const unshownPage: BuiltinFunction = (_ctx, args, n) => n ?? (args[0] instanceof Map ? args[0] : new GroovyMap());

/**
 * The platform's API server, where the app's endpoints are, with its port as the platform writes it
 * (the endpoint URIs it hands out read "https://graph.api.smartthings.com:443/api/smartapps/...";
 * apps cut the host out with `apiServerUrl.substring(8, apiServerUrl.lastIndexOf(":"))`).
 */
const API_SERVER = 'https://graph.api.smartthings.com:443';

/**
 * `apiServerUrl(path)`: the server and the path, joined by one slash. Apps pass paths with and
 * without the leading slash (`apiServerUrl("api/smartapps/...")`, `"${apiServerUrl("")}api/..."`),
 * both well-formed URLs on the platform.
 */
function apiServerUrl(path: string): string {
  return path.startsWith('/') ? `${API_SERVER}${path}` : `${API_SERVER}/${path}`;
}

const functions: Record<string, BuiltinFunction> = {
  ...platformApiFunctions,
  subscribe,
  subscribeToCommand,
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
  now: (ctx) => ctx.now(),
  // A time setting's ISO text gives its time of day, on today's date (the platform's documented
  // behaviour), not the day the setting was saved.
  timeToday: (ctx, args) => {
    const tz = zoneOf(args[1] ?? null);
    return new GDate(typeof args[0] === 'string' ? time.timeToday(args[0], tz, ctx.now()) : instantOf(args[0] ?? null, tz, ctx));
  },
  timeTodayAfter: (ctx, args) => {
    const tz = zoneOf(args[2] ?? null);
    const start = instantOf(args[0] ?? null, tz, ctx);
    const t = time.timeToday(toStr(args[1] ?? null), tz, ctx.now());
    return new GDate(t < start ? time.addDays(t, 1) : t);
  },
  timeOfDayIsBetween: (ctx, args) => {
    const tz = zoneOf(args[3] ?? null);
    return time.timeOfDayIsBetween(instantOf(args[0], tz, ctx), instantOf(args[1], tz, ctx), instantOf(args[2], tz, ctx), tz);
  },
  timeZone: (_ctx, args) => new BuiltinObject('timeZone', time.timeSettingZone(toStr(args[0] ?? null))),
  toDateTime: (ctx, args) => new GDate(instantOf(args[0] ?? null, time.LOCATION_TIME_ZONE, ctx)),
  getSunriseAndSunset: (ctx, args, n) => sunriseAndSunset(ctx, n, args),
  getTemperatureScale: () => 'F',
  // The SmartApp API's conversions: Java doubles.
  celsiusToFahrenheit: (_ctx, args) => new Double((num.toDoubleValue(args[0] ?? null).value * 9) / 5 + 32),
  fahrenheitToCelsius: (_ctx, args) => new Double(((num.toDoubleValue(args[0] ?? null).value - 32) * 5) / 9),
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
  render,
  httpError,
  page: unshownPage,
  dynamicPage: unshownPage,
  parseJson: (_ctx, args) => parseJson(toStr(args[0] ?? null)),
  createAccessToken: (ctx) => {
    ctx.storePut(ctx.state, ACCESS_TOKEN_KEY, 'accessToken');
    return 'accessToken';
  },
  apiServerUrl: (_ctx, args) => apiServerUrl(toStr(args[0] ?? '')),
  getApiServerUrl: () => API_SERVER,
  // The URL of one of the app's own endpoints (`mappings`), signed with its access token.
  buildActionUrl: (ctx, args) => {
    const token = toStr(ctx.storeGet(ctx.state, ACCESS_TOKEN_KEY));
    return `${API_SERVER}/api/token/${token}/smartapps/installations/${installedAppId(ctx)}/${toStr(args[0] ?? '')}`;
  },
  // The GDK's `use(Category) { ... }`: TimeCategory's durations inside the block (java/durations.ts).
  use: (_ctx, args) => {
    const [category, body] = args;
    if (!(category instanceof ClassRef) || !isTimeCategory(category.name) || !(body instanceof GClosure)) {
      throw new UnsupportedError(`use(${category instanceof ClassRef ? category.name : toStr(category ?? null)}): a category other than groovy.time.TimeCategory`);
    }
    return withTimeCategory(() => body.invoke([]));
  },
  // The GDK's sprintf on every object: java.util.Formatter's format.
  sprintf: (_ctx, args) => formatJava(toStr(args[0] ?? null), args.slice(1)),
  println: message('log', 0, null),
  print: message('log', 0, null),
  pause: (ctx, args) => {
    ctx.wait(num.toInt(args[0] ?? 0));
    return null;
  },
};
for (const api of RUN_EVERY) functions[api] = timer('runEvery', api, 0);

export const smartThingsFunctions: Readonly<Record<string, BuiltinFunction>> = functions;
