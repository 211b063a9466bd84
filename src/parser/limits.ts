// How deeply an app may nest its syntax. Every stage after the parser walks the tree recursively
// (lowering, the static analyses, the evaluator), so the parser refuses a tree deeper than they can
// all walk on the JS stack, with a positioned error, instead of letting one of them overflow later.
// The study corpus nests at most 39 levels deep and its brackets at most 8 (docs/interpreter.md,
// "Limits").

/** Brackets (`(`, `[`, `{`, `${`) nested deeper than this are a syntax error at the bracket. */
export const MAX_BRACKET_NESTING = 200;

/** A syntax tree deeper than this many nodes (`1 + 1 + ...`, `a.b.b...`) is refused. */
export const MAX_SYNTAX_DEPTH = 400;
