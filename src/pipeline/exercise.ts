// Runs an app the way the acceptance criterion of issue 4 asks: install it in a single-app home,
// then run every subscription it made once with a plausible event. Used by the corpus test, the
// benchmark and docs/unsupported.md.
import { InterpError } from '../interp/errors.js';
import type { AppIR } from '../ir/ir.js';
import { lowerFile } from './load.js';
import { Home } from '../model/home.js';

export interface HandlerFailure {
  /** `installed`, or the handler that failed. */
  handler: string;
  message: string;
  /** True for an exception the app raised itself (a Groovy error), false for unsupported/budget. */
  appError: boolean;
}

export interface ExerciseResult {
  file: string;
  /** The lowering error, when the app does not lower. */
  lowerError?: string;
  handlersRun: number;
  failures: HandlerFailure[];
}

/** True when nothing the model lacks stopped the app: no lowering error, no unsupported, no budget. */
export function exercisedCleanly(r: ExerciseResult): boolean {
  return r.lowerError === undefined && r.failures.every((f) => f.appError);
}

export function exerciseIR(app: AppIR): ExerciseResult {
  const result: ExerciseResult = { file: app.file, handlersRun: 0, failures: [] };
  const home = new Home(app, { init: true });
  const attempt = (handler: string, run: () => void) => {
    result.handlersRun++;
    try {
      run();
    } catch (e) {
      if (!(e instanceof InterpError)) throw e;
      result.failures.push({ handler, message: e.message, appError: false });
    }
  };
  attempt('installed', () => home.install());
  for (const s of [...home.activeSubscriptions]) attempt(s.handler, () => home.exercise(s));
  // An exception the app raises ends that handler's execution only (the home records it and goes on).
  for (const r of home.records) if (r.kind === 'error' && r.exception !== undefined) result.failures.push({ handler: r.handler, message: r.message, appError: true });
  return result;
}

export function exerciseFile(path: string): ExerciseResult {
  const lowered = lowerFile(path);
  if (!lowered.ok) {
    const { line, column, message } = lowered.error;
    return { file: path, lowerError: `${line}:${column} ${message}`, handlersRun: 0, failures: [] };
  }
  return exerciseIR(lowered.app);
}
