// The evaluator: runs the AST of an app's methods with Groovy semantics. Name resolution, calls,
// assignment and control flow live here; values' behaviour lives in operators.ts, groovy-methods.ts
// and smartthings.ts; the world is reached only through the Host (via the RuntimeContext).
//
// Control flow: statements return a value (for Groovy's implicit return of the last statement) or
// a Signal for return/break/continue; Groovy exceptions are JS exceptions (errors.ts).
import type * as ast from '../parser/ast.js';
import type { FunctionIR } from '../ir/ir.js';
import type { AccessKind } from './access.js';
import type { Budget, BuiltinFunction, RuntimeContext } from './context.js';
import { BudgetError, CallDepthError, GroovyError, InterpError, UnsupportedError, missingProperty, nullPointer } from './errors.js';
import { NOT_FOUND, callGroovyMethod, castValue, iterate, listGet, listPut, javaRegex } from './groovy-methods.js';
import * as num from './numbers.js';
import { compare, equals, instanceOf, isCase, minus, plus, times, toStr, truthy } from './operators.js';
import { MUTATING_METHODS, inheritTag, noteMutation } from './ownership.js';
import { RANDOM_MUTATING, randomMethod } from './random.js';
import { globalObject, isKnownClass, newObject, runtimeMethod, runtimeProperty } from './smartthings.js';
import {
  BuiltinObject,
  ClassRef,
  DeviceRef,
  Double,
  GClosure,
  GDate,
  GEvent,
  GException,
  GMapEntry,
  GRandom,
  TrackedMap,
  className,
  isNumber,
  type GMap,
  type Value,
} from './values.js';

/** The app instance as the evaluator needs it (implemented by AppInstance). */
export interface AppCore extends RuntimeContext {
  readonly file: string;
  readonly functions: ReadonlyMap<string, FunctionIR[]>;
  /** `allOk` → the FunctionIR of `getAllOk()`. */
  readonly getters: ReadonlyMap<string, FunctionIR>;
  readonly inputs: ReadonlyMap<string, Value>;
  readonly builtins: Readonly<Record<string, BuiltinFunction>>;
  readonly budget: Budget;
  /** The value of `this`. */
  readonly self: BuiltinObject;
  /** While preferences run, a name that is no variable, input or method is null (an unset setting). */
  readonly unknownNamesAreNull: boolean;
  hasField(name: string): boolean;
  /** Reads and writes a script field, recording the access. */
  fieldGet(name: string): Value;
  fieldPut(name: string, value: Value): void;
  record(kind: AccessKind, location: string): void;
}

class Scope {
  readonly vars = new Map<string, Value>();
  constructor(readonly parent: Scope | null) {}
  lookup(name: string): Scope | null {
    for (let s: Scope | null = this; s; s = s.parent) if (s.vars.has(name)) return s;
    return null;
  }
}

interface Frame {
  readonly app: AppCore;
  readonly scope: Scope;
}

class Signal {
  constructor(
    readonly type: 'return' | 'break' | 'continue',
    readonly value: Value,
    readonly label?: string,
  ) {}
}

type Completion = Value | Signal;

/** A place that can be read and written: a variable, a property, an index. */
interface Ref {
  get(): Value;
  set(v: Value): void;
}

const MAX_RANGE = 100_000;

// ---------------------------------------------------------------------------------------------
// Entry points

/** Calls an app method by name with positional arguments (a handler, a timer target, a page). */
export function callFunction(app: AppCore, name: string, args: Value[]): Value {
  const fns = app.functions.get(name);
  if (!fns) throw new GroovyError('MissingMethodException', `No method ${name}() in ${app.file}`);
  return guardStack(() => invokeFunction(app, pickOverload(fns, args.length), args));
}

/** Evaluates the initialisers of the app's script fields, in order. */
export function initFields(app: AppCore, decls: readonly ast.VarDecl[]): void {
  const frame: Frame = { app, scope: new Scope(null) };
  for (const decl of decls) {
    guardStack(() =>
      located(app, decl, () => {
        for (const d of decl.declarations) app.fieldPut(d.name, d.init ? evalExpr(frame, d.init) : null);
        return null;
      }),
    );
  }
}

/** Runs a top-level statement of the script (`preferences { ... }` during lowering). */
export function runTopLevel(app: AppCore, stmt: ast.Statement): Value {
  const r = guardStack(() => execStatement({ app, scope: new Scope(null) }, stmt));
  return r instanceof Signal ? r.value : r;
}

/** JS stack exhaustion from deep Groovy recursion becomes a budget error. */
function guardStack<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof RangeError && /call stack/.test(e.message)) throw new BudgetError('recursion too deep');
    throw e;
  }
}

/** The overload Groovy would pick by argument count; undefined when none accepts that many. */
function compatibleOverload(fns: FunctionIR[], argc: number): FunctionIR | undefined {
  const exact = fns.find((f) => f.decl.params.length === argc);
  if (exact) return exact;
  // Trailing parameters with defaults may be left out; a single parameter may be left out (null).
  return fns.find(
    (f) => argc < f.decl.params.length && (f.decl.params.slice(argc).every((p) => p.defaultValue) || (argc === 0 && f.decl.params.length === 1)),
  );
}

