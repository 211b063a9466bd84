// The numeric constants an app compares values against (`if (evt.integerValue < 30)`,
// `temp >= 75.5`): the thresholds where a numeric sensor's value changes what the app does. The
// full environment (src/model/environment.ts) fires numeric events on each side of them. Static
// and approximate: every number literal that is a direct operand of a relational operator in any
// method, whatever the other operand is (a sensor value, a setting, a computed value).
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';

const RELATIONAL = new Set<ast.BinaryOperator>(['<', '<=', '>', '>=', '<=>']);

/** The distinct number literals compared relationally in the app's methods, sorted. */
export function comparedConstants(ir: AppIR): number[] {
  const found = new Set<number>();
  for (const method of ir.methods) {
    walk(method.decl, (node) => {
      if (node.kind !== 'Binary' || !RELATIONAL.has(node.operator)) return;
      for (const side of [node.left, node.right]) {
        const n = literalNumber(side);
        if (n !== undefined) found.add(n);
      }
    });
  }
  return [...found].sort((a, b) => a - b);
}

/** A number literal, also negated (`-5`). */
function literalNumber(node: ast.Expression): number | undefined {
  if (node.kind === 'NumberLiteral') return node.value;
  if (node.kind === 'Unary' && node.operator === '-') {
    const n = literalNumber(node.argument);
    return n === undefined ? undefined : -n;
  }
  return undefined;
}
