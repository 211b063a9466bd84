// Expressions: the dispatch on the node kind, literals (numbers, GStrings, lists, maps, ranges)
// and closures. Operators and assignment are in operator-expressions.ts, names and properties in
// properties.ts, calls in calls.ts.
import type * as ast from '../parser/ast.js';
import { BudgetError, GroovyError } from './errors.js';
import * as num from './numbers.js';
import { checkedSize } from './limits.js';
import { concat, instanceOf, toStr, truthy } from './operators.js';
import { iterate } from './groovy-methods.js';
import { BareMethodName, ClassRef, type ClosureDelegate, Double, GClosure, type GMap, type Value } from './values.js';
import { bindParams, evalCall, evalCast, evalMethodCall, evalNew, invokeMethod } from './calls.js';
import { enterNode, locatedError, recurse, Scope, Signal, step, unsupported, type AppCore, type Frame } from './frame.js';
import { binary, evalAssign, evalUnary, evalUpdate } from './operator-expressions.js';
import { evalIndex, evalPropertyAccess, resolveName } from './properties.js';
import { execStatements } from './statements.js';
import { GroovyMap } from './groovy-map.js';

const MAX_RANGE = 100_000;

export function evalExpr(frame: Frame, e: ast.Expression): Value {
  switch (e.kind) {
    case 'NumberLiteral':
      return numberLiteral(e);
    case 'StringLiteral':
      return e.value;
    case 'BooleanLiteral':
      return e.value;
    case 'NullLiteral':
      return null;
    case 'ThisExpr':
      return frame.app.self;
    default:
      // `located`, inlined (frame.ts).
      try {
        enterNode(frame.app.budget);
        return checkedSize(evalCompound(frame, e));
      } catch (error) {
        throw locatedError(frame.app, e, error);
      } finally {
        frame.app.budget.nesting--;
      }
  }
}

type Leaf = ast.NumberLiteral | ast.StringLiteral | ast.BooleanLiteral | ast.NullLiteral | ast.ThisExpr;

/** An expression that may fail or recurse: evaluated one nesting level deeper, errors at its position. */
function evalCompound(frame: Frame, e: Exclude<ast.Expression, Leaf>): Value {
  switch (e.kind) {
    case 'GString': {
      let out = e.strings[0];
      for (let i = 0; i < e.values.length; i++) out = concat(out, toStr(evalExpr(frame, e.values[i])) + e.strings[i + 1]);
      return out;
    }
    case 'Identifier':
      return resolveName(frame, e.name);
    case 'ListLiteral':
      return evalList(frame, e.elements);
    case 'MapLiteral':
      return evalMap(frame, e.entries);
    case 'RangeExpr':
      return materialiseRange(evalExpr(frame, e.from), evalExpr(frame, e.to), e.exclusive);
    case 'Closure':
      return makeClosure(frame, e);
    case 'PropertyAccess':
      return evalPropertyAccess(frame, e);
    case 'MethodCall':
      return evalMethodCall(frame, e);
    case 'Call':
      return evalCall(frame, e);
    case 'Index':
      return evalIndex(frame, e);
    case 'MethodReference':
      return methodReference(frame, evalExpr(frame, e.object), e.method);
    case 'Unary':
      return evalUnary(frame, e);
    case 'Update':
      return evalUpdate(frame, e);
    case 'Binary':
      return binary(frame, e.operator, evalExpr(frame, e.left), evalExpr(frame, e.right));
    case 'Logical': {
      const l = truthy(evalExpr(frame, e.left));
      if (e.operator === '&&') return l && truthy(evalExpr(frame, e.right));
      return l || truthy(evalExpr(frame, e.right));
    }
    case 'Assign':
      return evalAssign(frame, e);
    case 'Ternary':
      return truthy(evalExpr(frame, e.test)) ? evalExpr(frame, e.consequent) : evalExpr(frame, e.alternate);
    case 'Elvis': {
      const l = evalExpr(frame, e.left);
      return truthy(l) ? l : evalExpr(frame, e.right);
    }
    case 'Cast':
      return evalCast(evalExpr(frame, e.expression), e.type, e.asOperator);
    case 'ClassLiteral':
      return new ClassRef(e.type.name + '[]'.repeat(e.type.arrayDims));
    case 'InstanceOf': {
      const r = instanceOf(evalExpr(frame, e.expression), e.type.name);
      return e.negated ? !r : r;
    }
    case 'New':
      return evalNew(frame, e);
    case 'Spread':
      return unsupported('spread operator outside a list or argument list');
  }
}