function pickOverload(fns: FunctionIR[], argc: number): FunctionIR {
  return compatibleOverload(fns, argc) ?? fns[0];
}

function step(b: Budget): void {
  if (++b.steps > b.maxSteps) throw new BudgetError(`more than ${b.maxSteps} steps (an endless loop?)`);
}

function invokeFunction(app: AppCore, fn: FunctionIR, args: Value[]): Value {
  const b = app.budget;
  if (++b.depth > b.maxDepth) {
    b.depth--;
    throw new CallDepthError(`call depth over ${b.maxDepth} in ${fn.name}()`);
  }
  try {
    step(b);
    const scope = new Scope(null);
    const frame: Frame = { app, scope };
    bindParams(frame, fn.decl.params, args);
    const r = execStatements(frame, fn.decl.body.body);
    return r instanceof Signal ? r.value : r;
  } finally {
    b.depth--;
  }
}

function bindParams(frame: Frame, params: readonly ast.Param[], args: Value[]): void {
  params.forEach((p, i) => {
    let v: Value = null;
    if (i < args.length) v = args[i];
    else if (p.defaultValue) v = evalExpr(frame, p.defaultValue);
    frame.scope.vars.set(p.name, p.type ? coerceDeclared(v, p.type) : v);
  });
}

// ---------------------------------------------------------------------------------------------
// Errors get the position of the innermost node that has one.

function located<T>(app: AppCore, node: ast.Node, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof InterpError && !e.at) e.locate({ file: app.file, line: node.range.start.line, column: node.range.start.column });
    throw e;
  }
}

function unsupported(what: string): never {
  throw new UnsupportedError(what);
}

// ---------------------------------------------------------------------------------------------
// Statements

function execStatements(frame: Frame, stmts: readonly ast.Statement[]): Completion {
  let last: Value = null;
  for (const s of stmts) {
    const r = execStatement(frame, s);
    if (r instanceof Signal) return r;
    last = r;
  }
  return last;
}

function execBlock(frame: Frame, stmts: readonly ast.Statement[]): Completion {
  return execStatements({ app: frame.app, scope: new Scope(frame.scope) }, stmts);
}

function execStatement(frame: Frame, s: ast.Statement, label?: string): Completion {
  step(frame.app.budget);
  return located(frame.app, s, () => execStatementKind(frame, s, label));
}

function execStatementKind(frame: Frame, s: ast.Statement, label?: string): Completion {
  switch (s.kind) {
    case 'ExpressionStatement':
      return evalExpr(frame, s.expression);
    case 'VarDecl':
      declare(frame, s);
      return null;
    case 'Block':
      return execBlock(frame, s.body);
    case 'If':
      if (truthy(evalExpr(frame, s.test))) return execBranch(frame, s.consequent);
      return s.alternate ? execBranch(frame, s.alternate) : null;
    case 'While':
      return runLoop(frame, label, (body) => {
        while (truthy(evalExpr(frame, s.test))) if (body(s.body)) break;
      });
    case 'DoWhile':
      return runLoop(frame, label, (body) => {
        do {
          if (body(s.body)) break;
        } while (truthy(evalExpr(frame, s.test)));
      });
    case 'ForIn':
      return execForIn(frame, s, label);
    case 'ForC':
      return execForC(frame, s, label);
    case 'Switch':
      return execSwitch(frame, s);
    case 'Try':
      return execTry(frame, s);
    case 'Return':
      return new Signal('return', s.argument ? evalExpr(frame, s.argument) : null);
    case 'Break':
      return new Signal('break', null, s.label);
    case 'Continue':
      return new Signal('continue', null, s.label);
    case 'Throw':
      return throwValue(evalExpr(frame, s.argument));
    case 'Labeled': {
      const r = execStatement(frame, s.body, s.label);
      return r instanceof Signal && r.type === 'break' && r.label === s.label ? null : r;
    }
    case 'Assert':
      if (!truthy(evalExpr(frame, s.test))) {
        throw new GroovyError('AssertionError', s.message ? toStr(evalExpr(frame, s.message)) : 'assertion failed');
      }
      return null;
    case 'Empty':
    case 'ImportDecl':
      return null;
    case 'MethodDecl':
    case 'ClassDecl':
      return unsupported(`nested ${s.kind === 'MethodDecl' ? 'method' : 'class'} declaration ${s.name}`);
  }
}

/** An if/else branch: a block gets its own scope, a single statement runs in place. */
function execBranch(frame: Frame, s: ast.Statement): Completion {
  return execStatement(frame, s);
}

function throwValue(v: Value): never {
  if (v instanceof GException) throw new GroovyError(v.className, v.message, v);
  throw new GroovyError('Exception', toStr(v), v);
}

/**
 * Runs a loop; `drive` calls `body(stmt)` per iteration, which returns true to stop the loop.
 * Signals: `break`/`continue` without a label or with this loop's label are consumed here.
 */
