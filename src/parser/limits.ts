// How deeply an app may nest its syntax. Every stage after the parser walks the tree recursively
// (lowering, the static analyses, the evaluator), so the parser refuses a tree deeper than they can
// all walk on the JS stack, with a positioned error, instead of letting one of them overflow later.
// The study corpus nests at most 39 levels deep and its brackets at most 8 (docs/interpreter.md,
// "Limits").
import type * as ast from './ast.js';

/** Brackets (`(`, `[`, `{`, `${`) nested deeper than this are a syntax error at the bracket. */
export const MAX_BRACKET_NESTING = 200;

/** A syntax tree deeper than this many nodes (`1 + 1 + ...`, `a.b.b...`) is refused. */
export const MAX_SYNTAX_DEPTH = 400;

/** The first node (in source order of discovery) deeper than MAX_SYNTAX_DEPTH, or null. */
export function tooDeepNode(program: ast.Program): ast.Node | null {
  const stack: Array<{ node: ast.Node; depth: number }> = [{ node: program, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_SYNTAX_DEPTH) return node;
    for (const child of children(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return null;
}

function children(node: ast.Node): ast.Node[] {
  const out: ast.Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) out.push(child);
    } else if (isNode(value)) out.push(value);
  }
  return out;
}

function isNode(value: unknown): value is ast.Node {
  return typeof value === 'object' && value !== null && 'kind' in value;
}
