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

/** The names `node` declares in its method: a local, a parameter, a loop variable, a catch parameter, a closure's `it`. */
export function namesDeclaredBy(node: ast.Node): string[] {
  switch (node.kind) {
    case 'VarDeclarator':
    case 'Param':
      return [node.name];
    case 'ForIn':
      return [node.variable];
    case 'CatchClause':
      return [node.param];
    case 'Closure':
      return node.params === null ? ['it'] : [];
    default:
      return [];
  }
}

/** Every name a method declares anywhere in it (`namesDeclaredBy`): assigning one writes no field. */
export function declaredNames(decl: ast.MethodDecl): Set<string> {
  const names = new Set<string>();
  walk(decl, (node) => {
    for (const name of namesDeclaredBy(node)) names.add(name);
  });
  return names;
}
