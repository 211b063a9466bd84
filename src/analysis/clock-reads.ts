// Whether an app keeps a time it read from the clock (the full environment's time passing,
// model/home.ts): `state.lastRun = now()`, `atomicState.start = new Date().time`, `state.since =
// evt.date`. Only such an app can behave differently a day later: time passes by whole days, so
// the time of day, and every time-of-day window, stays what it was; what changes is how long ago a
// kept time was. For the other pairs time passing would only make every state twice.
//
// A clock read is `now()`, `new Date()`, `Calendar.getInstance()`, "today" (`timeToday`,
// `timeTodayAfter`, `getSunriseAndSunset`, whose times are today's in the full environment), the date of an event or a device state (`evt.date`), or a call of one of the
// app's methods that makes one. A time is kept when it is assigned (directly, or through a local
// variable of the same method) to a part of the app's state that its code reads back (a live
// `state` or `atomicState` key or field, analysis/state-reads.ts; circadian-daylight's
// `state.nextTimer` is only logged), or to anything else but a local variable or a part of one (a
// computed key of a store, an entry of a map the app keeps). Syntactic: a time kept another way (passed to a method that stores its parameter,
// appended with `<<`) is not seen, and that app keeps the reference's constant clock.
import type { AppIR } from '../ir/ir.js';
import { SCHEDULING_FUNCTIONS } from '../devices/smartapp-api.js';
import { getterOf } from '../parser/accessors.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { liveParts } from './relevance.js';
import { hasName, type PartNames } from './state-slots.js';
import { storeReferenced } from './store-references.js';

/** Unqualified platform functions that read the clock. */
const CLOCK_FUNCTIONS: ReadonlySet<string> = new Set(['now', 'timeToday', 'timeTodayAfter', 'getSunriseAndSunset']);
/** Properties (and their getters) that hold when something happened: an event's, a device state's. */
const DATE_PROPERTIES: ReadonlySet<string> = new Set(['date', 'dateCreated', 'rawDateCreated', 'isoDate']);
const DATE_GETTERS: ReadonlySet<string> = new Set(['getDate', 'getDateCreated', 'getRawDateCreated', 'getIsoDate']);

/** Platform functions that give or compare times of the day's light: what night changes. */
const SUN_FUNCTIONS: ReadonlySet<string> = new Set(['getSunriseAndSunset', 'timeOfDayIsBetween']);
/** The location's attributes that hold the sun's times (`location.currentValue("sunsetTime")`). */
const SUN_ATTRIBUTES: ReadonlySet<string> = new Set(['sunriseTime', 'sunsetTime']);

/**
 * Whether the app acts or not by the time of day, against the sun (the full environment's
 * nightfall, model/home.ts): it reads a time of the sun (`getSunriseAndSunset()`, the location's
 * `sunsetTime`) or compares times of day (`timeOfDayIsBetween`), and a condition on the clock
 * (`now()`, `new Date()`, an event's date, a local variable holding one) decides whether a call or
 * a `return` runs: `if (now() > sunset.time) lights.on()` (a call that only logs or sets a timer
 * does not count: the timer's method runs either way). Such an app may act only after sunset,
 * which the day's clock never reaches. An app whose conditions on the clock only pick a value
 * (circadian-daylight's colour temperature) has no nightfall: night changes what it writes, not
 * whether, and the event would double an already large search for nothing a conflict needs.
 * Syntactic: a condition in another method than the clock read it compares (a time kept in state)
 * counts where the clock is read in the condition's method.
 */
export function readsTimeOfDay(app: AppIR): boolean {
  if (!app.methods.some((m) => containsNode(m.decl, isSunRead))) return false;
  const clockMethods = methodsReadingClock(app);
  return app.methods.some((m) => guardsOnTheClock(m.decl, clockMethods));
}

/**
 * Whether an `if` of the method tests the clock and guards a call or a `return`. The test reads
 * the clock itself, through a local variable assigned a clock read, or by calling a method of the
 * app that reads it (`if (enabled())`, `if (sunOk)` through `getSunOk()`); a local assigned such a
 * method's result is a value, not a condition (`def ct = getCT()`).
 */
function guardsOnTheClock(method: ast.MethodDecl, clockMethods: ReadonlySet<string>): boolean {
  const locals = new Set<string>(method.params.map((p) => p.name));
  const clockLocals = new Set<string>();
  const readsClock = (e: ast.Node) => containsNode(e, (n) => (isClockRead(n) && !isSunRead(n)) || isSunComparison(n) || (n.kind === 'Identifier' && clockLocals.has(n.name)));
  const callsClock = (e: ast.Node) => containsNode(e, (n) => isCallOf(n, clockMethods) || (n.kind === 'Identifier' && !locals.has(n.name) && isGetterOf(n, clockMethods)));
  let guards = false;
  walk(method, (node) => {
    if (guards) return;
    if (node.kind === 'VarDeclarator') {
      locals.add(node.name);
      if (node.init && readsClock(node.init)) clockLocals.add(node.name);
    } else if (node.kind === 'If' && (readsClock(node.test) || callsClock(node.test))) {
      guards = acts(node.consequent) || (node.alternate !== undefined && acts(node.alternate));
    }
  });
  return guards;
}

/** A bare name read through a getter of one of `methods` (`if (sunOk)` calls `getSunOk()`). */
function isGetterOf(node: ast.Node, methods: ReadonlySet<string>): boolean {
  return node.kind === 'Identifier' && methods.has(getterOf(node.name));
}

/** `timeOfDayIsBetween(...)`: a comparison with the clock whatever its arguments. */
function isSunComparison(node: ast.Node): boolean {
  return node.kind === 'MethodCall' && node.receiver === null && node.method === 'timeOfDayIsBetween';
}