function runLoop(frame: Frame, label: string | undefined, drive: (body: (s: ast.Statement, scope?: Scope) => boolean) => void): Completion {
  let escaping: Signal | null = null;
  drive((s, scope) => {
    step(frame.app.budget);
    const r = execStatement(scope ? { app: frame.app, scope } : frame, s);
    if (!(r instanceof Signal)) return false;
    const mine = r.label === undefined || r.label === label;
    if (r.type === 'continue' && mine) return false;
    if (r.type === 'break' && mine) return true;
    escaping = r;
    return true;
  });
  return escaping;
}

function execForIn(frame: Frame, s: ast.ForIn, label: string | undefined): Completion {
  const source = evalExpr(frame, s.iterable);
  const items = source instanceof TrackedMap ? iterate(readWholeStore(frame.app, source)) : iterate(source);
  return runLoop(frame, label, (body) => {
    for (const item of [...items]) {
      const scope = new Scope(frame.scope);
      scope.vars.set(s.variable, item);
      if (body(s.body, scope)) break;
    }
  });
}

function execForC(frame: Frame, s: ast.ForC, label: string | undefined): Completion {
  const scope = new Scope(frame.scope);
  const loopFrame: Frame = { app: frame.app, scope };
  for (const init of s.init) execStatement(loopFrame, init);
  return runLoop(loopFrame, label, (body) => {
    while (!s.test || truthy(evalExpr(loopFrame, s.test))) {
      if (body(s.body, new Scope(scope))) break;
      for (const u of s.update) evalExpr(loopFrame, u);
    }
  });
}

function execSwitch(frame: Frame, s: ast.Switch): Completion {
  const v = evalExpr(frame, s.discriminant);
  let start = s.cases.findIndex((c) => c.tests.some((t) => isCase(evalExpr(frame, t), v, callClosure)));
  if (start < 0) start = s.cases.findIndex((c) => c.isDefault);
  if (start < 0) return null;
  const scope = new Scope(frame.scope);
  for (const c of s.cases.slice(start)) {
    const r = execStatements({ app: frame.app, scope }, c.body);
    if (r instanceof Signal) return r.type === 'break' && r.label === undefined ? null : r;
  }
  return null;
}

const CATCH_ALL = new Set(['Exception', 'Throwable', 'RuntimeException', 'Error', 'java.lang.Exception', 'java.lang.Throwable']);

function catches(clause: ast.CatchClause, e: GroovyError): boolean {
  if (clause.types.length === 0) return e.javaClass !== 'AssertionError';
  return clause.types.some((t) => CATCH_ALL.has(t.name) || t.name.slice(t.name.lastIndexOf('.') + 1) === e.javaClass);
}

function execTry(frame: Frame, s: ast.Try): Completion {
  let result: Completion = null;
  try {
    result = execBlock(frame, s.block.body);
  } catch (e) {
    if (!(e instanceof GroovyError)) throw e;
    const clause = s.handlers.find((h) => catches(h, e));
    if (!clause) throw e;
    const scope = new Scope(frame.scope);
    scope.vars.set(clause.param, e.thrown instanceof GException ? e.thrown : new GException(e.javaClass, e.groovyMessage));
    result = execStatements({ app: frame.app, scope }, clause.body.body);
  } finally {
    if (s.finalizer) {
      const f = execBlock(frame, s.finalizer.body);
      if (f instanceof Signal) result = f;
    }
  }
  return result;
}

const DECLARED_COERCIONS = new Set(['String', 'int', 'long', 'double', 'float', 'boolean', 'Integer', 'Long', 'Double', 'Float', 'BigDecimal']);

/** A typed declaration converts numbers and strings the way Groovy's assignment casts do. */
function coerceDeclared(v: Value, type: ast.TypeRef): Value {
  if (v === null || type.arrayDims > 0 || !DECLARED_COERCIONS.has(type.name)) return v;
  if (type.name === 'String') return typeof v === 'string' ? v : toStr(v);
  if (type.name === 'boolean') return truthy(v);
  if (!isNumber(v)) return v;
  const r = castValue(v, type.name);
  return r === NOT_FOUND ? v : r;
}

function declare(frame: Frame, s: ast.VarDecl): void {
  if (s.destructure) {
    const values = s.init ? iterate(evalExpr(frame, s.init)) : [];
    s.declarations.forEach((d, i) => frame.scope.vars.set(d.name, values[i] ?? null));
    return;
  }
  for (const d of s.declarations) {
    const v = d.init ? evalExpr(frame, d.init) : null;
    frame.scope.vars.set(d.name, s.type ? coerceDeclared(v, s.type) : v);
  }
}

// ---------------------------------------------------------------------------------------------
// Expressions

