// Runs the real `stcheck` entry point (from source, through tsx) and captures what it prints.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './corpus.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

export function stcheck(...args: string[]): CliRun {
  return stcheckUnder([], ...args);
}

/** `stcheck` run by a Node given these flags (`--max-old-space-size=512`: the process's own heap). */
export function stcheckUnder(nodeFlags: readonly string[], ...args: string[]): CliRun {
  const run = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, lines: run.stdout.trimEnd().split('\n') };
}
