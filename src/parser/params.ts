// Which parameter of a method receives each argument of a direct call, as every stage that follows
// arguments into parameters needs it: positional, except that a last parameter of variable arity
// (`Object... args`) receives every argument from its position on.
import type * as ast from './ast.js';

/** The parameter that receives the call's argument at `index`, or undefined when none does. */
export function parameterFor(params: readonly ast.Param[], index: number): ast.Param | undefined {
  const last = params.at(-1);
  if (last?.varargs && index >= params.length - 1) return last;
  return params[index];
}