function evalExpr(frame: Frame, e: ast.Expression): Value {
  switch (e.kind) {
    case 'NumberLiteral':
      return numberLiteral(e);
    case 'StringLiteral':
      return e.value;
    case 'GString': {
      let out = e.strings[0];
      for (let i = 0; i < e.values.length; i++) out += toStr(evalExpr(frame, e.values[i])) + e.strings[i + 1];
      return out;
    }
    case 'BooleanLiteral':
      return e.value;
    case 'NullLiteral':
      return null;
    case 'Identifier':
      return resolveName(frame, e.name);
    case 'ThisExpr':
      return frame.app.self;
    case 'ListLiteral':
      return evalList(frame, e.elements);
    case 'MapLiteral':
      return evalMap(frame, e.entries);
    case 'RangeExpr':
      return materialiseRange(evalExpr(frame, e.from), evalExpr(frame, e.to), e.exclusive);
    case 'Closure':
      return makeClosure(frame, e);
    case 'PropertyAccess':
      return located(frame.app, e, () => evalPropertyAccess(frame, e));
    case 'MethodCall':
      return located(frame.app, e, () => evalMethodCall(frame, e));
    case 'Call':
      return located(frame.app, e, () => evalCall(frame, e));
    case 'Index':
      return located(frame.app, e, () => evalIndex(frame, e));
    case 'MethodReference':
      return methodReference(frame, evalExpr(frame, e.object), e.method);
    case 'Unary':
      return located(frame.app, e, () => evalUnary(frame, e));
    case 'Update':
      return located(frame.app, e, () => evalUpdate(frame, e));
    case 'Binary':
      return located(frame.app, e, () => binary(frame, e.operator, evalExpr(frame, e.left), evalExpr(frame, e.right)));
    case 'Logical': {
      const l = truthy(evalExpr(frame, e.left));
      if (e.operator === '&&') return l && truthy(evalExpr(frame, e.right));
      return l || truthy(evalExpr(frame, e.right));
    }
    case 'Assign':
      return located(frame.app, e, () => evalAssign(frame, e));
    case 'Ternary':
      return truthy(evalExpr(frame, e.test)) ? evalExpr(frame, e.consequent) : evalExpr(frame, e.alternate);
    case 'Elvis': {
      const l = evalExpr(frame, e.left);
      return truthy(l) ? l : evalExpr(frame, e.right);
    }
    case 'Cast':
      return located(frame.app, e, () => evalCast(evalExpr(frame, e.expression), e.type));
    case 'InstanceOf': {
      const r = instanceOf(evalExpr(frame, e.expression), e.type.name);
      return e.negated ? !r : r;
    }
    case 'New':
      return located(frame.app, e, () => evalNew(frame, e));
    case 'Spread':
      return located(frame.app, e, () => unsupported('spread operator outside a list or argument list'));
  }
}

function numberLiteral(e: ast.NumberLiteral): Value {
  if (!e.isDecimal) return e.value;
  if (/[dDfF]$/.test(e.raw)) return new Double(e.value);
  return num.decimal(e.value, num.literalScale(e.raw));
}

function evalList(frame: Frame, elements: readonly ast.Expression[]): Value[] {
  const out: Value[] = [];
  for (const el of elements) {
    if (el.kind === 'Spread') out.push(...iterate(evalExpr(frame, el.argument)));
    else out.push(evalExpr(frame, el));
  }
  return out;
}

function evalMap(frame: Frame, entries: readonly ast.MapEntry[]): GMap {
  const m: GMap = new Map();
  for (const en of entries) {
    if (en.key === null) {
      const spread = evalExpr(frame, en.value);
      if (spread instanceof Map) for (const [k, v] of spread) m.set(k, v);
      continue;
    }
    m.set(mapKey(frame, en), evalExpr(frame, en.value));
  }
  return m;
}

function mapKey(frame: Frame, en: ast.MapEntry): Value {
  const k = en.key!;
  if (!en.computed && k.kind === 'StringLiteral') return k.value;
  if (!en.computed && k.kind === 'Identifier') return k.name;
  return evalExpr(frame, k);
}

function materialiseRange(from: Value, to: Value, exclusive: boolean): Value[] {
  if (typeof from === 'string' && typeof to === 'string' && from.length === 1 && to.length === 1) {
    return materialiseRange(from.charCodeAt(0), to.charCodeAt(0), exclusive).map((c) => String.fromCharCode(c as number));
  }
  const a = num.toInt(from);
  const b = num.toInt(to);
  const dir = b >= a ? 1 : -1;
  const end = exclusive ? b - dir : b;
  const length = (end - a) * dir + 1;
  if (length > MAX_RANGE) throw new BudgetError(`range ${a}..${b} too large`);
  return Array.from({ length: Math.max(0, length) }, (_, i) => a + i * dir);
}

function makeClosure(frame: Frame, e: ast.Closure): GClosure {
  const app = frame.app;
  const params = e.params;
  return new GClosure(
    (args) => {
      step(app.budget);
      const scope = new Scope(frame.scope);
      const inner: Frame = { app, scope };
      if (params === null) scope.vars.set('it', args[0] ?? null);
      else {
        // A closure of several parameters called with one list spreads it (`{ k, v -> }` on pairs).
        const spread = params.length > 1 && args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
        bindParams(inner, params, spread);
      }
      const r = execStatements(inner, e.body);
      return r instanceof Signal ? r.value : r;
    },
    params === null ? 1 : params.length,
  );
}

