// The public parser API, acorn-style: parseGroovy(source, file) never throws. Nesting is limited
// (limits.ts) so that no later stage can exhaust the JS stack on the tree, and a parse can be given
// a deadline, past which it stops with a `budget` error at the place it had reached.
import type { Program } from './ast.js';
import {
  fromPeggyError,
  fromUnexpectedError,
  isPeggySyntaxError,
  misplacedDeclaration,
  mixedCollectionLiteral,
  nestedTooDeeply,
  outOfTime,
  ParseDeadlineError,
  type ParseError,
} from './errors.js';
import { parse, type ParseProbe } from './generated/groovy-parser.js';
import { MAX_BRACKET_NESTING } from './limits.js';
import { structureProblem } from './structure.js';
import { readSource } from '../util/files.js';
import { cpuClockMs } from '../util/cpu-clock.js';

export type { ParseError } from './errors.js';

export type ParseResult = { ok: true; program: Program } | { ok: false; error: ParseError };

export interface ParseOptions {
  /** On the CPU clock (`cpuClockMs`): a parse still running then stops with a `budget` error. */
  deadline?: number;
}

export function parseGroovy(source: string, file: string, options: ParseOptions = {}): ParseResult {
  const probe: ParseProbe = {};
  const { deadline } = options;
  const onNodes = deadline === undefined ? undefined : () => {
    if (cpuClockMs() > deadline) throw new ParseDeadlineError();
  };
  try {
    const program = parse(source, { grammarSource: file, maxBrackets: MAX_BRACKET_NESTING, onNodes, probe });
    const problem = structureProblem(program);
    if (problem === null) return { ok: true, program };
    const at = problem.node.range.start;
    if (problem.kind === 'too-deep') return { ok: false, error: nestedTooDeeply(at, file) };
    return { ok: false, error: misplacedDeclaration(at, problem.node.kind === 'MethodDecl' ? 'method' : 'class', file) };
  } catch (error) {
    if (isPeggySyntaxError(error)) return { ok: false, error: mixedLiteralAt(probe, error.location.start.offset, file) ?? fromPeggyError(error, file, source) };
    const reached = positionOf(source, probe.offset?.() ?? 0);
    if (error instanceof ParseDeadlineError) return { ok: false, error: outOfTime(reached, file) };
    return { ok: false, error: fromUnexpectedError(error, reached, file) };
  }
}

/** Reads and parses one file; an unreadable file is reported as an error at 1:1. */
/**
 * The [ ] literal that mixed list elements and map entries, when the parse failed inside it or at
 * its end: the error is then that literal's, at its first item of the other kind.
 */
function mixedLiteralAt(probe: ParseProbe, failedAt: number, file: string): ParseError | undefined {
  const literal = probe.mixedLiteral;
  if (literal === undefined || failedAt <= literal.first.offset || failedAt > literal.end) return undefined;
  return mixedCollectionLiteral(literal, file);
}

export function parseFile(path: string, options: ParseOptions = {}): ParseResult {
  const text = readSource(path);
  return text.ok ? parseGroovy(text.source, path, options) : text;
}

function positionOf(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
