// The generic AST walker every static scan of an app uses (lowering, the prefilter, pair
// classification).
import type * as ast from './ast.js';

export type Visitor = (node: ast.Node, parent: ast.Node | null) => void;

/** Visits every node under `node` (depth first, source order), each with its parent. */
export function walk(node: ast.Node, visit: Visitor, parent: ast.Node | null = null): void {
  visit(node, parent);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child === 'object' && 'kind' in child) walk(child as ast.Node, visit, node);
    } else if (value && typeof value === 'object' && 'kind' in value) {
      walk(value as ast.Node, visit, node);
    }
  }
}