function callClosure(c: GClosure, args: Value[]): Value {
  return c.invoke(args);
}

function methodClosure(app: AppCore, name: string): GClosure {
  const fns = app.functions.get(name)!;
  return new GClosure((args) => callFunction(app, name, args), fns[0].decl.params.length, name);
}

function methodReference(frame: Frame, target: Value, name: string): GClosure {
  if (target === frame.app.self) {
    if (!frame.app.functions.has(name)) throw new GroovyError('MissingMethodException', `No method ${name}()`);
    return methodClosure(frame.app, name);
  }
  return new GClosure((args) => invokeMethod(frame, target, name, args, null), 1);
}

// ---------------------------------------------------------------------------------------------
// Names

/** An unqualified name: local, field, input, built-in object, getter, method, class. */
function resolveName(frame: Frame, name: string): Value {
  const scope = frame.scope.lookup(name);
  if (scope) return scope.vars.get(name) ?? null;
  return resolveAppProperty(frame.app, name);
}

function resolveAppProperty(app: AppCore, name: string): Value {
  if (app.hasField(name)) return app.fieldGet(name);
  if (app.inputs.has(name)) return app.inputs.get(name) ?? null;
  switch (name) {
    case 'state':
      return app.state;
    case 'atomicState':
      return app.atomicState;
    case 'settings':
      return app.settings;
  }
  const global = globalObject(name);
  if (global !== undefined) return global;
  const getter = app.getters.get(name);
  if (getter) return invokeFunction(app, getter, []);
  if (app.functions.has(name)) return methodClosure(app, name);
  if (name === 'physicalgraph') return unsupported('the physicalgraph hub API');
  if (isKnownClass(name)) return new ClassRef(name);
  if (app.unknownNamesAreNull) return null;
  throw missingProperty(name, 'SmartApp');
}

function assignName(frame: Frame, name: string, v: Value): void {
  const scope = frame.scope.lookup(name);
  if (scope) scope.vars.set(name, v);
  else frame.app.fieldPut(name, v);
}

// ---------------------------------------------------------------------------------------------
// Properties

function propertyName(frame: Frame, p: string | ast.Expression): string {
  return typeof p === 'string' ? p : toStr(evalExpr(frame, p));
}

function evalPropertyAccess(frame: Frame, e: ast.PropertyAccess): Value {
  const obj = evalExpr(frame, e.object);
  const name = propertyName(frame, e.property);
  if (obj === null && e.safe) return null;
  if (e.spread) return iterate(obj).map((x) => (x === null ? null : getProperty(frame, x, name)));
  return getProperty(frame, obj, name);
}

function getProperty(frame: Frame, obj: Value, name: string): Value {
  if (obj === null) throw nullPointer(`get property '${name}'`);
  if (obj === frame.app.self) return resolveAppProperty(frame.app, name);
  if (obj instanceof TrackedMap) return frame.app.storeGet(obj, name);
  if (obj instanceof Map) {
    const v = obj.get(name) ?? null;
    inheritTag(obj, v);
    return v;
  }
  if (Array.isArray(obj)) {
    // Groovy spreads a property access over a list: `switches.currentSwitch` is a list of values.
    return obj.map((x) => (x === null ? null : getProperty(frame, x, name)));
  }
  if (obj instanceof GMapEntry) {
    if (name === 'key') return obj.key;
    if (name === 'value') return obj.value;
  }
  const r = runtimeProperty(frame.app, obj, name);
  if (r !== NOT_FOUND) return r;
  if (name === 'class') return new ClassRef(className(obj));
  return unsupported(`property ${name} of ${describe(obj)}`);
}

function setProperty(frame: Frame, obj: Value, name: string, v: Value): void {
  if (obj === null) throw nullPointer(`set property '${name}'`);
  if (obj === frame.app.self) return assignName({ app: frame.app, scope: new Scope(null) }, name, v);
  if (obj instanceof TrackedMap) return frame.app.storePut(obj, name, v);
  if (obj instanceof Map) {
    noteMutation(obj);
    obj.set(name, v);
    return;
  }
  if (obj instanceof GMapEntry && name === 'value') {
    obj.value = v;
    obj.map?.set(obj.key, v);
    return;
  }
  if (obj instanceof BuiltinObject && obj.kind === 'location' && name === 'mode') {
    return frame.app.host.setLocationMode(frame.app.app, toStr(v));
  }
  if (obj instanceof BuiltinObject && obj.kind === 'dateFormat' && name === 'timeZone') {
    obj.timeZone = v instanceof BuiltinObject ? v.id : toStr(v);
    return;
  }
  unsupported(`assignment to property ${name} of ${describe(obj)}`);
}

function describe(v: Value): string {
  if (v instanceof BuiltinObject) return v.kind;
  if (v instanceof DeviceRef) return `device ${v.label} (${v.capabilities.join(', ')})`;
  if (v instanceof ClassRef) return v.name;
  return className(v);
}

