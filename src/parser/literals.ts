// The text an expression holds when the source writes it as a constant string: a string literal, or
// a GString with no values (`"cool"`). The static analyses use it for names written in quotes: a
// store key (`state["x"]`), a method name (`dev."cool"()`). And the number an expression holds when
// the source writes it as one: a threshold (`temp < 30`), a fallback (`delay ?: 5`).
import type * as ast from './ast.js';

/** The string `e` is written as, or null when its value is computed. */
export function constantString(e: ast.Expression): string | null {
  if (e.kind === 'StringLiteral') return e.value;
  if (e.kind === 'GString' && e.values.length === 0) return e.strings.join('');
  return null;
}

/** The number `e` is written as: a number literal, also negated (`-5`) or cast (`30 as Integer`); undefined otherwise. */
export function constantNumber(e: ast.Expression): number | undefined {
  if (e.kind === 'NumberLiteral') return e.value;
  if (e.kind === 'Cast') return constantNumber(e.expression);
  if (e.kind === 'Unary' && e.operator === '-') {
    const n = constantNumber(e.argument);
    return n === undefined ? undefined : -n;
  }
  return undefined;
}
