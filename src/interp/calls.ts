// Calls: app methods (overloads, parameters), unqualified calls (closures, app methods, built-in
// functions), method calls on values (state, platform and Java objects, GDK methods, device
// lists), `new`, and casts.
import { getterProperty } from '../parser/accessors.js';
import type * as ast from '../parser/ast.js';
import type { FunctionIR } from '../ir/ir.js';
import { CallDepthError, GroovyError, missingMethod, nullPointer, RecursionError } from './errors.js';
import * as num from './numbers.js';
import { NOT_FOUND, absentMethod, callGroovyMethod, castTo, iterate, misspelledMethod, nullObjectMethod, similarMethod, stringOnlyMethod, uncallableValue, type MethodResult } from './groovy-methods.js';
import { checkedSize, checkLength } from './limits.js';
import { instanceOf } from './operators.js';
import { MUTATING_METHODS, noteMutation } from './ownership.js';
import { javaMethod, newObject } from './java/classes.js';
import { simpleClassName } from './java/known-classes.js';
import { stringBuilderMethod } from './java/string-builder.js';
import { RANDOM_MUTATING, randomMethod } from './random.js';
import { asJavaArray, BuiltinObject, ClassRef, className, DeviceRef, GClosure, GDate, GEvent, GException, GRandom, GStringBuilder, isNumber, javaClassName, PlatformRecord, TrackedMap, type ClosureDelegate, type GMap, type Value } from './values.js';
import { recurse, Scope, Signal, step, unsupported, type AppCore, type Frame } from './frame.js';
import { describe, findProperty, propertyName, readWholeStore, storeProperty } from './properties.js';

/**
 * The overload Groovy would pick for these arguments: by their count, then, among methods of that
 * many parameters, by the arguments' run-time types (`parseEventMessage(Map event)` beside
 * `parseEventMessage(String description)`); undefined when none accepts that many.
 */
function compatibleOverload(fns: FunctionIR[], args: Value[]): FunctionIR | undefined {
  const argc = args.length;
  const exact = fns.filter((f) => f.decl.params.length === argc);
  if (exact.length > 0) return exact.length === 1 ? exact[0] : byArgumentTypes(exact, args);
  // Trailing parameters with defaults may be left out; a single parameter may be left out (null);
  // a last parameter of variable arity takes any number of arguments.
  return fns.find(
    (f) => (argc < f.decl.params.length && (f.decl.params.slice(argc).every((p) => p.defaultValue) || (argc === 0 && f.decl.params.length === 1))) ||
      (f.decl.params.at(-1)?.varargs === true && argc >= f.decl.params.length - 1),
  );
}

/**
 * Among methods of one arity, the one whose declared parameter types accept the arguments, the
 * most typed first; the first declared when none does (a type the model does not know, such as a
 * Z-Wave command class, accepts nothing here, and the call must still go somewhere).
 */
function byArgumentTypes(candidates: FunctionIR[], args: Value[]): FunctionIR {
  let best = candidates[0];
  let bestTyped = -1;
  for (const f of candidates) {
    const matches = f.decl.params.map((p, i) => parameterAccepts(p, args[i] ?? null));
    if (matches.includes('no')) continue;
    const typed = matches.filter((m) => m === 'typed').length;
    if (typed > bestTyped) [best, bestTyped] = [f, typed];
  }
  return best;
}

const UNTYPED = new Set(['def', 'Object', 'java.lang.Object']);
const PRIMITIVES = new Set(['int', 'long', 'double', 'float', 'boolean', 'short', 'byte', 'char']);
const NUMERIC = new Set(['int', 'long', 'double', 'float', 'short', 'Integer', 'Long', 'Double', 'Float', 'Short', 'Number', 'BigDecimal', 'BigInteger']);

/** Whether a parameter takes the argument: any value when untyped, a value of its type (or null for a class type) when typed. */
function parameterAccepts(p: ast.Param, v: Value): 'any' | 'typed' | 'no' {
  if (!p.type || UNTYPED.has(p.type.name)) return 'any';
  if (v === null) return PRIMITIVES.has(p.type.name) ? 'no' : 'typed';
  // A number widens to any numeric parameter (`integer(double v)` takes 5).
  if (isNumber(v) && NUMERIC.has(p.type.name)) return 'typed';
  return instanceOf(v, p.type.name) ? 'typed' : 'no';
}

