// Statements: blocks, declarations, if, loops, switch, try/catch/finally, return/break/continue,
// throw, assert. Each returns its value (Groovy's implicit return) or a Signal.
import type * as ast from '../parser/ast.js';
import { ExecutionSuspended, GroovyError } from './errors.js';
import { isExceptionSubclass } from './java/exceptions.js';
import { NOT_FOUND, castValue, iterate } from './groovy-methods.js';
import { isCase, toStr, truthy } from './operators.js';
import { asJavaArray, Double, GException, TrackedMap, isJavaArray, isNumber, type Value } from './values.js';
import { callClosure, enterNode, locatedError, recurse, Scope, Signal, step, unsupported, type Completion, type Frame } from './frame.js';
import { readWholeStore } from './properties.js';

// ---------------------------------------------------------------------------------------------
// Statements

export function execStatements(frame: Frame, stmts: readonly ast.Statement[]): Completion {
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

export function execStatement(frame: Frame, s: ast.Statement, label?: string): Completion {
  const b = frame.app.budget;
  step(b);
  // `located`, inlined (frame.ts).
  try {
    enterNode(b);
    return execStatementKind(frame, s, label);
  } catch (error) {
    throw locatedError(frame.app, s, error);
  } finally {
    b.nesting--;
  }
}

function execStatementKind(frame: Frame, s: ast.Statement, label?: string): Completion {
  switch (s.kind) {
    case 'ExpressionStatement':
      return recurse.evalExpr(frame, s.expression);
    case 'VarDecl':
      // A declaration is an expression in Groovy: as a method's last statement it is its value (`def day = df.format(d)`).
      return declare(frame, s);
    case 'Block':
      return execBlock(frame, s.body);
    case 'If':
      if (truthy(recurse.evalExpr(frame, s.test))) return execBranch(frame, s.consequent);
      return s.alternate ? execBranch(frame, s.alternate) : null;
    case 'While':
      return runLoop(frame, label, (body) => {
        while (truthy(recurse.evalExpr(frame, s.test))) if (body(s.body)) break;
      });
    case 'DoWhile':
      return runLoop(frame, label, (body) => {
        do {
          if (body(s.body)) break;
        } while (truthy(recurse.evalExpr(frame, s.test)));
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
      return new Signal('return', s.argument ? recurse.evalExpr(frame, s.argument) : null);
    case 'Break':
      return new Signal('break', null, s.label);
    case 'Continue':
      return new Signal('continue', null, s.label);
    case 'Throw':
      return throwValue(recurse.evalExpr(frame, s.argument));
    case 'Labeled': {
      const r = execStatement(frame, s.body, s.label);
      return r instanceof Signal && r.type === 'break' && r.label === s.label ? null : r;
    }
    case 'Assert':
      if (!truthy(recurse.evalExpr(frame, s.test))) {
        throw new GroovyError('AssertionError', s.message ? toStr(recurse.evalExpr(frame, s.message)) : 'assertion failed');
      }
      return null;
    case 'Empty':
    case 'ImportDecl':
      return null;
    case 'MethodDecl':
    case 'ClassDecl':
      // Only a tree the parser did not build gets here: it refuses a declaration inside a method or
      // closure (parser/structure.ts), and lowering takes the app's methods and refuses its classes.
      return unsupported(`nested ${s.kind === 'MethodDecl' ? 'method' : 'class'} declaration ${s.name}`);
  }
}

/** An if/else branch: a block gets its own scope, a single statement runs in place. */
function execBranch(frame: Frame, s: ast.Statement): Completion {
  return execStatement(frame, s);
}

function throwValue(v: Value): never {
  if (v instanceof GException) throw new GroovyError(v.className, v.message ?? 'null', v);
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
  const source = recurse.evalExpr(frame, s.iterable);
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
    while (!s.test || truthy(recurse.evalExpr(loopFrame, s.test))) {
      if (body(s.body, new Scope(scope))) break;
      for (const u of s.update) recurse.evalExpr(loopFrame, u);
    }
  });
}

/**
 * A switch's value is what Groovy's ReturnAdder makes it when the switch ends a method or a
 * closure: a case whose last statement is a plain `break`, and the default case, give the value of
 * their last other statement (`case "on": "ON"; break` is "ON"); a case that falls through gives
 * the next one's, and a `break` anywhere else gives null.
 */
function execSwitch(frame: Frame, s: ast.Switch): Completion {
  const v = recurse.evalExpr(frame, s.discriminant);
  let start = s.cases.findIndex((c) => c.tests.some((t) => caseMatches(frame, t, v)));
  if (start < 0) start = s.cases.findIndex((c) => c.isDefault);
  if (start < 0) return null;
  const scope = new Scope(frame.scope);
  for (const c of s.cases.slice(start)) {
    const last = c.body.at(-1);
    const endsWithBreak = last?.kind === 'Break' && last.label === undefined;
    const r = execStatements({ app: frame.app, scope }, endsWithBreak ? c.body.slice(0, -1) : c.body);
    if (r instanceof Signal) return r.type === 'break' && r.label === undefined ? null : r;
    if (endsWithBreak || c.isDefault) return r;
  }
  return null;
}

/** A case label against the switch value, as the label's isCase (a `case ~/re/:` matches the whole text of the value). */
function caseMatches(frame: Frame, test: ast.Expression, v: Value): boolean {
  return isCase(recurse.evalExpr(frame, test), v, callClosure);
}

/** A catch clause catches its classes and their subclasses; one without a type (`catch (e)`) any Exception. */
function catches(clause: ast.CatchClause, e: GroovyError): boolean {
  if (clause.types.length === 0) return isExceptionSubclass(e.javaClass, 'Exception');
  return clause.types.some((t) => isExceptionSubclass(e.javaClass, t.name));
}

function execTry(frame: Frame, s: ast.Try): Completion {
  let result: Completion;
  try {
    result = execTryAndCatch(frame, s);
  } catch (e) {
    // The model's own stops (a gap, a budget, the platform's time limit) end the execution at once:
    // no app code runs after them, so none can hide them.
    if (!s.finalizer || !isAppException(e)) throw e;
    const f = execBlock(frame, s.finalizer.body);
    // A return, break or continue in `finally` ends the statement there, as in Java: the exception is dropped.
    if (f instanceof Signal) return f;
    throw e;
  }
  if (s.finalizer) {
    const f = execBlock(frame, s.finalizer.body);
    if (f instanceof Signal) return f;
  }
  return result;
}

/** An exception of the app's, which its code can catch (the platform's time limit it cannot). */
function isAppException(e: unknown): e is GroovyError {
  return e instanceof GroovyError && !(e instanceof ExecutionSuspended);
}

/** The try block, and the first catch clause that catches what it throws. */
function execTryAndCatch(frame: Frame, s: ast.Try): Completion {
  try {
    return execBlock(frame, s.block.body);
  } catch (e) {
    if (!isAppException(e)) throw e;
    const clause = s.handlers.find((h) => catches(h, e));
    if (!clause) throw e;
    const scope = new Scope(frame.scope);
    scope.vars.set(clause.param, e.thrown instanceof GException ? e.thrown : new GException(e.javaClass, e.groovyMessage));
    return execStatements({ app: frame.app, scope }, clause.body.body);
  }
}

const DECLARED_COERCIONS = new Set(['String', 'int', 'long', 'double', 'float', 'boolean', 'Integer', 'Long', 'Double', 'Float', 'BigDecimal']);

/** A typed declaration converts numbers and strings the way Groovy's assignment casts do. */
export function coerceDeclared(v: Value, type: ast.TypeRef): Value {
  if (type.arrayDims > 0) return Array.isArray(v) && !isJavaArray(v) ? asJavaArray([...v]) : v; // a list given to an array: a new array
  if (v === null || !DECLARED_COERCIONS.has(type.name)) return v;
  if (type.name === 'String') return typeof v === 'string' ? v : toStr(v);
  if (type.name === 'boolean') return truthy(v);
  if (!isNumber(v)) return v;
  const r = castValue(v, type.name);
  return r === NOT_FOUND ? v : r;
}

/**
 * What a variable declared without a value holds: a primitive's default (`int n` is 0, `boolean b`
 * false), as Groovy's compiler initialises it; anything else null.
 */
function primitiveDefault(type: ast.TypeRef | undefined): Value {
  if (type === undefined || type.arrayDims > 0) return null;
  switch (type.name) {
    case 'int':
    case 'long':
    case 'short':
    case 'byte':
      return 0;
    case 'double':
    case 'float':
      return new Double(0);
    case 'boolean':
      return false;
    case 'char':
      return '\u0000';
    default:
      return null;
  }
}

/** Declares the names; the value is the last name's (the whole value of a multiple assignment). */
function declare(frame: Frame, s: ast.VarDecl): Value {
  if (s.destructure) {
    const whole = s.init ? recurse.evalExpr(frame, s.init) : null;
    const values = whole === null ? [] : iterate(whole);
    s.declarations.forEach((d, i) => frame.scope.vars.set(d.name, values[i] ?? null));
    return whole;
  }
  let last: Value = null;
  for (const d of s.declarations) {
    const v = d.init ? recurse.evalExpr(frame, d.init) : primitiveDefault(s.type);
    last = s.type ? coerceDeclared(v, s.type) : v;
    frame.scope.vars.set(d.name, last);
  }
  return last;
}

Object.assign(recurse, { execStatements, coerceDeclared });
