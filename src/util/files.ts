// Finding the app files a command is given.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown for a path that does not exist: a usage error (exit code 2). */
export class MissingPathError extends Error {}

/** The .groovy files named by `paths`: files as given, directories searched recursively, sorted. */
export function collectGroovyFiles(paths: string[]): string[] {
  const files: string[] = [];
  const visit = (path: string, explicit: boolean): void => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new MissingPathError(`no such file or directory: ${path}`);
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry), false);
    } else if (explicit || path.endsWith('.groovy')) {
      files.push(path);
    }
  };
  for (const path of paths) visit(path, true);
  return files;
}

/** A file's text, or the positioned error every command reports for a file it cannot read (at 1:1). */
export type SourceText = { ok: true; source: string } | { ok: false; error: { file: string; line: number; column: number; message: string; kind: 'io' } };

export function readSource(path: string): SourceText {
  try {
    return { ok: true, source: readFileSync(path, 'utf8') };
  } catch (error) {
    return { ok: false, error: { file: path, line: 1, column: 1, message: `cannot read file: ${(error as Error).message}`, kind: 'io' } };
  }
}