/**
 * Whether a branch does something beyond computing values and timers: a call other than logging or
 * setting a timer (whose method runs in any case, at another time), or a `return`.
 */
function acts(branch: ast.Statement): boolean {
  return containsNode(branch, (n) => n.kind === 'Return' || (n.kind === 'MethodCall' && !isLogging(n) && !isScheduling(n)));
}

function isLogging(call: ast.MethodCall): boolean {
  return call.receiver?.kind === 'Identifier' && call.receiver.name === 'log';
}

function isScheduling(call: ast.MethodCall): boolean {
  return call.receiver === null && typeof call.method === 'string' && SCHEDULING_FUNCTIONS.has(call.method);
}

/** Readers of an attribute's current value by name (`location.currentValue("sunsetTime")`). */
const VALUE_READERS: ReadonlySet<string> = new Set(['currentValue', 'latestValue', 'currentState', 'latestState']);

function isSunRead(node: ast.Node): boolean {
  if (node.kind !== 'MethodCall' || typeof node.method !== 'string') return false;
  if (node.receiver === null) return SUN_FUNCTIONS.has(node.method);
  const [name] = node.args;
  return VALUE_READERS.has(node.method) && name?.kind === 'StringLiteral' && SUN_ATTRIBUTES.has(name.value);
}

export function keepsClockTime(app: AppIR): boolean {
  const clockMethods = methodsReadingClock(app);
  const reads = liveParts(app);
  const fields = app.fields.some((f) => f.declarations.some((d) => hasName(reads, 'field', d.name) && readsClockIn(f.init ?? d.init, clockMethods, new Set())));
  return fields || app.methods.some((m) => keepsTimeIn(m.decl, clockMethods, reads));
}

/** Whether assigning to `target` (not a local variable) keeps the value where the app reads it back. */
function keptIn(target: ast.Expression, reads: PartNames): boolean {
  if (target.kind === 'Identifier') return hasName(reads, 'field', target.name);
  if (target.kind === 'PropertyAccess' && typeof target.property === 'string') {
    const store = storeReferenced(target.object);
    if (store) return hasName(reads, store, target.property);
    if (target.object.kind === 'ThisExpr') return hasName(reads, 'field', target.property);
  }
  return true;
}

/** The app's methods that read the clock, directly or through the app's other methods. */
function methodsReadingClock(app: AppIR): ReadonlySet<string> {
  return withCallers(app, new Set(app.methods.filter((m) => containsNode(m.decl, isClockRead)).map((m) => m.name)));
}

/** `methods` and every method of the app that calls one of them, directly or through others. */
function withCallers(app: AppIR, methods: Set<string>): ReadonlySet<string> {
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of app.methods) {
      if (methods.has(m.name) || !containsNode(m.decl, (n) => isCallOf(n, methods))) continue;
      methods.add(m.name);
      changed = true;
    }
  }
  return methods;
}

/** Whether the method assigns a time read from the clock to anything but one of its local variables. */
function keepsTimeIn(method: ast.MethodDecl, clockMethods: ReadonlySet<string>, reads: PartNames): boolean {
  const locals = new Set<string>([...method.params.map((p) => p.name)]);
  const timeLocals = new Set<string>();
  let keeps = false;
  walk(method, (node) => {
    if (keeps) return;
    if (node.kind === 'VarDeclarator') {
      locals.add(node.name);
      if (node.init && readsClockIn(node.init, clockMethods, timeLocals)) timeLocals.add(node.name);
    } else if (node.kind === 'Assign' && readsClockIn(node.value, clockMethods, timeLocals)) {
      const local = localRoot(node.target, locals);
      if (local !== undefined) timeLocals.add(local);
      else if (keptIn(node.target, reads)) keeps = true;
    }
  });
  return keeps;
}

/** The local variable an assignment's target is, or is part of (`color.value`, `times[i]`), if any. */
function localRoot(target: ast.Expression, locals: ReadonlySet<string>): string | undefined {
  let e = target;
  while (e.kind === 'PropertyAccess' || e.kind === 'Index') e = e.object;
  return e.kind === 'Identifier' && locals.has(e.name) ? e.name : undefined;
}

function readsClockIn(e: ast.Expression | undefined, clockMethods: ReadonlySet<string>, timeLocals: ReadonlySet<string>): boolean {
  return e !== undefined && containsNode(e, (n) => isClockRead(n) || isCallOf(n, clockMethods) || (n.kind === 'Identifier' && timeLocals.has(n.name)));
}

function containsNode(root: ast.Node, test: (node: ast.Node) => boolean): boolean {
  let found = false;
  walk(root, (node) => {
    if (!found && test(node)) found = true;
  });
  return found;
}

function isCallOf(node: ast.Node, methods: ReadonlySet<string>): boolean {
  return node.kind === 'MethodCall' && node.receiver === null && typeof node.method === 'string' && methods.has(node.method);
}

function isClockRead(node: ast.Node): boolean {
  switch (node.kind) {
    case 'MethodCall': {
      if (typeof node.method !== 'string') return false;
      if (node.receiver === null) return CLOCK_FUNCTIONS.has(node.method);
      return DATE_GETTERS.has(node.method) || (node.method === 'getInstance' && isClass(node.receiver, 'Calendar'));
    }
    case 'PropertyAccess':
      return typeof node.property === 'string' && (DATE_PROPERTIES.has(node.property) || (node.property === 'instance' && isClass(node.object, 'Calendar')));
    case 'New':
      return node.args.length === 0 && /(^|\.)Date$/.test(node.type.name);
    default:
      return false;
  }
}

function isClass(e: ast.Expression, name: string): boolean {
  return (e.kind === 'Identifier' && e.name === name) || (e.kind === 'PropertyAccess' && e.property === name);
}
