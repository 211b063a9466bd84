// The SmartThings APIs beyond devices, subscriptions and timers that real apps call, each with a
// documented model: the weather service (one canned response per feature, devices/weather.ts),
// text to speech, events an app sends, hub commands and child devices (kept by the app that made
// them, with no effect on the simulated home), the hub's LAN messages (lan-message.ts), time
// offsets. Every effect goes through the Host as a message, so a run's record shows what the app
// asked for.
import { TWC_RESPONSES } from '../../devices/twc-weather.js';
import { weatherResponse, type WeatherJson } from '../../devices/weather.js';
import type { BuiltinFunction } from '../context.js';
import { GroovyError } from '../errors.js';
import { parseJson } from '../java/json-parse.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { BuiltinObject, ClassRef, DeviceRef, type GMap, type Value } from '../values.js';
import { parseLanMessage, stringToMap } from './lan-message.js';
import { mapOf, parentApp } from './objects.js';

/** An offset as SmartThings writes it, `"-01:30"` or `"00:15"` (or `"+00:30"`, as apps write a later time), in milliseconds. */
export function offsetMs(text: string): number {
  const m = /^\s*([-+]?)(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) throw new GroovyError('IllegalArgumentException', `bad offset ${text}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

/** `timeOffset(minutes)` or `timeOffset("-01:30")`: the offset in milliseconds. */
function timeOffsetMs(v: Value): number {
  return typeof v === 'string' ? offsetMs(v) : num.toInt(v ?? 0) * 60_000;
}

/**
 * A device the app created with `addChildDevice(namespace, typeName, networkId, hub, properties)`,
 * named by the properties' label (or name, or else its type): it exists only for the app that
 * made it, which finds it again by its network id, with no capability the home models, so its
 * commands are recorded and have no effect.
 */
function childDevice(appId: string, networkId: string, args: Value[]): DeviceRef {
  const properties = args.find((a): a is GMap => a instanceof Map);
  const label = properties?.get('label') ?? properties?.get('name') ?? args[1] ?? networkId;
  // Two apps' children are two devices even with the same network id (an app paired with itself).
  return new DeviceRef(`${appId}.child-${networkId}`, toStr(label), [], [], []);
}

/** The network id of `addChildDevice`'s device (its third argument; the type name when missing). */
function childNetworkId(args: Value[]): string {
  return toStr(args[2] ?? args[1] ?? null);
}

/** `new physicalgraph.device.HubAction(...)`: a LAN or Z-Wave command for the hub to send. */
export function newHubObject(type: string, args: Value[]): Value | undefined {
  if (!type.startsWith('physicalgraph.')) return undefined;
  return new BuiltinObject('hubAction', toStr(args[0] ?? null));
}

/**
 * Names under the `physicalgraph` package (`physicalgraph.device.Protocol.LAN`): packages and
 * classes are class references, a constant (upper case) is its own name.
 */
export function hubPackageMember(cls: ClassRef, name: string): Value | undefined {
  if (!cls.name.startsWith('physicalgraph')) return undefined;
  return /^[A-Z][A-Z0-9_]*$/.test(name) ? name : new ClassRef(`${cls.name}.${name}`);
}

/** Canned weather as the app receives it: maps and lists, parsed as the platform parsed the service's JSON. */
const weatherValue = (json: WeatherJson): Value => parseJson(JSON.stringify(json));

/** The Weather Company's calls: the same answer whatever place (postal code, coordinates) is asked for. */
const twcFunctions: Record<string, BuiltinFunction> = Object.fromEntries(Object.entries(TWC_RESPONSES).map(([name, json]) => [name, () => weatherValue(json)]));

export const platformApiFunctions: Readonly<Record<string, BuiltinFunction>> = {
  getWeatherFeature: (_ctx, args) => weatherValue(weatherResponse(toStr(args[0] ?? null))),
  ...twcFunctions,
  // The documented result: the URI of the rendered audio and its length in seconds.
  textToSpeech: (_ctx, args) => {
    const text = toStr(args[0] ?? null);
    return mapOf({ uri: `https://s3.amazonaws.com/smartapp-media/polly/${encodeURIComponent(text).slice(0, 40)}.mp3`, duration: String(Math.max(1, Math.ceil(text.length / 15))) });
  },
  sendEvent: (ctx, args, n) => {
    const properties = n ?? args.find((a) => a instanceof Map) ?? null;
    const target = args.find((a) => !(a instanceof Map)) ?? null;
    const name = properties instanceof Map ? toStr(properties.get('name') ?? null) : '';
    const value = properties instanceof Map ? toStr(properties.get('value') ?? null) : '';
    ctx.host.message(ctx.app, { kind: 'event', text: `${name}=${value}`, to: target === null ? null : toStr(target instanceof DeviceRef ? target.id : target) });
    return null;
  },
  sendHubCommand: (ctx, args) => {
    for (const action of [args[0] ?? null].flat()) ctx.host.message(ctx.app, { kind: 'hub', text: action instanceof BuiltinObject ? action.id : toStr(action), to: null });
    return null;
  },
  timeOffset: (_ctx, args) => timeOffsetMs(args[0] ?? null),
  parseLanMessage: (_ctx, args) => parseLanMessage(args[0] ?? null),
  stringToMap: (_ctx, args) => stringToMap(args[0] ?? null),
  // Child apps are SmartApps of their own, analysed as such: the model installs none under a
  // parent, so an app has no children. A child app's parent is outside the model (objects.ts).
  getChildApps: () => [],
  getAllChildApps: () => [],
  findAllChildAppsByName: () => [],
  findAllChildAppsByNamespace: () => [],
  findChildAppByName: () => null,
  getParent: (ctx) => parentApp(ctx),
  deleteChildApp: (ctx, args) => {
    ctx.host.message(ctx.app, { kind: 'child', text: 'delete app', to: toStr(args[0] ?? null) });
    return null;
  },
  getChildDevice: (ctx, args) => ctx.childDevice(toStr(args[0] ?? null)),
  getChildDevices: (ctx) => ctx.childDevices(),
  getAllChildDevices: (ctx) => ctx.childDevices(),
  addChildDevice: (ctx, args) => {
    const networkId = childNetworkId(args);
    const child = childDevice(ctx.app.id, networkId, args);
    ctx.host.message(ctx.app, { kind: 'child', text: `add ${child.label}`, to: child.id });
    ctx.keepChildDevice(networkId, child);
    return child;
  },
  deleteChildDevice: (ctx, args) => {
    const networkId = toStr(args[0] ?? null);
    ctx.host.message(ctx.app, { kind: 'child', text: 'delete', to: networkId });
    ctx.forgetChildDevice(networkId);
    return null;
  },
};
