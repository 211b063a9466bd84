// The public parser API, acorn-style: parseGroovy(source, file) never throws.
import type { Program } from './ast.js';
import { fromPeggyError, fromUnexpectedError, isPeggySyntaxError, type ParseError } from './errors.js';
import { parse } from './generated/groovy-parser.js';
import { readSource } from '../util/files.js';

export type { ParseError } from './errors.js';

export type ParseResult = { ok: true; program: Program } | { ok: false; error: ParseError };

export function parseGroovy(source: string, file: string): ParseResult {
  try {
    return { ok: true, program: parse(source, { grammarSource: file }) };
  } catch (error) {
    return { ok: false, error: isPeggySyntaxError(error) ? fromPeggyError(error, file, source) : fromUnexpectedError(error, file) };
  }
}

/** Reads and parses one file; an unreadable file is reported as an error at 1:1. */
export function parseFile(path: string): ParseResult {
  const text = readSource(path);
  return text.ok ? parseGroovy(text.source, path) : text;
}
