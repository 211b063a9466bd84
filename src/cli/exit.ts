// The one table of exit codes every `stcheck` command follows (README "Exit codes"), the usage
// error every command reports the same way, and the checks of the file arguments they share.
import { existsSync, statSync } from 'node:fs';
import { collectGroovyFiles, MissingPathError } from '../util/files.js';

export const EXIT = {
  /** The command did what was asked; `check`/`explore`: nothing found. */
  ok: 0,
  /** A finding: `check` found a conflict, `explore` a violation. */
  found: 1,
  /** A usage error: an unknown command or option, a bad value, a missing file, a missing or unusable store, no such run or pair. */
  usage: 2,
  /** A budget (time, states, memory) ended a search before it found anything. */
  unfinished: 3,
  /** An app (or event program) cannot be read, parsed, lowered or run. */
  appError: 4,
  /** An internal error: a defect of stcheck (the stack trace is printed). */
  internal: 5,
  /** Interrupted (Ctrl-C); what was stored so far is kept. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table as the README and every `--help` print it. */
export const EXIT_MEANINGS: Readonly<Record<ExitCode, string>> = {
  0: 'success; check and explore: nothing found',
  1: 'check found a conflict, explore a violation',
  2: 'usage error: unknown command or option, bad value, missing file, missing or unusable store, no such run or pair',
  3: 'a budget ended a search before it found anything',
  4: 'an app or event program cannot be read, parsed, lowered or run (parse, apps: at least one of the files)',
  5: 'internal error (a defect of stcheck)',
  130: 'interrupted (Ctrl-C)',
};

/** The `--help` text of a command's exit codes: the ones it can give (and 5, which any can), with their meaning. */
export function exitCodesHelp(codes: readonly ExitCode[]): string {
  return `\nExit codes:\n${[...codes, EXIT.internal].sort((a, b) => a - b).map((code) => `  ${String(code).padStart(3)}  ${EXIT_MEANINGS[code]}`).join('\n')}\n`;
}

export function usageError(command: string, message: string): never {
  process.stderr.write(`stcheck ${command}: ${message}\n`);
  process.exit(EXIT.usage);
}

/** A file argument that must name an existing file (a directory is a usage error too). */
export function requireFile(command: string, path: string): void {
  if (!existsSync(path)) usageError(command, `no such file: ${path}`);
  if (statSync(path).isDirectory()) usageError(command, `${path} is a directory, expected a .groovy file`);
}

/** The .groovy files of file and directory arguments; a path that does not exist is a usage error. */
export function groovyFilesOf(command: string, paths: readonly string[]): string[] {
  try {
    return collectGroovyFiles([...paths]);
  } catch (error) {
    if (!(error instanceof MissingPathError)) throw error;
    usageError(command, error.message);
  }
}
