// Lowers app files for every caller, with the interpreter's preferences evaluator wired in (lower
// takes it as a parameter so that it never imports interp), and reads one app for the pair stages,
// keeping the source text (the pair's event list is built from it, as the reference does).
import { evaluatePreferences } from '../interp/smartthings/preferences.js';
import { lowerParsed, type LowerError, type LowerResult } from '../lower/lower.js';
import type { PairApp } from '../model/events.js';
import { parseFile, parseGroovy, type ParseOptions } from '../parser/parser.js';
import type { ErrorKind } from '../util/error-kind.js';
import { readSource } from '../util/files.js';

/** Parsing can be given a deadline (epoch ms): an app too large to parse in its pair's budget stops there. */
export function lowerSource(source: string, file: string, options: ParseOptions = {}): LowerResult {
  return lowerParsed(parseGroovy(source, file, options), file, evaluatePreferences);
}

export function lowerFile(path: string): LowerResult {
  return lowerParsed(parseFile(path), path, evaluatePreferences);
}

export interface LoadedApp extends PairApp {
  file: string;
}

/** How a pair reports an app that cannot be loaded. */
export type LoadFailure = 'parse-error' | 'unsupported' | 'error';

export type LoadResult = { ok: true; app: LoadedApp } | { ok: false; error: LowerError; kind: LoadFailure };

const FAILURE_OF_KIND: Readonly<Record<ErrorKind, LoadFailure>> = {
  io: 'error',
  parse: 'parse-error',
  'not-a-smartapp': 'error',
  unsupported: 'unsupported',
  'app-error': 'error',
  budget: 'error',
  'no-device-input': 'error',
};

/** Reads and lowers one app, parsing it under `options.deadline` (the pair's budget) when given. */
export function loadApp(file: string, options: ParseOptions = {}): LoadResult {
  const text = readSource(file);
  if (!text.ok) return { ok: false, kind: 'error', error: text.error };
  return loadSource(file, text.source, options);
}

/** Loads an app from its source, already read from `file` (so that a caller hashes what it loads). */
export function loadSource(file: string, source: string, options: ParseOptions = {}): LoadResult {
  const lowered = lowerSource(source, file, options);
  if (lowered.ok) return { ok: true, app: { file, ir: lowered.app, source } };
  return { ok: false, kind: FAILURE_OF_KIND[lowered.error.kind], error: lowered.error };
}

/** `file:line:col: message`, the one format every command prints app errors in. */
export function formatLoadError(error: LowerError): string {
  return `${error.file}:${error.line}:${error.column}: ${error.message}`;
}
