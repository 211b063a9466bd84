// Reads and lowers one app file for the pair stages, keeping the source text (the pair's event
// list is built from it, as the reference does).
import { lowerSource, type LowerError } from '../lower/lower.js';
import type { PairApp } from '../model/events.js';
import { readSource } from '../util/files.js';

export interface LoadedApp extends PairApp {
  file: string;
}

export type LoadResult = { ok: true; app: LoadedApp } | { ok: false; error: LowerError; kind: 'parse-error' | 'unsupported' | 'error' };

export function loadApp(file: string): LoadResult {
  const text = readSource(file);
  if (!text.ok) return { ok: false, kind: 'error', error: text.error };
  const source = text.source;
  const lowered = lowerSource(source, file);
  if (lowered.ok) return { ok: true, app: { file, ir: lowered.app, source } };
  const kind = lowered.error.message.startsWith('parse error') ? 'parse-error' : 'unsupported';
  return { ok: false, kind, error: lowered.error };
}

/** `file:line:col: message`, the one format every command prints app errors in. */
export function formatLoadError(error: LowerError): string {
  return `${error.file}:${error.line}:${error.column}: ${error.message}`;
}