function readWholeStore(app: AppCore, store: TrackedMap): GMap {
  app.record('read', `${app.app.id}.${store.store}.*`);
  return store.map;
}

// ---------------------------------------------------------------------------------------------
// Indexing

function evalIndex(frame: Frame, e: ast.Index): Value {
  const obj = evalExpr(frame, e.object);
  if (obj === null && e.safe) return null;
  if (e.index.kind === 'RangeExpr' && (Array.isArray(obj) || typeof obj === 'string')) {
    return sliceByRange(obj, num.toInt(evalExpr(frame, e.index.from)), num.toInt(evalExpr(frame, e.index.to)), e.index.exclusive);
  }
  return getAt(frame, obj, evalExpr(frame, e.index));
}

/** `list[1..-1]`, `str[0..<3]`: negative bounds count from the end; a reversed range reverses. */
function sliceByRange(obj: Value[] | string, from: number, to: number, exclusive: boolean): Value {
  const n = obj.length;
  const a = from < 0 ? n + from : from;
  let b = to < 0 ? n + to : to;
  if (exclusive) b += b >= a ? -1 : 1;
  if (exclusive && b < a && from === to) return typeof obj === 'string' ? '' : [];
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (lo < 0 || hi >= n) throw new GroovyError('IndexOutOfBoundsException', `range ${from}..${to} of size ${n}`);
  const part = typeof obj === 'string' ? [...obj.slice(lo, hi + 1)] : obj.slice(lo, hi + 1);
  if (b < a) part.reverse();
  return typeof obj === 'string' ? part.join('') : part;
}

function getAt(frame: Frame, obj: Value, idx: Value): Value {
  if (obj === null) throw nullPointer(`get index [${toStr(idx)}]`);
  if (obj instanceof TrackedMap) return frame.app.storeGet(obj, idx);
  if (obj instanceof Map) {
    const v = obj.get(idx) ?? null;
    inheritTag(obj, v);
    return v;
  }
  if (Array.isArray(obj)) {
    if (Array.isArray(idx)) return idx.map((i) => listGet(obj, num.toInt(i)));
    if (typeof idx === 'string') return getProperty(frame, obj, idx);
    const v = listGet(obj, num.toInt(idx));
    inheritTag(obj, v);
    return v;
  }
  if (typeof obj === 'string') {
    if (Array.isArray(idx)) return idx.map((i) => callGroovyMethod(obj, 'getAt', [i]) as Value).join('');
    return callGroovyMethod(obj, 'getAt', [idx]) as Value;
  }
  if (typeof idx === 'string') return getProperty(frame, obj, idx);
  return unsupported(`index [${toStr(idx)}] on ${describe(obj)}`);
}

function putAt(frame: Frame, obj: Value, idx: Value, v: Value): void {
  if (obj === null) throw nullPointer(`set index [${toStr(idx)}]`);
  if (obj instanceof TrackedMap) return frame.app.storePut(obj, idx, v);
  if (obj instanceof Map) {
    noteMutation(obj);
    obj.set(idx, v);
    return;
  }
  if (Array.isArray(obj)) {
    noteMutation(obj);
    listPut(obj, num.toInt(idx), v);
    return;
  }
  if (typeof idx === 'string') return setProperty(frame, obj, idx, v);
  unsupported(`index assignment on ${describe(obj)}`);
}

// ---------------------------------------------------------------------------------------------
// Calls

function evalArgs(frame: Frame, args: readonly ast.Expression[]): Value[] {
  return evalList(frame, args);
}

function evalNamed(frame: Frame, entries: readonly ast.MapEntry[]): GMap | null {
  return entries.length ? evalMap(frame, entries) : null;
}

/** Groovy passes named arguments as a leading map parameter. */
function withNamed(args: Value[], named: GMap | null): Value[] {
  return named ? [named, ...args] : args;
}

function evalMethodCall(frame: Frame, e: ast.MethodCall): Value {
  if (e.receiver === null) {
    const name = propertyName(frame, e.method);
    const args = evalArgs(frame, e.args);
    const named = evalNamed(frame, e.namedArgs);
    frame.app.callSite = { file: frame.app.file, line: e.range.start.line, column: e.range.start.column };
    return callUnqualified(frame, name, args, named);
  }
  const self = evalExpr(frame, e.receiver);
  if (self === null && e.safe) return null;
  const name = propertyName(frame, e.method);
  const args = evalArgs(frame, e.args);
  const named = evalNamed(frame, e.namedArgs);
  // Device commands are reported at the call that issued them.
  frame.app.callSite = { file: frame.app.file, line: e.range.start.line, column: e.range.start.column };
  if (e.spread) return iterate(self).map((x) => (x === null ? null : invokeMethod(frame, x, name, args, named)));
  return invokeMethod(frame, self, name, args, named);
}

