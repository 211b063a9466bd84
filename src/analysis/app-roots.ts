// The places an app's code stands: every method, every field and every top-level statement. The
// static analyses that look at all of an app's code (what it reads, which names it assigns, which
// methods it calls and how) walk these roots.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';

/** The roots of the app's code: its methods' declarations, its fields, its top-level statements. */
export function appRoots(app: AppIR): ast.Node[] {
  return [...app.methods.map((m) => m.decl), ...app.fields, ...app.topLevel];
}

/** Visits every node of the app's code. */
export function walkApp(app: AppIR, visit: (node: ast.Node) => void): void {
  for (const root of appRoots(app)) walk(root, visit);
}
