// What every part of the evaluator shares: the app as the evaluator sees it (AppCore), lexical
// scopes, the frame an AST node runs in, the Signal of return/break/continue, the step budget and
// error positions.
import type * as ast from '../parser/ast.js';
import type { FunctionIR } from '../ir/ir.js';
import type { AccessKind } from './access.js';
import type { Budget, BuiltinFunction, Platform, RuntimeContext } from './context.js';
import { BudgetError, CallDepthError, InterpError, RecursionError, UnsupportedError } from './errors.js';
import { BuiltinObject, type ClosureDelegate, type GClosure, type GMap, type Value } from './values.js';

export interface AppCore extends RuntimeContext {
  readonly file: string;
  readonly functions: ReadonlyMap<string, FunctionIR[]>;
  /** `allOk` → the FunctionIR of `getAllOk()`. */
  readonly getters: ReadonlyMap<string, FunctionIR>;
  /** The classes the app imports one by one: the name its code uses → the class's full name. */
  readonly importedClasses: ReadonlyMap<string, string>;
  readonly inputs: ReadonlyMap<string, Value>;
  /** The platform's functions, with the extra ones of this run (the preferences DSL). */
  readonly builtins: Readonly<Record<string, BuiltinFunction>>;
  readonly platform: Platform;
  readonly budget: Budget;
  /** The value of `this`. */
  readonly self: BuiltinObject;
  hasField(name: string): boolean;
  /** Reads and writes a script field, recording the access. */
  fieldGet(name: string): Value;
  fieldPut(name: string, value: Value): void;
  record(kind: AccessKind, location: string): void;
}

const NO_DELEGATES: readonly ClosureDelegate[] = [];

export class Scope {
  readonly vars = new Map<string, Value>();
  /** The delegate of the closure whose body this scope is, when it runs with one. */
  delegate: ClosureDelegate | null = null;
  constructor(readonly parent: Scope | null) {}
  lookup(name: string): Scope | null {
    for (let s: Scope | null = this; s; s = s.parent) if (s.vars.has(name)) return s;
    return null;
  }
  /**
   * The delegates of the enclosing closures that have one, innermost first (one that has no such
   * member leaves it to the closure around it, its owner): lexical, so a method called from the
   * closure does not see them.
   */
  delegates(): readonly ClosureDelegate[] {
    // Every name the app reads asks this: no array for the common scope without a delegate.
    let found: ClosureDelegate[] | undefined;
    for (let s: Scope | null = this; s; s = s.parent) if (s.delegate) (found ??= []).push(s.delegate);
    return found ?? NO_DELEGATES;
  }
}

export interface Frame {
  readonly app: AppCore;
  readonly scope: Scope;
}

export class Signal {
  constructor(
    readonly type: 'return' | 'break' | 'continue',
    readonly value: Value,
    readonly label?: string,
  ) {}
}

export type Completion = Value | Signal;

/** A place that can be read and written: a variable, a property, an index. */
export interface Ref {
  get(): Value;
  set(v: Value): void;
}

export function step(b: Budget): void {
  if (++b.steps > b.maxSteps) throw new BudgetError(`more than ${b.maxSteps} steps (an endless loop?)`);
}

// ---------------------------------------------------------------------------------------------
// Every statement and expression is evaluated one level deeper (bounded by the budget's
// maxNesting, so the evaluator never reaches the end of the JS stack), and errors get the position
// of the innermost node that has one.

export function located<T>(app: AppCore, node: ast.Node, fn: () => T): T {
  try {
    enterNode(app.budget);
    return fn();
  } catch (e) {
    throw locatedError(app, node, e);
  } finally {
    app.budget.nesting--;
  }
}

// The evaluator's hot paths (evalExpr, execStatement) inline `located` with these two, which saves
// two JS frames per level of Groovy nesting: the JS stack then holds twice the nesting it did.

/** Counts one more level of evaluation (the caller decrements it in a `finally`). */
export function enterNode(b: Budget): void {
  if (++b.nesting > b.maxNesting) throw tooDeep(b);
}

/**
 * Evaluation nested past the budget: runaway recursion where the innermost handler run holds at
 * least half of the nesting, else an endless event cascade (handler runs nested in each other's
 * commands), which the home cuts as it cuts one that runs out of call depth.
 */
function tooDeep(b: Budget): BudgetError {
  const what = `evaluation nested more than ${b.maxNesting} levels deep`;
  if (2 * (b.nesting - b.runNesting) < b.maxNesting) return new CallDepthError(`${what} in an event cascade`);
  return new RecursionError(`${what} (runaway recursion?)`);
}

/** The error to rethrow from `node`: positioned there unless an inner node placed it. */
export function locatedError(app: AppCore, node: ast.Node, e: unknown): unknown {
  const error = e instanceof RangeError ? beyondLimits(e) : e;
  if (error instanceof InterpError && !error.at) error.locate({ file: app.file, line: node.range.start.line, column: node.range.start.column });
  return error;
}

/**
 * What the counted limits did not foresee and JS refused (a string or array past V8's maximum
 * length, a value nested past the JS stack): still the app's runaway value, reported like one.
 */
function beyondLimits(e: RangeError): BudgetError {
  return new BudgetError(`beyond the interpreter's limits (${e.message})`);
}

export function unsupported(what: string): never {
  throw new UnsupportedError(what);
}

export function callClosure(c: GClosure, args: Value[]): Value {
  return c.invoke(args);
}

// ---------------------------------------------------------------------------------------------
// The evaluator is one recursive descent split by grammar area, as acorn splits its parser. The
// files import one another in one direction only (properties < operator-expressions < calls <
// statements < expressions < interpreter); a call back up that order goes through this table,
// which each area fills with its own functions when it loads (interpreter.ts loads them all).

export interface Recursion {
  evalExpr(frame: Frame, e: ast.Expression): Value;
  evalList(frame: Frame, elements: readonly ast.Expression[]): Value[];
  evalMap(frame: Frame, entries: readonly ast.MapEntry[]): GMap;
  methodClosure(app: AppCore, name: string, bare?: boolean): GClosure;
  execStatements(frame: Frame, stmts: readonly ast.Statement[]): Completion;
  coerceDeclared(v: Value, type: ast.TypeRef): Value;
  invokeFunction(app: AppCore, fn: FunctionIR, args: Value[]): Value;
  callFunction(app: AppCore, name: string, args: Value[]): Value;
}

export const recurse = {} as Recursion;