function evalCall(frame: Frame, e: ast.Call): Value {
  const callee = evalExpr(frame, e.callee);
  const args = withNamed(evalArgs(frame, e.args), evalNamed(frame, e.namedArgs));
  if (callee instanceof GClosure) return callee.invoke(args);
  return invokeMethod(frame, callee, 'call', args, null);
}

/** `foo(args)`: a local closure, an app method, a runtime built-in, a field holding a closure. */
function callUnqualified(frame: Frame, name: string, args: Value[], named: GMap | null): Value {
  const app = frame.app;
  const scope = frame.scope.lookup(name);
  const local = scope?.vars.get(name);
  if (local instanceof GClosure) return local.invoke(withNamed(args, named));
  const fns = app.functions.get(name);
  const argc = args.length + (named ? 1 : 0);
  const own = fns && compatibleOverload(fns, argc);
  if (own) return invokeFunction(app, own, withNamed(args, named));
  // An app method of the same name but another arity does not hide the runtime's (`def subscribe()`).
  if (Object.hasOwn(app.builtins, name)) return app.builtins[name](app, args, named);
  if (fns) return invokeFunction(app, fns[0], withNamed(args, named));
  if (app.hasField(name)) {
    const f = app.fieldGet(name);
    if (f instanceof GClosure) return f.invoke(withNamed(args, named));
  }
  return unsupported(`method ${name}()`);
}

function isDeviceList(v: Value[]): boolean {
  return v.length > 0 && v.every((x) => x instanceof DeviceRef);
}

const RUNTIME_OBJECT = (v: Value) =>
  v instanceof DeviceRef || v instanceof GEvent || v instanceof BuiltinObject || v instanceof GDate || v instanceof ClassRef || v instanceof GException;

