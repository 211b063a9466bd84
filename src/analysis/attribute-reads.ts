// Which device attributes an app's code can observe: by reading them (`sensor.contact`,
// `currentSwitch`, `switchState`, `currentValue("switch")`, `currentState("switch")`,
// `latestValue(...)`) or by
// subscribing to their events. The pair model leaves an attribute that neither app observes, that
// no environment event fires and that conflict detection does not track out of the state key and
// the accesses (issue 17): its value can influence nothing (FireCO2Alarm's siren and speech level).
//
// Syntactic over the whole app and conservative: any property or call of those shapes counts,
// whatever its receiver; a computed attribute name (`currentValue(name)`, `dev."current$x"`,
// `dev."$attribute"`, `subscribe(dev, attr, h)` with a computed `attr`), the primary-attribute
// property `latestValue`, or reflective calls make every attribute observable. Not so a computed
// name on the app, its settings or stores (`settings."sensor$i"`), nor a method computed as a
// command is (`switches."$command"()`, `dev."set$x"(v)`: `mayBeRead`). A device property read
// through a computed index (`sensor[name]`), or a command name that turns out to read, is not seen
// here: the home stops the check if one reads a left-out attribute (HomeHost.readAttribute).
//
// A read or a subscription whose receiver is certainly one of the app's device inputs
// (device-receivers.ts) is of that input's device, one device per capability; any other may be of
// any device (`AttributeReadDevices`, `AttributeSubscription.device`).
import { simulatedDeviceId } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walkWithInputs } from './device-receivers.js';
import { perApp } from './per-app.js';
import { constantString } from '../parser/literals.js';

/** Device methods that read the attribute named by their first argument. */
export const READ_METHODS: ReadonlySet<string> = new Set(['currentValue', 'latestValue', 'currentState', 'latestState']);
/** Calls that reach a property or method whose name is only known at run time. */
const REFLECTIVE: ReadonlySet<string> = new Set(['getProperty', 'invokeMethod', 'metaClass']);

type AttributeNames = ReadonlySet<string> | 'all';

/** A read whose receiver is not certainly one of the app's device inputs: it may read any device. */
export const ANY_DEVICE = '*';

/**
 * Per attribute, the devices the app may read it on: the device of the input a read's receiver
 * certainly is (device-receivers.ts: `dimmers.currentLevel`, `switches.each { it.currentSwitch }`;
 * one device per capability), or `ANY_DEVICE`; `all` as for `readAttributes`.
 */
export type AttributeReadDevices = ReadonlyMap<string, ReadonlySet<string>> | 'all';

/** The attributes the app may observe, by name (on any device), or `all`: what it reads and what it subscribes to. */
export const observedAttributes: (app: AppIR) => AttributeNames = perApp((app) => attributeNames(app, true));

/** The attributes the app may read, by name (on any device), or `all`; a subscription alone is no read. */
export const readAttributes: (app: AppIR) => AttributeNames = perApp((app) => attributeNames(app, false));

/** Where the app may read each attribute (`AttributeReadDevices`), leaving out the reads of `skipped`. */
export function readDevicesExcept(app: AppIR, skipped: ReadonlySet<ast.Node>): AttributeReadDevices {
  return attributeReads(app, false, skipped);
}

/**
 * A subscription to an attribute's events: the value it filters on (`"contact.open"`), if any, its
 * method (undefined when its name is computed: `"sensorTriggered${i}"`), and the device it is made
 * on when that is certainly an input's (`ANY_DEVICE` otherwise).
 */
export interface AttributeSubscription {
  value?: string;
  handler: string | undefined;
  device: string;
}

/**
 * Per attribute, the subscriptions to its events (`subscribe(dev, "battery", batteryHandler)`), or
 * `unknown` when a subscription's attribute is not a literal name, or one takes every event of a
 * device (`subscribe(dev, handler)`). A call of `subscribe` with fewer arguments than the
 * platform's takes is a method of the app's own (`def subscribe() { ... }`).
 */
export function subscriptionHandlers(app: AppIR): ReadonlyMap<string, readonly AttributeSubscription[]> | 'unknown' {
  const subscriptions = new Map<string, AttributeSubscription[]>();
  let unknown = false;
  const visit = (node: ast.Node, deviceOf: (receiver: ast.Expression | null) => string): void => {
    // The platform's `subscribe` takes a target and a handler at least; `subscribe()` is the app's own method.
    if (node.kind !== 'MethodCall' || node.method !== 'subscribe' || node.args.length < 2) return;
    if (node.args.length < 3) {
      const target = node.args[0];
      if (!(target?.kind === 'Identifier' && (target.name === 'location' || target.name === 'app'))) unknown = true;
      return;
    }
    const [attribute, handler] = [node.args[1], node.args[2]];
    const name = handler.kind === 'Identifier' ? handler.name : handler.kind === 'StringLiteral' ? handler.value : handler.kind === 'MethodReference' ? handler.method : undefined;
    if (attribute.kind !== 'StringLiteral') {
      unknown = true;
      return;
    }
    const dot = attribute.value.indexOf('.');
    const key = dot < 0 ? attribute.value : attribute.value.slice(0, dot);
    const list = subscriptions.get(key) ?? [];
    const device = deviceOf(node.args[0]);
    list.push(dot < 0 ? { handler: name, device } : { value: attribute.value.slice(dot + 1), handler: name, device });
    subscriptions.set(key, list);
  };
  walkWithDevices(app, visit);
  return unknown ? 'unknown' : subscriptions;
}

