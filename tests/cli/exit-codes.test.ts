// The README's one table of exit codes, checked across every command through the real entry point:
// --help lists the codes, an unknown option and a missing file (or store, or directory) exit 2, the
// command's ordinary use exits as the table says, and a reader that closes the pipe early (`| head
// -1`) ends the command quietly with that same code. Also: `batch --json` through a pipe is one
// JSON document (progress never goes to stdout).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_MEANINGS } from '../../src/cli/exit.js';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const APPS = join(REPO_ROOT, 'apps');
const app = (name: string) => join(APPS, `${name}.groovy`);
const tmp = mkdtempSync(join(tmpdir(), 'stcheck-exit-'));
const DB = join(tmp, 'demo.db');
const MISSING = join(tmp, 'no-such-app.groovy');

interface CommandCase {
  command: string;
  /** Its ordinary use, and the exit code the table gives for it. */
  use: () => string[];
  code: number;
  /** The arguments with a file (or directory) where it expects one: missing or a directory is exit 2. */
  withPath?: (path: string) => string[];
}

const CASES: CommandCase[] = [
  { command: 'parse', use: () => ['parse', app('motion-light')], code: 0, withPath: (p) => ['parse', p] },
  { command: 'ir', use: () => ['ir', app('motion-light')], code: 0, withPath: (p) => ['ir', p] },
  { command: 'run', use: () => ['run', app('motion-light'), '--event', 'motion1.motion=active'], code: 0, withPath: (p) => ['run', p] },
  { command: 'events', use: () => ['events', app('motion-light'), app('relock-when-unlocked')], code: 0, withPath: (p) => ['events', app('motion-light'), p] },
  { command: 'check', use: () => ['check', app('unlock-on-arrival'), app('relock-when-unlocked')], code: 1, withPath: (p) => ['check', app('motion-light'), p] },
  { command: 'explore', use: () => ['explore', join(APPS, 'examples', 'figure1.groovy')], code: 1, withPath: (p) => ['explore', p] },
  { command: 'pairs', use: () => ['pairs', '--corpus', APPS], code: 0, withPath: (p) => ['pairs', '--corpus', p] },
  { command: 'batch', use: () => ['batch', '--corpus', APPS, '--db', DB, '--resume', 'last', '--json'], code: 0, withPath: (p) => ['batch', '--corpus', p, '--db', join(tmp, 'other.db')] },
  { command: 'report', use: () => ['report', '--db', DB, '--table', 'summary'], code: 0, withPath: (p) => ['report', '--db', p, '--table', 'summary'] },
  { command: 'show', use: () => ['show', '--db', DB, 'unlock-on-arrival', 'relock-when-unlocked'], code: 0, withPath: (p) => ['show', '--db', p, 'a', 'b'] },
  { command: 'export', use: () => ['export', '--db', DB, '--format', 'csv'], code: 0, withPath: (p) => ['export', '--db', p, '--format', 'csv'] },
  { command: 'html', use: () => ['html', '--db', DB, '-o', join(tmp, 'report.html')], code: 0, withPath: (p) => ['html', '--db', p, '-o', join(tmp, 'r.html')] },
];

/** Runs stcheck with its stdout a pipe whose reader is gone before it writes, as `| head -1` leaves it. */
function withClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, stderr })));
}

beforeAll(() => {
  // The demo batch through a pipe: stdout holds exactly the summary, as JSON.
  const run = stcheck('batch', '--corpus', APPS, '--db', DB, '--json');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ runId: 1, stored: 4 });
  expect(run.stderr).toBe('');
});

describe('the exit-code table', () => {
  it('is the README\'s, code for code', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    for (const [code, meaning] of Object.entries(EXIT_MEANINGS)) expect(readme).toContain(`| ${code} | ${meaning} |`);
  });

  it('top-level usage errors exit 2: no command, an unknown command, an unknown option', () => {
    expect(stcheck().code).toBe(2);
    expect(stcheck('nosuch').code).toBe(2);
    expect(stcheck('--nosuch').code).toBe(2);
    expect(stcheck('--help').code).toBe(0);
  });
});

describe.each(CASES)('stcheck $command', ({ command, use, code, withPath }) => {
  it('lists its exit codes in --help and exits 0', () => {
    const help = stcheck(command, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stdout).toContain(`  2  ${EXIT_MEANINGS[2]}`);
    expect(help.stdout).toContain(`  ${code}  ${EXIT_MEANINGS[code as keyof typeof EXIT_MEANINGS]}`);
  });

  it('exits 2 on an unknown option', () => {
    const run = stcheck(...use(), '--no-such-option');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option '--no-such-option'");
  });

  it('exits 2 naming a missing file or directory, and a directory given as a file', () => {
    const missing = stcheck(...withPath!(MISSING));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(MISSING);
    expect(missing.stderr).not.toContain('    at ');
    if (command === 'parse' || command === 'pairs' || command === 'batch') return; // they take directories
    const directory = stcheck(...withPath!(tmp));
    expect(directory.code).toBe(2);
    expect(directory.stderr).not.toMatch(/EISDIR|    at /);
  });

  it(`exits ${code} on its ordinary use, also when the reader closes the pipe early`, async () => {
    expect(stcheck(...use()).code).toBe(code);
    const closed = await withClosedStdout(use());
    expect(closed.stderr).not.toMatch(/EPIPE|    at /);
    expect(closed.code).toBe(code);
  });
});