function invokeMethod(frame: Frame, self: Value, name: string, args: Value[], named: GMap | null): Value {
  if (self === null) {
    if (name === 'toString') return 'null';
    if (name === 'equals') return args[0] === null;
    throw nullPointer(`invoke method ${name}()`);
  }
  if (self === frame.app.self) return callUnqualified({ app: frame.app, scope: new Scope(null) }, name, args, named);
  if (self instanceof TrackedMap) return storeMethod(frame.app, self, name, withNamed(args, named));
  if (RUNTIME_OBJECT(self)) {
    const r = runtimeMethod(frame.app, self, name, args, named);
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
  if ((Array.isArray(self) || self instanceof Map) && MUTATING_METHODS.has(name)) noteMutation(self);
  const r = callGroovyMethod(self, name, withNamed(args, named));
  if (r !== NOT_FOUND) return r;
  // SmartThings runs a command on a device list on every device: `switches.on()`.
  if (Array.isArray(self) && isDeviceList(self)) return self.map((d) => invokeMethod(frame, d, name, args, named));
  if (Array.isArray(self) && self.length === 0 && !named) return [];
  if (self instanceof Map && self.get(name) instanceof GClosure) return (self.get(name) as GClosure).invoke(withNamed(args, named));
  return unsupported(`method ${name}() of ${describe(self)}`);
}

/** Methods on `state`/`atomicState`: keyed ones record that key, the rest the whole store. */
function storeMethod(app: AppCore, store: TrackedMap, name: string, args: Value[]): Value {
  switch (name) {
    case 'get':
    case 'getAt':
    case 'containsKey':
      return name === 'containsKey' ? (app.storeGet(store, args[0]), store.map.has(args[0])) : app.storeGet(store, args[0]);
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
  const r = callGroovyMethod(readWholeStore(app, store), name, args);
  if (r === NOT_FOUND) return unsupported(`method ${name}() of ${store.store}`);
  return r;
}

function evalNew(frame: Frame, e: ast.New): Value {
  const args = evalArgs(frame, e.args);
  const r = newObject(e.type.name, args, evalNamed(frame, e.namedArgs));
  if (r === NOT_FOUND) return unsupported(`new ${e.type.name}(${args.length ? '...' : ''})`);
  return r;
}

function evalCast(v: Value, type: ast.TypeRef): Value {
  if (type.arrayDims > 0) return [...iterate(v)];
  const r = castValue(v, type.name);
  if (r !== NOT_FOUND) return r;
  if (v === null || instanceOf(v, type.name)) return v;
  return unsupported(`cast to ${type.name}`);
}

// ---------------------------------------------------------------------------------------------
// Operators

function asNum(v: Value, op: string): num.Num {
  if (isNumber(v)) return v;
  if (v === null) throw nullPointer(`apply ${op}`);
  throw new GroovyError('MissingMethodException', `Cannot apply ${op} to ${className(v)}`);
}

function bitwise(op: string, a: Value, b: Value): Value {
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    return op === '&' ? a && b : op === '|' ? a || b : a !== b;
  }
  const x = num.toInt(asNum(a, op));
  const y = num.toInt(asNum(b, op));
  switch (op) {
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return x ^ y;
    case '>>':
      return x >> y;
    case '>>>':
      return x >>> y;
    default:
      return x << y;
  }
}

function leftShift(a: Value, b: Value): Value {
  if (Array.isArray(a)) {
    noteMutation(a);
    a.push(b);
    return a;
  }
  if (a instanceof Map) {
    noteMutation(a);
    if (b instanceof Map) for (const [k, v] of b) a.set(k, v);
    else if (b instanceof GMapEntry) a.set(b.key, b.value);
    return a;
  }
  if (typeof a === 'string') return a + toStr(b);
  return bitwise('<<', a, b);
}

function regexFind(text: Value, pattern: Value): Value[] {
  const re = javaRegex(toStr(pattern), 'g');
  return [...toStr(text).matchAll(re)].map((m) => (m.length > 1 ? [...m].map((g) => g ?? null) : m[0]));
}

function binary(frame: Frame, op: ast.BinaryOperator, l: Value, r: Value): Value {
  switch (op) {
    case '==':
      return equals(l, r);
    case '!=':
      return !equals(l, r);
    case '<':
      return compare(l, r) < 0;
    case '<=':
      return compare(l, r) <= 0;
    case '>':
      return compare(l, r) > 0;
    case '>=':
      return compare(l, r) >= 0;
    case '<=>':
      return compare(l, r);
    case '===':
      return l === r || equals(l, r);
    case '!==':
      return !(l === r || equals(l, r));
    case '+':
      return plus(l, r);
    case '-':
      return minus(l, r);
    case '*':
      return times(l, r);
    case '/':
      return num.divide(asNum(l, '/'), asNum(r, '/'));
    case '%':
      return num.remainder(asNum(l, '%'), asNum(r, '%'));
    case '**':
      return num.power(asNum(l, '**'), asNum(r, '**'));
    case '<<':
      return leftShift(l, r);
    case '>>':
    case '>>>':
    case '&':
    case '|':
    case '^':
      return bitwise(op, l, r);
    case 'in':
      return isCase(r instanceof TrackedMap ? readWholeStore(frame.app, r) : r, l, callClosure);
    case '!in':
      return !isCase(r instanceof TrackedMap ? readWholeStore(frame.app, r) : r, l, callClosure);
    case '=~':
      return regexFind(l, r);
    case '==~':
      return javaRegex(`^(?:${toStr(r)})$`, '').test(toStr(l));
  }
}

function evalUnary(frame: Frame, e: ast.Unary): Value {
  const v = evalExpr(frame, e.argument);
  switch (e.operator) {
    case '!':
      return !truthy(v);
    case '-':
      return num.negate(asNum(v, 'unary -'));
    case '+':
      return asNum(v, 'unary +');
    case '~':
      // `~/re/` builds a Pattern; patterns are kept as their source string.
      return typeof v === 'string' ? v : ~num.toInt(asNum(v, '~'));
  }
}

const COMPOUND: Record<string, ast.BinaryOperator> = {
  '+=': '+', '-=': '-', '*=': '*', '/=': '/', '%=': '%', '**=': '**', '<<=': '<<', '>>=': '>>', '>>>=': '>>>', '&=': '&', '|=': '|', '^=': '^',
};

function evalAssign(frame: Frame, e: ast.Assign): Value {
  if (e.target.kind === 'ListLiteral' && e.operator === '=') {
    const values = iterate(evalExpr(frame, e.value));
    e.target.elements.forEach((t, i) => reference(frame, t).set(values[i] ?? null));
    return values;
  }
  const ref = reference(frame, e.target);
  if (e.operator === '=') {
    const v = evalExpr(frame, e.value);
    ref.set(v);
    return v;
  }
  const old = ref.get();
  if (e.operator === '?=') {
    if (truthy(old)) return old;
    const v = evalExpr(frame, e.value);
    ref.set(v);
    return v;
  }
  const v = binary(frame, COMPOUND[e.operator], old, evalExpr(frame, e.value));
  // `list << x` and `list += x` on a list: `<<=` mutates in place, `+=` builds a new list.
  ref.set(v);
  return v;
}

function evalUpdate(frame: Frame, e: ast.Update): Value {
  const ref = reference(frame, e.argument);
  const old = ref.get();
  const v = e.operator === '++' ? plus(old, 1) : minus(old, 1);
  ref.set(v);
  return e.prefix ? v : old;
}

/** Resolves an assignment target once, so compound assignment evaluates its parts once. */
function reference(frame: Frame, target: ast.Expression): Ref {
  switch (target.kind) {
    case 'Identifier':
      return { get: () => resolveName(frame, target.name), set: (v) => assignName(frame, target.name, v) };
    case 'PropertyAccess': {
      const obj = evalExpr(frame, target.object);
      const name = propertyName(frame, target.property);
      if (obj === null && target.safe) return { get: () => null, set: () => undefined };
      return { get: () => getProperty(frame, obj, name), set: (v) => setProperty(frame, obj, name, v) };
    }
    case 'Index': {
      const obj = evalExpr(frame, target.object);
      const idx = evalExpr(frame, target.index);
      return { get: () => getAt(frame, obj, idx), set: (v) => putAt(frame, obj, idx, v) };
    }
    default:
      return unsupported(`assignment to ${target.kind}`);
  }
}
