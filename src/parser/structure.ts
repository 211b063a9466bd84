// The rules of a well-formed app that the grammar leaves to one walk over the finished tree: no node
// deeper than MAX_SYNTAX_DEPTH (limits.ts), and method and class declarations only where Groovy
// compiles them, at the top level of the script and in a class body. The grammar reads a
// declaration as a statement anywhere, so that an app missing a `}` gets Groovy's own complaint at
// the declaration ("Method definition not expected here") rather than an error at the end of the
// file. One walk, since it visits every node of every app.
import type * as ast from './ast.js';
import { MAX_SYNTAX_DEPTH } from './limits.js';

export type StructureProblem =
  | { kind: 'too-deep'; node: ast.Node }
  | { kind: 'misplaced-declaration'; node: ast.MethodDecl | ast.ClassDecl };

/** The first problem met (in the walk's order of discovery), or null for a well-formed tree. */
export function structureProblem(program: ast.Program): StructureProblem | null {
  const nodes: ast.Node[] = [program];
  const depths: number[] = [1];
  const declarable: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const mayDeclare = declarable.pop()!;
    if (depth > MAX_SYNTAX_DEPTH) return { kind: 'too-deep', node };
    if ((node.kind === 'MethodDecl' || node.kind === 'ClassDecl') && !mayDeclare) return { kind: 'misplaced-declaration', node };
    const declarations = declarationsKey(node);
    const visit = (child: unknown, key: string): void => {
      if (!isNode(child)) return;
      nodes.push(child);
      depths.push(depth + 1);
      declarable.push(key === declarations);
    };
    for (const key in node) {
      const value: unknown = node[key as keyof ast.Node];
      if (Array.isArray(value)) for (const child of value) visit(child, key);
      else visit(value, key);
    }
  }
  return null;
}

/** The property of a node whose statements may declare methods and classes. */
function declarationsKey(node: ast.Node): string | undefined {
  if (node.kind === 'Program') return 'body';
  if (node.kind === 'ClassDecl') return 'members';
  return undefined;
}

function isNode(value: unknown): value is ast.Node {
  return typeof value === 'object' && value !== null && 'kind' in value;
}