function attributeNames(app: AppIR, subscriptions: boolean): AttributeNames {
  const reads = attributeReads(app, subscriptions, new Set());
  return reads === 'all' ? 'all' : new Set(reads.keys());
}

function attributeReads(app: AppIR, subscriptions: boolean, skipped: ReadonlySet<ast.Node>): AttributeReadDevices {
  const reads = new Map<string, Set<string>>();
  let all = false;
  walkWithDevices(app, (node, deviceOf) => {
    if (skipped.has(node)) return;
    const read = readOf(node, subscriptions);
    if (read === 'all') all = true;
    else if (read) for (const name of read.names) reads.set(name, (reads.get(name) ?? new Set<string>()).add(deviceOf(read.receiver)));
  });
  return all ? 'all' : reads;
}

/** What a node reads: attribute names through a receiver (null: none, a subscription's any device), `all`, or nothing. */
function readOf(node: ast.Node, subscriptions: boolean): { names: string[]; receiver: ast.Expression | null } | 'all' | undefined {
  // `sensor["contact"]` reads a property too; a computed index the model checks at run time.
  if (node.kind === 'Index' && node.index.kind === 'StringLiteral') return { names: propertyAttributes(node.index.value), receiver: node.object };
  if (node.kind === 'PropertyAccess') {
    const property = typeof node.property === 'string' ? node.property : constantString(node.property);
    if (property === null) return mayBeDevice(node.object) ? 'all' : undefined;
    return property === 'latestValue' ? 'all' : { names: propertyAttributes(property), receiver: node.object };
  }
  if (node.kind !== 'MethodCall') return undefined;
  const method = typeof node.method === 'string' ? node.method : constantString(node.method);
  if (method === null) return node.receiver !== null && mayBeDevice(node.receiver) && mayBeRead(node) ? 'all' : undefined;
  if (REFLECTIVE.has(method)) return 'all';
  if (method === 'subscribe') {
    const arg = subscriptions && node.args.length >= 3 ? node.args[1] : undefined;
    if (arg === undefined) return undefined;
    return arg.kind === 'StringLiteral' ? { names: [arg.value.split('.')[0]], receiver: null } : 'all';
  }
  if (READ_METHODS.has(method)) {
    const arg = node.args[0];
    if (arg === undefined) return undefined;
    return arg.kind === 'StringLiteral' ? { names: [arg.value.split('.')[0]], receiver: node.receiver } : 'all';
  }
  return { names: propertyAttributes(method), receiver: node.receiver };
}

/**
 * Visits every node of the app's code with the device a receiver certainly is: the device of the
 * input it certainly holds (device-receivers.ts; one device per capability), or `ANY_DEVICE`.
 */
function walkWithDevices(app: AppIR, visit: (node: ast.Node, deviceOf: (receiver: ast.Expression | null) => string) => void): void {
  walkWithInputs(app, (node, capabilityOf) =>
    visit(node, (receiver) => {
      const capability = capabilityOf(receiver);
      return capability === undefined ? ANY_DEVICE : simulatedDeviceId(capability);
    }),
  );
}

/** Receivers that are never a device: the app, its settings and stores, an endpoint's request. */
const NOT_DEVICES: ReadonlySet<string> = new Set(['settings', 'state', 'atomicState', 'params', 'request', 'app']);

export function mayBeDevice(receiver: ast.Expression): boolean {
  return receiver.kind !== 'ThisExpr' && !(receiver.kind === 'Identifier' && NOT_DEVICES.has(receiver.name));
}

/**
 * Whether a method computed at run time may be a read of an attribute: where its name's written
 * parts say so (`"current${name}"`, `"latest$x"`, `"${a}State"`), or where its name is all values
 * and it takes arguments (a read method takes the attribute's name). A name with other written
 * parts (`"set${x}"`), or all values and called without arguments (`switches."$command"()`), is
 * taken for a command; should it read an attribute after all, the home stops the check
 * (HomeHost.readAttribute).
 */
function mayBeRead(call: ast.MethodCall): boolean {
  const name = call.method as ast.Expression;
  if (name.kind !== 'GString') return true;
  const written = name.strings.join('');
  if (written.length > 0) return /current|latest|state|value/i.test(written);
  return call.args.length + call.namedArgs.length > 0;
}

/**
 * The attributes a device property may read (the interpreter's device properties): `sensor.contact`
 * → `contact`, `currentSwitch` → `switch`, `switchState` → `switch`.
 */
function propertyAttributes(property: string): string[] {
  const names = [property];
  if (property.startsWith('current') && property.length > 7) names.push(property.charAt(7).toLowerCase() + property.slice(8));
  if (property.endsWith('State') && property.length > 5) names.push(property.slice(0, -5));
  return names;
}
