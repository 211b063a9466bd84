// A static analysis of one app, computed once per app: every pair an app is in asks again (the
// prefilter, the pair's events, thresholds and live states), and the answer depends on the app
// alone. Kept by the app's IR object, so it goes when the IR does.
import type { AppIR } from '../ir/ir.js';

export function perApp<T>(analyse: (app: AppIR) => T): (app: AppIR) => T {
  const known = new WeakMap<AppIR, T>();
  return (app) => {
    if (known.has(app)) return known.get(app)!;
    const result = analyse(app);
    known.set(app, result);
    return result;
  };
}
