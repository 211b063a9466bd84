// Turns peggy's SyntaxError into a short, positioned message: `expected ")" or ",", found "}"`.
import type { MixedLiteral, PeggyExpectation, SyntaxError as PeggySyntaxError } from './generated/groovy-parser.js';
import { MAX_SYNTAX_DEPTH } from './limits.js';

export interface ParseError {
  file: string;
  line: number;
  column: number;
  message: string;
  /** `parse` for bad syntax, `budget` for a parse stopped by its deadline, `io` for an unreadable file. */
  kind: 'parse' | 'budget' | 'io';
}

/** Thrown from inside the parser when its deadline has passed (parser.ts turns it into a ParseError). */
export class ParseDeadlineError extends Error {}

interface Place {
  line: number;
  column: number;
}

/** Beyond this many alternatives, a message lists the first ones and says how many more. */
const MAX_LISTED = 6;

const quoted = (tokens: string[]): string[] => tokens.map((token) => JSON.stringify(token));

/**
 * Groups of expectations that read better as one phrase. A group applies when its marker is
 * expected; then all of its members (and those of the groups it implies) give way to its name.
 */
const GROUPS: Array<{ name: string; marker: string; members: string[]; implies: string[] }> = [
  {
    name: 'a statement',
    marker: '"@"',
    members: quoted(['{', 'if', 'while', 'do', 'for', 'switch', 'try', 'return', 'break', 'continue', 'throw', 'assert', 'import', 'class', 'def', '@']),
    implies: ['an expression', 'a type'],
  },
  {
    name: 'an expression',
    marker: 'number',
    members: ['an expression', 'identifier', 'number', 'string', 'slashy string', 'dollar-slashy string', '"!" or "~"', ...quoted(['(', '[', '{', '+', '-', '++', '--', '*', '*:', 'new'])],
    implies: ['a type'],
  },
  {
    name: 'a type',
    marker: '"int"',
    members: quoted(['boolean', 'byte', 'char', 'short', 'int', 'long', 'float', 'double', 'void']),
    implies: [],
  },
  {
    name: 'an operator',
    marker: 'an operator',
    members: ['an operator', ...quoted([
      '!', '!=', '!==', '%', '%=', '&', '&&', '&=', '*', '**', '**=', '*.', '*=', '+', '++', '+=', '-', '--', '-=', '.', '.&',
      '..', '..<', '.@', '/', '/=', '<', '<<', '<<=', '<=', '<=>', '=', '==', '===', '==~', '=~', '>', '>=', '>>', '>>=',
      '>>>', '>>>=', '?', '?.', '?:', '?=', '^', '^=', '|', '|=', '||', 'as', 'in', 'instanceof', '(', '[', '{',
    ])],
    implies: [],
  },
  { name: 'end of line', marker: '"\\r\\n"', members: ['"\\n"', '"\\r\\n"', '"\\r"', '"\\n" or "\\r"'], implies: [] },
];

/** Expectations that only say "whitespace or a comment could go here". */
const NOISE = new Set(['whitespace', 'comment', '"/*"', '"//"', '"/" or "\\\\"']);

function describe(expectation: PeggyExpectation & { parts?: unknown[] }): string {
  switch (expectation.type) {
    case 'literal':
      return JSON.stringify(expectation.text);
    case 'class':
      return (expectation.parts ?? []).map((part) => JSON.stringify(part)).join(' or ');
    case 'end':
      return 'end of input';
    case 'any':
      return 'any character';
    default:
      return expectation.description ?? expectation.type;
  }
}

function summarize(raw: string[]): string[] {
  let items = [...new Set(raw)].filter((item) => !NOISE.has(item));
  const names: string[] = [];
  const implied = new Set<string>();
  const drop = (members: string[]): void => {
    items = items.filter((item) => !members.includes(item));
  };
  for (const group of GROUPS) {
    if (!items.includes(group.marker)) continue;
    drop(group.members);
    names.push(group.name);
    for (const name of group.implies) implied.add(name);
  }
  for (const group of GROUPS) if (implied.has(group.name)) drop(group.members);
  return [...items.sort(), ...names.filter((name) => !implied.has(name))];
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

export function fromPeggyError(error: PeggySyntaxError, file: string, source = ''): ParseError {
  const expected = summarize((error.expected ?? []).map(describe));
  const { line, column, offset } = error.location.start;
  // The grammar's own `error()` calls (a limit of limits.ts) carry their message and no expectations.
  const message = error.expected === null
    ? error.message
    : `expected ${list(expected)}, found ${found(error.found)}${curlyQuoteHint(source, offset, line)}`;
  return { file, line, column, message, kind: 'parse' };
}

const CURLY_QUOTES = /[\u2018\u2019\u201C\u201D]/;

/**
 * Text pasted from a word processor has curly quotes where string quotes belong (`name: “x”`).
 * Groovy reads them as letters of a name, so the error shows up later on the line; the message
 * then points at the quote too.
 */
function curlyQuoteHint(source: string, offset: number, line: number): string {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const before = source.slice(lineStart, offset + 1);
  const match = CURLY_QUOTES.exec(before);
  return match ? ` (the curly quote ${match[0]} at ${line}:${match.index + 1} is not a string quote in Groovy)` : '';
}

/**
 * A method or class declared inside a method, a closure or a block, at the declaration: Groovy's
 * compile error, which most often means a `}` is missing above it (structure.ts).
 */
export function misplacedDeclaration(at: Place, what: 'method' | 'class', file: string): ParseError {
  const message = `${what} definition not expected here: a ${what} is declared at the top level of the app or in a class body (is a "}" missing above?)`;
  return { file, ...place(at), message, kind: 'parse' };
}

/** A [ ] literal that holds list elements and map entries both, at its first item of the other kind. */
export function mixedCollectionLiteral(literal: MixedLiteral, file: string): ParseError {
  const [kind, firstKind] = literal.itemIsEntry ? ['a map entry', 'list elements'] : ['a list element', 'map entries'];
  const message = `a [ ] literal is a list or a map, never both: ${kind} here, after ${firstKind} from ${literal.first.line}:${literal.first.column}`;
  return { file, ...place(literal.item), message, kind: 'parse' };
}

/** A tree deeper than the stages after the parser can walk (limits.ts), at its first too-deep node. */
export function nestedTooDeeply(at: Place, file: string): ParseError {
  return { file, ...place(at), message: `nested more than ${MAX_SYNTAX_DEPTH} levels deep (expressions, statements and closures together)`, kind: 'parse' };
}

/** A parse stopped by its deadline, at the place it had reached. */
export function outOfTime(at: Place, file: string): ParseError {
  return { file, ...place(at), message: 'budget exceeded: parsing ran past the budget', kind: 'budget' };
}

/**
 * Anything else that escaped the parser, at the place it had reached: a stack overflow on nesting
 * that no bracket limit catches (a chain of thousands of `a ? b :` or `else if`), or a bug.
 */
export function fromUnexpectedError(error: unknown, at: Place, file: string): ParseError {
  const reason = error instanceof RangeError ? 'input nested too deeply' : error instanceof Error ? error.message : String(error);
  return { file, ...place(at), message: `cannot parse: ${reason}`, kind: 'parse' };
}

function place(at: Place): Place {
  return { line: at.line, column: at.column };
}