export function pickOverload(fns: FunctionIR[], args: Value[]): FunctionIR {
  return compatibleOverload(fns, args) ?? fns[0];
}


export function invokeFunction(app: AppCore, fn: FunctionIR, args: Value[]): Value {
  const b = app.budget;
  // Deep nesting within one handler run is the app's own recursion; across handler runs it is an
  // event cascade, which the home cuts (both are counted, never left to the JS stack).
  if (b.depth - b.runBase >= b.maxRecursion) throw new RecursionError(`more than ${b.maxRecursion} nested calls in one handler run, in ${fn.name}() (runaway recursion?)`);
  if (++b.depth > b.maxDepth) {
    b.depth--;
    throw new CallDepthError(`call depth over ${b.maxDepth} in ${fn.name}()`);
  }
  try {
    step(b);
    // The method's own code reads at its own sites, not at its caller's.
    app.readSite = null;
    const scope = new Scope(null);
    const frame: Frame = { app, scope };
    bindParams(frame, fn.decl.params, args);
    const r = recurse.execStatements(frame, fn.decl.body.body);
    return r instanceof Signal ? r.value : r;
  } finally {
    b.depth--;
  }
}

export function bindParams(frame: Frame, params: readonly ast.Param[], args: Value[]): void {
  params.forEach((p, i) => {
    let v: Value = null;
    if (p.varargs) {
      frame.scope.vars.set(p.name, args.slice(i));
      return;
    }
    if (i < args.length) v = args[i];
    else if (p.defaultValue) v = recurse.evalExpr(frame, p.defaultValue);
    frame.scope.vars.set(p.name, p.type ? recurse.coerceDeclared(v, p.type) : v);
  });
}

// ---------------------------------------------------------------------------------------------
// Calls

function evalArgs(frame: Frame, args: readonly ast.Expression[]): Value[] {
  return recurse.evalList(frame, args);
}

function evalNamed(frame: Frame, entries: readonly ast.MapEntry[]): GMap | null {
  return entries.length ? recurse.evalMap(frame, entries) : null;
}

/** Groovy passes named arguments as a leading map parameter. */
function withNamed(args: Value[], named: GMap | null): Value[] {
  return named ? [named, ...args] : args;
}

export function evalMethodCall(frame: Frame, e: ast.MethodCall): Value {
  if (e.receiver === null) {
    const name = propertyName(frame, e.method);
    const args = evalArgs(frame, e.args);
    const named = evalNamed(frame, e.namedArgs);
    frame.app.callSite = { file: frame.app.file, line: e.range.start.line, column: e.range.start.column };
    return callUnqualified(frame, name, args, named);
  }
  const self = recurse.evalExpr(frame, e.receiver);
  if (self === null && e.safe) return null;
  const name = propertyName(frame, e.method);
  const args = evalArgs(frame, e.args);
  const named = evalNamed(frame, e.namedArgs);
  // Device commands are reported at the call that issued them.
  frame.app.callSite = { file: frame.app.file, line: e.range.start.line, column: e.range.start.column };
  // `null*.m()` is null, not an empty list: the spread of nothing.
  if (self === null && e.spread) return null;
  // While the receiver answers, a device read it makes is this call's (RuntimeContext.readSite).
  frame.app.readSite = e;
  try {
    if (e.spread) return iterate(self).map((x) => (x === null ? null : invokeMethod(frame, x, name, args, named)));
    return invokeMethod(frame, self, name, args, named);
  } finally {
    frame.app.readSite = null;
  }
}

export function evalCall(frame: Frame, e: ast.Call): Value {
  const callee = recurse.evalExpr(frame, e.callee);
  const args = withNamed(evalArgs(frame, e.args), evalNamed(frame, e.namedArgs));
  if (callee instanceof GClosure) return callee.invoke(args);
  return invokeMethod(frame, callee, 'call', args, null);
}

/**
 * Groovy's DELEGATE_FIRST (ClosureMetaClass), closure by closure from the innermost: the delegate's
 * own methods, then the owner's (the app's for the outermost closure; a closure has none an app
 * calls), then the delegate's catch-all (JsonBuilder's answers every call) before the enclosing
 * closure is asked. So `json { helper() }` calls the app's `helper`, and
 * `[n: 1].with { json { count n } }` makes the entry `count`.
 */
