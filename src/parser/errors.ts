// Turns peggy's SyntaxError into a short, positioned message: `expected ")" or ",", found "}"`.
import type { PeggyExpectation, SyntaxError as PeggySyntaxError } from './generated/groovy-parser.js';

export interface ParseError {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** Expectations that only say "whitespace could go here" are noise in a message. */
const NOISE = new Set(['whitespace', 'comment']);
/** Beyond this many alternatives, a message lists the first ones and says how many more. */
const MAX_LISTED = 6;

function describe(expectation: PeggyExpectation): string {
  switch (expectation.type) {
    case 'literal':
      return JSON.stringify(expectation.text);
    case 'end':
      return 'end of input';
    case 'any':
      return 'any character';
    default:
      return expectation.description ?? expectation.type;
  }
}

function list(items: string[]): string {
  if (items.length === 0) return 'something else';
  if (items.length > MAX_LISTED) return `${items.slice(0, MAX_LISTED).join(', ')} or ${items.length - MAX_LISTED} more`;
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function found(text: string | null): string {
  if (text === null) return 'end of input';
  if (text === '\n' || text === '\r') return 'end of line';
  return JSON.stringify(text);
}

export function isPeggySyntaxError(error: unknown): error is PeggySyntaxError {
  return error instanceof Error && error.name === 'SyntaxError' && 'location' in error && 'expected' in error;
}

export function fromPeggyError(error: PeggySyntaxError, file: string): ParseError {
  const expected = [...new Set((error.expected ?? []).map(describe))].filter((item) => !NOISE.has(item)).sort();
  const { line, column } = error.location.start;
  return { file, line, column, message: `expected ${list(expected)}, found ${found(error.found)}` };
}

/** Anything else that escaped the parser (a stack overflow on absurd nesting, a bug): reported at 1:1. */
export function fromUnexpectedError(error: unknown, file: string): ParseError {
  const reason = error instanceof RangeError ? 'input nested too deeply' : error instanceof Error ? error.message : String(error);
  return { file, line: 1, column: 1, message: `cannot parse: ${reason}` };
}
