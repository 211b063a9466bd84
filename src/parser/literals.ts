// The text an expression holds when the source writes it as a constant string: a string literal, or
// a GString with no values (`"cool"`). The static analyses use it for names written in quotes: a
// store key (`state["x"]`), a method name (`dev."cool"()`).
import type * as ast from './ast.js';

/** The string `e` is written as, or null when its value is computed. */
export function constantString(e: ast.Expression): string | null {
  if (e.kind === 'StringLiteral') return e.value;
  if (e.kind === 'GString' && e.values.length === 0) return e.strings.join('');
  return null;
}