function delegatedCall(delegates: readonly ClosureDelegate[], call: (d: ClosureDelegate) => MethodResult, ownerMethod: () => MethodResult): MethodResult {
  if (delegates.length === 0) return ownerMethod();
  const outermost = delegates.length - 1;
  for (let i = 0; i <= outermost; i++) {
    const delegate = delegates[i];
    const own = delegate.dynamic ? NOT_FOUND : call(delegate);
    if (own !== NOT_FOUND) return own;
    const owner = i === outermost ? ownerMethod() : NOT_FOUND;
    if (owner !== NOT_FOUND) return owner;
    const caught = delegate.dynamic ? call(delegate) : NOT_FOUND;
    if (caught !== NOT_FOUND) return caught;
  }
  return NOT_FOUND;
}

/**
 * `foo(args)`: a local variable's value (its `call`: a closure, `json { ... }` on a JsonBuilder),
 * the delegates of the enclosing closures and an app method (`delegatedCall`), a
 * runtime built-in, a delegate's property or a field holding a closure.
 */
function callUnqualified(frame: Frame, name: string, args: Value[], named: GMap | null): Value {
  const app = frame.app;
  const scope = frame.scope.lookup(name);
  const local = scope?.vars.get(name);
  if (local instanceof GClosure) return local.invoke(withNamed(args, named));
  // Groovy calls a local variable's value: `json(...)` on a JsonBuilder is its `call`, and `x()` with
  // x a number is Integer.call(), the app's MissingMethodException.
  if (scope) return invokeMethod(frame, local ?? null, 'call', args, named);
  const delegates = frame.scope.delegates();
  const fns = app.functions.get(name);
  const ownerMethod = (): MethodResult => {
    const own = fns && compatibleOverload(fns, withNamed(args, named));
    return own ? invokeFunction(app, own, withNamed(args, named)) : NOT_FOUND;
  };
  const r = delegatedCall(delegates, (d) => d.invokeMethod(name, withNamed(args, named)), ownerMethod);
  if (r !== NOT_FOUND) return r;
  // An app method of the same name but another arity does not hide the runtime's (`def subscribe()`).
  if (Object.hasOwn(app.builtins, name)) return app.builtins[name](app, args, named);
  if (fns) return invokeFunction(app, fns[0], withNamed(args, named));
  // A closure a delegate holds under that name (`[f: { ... }].with { f() }`), as a field's below.
  for (const delegate of delegates) {
    const v = delegate.getProperty(name);
    if (v instanceof GClosure) return v.invoke(withNamed(args, named));
  }
  if (app.hasField(name)) {
    const f = app.fieldGet(name);
    if (f instanceof GClosure) return f.invoke(withNamed(args, named));
  }
  return app.platform.unresolvedCall(name);
}

function isDeviceList(v: Value[]): boolean {
  return v.length > 0 && v.every((x) => x instanceof DeviceRef);
}

const RUNTIME_OBJECT = (v: Value) =>
  v instanceof DeviceRef || v instanceof GEvent || v instanceof BuiltinObject || v instanceof GDate || v instanceof ClassRef || v instanceof GException;

export function invokeMethod(frame: Frame, self: Value, name: string, args: Value[], named: GMap | null): Value {
  if (self === null) {
    const r = nullObjectMethod(name, withNamed(args, named));
    if (r === NOT_FOUND) throw nullPointer(`invoke method ${name}()`);
    return r;
  }
  const r = receiverMethod(frame, self, name, args, named);
  if (r !== NOT_FOUND) return r;
  if (Array.isArray(self) && self.length === 0 && !named) return [];
  if (self instanceof Map && self.get(name) instanceof GClosure) return (self.get(name) as GClosure).invoke(withNamed(args, named));
  if (misspelledMethod(self, name) || uncallableValue(self, name)) throw missingMethod(name, className(self));
  if (stringOnlyMethod(self, name)) throw missingMethod(name, javaClassName(self));
  if (self instanceof PlatformRecord) throw missingMethod(name, self.javaClass);
  const similar = similarMethod(self, name);
  // Groovy's own message names the methods it might have meant ("Possible solutions: collect()").
  if (absentMethod(self, name)) throw missingMethod(name, className(self), similar === undefined ? undefined : `${similar}()`);
  frame.app.platform.unresolvedMethod?.(self, name);
  return unsupported(`method ${name}() of ${describe(self)}${similar === undefined ? '' : ` (did you mean ${similar}()?)`}`);
}

