// A damaged or unreachable store is named, not fatal: a truncated file, a page of garbage, a row
// whose trace does not decode, a verdict changed by hand, a store in a read-only folder, a path
// that cannot hold a store. Each message names the file; the reading commands still show what is
// intact. The store is a real batch run of the demo apps (4 ordered pairs in both modes, 16 conflicts).
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/batch.js';
import { StoreError } from '../../src/store/errors.js';
import { Store } from '../../src/store/store.js';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
let pristine: string;

beforeAll(async () => {
  pristine = join(mkdtempSync(join(tmpdir(), 'stcheck-damaged-')), 'pristine.db');
  await runBatch({ corpus: join(REPO_ROOT, 'apps'), groups: [], modes: ['dpor', 'nodpor'], jobs: 2, budgetS: 20, memoryMb: 512, db: pristine, command: 'test' }, quiet);
}, 120_000);

/** A copy of the pristine store (the database file alone, as a copied or archived store is), damaged by `damage`. */
function damagedCopy(damage: (file: string) => void): string {
  const file = join(mkdtempSync(join(tmpdir(), 'stcheck-damaged-')), 'stcheck.db');
  copyFileSync(pristine, file);
  damage(file);
  return file;
}

function sql(file: string, statement: string): void {
  const db = new Database(file);
  db.exec(statement);
  db.close();
}

/** No JavaScript stack trace in what a command printed. */
const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);

describe('one bad row', () => {
  it('a conflict whose trace is not JSON is reported with its id, and every reading command shows the rest', () => {
    const file = damagedCopy((f) => sql(f, "UPDATE conflicts SET trace = '{\"device\": trunc' WHERE id = 1"));
    const summary = stcheck('report', '--db', file, '--table', 'summary');
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/\|/);
    expect(summary.stderr).toContain(`${file}: conflict 1 of result `);
    expect(summary.stderr).toMatch(/its trace does not decode .*; left out/);
    noStack(summary.stderr);
    const exported = stcheck('export', '--db', file, '--format', 'json', '--table', 'conflicts');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toHaveLength(15);
    const conflicts = stcheck('report', '--db', file, '--table', 'conflicts', '--format', 'csv');
    expect(conflicts.code).toBe(0);
  });

  it('a verdict changed by hand is flagged and left out; the other results still read', () => {
    const file = damagedCopy((f) => sql(f, "UPDATE results SET verdict = 'no conflict!' WHERE id = 2"));
    const store = new Store(file, { readOnly: true });
    const results = store.results(1);
    expect(results.map((r) => r.id)).not.toContain(2);
    expect(results).toHaveLength(7);
    expect(store.problems).toEqual([expect.stringMatching(new RegExp(`^${file}: result 2 \\(.+ × .+\\): verdict "no conflict!" is not one stcheck writes`))]);
    store.close();
    const exported = stcheck('export', '--db', file, '--format', 'csv');
    expect(exported.code).toBe(0);
    expect(exported.stdout.trim().split('\r\n')).toHaveLength(1 + 7);
    expect(exported.stderr).toContain(`${file}: result 2`);
  });
});

describe('a damaged file', () => {
  it('truncated: the message names the file, and what is before the cut still reads', () => {
    const pages = statSync(pristine).size / 4096;
    const file = damagedCopy((f) => truncateSync(f, Math.floor(pages * 0.7) * 4096));
    const summary = stcheck('report', '--db', file, '--table', 'summary');
    noStack(summary.stderr);
    expect(summary.stderr).toContain(file);
    expect(summary.stderr).toMatch(/damaged|malformed/);
    // The runs and results tables come first in the file: the summary is still printed.
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/\|/);
  });

  it('a page of garbage in the conflicts table: named, and the results without their conflicts still read', () => {
    const file = damagedCopy((f) => {
      const db = new Database(f, { readonly: true });
      const root = (db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'conflicts'").get() as { rootpage: number }).rootpage;
      db.close();
      const fd = openSync(f, 'r+');
      writeSync(fd, Buffer.alloc(4096, 0xa7), 0, 4096, (root - 1) * 4096);
      closeSync(fd);
    });
    const summary = stcheck('report', '--db', file, '--table', 'summary');
    noStack(summary.stderr);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/\|/);
    expect(summary.stderr).toContain(`${file}: the conflicts of result `);
    const show = stcheck('show', '--db', file, 'relock-when-unlocked', 'unlock-on-arrival');
    noStack(show.stderr);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^relock-when-unlocked × unlock-on-arrival: run 1/);
    expect(show.stdout).toMatch(/dpor: conflict/);
    expect(show.stderr).toContain(`${file}: the conflicts of result `);
  });

  it('not a database at all: every reading command names the file, with no stack trace', () => {
    const file = damagedCopy((f) => writeFileSync(f, readFileSync(join(REPO_ROOT, 'README.md'))));
    for (const args of [['report', '--table', 'summary'], ['show', 'a', 'b'], ['export', '--format', 'csv']]) {
      const run = stcheck(...args, '--db', file);
      expect(run.code, args[0]).toBe(2);
      expect(run.stderr, args[0]).toMatch(new RegExp(`^stcheck: ${file}: the result store is damaged`));
      noStack(run.stderr);
    }
    expect(() => new Store(file, { readOnly: true })).toThrow(StoreError);
  });
});

describe('where the store is', () => {
  it('a store in a read-only folder is read without writing: report, show, export and html work', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stcheck-readonly-'));
    const file = join(dir, 'stcheck.db');
    copyFileSync(pristine, file);
    chmodSync(file, 0o444);
    chmodSync(dir, 0o555);
    const out = mkdtempSync(join(tmpdir(), 'stcheck-readonly-out-'));
    chmodSync(out, 0o777);
    for (const args of [['report', '--table', 'summary'], ['show', 'window-eco-thermostat', 'comfort-thermostat'], ['export', '--format', 'csv'], ['html', '-o', join(out, 'r.html')]]) {
      const run = asUnprivileged(...args, '--db', file);
      expect(run.stderr, args[0]).toBe('');
      expect(run.status, args[0]).toBe(0);
    }
    chmodSync(dir, 0o755);
  });

  it('a path that cannot hold a store fails at once, naming it', () => {
    const started = Date.now();
    const run = stcheck('batch', '--corpus', join(REPO_ROOT, 'apps'), '--db', '/proc/self/x/stcheck.db');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('stcheck: /proc/self/x/stcheck.db: cannot create the folder /proc/self/x (ENOENT)\n');
    noStack(run.stderr);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(() => new Store(join(REPO_ROOT, 'README.md', 'stcheck.db'))).toThrow(/README.md is not a directory/);
  });
});

/**
 * Runs stcheck as a user the folder's permissions apply to: root ignores them, so as root the
 * command runs as `nobody` (setpriv), otherwise as this user.
 */
function asUnprivileged(...args: string[]) {
  const command = [process.execPath, '--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args];
  const asRoot = process.getuid?.() === 0;
  const [file, ...rest] = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...command] : command;
  return spawnSync(file, rest, { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, HOME: tmpdir() } });
}