function numberLiteral(e: ast.NumberLiteral): Value {
  if (!e.isDecimal) return e.value;
  if (/[dDfF]$/.test(e.raw)) return new Double(e.value);
  return num.parseDecimal(e.raw.replace(/[gG]$/, '').replaceAll('_', ''));
}

export function evalList(frame: Frame, elements: readonly ast.Expression[]): Value[] {
  const out: Value[] = [];
  for (const el of elements) {
    if (el.kind === 'Spread') out.push(...iterate(evalExpr(frame, el.argument)));
    else out.push(evalExpr(frame, el));
  }
  return out;
}

export function evalMap(frame: Frame, entries: readonly ast.MapEntry[]): GMap {
  const m: GMap = new GroovyMap();
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

const INT_MAX = 2 ** 31 - 1;

function materialiseRange(from: Value, to: Value, exclusive: boolean): Value[] {
  if (typeof from === 'string' && typeof to === 'string' && from.length === 1 && to.length === 1) {
    return materialiseRange(from.charCodeAt(0), to.charCodeAt(0), exclusive).map((c) => String.fromCharCode(c as number));
  }
  const a = num.toInt(from);
  const b = num.toInt(to);
  const dir = b >= a ? 1 : -1;
  const end = exclusive ? b - dir : b;
  const length = (end - a) * dir + 1;
  // Groovy's IntRange refuses more elements than an int counts (`Integer.MIN_VALUE..20`): the app's error, not the model's limit.
  if (length > INT_MAX) throw new GroovyError('IllegalArgumentException', `A range must have no more than ${INT_MAX} elements but attempted ${length} elements`);
  if (length > MAX_RANGE) throw new BudgetError(`range ${a}..${b} too large`);
  return Array.from({ length: Math.max(0, length) }, (_, i) => a + i * dir);
}

/**
 * Levels of nesting a closure call counts for: called from a GDK method (`each`, `collect`, ...),
 * it puts about as many JS frames on the stack as that many nested expressions, and the nesting
 * limit stands for the stack (measured in docs/interpreter.md, "Limits").
 */
const CLOSURE_CALL_LEVELS = 3;

function makeClosure(frame: Frame, e: ast.Closure): GClosure {
  const app = frame.app;
  const params = e.params;
  const run = (delegate: ClosureDelegate | null, args: Value[]): Value => {
    const b = app.budget;
    step(b);
    b.nesting += CLOSURE_CALL_LEVELS - 1;
    try {
      enterNode(b);
      // The closure's code reads at its own sites, not at its caller's.
      app.readSite = null;
      const scope = new Scope(frame.scope);
      scope.delegate = delegate;
      const inner: Frame = { app, scope };
      if (params === null) scope.vars.set('it', args[0] ?? null);
      else {
        // A closure of several parameters called with one list spreads it (`{ k, v -> }` on pairs).
        const spread = params.length > 1 && args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
        bindParams(inner, params, spread);
      }
      const r = execStatements(inner, e.body);
      return r instanceof Signal ? r.value : r;
    } catch (error) {
      throw locatedError(app, e, error);
    } finally {
      b.nesting -= CLOSURE_CALL_LEVELS;
    }
  };
  return new GClosure((args) => run(null, args), params === null ? 1 : params.length, undefined, run);
}

/** `this.&name`, or with `bare` the app's method named by itself as a value (BareMethodName). */
export function methodClosure(app: AppCore, name: string, bare = false): GClosure {
  const fns = app.functions.get(name)!;
  const Closure = bare ? BareMethodName : GClosure;
  return new Closure((args) => recurse.callFunction(app, name, args), fns[0].decl.params.length, name);
}

function methodReference(frame: Frame, target: Value, name: string): GClosure {
  if (target === frame.app.self) {
    if (!frame.app.functions.has(name)) throw new GroovyError('MissingMethodException', `No method ${name}()`);
    return methodClosure(frame.app, name);
  }
  return new GClosure((args) => invokeMethod(frame, target, name, args, null), 1);
}

Object.assign(recurse, { evalExpr, evalList, evalMap, methodClosure });