/**
 * A method of the receiver's own (its class's, the GDK's, the platform's; a command of every device
 * of a device list), or NOT_FOUND when it has none: an error where it is called on the value, the
 * app's turn where the value is a closure's delegate.
 */
function receiverMethod(frame: Frame, self: Value, name: string, args: Value[], named: GMap | null): MethodResult {
  if (name === 'with' && !named) {
    const r = runWith(frame, self, args);
    if (r !== NOT_FOUND) return r;
  }
  if (self === frame.app.self) return callUnqualified({ app: frame.app, scope: new Scope(null) }, name, args, named);
  if (self instanceof TrackedMap) return storeMethod(frame.app, self, name, withNamed(args, named));
  // A platform object's getters read its properties (a State's `getValue()`, a Capability's `getName()`).
  if (self instanceof PlatformRecord && args.length === 0 && !named) {
    const property = getterProperty(name);
    if (property !== undefined && self.has(property)) return self.get(property) ?? null;
  }
  if (RUNTIME_OBJECT(self)) {
    const java = javaMethod(self, name, args, named, frame.app);
    if (java !== NOT_FOUND) return java;
    const r = frame.app.platform.method(frame.app, self, name, args, named);
    if (r !== NOT_FOUND) return r;
  }
  if (self instanceof GRandom && !named) {
    const r = randomMethod(self, name, args);
    if (r !== undefined) {
      // Advancing a generator held in a field or a state key writes that location.
      if (RANDOM_MUTATING.has(name)) noteMutation(self);
      return r;
    }
  }
  if (self instanceof GStringBuilder) {
    const r = stringBuilderMethod(self, name, withNamed(args, named));
    if (r !== NOT_FOUND) return r;
  }
  const mutating = (Array.isArray(self) || self instanceof Map) && MUTATING_METHODS.has(name);
  if (mutating) noteMutation(self);
  const r = callGroovyMethod(self, name, withNamed(args, named));
  // A list or map grown in place (`l.addAll(l)`) is held to the limits of a new one.
  if (mutating) checkedSize(self);
  if (r !== NOT_FOUND) return r;
  // SmartThings runs a command on a device list on every device: `switches.on()`.
  if (Array.isArray(self) && isDeviceList(self)) return self.map((d) => invokeMethod(frame, d, name, args, named));
  return NOT_FOUND;
}

/**
 * `obj.with { ... }` (DefaultGroovyMethods.with): the closure runs with obj as `it` and as its
 * delegate, DELEGATE_FIRST, and gives its value. NOT_FOUND for a method closure, which has no
 * delegate: Object's `with` (groovy-methods.ts) passes it obj alone.
 */
function runWith(frame: Frame, self: Value, args: Value[]): MethodResult {
  const closure = args.length === 1 ? args[0] : null;
  if (!(closure instanceof GClosure) || !closure.invokeWithDelegate) return NOT_FOUND;
  return closure.invokeWithDelegate(receiverDelegate(frame, self), [self]);
}

/**
 * A value as the delegate of a closure: a call, name or assignment the closure does not declare
 * goes to the value, and to the app when the value has no such method or property, as Groovy's
 * ClosureMetaClass does with DELEGATE_FIRST.
 */
function receiverDelegate(frame: Frame, self: Value): ClosureDelegate {
  return {
    invokeMethod: (name, args) => (ownerMethodFirst(frame.app, self, name) ? NOT_FOUND : receiverMethod(frame, self, name, args, null)),
    getProperty: (name) => delegateProperty(frame, self, name),
    setProperty: (name, value) => storeProperty(frame, self, name, value),
  };
}

/**
 * A property of a closure's delegate, or NOT_FOUND to leave the name to the app: also when reading
 * it raises a MissingPropertyException (a list spreading the name over elements that lack it), as
 * Closure.getPropertyTryThese catches it and asks the owner.
 */
function delegateProperty(frame: Frame, self: Value, name: string): MethodResult {
  try {
    return findProperty(frame, self, name);
  } catch (error) {
    if (error instanceof GroovyError && error.javaClass === 'MissingPropertyException') return NOT_FOUND;
    throw error;
  }
}

/**
 * Whether a call on a device or a device list goes to the app's or the platform's method of that
 * name rather than to the devices: their commands are dynamic (no method of the device's class,
 * the wrapper's invokeMethod), and Groovy tries the owner's methods before a delegate's dynamic
 * ones, so `sw.with { on(); sendPush("on") }` sends one command and one push.
 */
