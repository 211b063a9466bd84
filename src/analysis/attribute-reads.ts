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
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walkApp } from './app-roots.js';
import { perApp } from './per-app.js';
import { constantString } from '../parser/literals.js';

/** Device methods that read the attribute named by their first argument. */
export const READ_METHODS: ReadonlySet<string> = new Set(['currentValue', 'latestValue', 'currentState', 'latestState']);
/** Calls that reach a property or method whose name is only known at run time. */
const REFLECTIVE: ReadonlySet<string> = new Set(['getProperty', 'invokeMethod', 'metaClass']);

type AttributeNames = ReadonlySet<string> | 'all';

/** The attributes the app may observe, by name (on any device), or `all`: what it reads and what it subscribes to. */
export const observedAttributes: (app: AppIR) => AttributeNames = perApp((app) => attributeNames(app, true));

/** The attributes the app may read, by name (on any device), or `all`; a subscription alone is no read. */
export const readAttributes: (app: AppIR) => AttributeNames = perApp((app) => attributeNames(app, false));

/** The attributes the app may read, as `readAttributes`, where no read of them is one of `skipped`. */
export function readAttributesExcept(app: AppIR, skipped: ReadonlySet<ast.Node>): AttributeNames {
  return attributeNames(app, false, skipped);
}

/** A subscription to an attribute's events: the value it filters on (`"contact.open"`), if any, and its method. */
export interface AttributeSubscription {
  value?: string;
  handler: string;
}

/**
 * Per attribute, the subscriptions to its events (`subscribe(dev, "battery", batteryHandler)`), or
 * `unknown` when a subscription's attribute or handler is not a literal name, or one takes every
 * event of a device (`subscribe(dev, handler)`).
 */
export function subscriptionHandlers(app: AppIR): ReadonlyMap<string, readonly AttributeSubscription[]> | 'unknown' {
  const subscriptions = new Map<string, AttributeSubscription[]>();
  let unknown = false;
  const visit = (node: ast.Node): void => {
    if (node.kind !== 'MethodCall' || node.method !== 'subscribe') return;
    if (node.args.length < 3) {
      const target = node.args[0];
      if (!(target?.kind === 'Identifier' && (target.name === 'location' || target.name === 'app'))) unknown = true;
      return;
    }
    const [attribute, handler] = [node.args[1], node.args[2]];
    const name = handler.kind === 'Identifier' ? handler.name : handler.kind === 'StringLiteral' ? handler.value : handler.kind === 'MethodReference' ? handler.method : undefined;
    if (attribute.kind !== 'StringLiteral' || name === undefined) {
      unknown = true;
      return;
    }
    const dot = attribute.value.indexOf('.');
    const key = dot < 0 ? attribute.value : attribute.value.slice(0, dot);
    const list = subscriptions.get(key) ?? [];
    list.push(dot < 0 ? { handler: name } : { value: attribute.value.slice(dot + 1), handler: name });
    subscriptions.set(key, list);
  };
  walkApp(app, visit);
  return unknown ? 'unknown' : subscriptions;
}

function attributeNames(app: AppIR, subscriptions: boolean, skipped: ReadonlySet<ast.Node> = new Set()): AttributeNames {
  const names = new Set<string>();
  let all = false;
  const visit = (node: ast.Node): void => {
    if (skipped.has(node)) return;
    // `sensor["contact"]` reads a property too; a computed index the model checks at run time.
    if (node.kind === 'Index' && node.index.kind === 'StringLiteral') addProperty(node.index.value, names);
    if (node.kind === 'PropertyAccess') {
      const property = typeof node.property === 'string' ? node.property : constantString(node.property);
      if (property === null) all ||= mayBeDevice(node.object);
      else if (property === 'latestValue') all = true;
      else addProperty(property, names);
    } else if (node.kind === 'MethodCall') {
      const method = typeof node.method === 'string' ? node.method : constantString(node.method);
      if (method === null) all ||= node.receiver !== null && mayBeDevice(node.receiver) && mayBeRead(node);
      else if (REFLECTIVE.has(method)) all = true;
      else if (READ_METHODS.has(method) || method === 'subscribe') {
        if (method === 'subscribe' && !subscriptions) return;
        const arg = method === 'subscribe' ? (node.args.length >= 3 ? node.args[1] : undefined) : node.args[0];
        if (arg === undefined) return;
        const name = arg.kind === 'StringLiteral' ? arg.value : null;
        if (name === null) all = true;
        else names.add(name.split('.')[0]);
      } else addProperty(method, names);
    }
  };
  walkApp(app, visit);
  return all ? 'all' : names;
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
function addProperty(property: string, names: Set<string>): void {
  names.add(property);
  if (property.startsWith('current') && property.length > 7) names.add(property.charAt(7).toLowerCase() + property.slice(8));
  if (property.endsWith('State') && property.length > 5) names.add(property.slice(0, -5));
}
