// Reads and lowers one app file for the pair stages, keeping the source text (the pair's event
// list is built from it, as the reference does).
import { readFileSync } from 'node:fs';
import { lowerSource, type LowerError } from '../lower/lower.js';
import type { PairApp } from '../model/events.js';

export interface LoadedApp extends PairApp {
  file: string;
}

export type LoadResult = { ok: true; app: LoadedApp } | { ok: false; error: LowerError; kind: 'parse-error' | 'unsupported' | 'error' };

export function loadApp(file: string): LoadResult {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, kind: 'error', error: { file, line: 0, column: 0, message: `cannot read: ${(error as Error).message}` } };
  }
  const lowered = lowerSource(source, file);
  if (lowered.ok) return { ok: true, app: { file, ir: lowered.app, source } };
  const kind = lowered.error.message.startsWith('parse error') ? 'parse-error' : 'unsupported';
  return { ok: false, kind, error: lowered.error };
}

/** `file:line:col: message`, the one format every command prints app errors in. */
export function formatLoadError(error: LowerError): string {
  return `${error.file}:${error.line}:${error.column}: ${error.message}`;
}