function ownerMethodFirst(app: AppCore, self: Value, name: string): boolean {
  const devices = self instanceof DeviceRef || (Array.isArray(self) && isDeviceList(self));
  return devices && (app.functions.has(name) || Object.hasOwn(app.builtins, name));
}

/**
 * Methods on `state`/`atomicState`: keyed ones record that key, the rest the whole store; NOT_FOUND
 * for a name a map has no method of.
 */
function storeMethod(app: AppCore, store: TrackedMap, name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'get':
    case 'getAt':
    case 'containsKey': {
      const value = app.storeGet(store, args[0]);
      if (name === 'containsKey') return store.map.has(args[0]);
      // Groovy's get(key, default) adds the default when the key is missing.
      if (name === 'get' && args.length > 1 && !store.map.has(args[0])) {
        app.storePut(store, args[0], args[1]);
        return args[1];
      }
      return value;
    }
    case 'put':
    case 'putAt': {
      const old = store.map.get(args[0]) ?? null;
      app.storePut(store, args[0], args[1]);
      return name === 'put' ? old : null;
    }
    case 'remove': {
      const old = store.map.get(args[0]) ?? null;
      app.storeRemove(store, args[0]);
      return old;
    }
    case 'clear':
    case 'putAll':
      app.record('write', `${app.app.id}.${store.store}.*`);
      return callGroovyMethod(store.map, name, args) as Value;
  }
  return callGroovyMethod(readWholeStore(app, store), name, args);
}

/** The value every element of a new Java array starts with: 0, 0.0, false, or null for objects. */
const ARRAY_DEFAULTS: Readonly<Record<string, Value>> = {
  int: 0, long: 0, short: 0, byte: 0, char: 0, boolean: false, float: num.toDoubleValue(0), double: num.toDoubleValue(0),
};

/**
 * `new int[n]`, `new String[n][m]`: a Java array, as a list (Groovy's arrays answer the list
 * methods apps use) of the element type's default value.
 */
function newArray(type: ast.TypeRef, sizes: readonly Value[]): Value[] {
  const element = ARRAY_DEFAULTS[type.name] ?? null;
  const fill = (level: number): Value[] => {
    const size = num.toInt(sizes[level]);
    if (size < 0) throw new GroovyError('NegativeArraySizeException', String(size));
    checkLength('list', size);
    return asJavaArray(Array.from({ length: size }, () => (level + 1 < sizes.length ? fill(level + 1) : element)));
  };
  return fill(0);
}

export function evalNew(frame: Frame, e: ast.New): Value {
  const args = evalArgs(frame, e.args);
  if (e.type.arrayDims > 0 && args.length > 0) return newArray(e.type, args);
  const named = evalNamed(frame, e.namedArgs);
  let r = newObject(e.type.name, args, named, frame.app);
  if (r === NOT_FOUND && frame.app.platform.newObject) r = frame.app.platform.newObject(e.type.name, args, named);
  if (r === NOT_FOUND) return unsupported(`new ${e.type.name}(${args.length ? '...' : ''})`);
  return r;
}

/** The number types a cast of a String goes through Groovy's castToNumber for. */
const NUMBER_CAST_TYPES: ReadonlySet<string> = new Set(['int', 'Integer', 'long', 'Long', 'short', 'Short', 'byte', 'Byte', 'double', 'Double', 'float', 'Float', 'BigDecimal', 'BigInteger']);

/**
 * `(T) v`. Unlike `v as T`, which parses a String (`"5" as int` is 5), a cast to a number type
 * takes a one-character String as its character (`(int) "5"` is 53) and refuses any other
 * (DefaultTypeTransformation.castToNumber; checked against Groovy 3.0.9).
 */
export function evalCast(v: Value, type: ast.TypeRef, asOperator: boolean): Value {
  const simple = simpleClassName(type.name);
  if (!asOperator && typeof v === 'string' && type.arrayDims === 0 && NUMBER_CAST_TYPES.has(simple)) {
    if (v.length !== 1) throw new GroovyError('GroovyCastException', `Cannot cast object '${v}' with class 'java.lang.String' to class '${type.name}'`);
    v = v.charCodeAt(0);
  }
  const r = castTo(v, type);
  return r === NOT_FOUND ? unsupported(`cast to ${type.name}`) : r;
}

recurse.invokeFunction = invokeFunction;
