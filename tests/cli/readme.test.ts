// The README's quick start runs as written: its commands, verbatim and in order, on a copy of the
// repository (the files git knows, built as `npm ci` builds them), with `../shared` beside the copy
// when it is beside this checkout. `npx` is kept offline, so it can only run this checkout's bin.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit.js';
import { HAVE_CORPUS, REPO_ROOT } from '../support/corpus.js';

/** The lines of the ```sh block under "## Quick start". */
function quickStartCommands(readme: string): string[] {
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README: no ```sh block under "## Quick start"');
  return block[1].split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
}

/** A copy of the repository as a fresh clone has it, after `npm ci`'s install (linked) and build. */
function freshCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'stcheck-readme-'));
  const copy = join(root, 'stcheck');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(REPO_ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(copy, file));
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
  if (HAVE_CORPUS) symlinkSync(join(REPO_ROOT, '..', 'shared'), join(root, 'shared'));
  execFileSync('npm', ['run', 'build'], { cwd: copy, stdio: 'ignore' });
  return copy;
}

describe('the README quick start', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const commands = quickStartCommands(readme);

  it('runs verbatim, in order, on a fresh copy', () => {
    expect(commands[0]).toBe('npm start');
    const copy = freshCopy();
    // Executable as built, not only once npx has linked it (a clone at a path npx has seen before keeps its old link).
    expect(statSync(join(copy, 'dist', 'cli', 'main.js')).mode & 0o111).toBe(0o111);
    const env = { ...process.env, npm_config_offline: 'true', npm_config_yes: 'false', NO_COLOR: '1' };
    const outputs: string[] = [];
    for (const command of commands) {
      if (command.includes('../shared') && !HAVE_CORPUS) continue;
      const run = spawnSync('sh', ['-c', command], { cwd: copy, env, encoding: 'utf8' });
      // Success or a finding (the example pair conflicts); never a usage, app or internal error.
      expect([EXIT.ok, EXIT.found], `${command}\n${run.stderr}`).toContain(run.status);
      expect(run.stderr).not.toMatch(/    at |internal error/);
      outputs.push(run.stdout);
    }
    const [start, show, report] = outputs;
    expect(start).toMatch(/run 1: 8 results stored \(conflict 8\)/);
    expect(start).toContain('"A=x over B=y"');
    expect(start).toContain('npx stcheck show ');
    expect(show).toContain('<== conflicting write');
    expect(report).toContain('unlock-on-arrival');
    expect(existsSync(join(copy, 'results', 'report.html'))).toBe(true);
    if (HAVE_CORPUS) expect(outputs.at(-1)).toMatch(/conflicts with \d+ apps:\n1\. /);
  }, 900_000);
});
