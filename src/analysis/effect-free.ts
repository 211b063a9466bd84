// Which methods of an app can change nothing in the home when they run (issue 17): they assign only
// their own local variables and call only log methods, messages (sendPush, sendSms, ...: the model
// records them in the trace, never in a state), value methods of strings, numbers and collections,
// and the app's own methods that are effect-free too. FireCO2Alarm's battery handler is one: it
// compares the level and sends a message. The pair model uses this to leave out of the state an
// attribute whose events reach only such handlers (model/live-attributes.ts).
//
// Syntactic and conservative: any other call (a device command, a timer, a subscription, the
// location mode, an HTTP request, a closure called by value, a method named by a computed name), any
// assignment or `++`/`--` of something other than a local variable declared in the method (a field,
// `state.x`, a map entry, a script variable created by assigning an undeclared name) is an effect.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import { ASYNC_HTTP_API } from '../devices/smartapp-api.js';

/** Unqualified calls of the platform that only record a message. */
const MESSAGES: ReadonlySet<string> = new Set([
  'sendPush', 'sendPushMessage', 'sendSms', 'sendSMS', 'sendSmsMessage', 'sendNotification', 'sendNotificationEvent', 'sendNotificationToContacts',
]);
/** Unqualified platform calls that only compute a value. */
const PURE_FUNCTIONS: ReadonlySet<string> = new Set(['now', 'timeToday', 'timeOfDayIsBetween', 'toDateTime', 'getTemperatureScale', 'println', 'print']);
/** Methods of values (strings, numbers, dates, collections, events) that only compute a value. */
const PURE_METHODS: ReadonlySet<string> = new Set([
  'toString', 'toInteger', 'toLong', 'toDouble', 'toFloat', 'toBigDecimal', 'toBoolean', 'toLowerCase', 'toUpperCase', 'trim', 'split',
  'tokenize', 'contains', 'startsWith', 'endsWith', 'indexOf', 'substring', 'replace', 'replaceAll', 'matches', 'equals', 'compareTo',
  'format', 'size', 'length', 'isEmpty', 'isNumber', 'isInteger', 'isDouble', 'abs', 'round', 'intValue', 'doubleValue', 'floatValue',
  'longValue', 'getTime', 'join', 'first', 'last', 'max', 'min', 'sum', 'count', 'find', 'findAll', 'collect', 'any', 'every', 'each',
  'eachWithIndex', 'get', 'getAt', 'containsKey', 'keySet', 'values', 'sort', 'unique', 'plus', 'minus', 'multiply', 'div', 'getValue',
  'getName', 'getDisplayName', 'getDescriptionText', 'getDate', 'isPhysical', 'isDigital', 'isStateChange',
]);
/** Every command of a device: never pure, whatever its name. */
const COMMANDS: ReadonlySet<string> = new Set(CAPABILITIES.flatMap((c) => Object.keys(c.commands)));

/** The names of the app's methods that can change nothing in the home, callees included. */
export function effectFreeMethods(app: AppIR): ReadonlySet<string> {
  const methods = new Set(app.methods.map((m) => m.name));
  const fields = new Set(app.fields.flatMap((f) => f.declarations.map((d) => d.name)));
  const callees = new Map<string, Set<string>>();
  const free = new Set<string>();
  for (const m of app.methods) {
    const calls = new Set<string>();
    if (bodyIsFree(m.decl, methods, fields, calls)) free.add(m.name);
    callees.set(m.name, calls);
  }
  // A method is free only if every method it calls is (an overloaded name counts as one method).
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of free) {
      if ([...callees.get(name)!].some((callee) => !free.has(callee))) {
        free.delete(name);
        changed = true;
      }
    }
  }
  return free;
}

/** Whether the method's own code has no effect; collects the app's methods it calls into `calls`. */
function bodyIsFree(decl: ast.MethodDecl, methods: ReadonlySet<string>, fields: ReadonlySet<string>, calls: Set<string>): boolean {
  const locals = localNames(decl);
  const isLocal = (target: ast.Expression) => target.kind === 'Identifier' && locals.has(target.name) && !fields.has(target.name);
  let free = true;
  walk(decl, (node: ast.Node) => {
    if (node.kind === 'Assign' && !isLocal(node.target)) free = false;
    else if (node.kind === 'Update' && !isLocal(node.argument)) free = false;
    else if (node.kind === 'Call') free = false;
    else if (node.kind === 'MethodCall' && !callIsFree(node, methods, calls)) free = false;
  });
  return free;
}

function callIsFree(call: ast.MethodCall, methods: ReadonlySet<string>, calls: Set<string>): boolean {
  if (typeof call.method !== 'string') return false;
  const name = call.method;
  if (call.receiver === null) {
    if (methods.has(name)) {
      calls.add(name);
      return true;
    }
    return MESSAGES.has(name) || PURE_FUNCTIONS.has(name);
  }
  if (call.receiver.kind === 'Identifier' && call.receiver.name === 'log') return true;
  // `asynchttp_v1.get(...)` is a request whose response runs a method of the app, not a map's get.
  if (call.receiver.kind === 'Identifier' && call.receiver.name === ASYNC_HTTP_API) return false;
  return PURE_METHODS.has(name) && !COMMANDS.has(name);
}

/** Every name the method declares: parameters, local variables, closure and loop parameters, `it`. */
function localNames(decl: ast.MethodDecl): Set<string> {
  const names = new Set<string>(['it']);
  walk(decl, (node: ast.Node) => {
    if (node.kind === 'Param' || node.kind === 'VarDeclarator') names.add(node.name);
    else if (node.kind === 'ForIn') names.add(node.variable);
    else if (node.kind === 'CatchClause') names.add(node.param);
  });
  return names;
}
