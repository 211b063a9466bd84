// The evaluator's entry points: run an app method, the script's field initialisers, a top-level
// statement. The evaluator runs the AST with Groovy semantics, one grammar area per file, the way
// acorn splits its parser: statements.ts, expressions.ts, operator-expressions.ts (operators and
// assignment), properties.ts (names, properties, indexing), calls.ts (method and function calls).
// Values' behaviour lives in operators.ts, groovy-methods.ts and java/; the platform (SmartThings)
// is injected as the AppCore's Platform (context.ts) and reaches the world only through the Host.
//
// Control flow: statements return a value (for Groovy's implicit return of the last statement) or
// a Signal for return/break/continue; Groovy exceptions are JS exceptions (errors.ts).
import type * as ast from '../parser/ast.js';
import { GroovyError } from './errors.js';
import type { Value } from './values.js';
import { invokeFunction, pickOverload } from './calls.js';
import { evalExpr } from './expressions.js';
import { recurse, Scope, Signal, located, type AppCore, type Frame } from './frame.js';
import { execStatement } from './statements.js';

// ---------------------------------------------------------------------------------------------
// Entry points

/** Calls an app method by name with positional arguments (a handler, a timer target, a page). */
export function callFunction(app: AppCore, name: string, args: Value[]): Value {
  const fns = app.functions.get(name);
  if (!fns) throw new GroovyError('MissingMethodException', `No method ${name}() in ${app.file}`);
  return invokeFunction(app, pickOverload(fns, args), args);
}

/** Evaluates the initialisers of the app's script fields, in order. */
export function initFields(app: AppCore, decls: readonly ast.VarDecl[]): void {
  const frame: Frame = { app, scope: new Scope(null) };
  for (const decl of decls) {
    located(app, decl, () => {
      for (const d of decl.declarations) {
        const value = d.init ? evalExpr(frame, d.init) : null;
        if (!PLATFORM_STORES.has(d.name)) app.fieldPut(d.name, value);
      }
      return null;
    });
  }
}

/**
 * The platform's stores, which a top-level declaration of the same name (`def state = []`) does
 * not hide. In Groovy a top-level `def` is a local variable of the script's body, which methods
 * never see; the model keeps the others as fields, as the reference does (docs/interpreter.md),
 * but one named as a store would hide that store from every method, which Groovy never does.
 */
const PLATFORM_STORES: ReadonlySet<string> = new Set(['state', 'atomicState', 'settings']);

/** Runs a top-level statement of the script (`preferences { ... }` during lowering). */
export function runTopLevel(app: AppCore, stmt: ast.Statement): Value {
  const r = execStatement({ app, scope: new Scope(null) }, stmt);
  return r instanceof Signal ? r.value : r;
}

recurse.callFunction = callFunction;
