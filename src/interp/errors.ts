// The errors an app execution can end with. Two families:
// - GroovyError: a Groovy exception the app itself may catch (`try { } catch (e) { }`): a null
//   dereference, a missing property, a bad number conversion, a `throw`.
// - StopError: ends the whole execution and is never catchable by app code: an API or construct we
//   do not model (`unsupported`), a runaway loop or recursion (`budget`).
// Errors raised deep in the runtime have no position; the interpreter fills it in at the nearest
// call or expression that has one, so every message reads `... at <file>:<line>:<col>`.
import type { ErrorKind } from '../util/error-kind.js';
import type { Value } from './values.js';

export interface ErrorPosition {
  file: string;
  line: number;
  column: number;
}

function withPosition(message: string, at: ErrorPosition | undefined): string {
  return at ? `${message} at ${at.file}:${at.line}:${at.column}` : message;
}

/** Base of every error the interpreter raises on purpose. */
export abstract class InterpError extends Error {
  abstract readonly kind: ErrorKind;
  at?: ErrorPosition;
  constructor(readonly detail: string) {
    super(detail);
  }
  /** Attaches the position once (the innermost known position wins). */
  locate(at: ErrorPosition): this {
    if (!this.at) {
      this.at = at;
      this.message = withPosition(this.detail, at);
    }
    return this;
  }
}

/** A Groovy exception; catchable by the app. `javaClass` drives typed `catch` clauses. */
export class GroovyError extends InterpError {
  readonly kind = 'app-error';
  constructor(
    readonly javaClass: string,
    /** The exception's getMessage(). */
    readonly groovyMessage: string,
    /** The thrown object for `throw x`. */
    readonly thrown: Value = null,
  ) {
    super(`${javaClass}: ${groovyMessage}`);
  }
}

/**
 * `httpError(status, message)`: the SmartAppException that answers an endpoint's caller with an
 * error. The app can catch it like any exception; one that ends the execution is the answer the
 * endpoint meant to give, not a failure of the app, so the home records the answer only.
 */
export class ErrorAnswer extends GroovyError {
  constructor(message: string) {
    super('SmartAppException', message);
  }
}

/**
 * The platform suspending an execution that ran past its time limit (context.ts, `Budget.wait`).
 * It ends the execution as an exception of the app's would, what it did standing, but the app
 * cannot catch it. No platform document names the exception; the name is the model's.
 */
export class ExecutionSuspended extends GroovyError {
  constructor(limitMs: number) {
    super('ExecutionSuspended', `the platform suspends an execution that runs past ${limitMs / 1000} seconds (here waiting in pause())`);
  }
}

/** Stops the execution; the app cannot catch it. */
export abstract class StopError extends InterpError {}

/** An API or construct that is not modelled. Message: `unsupported: <what> at <file>:<line>:<col>`. */
export class UnsupportedError extends StopError {
  readonly kind = 'unsupported';
  constructor(readonly what: string) {
    super(`unsupported: ${what}`);
  }
}

/** The step or depth budget ran out (an endless loop, runaway recursion or event cascade). */
export class BudgetError extends StopError {
  readonly kind = 'budget';
  constructor(readonly what: string) {
    super(`budget exceeded: ${what}`);
  }
}

/**
 * The call-depth budget ran out. In a home this is nearly always an endless event cascade: two apps
 * replying to each other's events (one locks on `unlocked`, the other unlocks on `locked`), which
 * SmartThings, delivering events asynchronously, would run forever.
 */
export class CallDepthError extends BudgetError {}

/**
 * One handler run nests too many calls, or statements and expressions too deeply: runaway
 * recursion, an error of the app wherever it runs (never mistaken for an event cascade).
 */
export class RecursionError extends BudgetError {}

export const nullPointer = (what: string) =>
  new GroovyError('NullPointerException', `Cannot ${what} on null object`);
export const missingProperty = (name: string, on: string) =>
  new GroovyError('MissingPropertyException', `No such property: ${name} for class: ${on}`);
export const missingMethod = (name: string, on: string, possibleSolution?: string) =>
  new GroovyError('MissingMethodException', `No signature of method: ${on}.${name}() is applicable${possibleSolution === undefined ? '' : `. Possible solutions: ${possibleSolution}`}`);
export const numberFormat = (text: string) =>
  new GroovyError('NumberFormatException', `For input string: "${text}"`);
