// The equality comparisons of Groovy code in each of their spellings, for the analyses that collect
// the constants a value is compared against (web-payloads.ts: a web answer or an endpoint payload;
// mode-names.ts: the location mode).
import type * as ast from '../parser/ast.js';

const EQUALITY: ReadonlySet<ast.BinaryOperator> = new Set(['==', '!=']);
const EQUALITY_METHODS: ReadonlySet<string> = new Set(['equals', 'equalsIgnoreCase']);

/**
 * One comparison: the expressions whose value is compared (`subjects`) and those it is compared
 * with (`candidates`). Symmetric spellings list both sides as either.
 */
export interface EqualityComparison {
  subjects: ReadonlyArray<ast.Expression | null>;
  candidates: ReadonlyArray<ast.Expression | null>;
}

/** `a == x`, `a != x`, `a in [x, y]`, `switch (a) { case x: }`, `a.equals(x)`, `a.equalsIgnoreCase(x)`; else undefined. */
export function equalityComparison(node: ast.Node): EqualityComparison | undefined {
  if (node.kind === 'Binary' && EQUALITY.has(node.operator)) return both([node.left, node.right]);
  if (node.kind === 'Binary' && node.operator === 'in' && node.right.kind === 'ListLiteral') return { subjects: [node.left], candidates: node.right.elements };
  if (node.kind === 'Switch') return { subjects: [node.discriminant], candidates: node.cases.flatMap((c) => c.tests) };
  if (node.kind === 'MethodCall' && typeof node.method === 'string' && EQUALITY_METHODS.has(node.method)) return both([node.receiver, ...node.args]);
  return undefined;
}

function both(sides: ReadonlyArray<ast.Expression | null>): EqualityComparison {
  return { subjects: sides, candidates: sides };
}
