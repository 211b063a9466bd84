import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { MIGRATIONS } from '../../src/store/schema.js';
import type { ResultRecord } from '../../src/results/types.js';

const tempDb = () => join(mkdtempSync(join(tmpdir(), 'stcheck-store-')), 'nested', 'results.db');

const conflictResult: ResultRecord = {
  mode: 'dpor', verdict: 'conflict', complete: true, events: 6, states: 12, transitions: 40, executions: 3, ms: 5, peakMemoryMb: 30,
  conflicts: [{ device: 'lock', attribute: 'lock', laterApp: 'App1', laterValue: 'locked', earlierApp: 'App2', earlierValue: 'unlocked', earlierManual: true, trace: [{ event: 'nfcTouch' }] }],
  warnings: [{ kind: 'physical', message: 'light' }, { kind: 'app-exception', message: 'a openHandler(): NullPointerException', app: 'a', handler: 'openHandler', line: 15 }],
};

describe('Store', () => {
  it('creates the schema at the latest version, in a new folder, in WAL mode while open and out of it at rest', () => {
    const file = tempDb();
    const store = new Store(file);
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    const reader = new Database(file, { readonly: true });
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    // A reader still holds the file: the writer leaves it in WAL mode.
    store.close();
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    reader.close();
    new Store(file).close();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('delete');
    raw.close();
  });

  it('stores a result with its conflicts and warnings, once per (run, pair, mode), and reads it back', () => {
    const file = tempDb();
    const store = new Store(file);
    const run = store.beginRun('0.1.0', 'stcheck batch', { mode: 'dpor' });
    const a = store.saveApp({ name: 'a', path: '/x/a.groovy', contentHash: 'h1', status: 'ok' });
    const b = store.saveApp({ name: 'b', path: '/x/b.groovy', contentHash: 'h2', status: 'ok' });
    expect(store.saveApp({ name: 'a', path: '/x/a.groovy', contentHash: 'h1', status: 'ok' })).toBe(a);
    const pair = store.savePair('locks', a, b);
    expect(store.savePair('locks', a, b)).toBe(pair);
    expect(store.saveResult(run, pair, conflictResult)).toBe(true);
    expect(store.saveResult(run, pair, { ...conflictResult, verdict: 'no-conflict' })).toBe(false);
    store.close();

    const reopened = new Store(file);
    const [stored] = reopened.results(run);
    expect(stored).toMatchObject({ group: 'locks', app1: 'a', app2: 'b', mode: 'dpor', verdict: 'conflict', states: 12 });
    // A physical warning has no app, handler or line; an app exception keeps where it was raised.
    expect(stored.warnings).toEqual(conflictResult.warnings);
    expect(stored.conflicts).toEqual(conflictResult.conflicts);
    expect(reopened.doneKeys(run)).toEqual(new Set([`${pair}:dpor`]));
    expect(reopened.results(run)).toHaveLength(1);
    reopened.close();
  });

  it('finds the last run with the same configuration, and refuses a database from a newer stcheck', () => {
    const file = tempDb();
    const store = new Store(file);
    const first = store.beginRun('0.1.0', 'batch', { groups: ['locks'] });
    store.beginRun('0.1.0', 'batch', { groups: ['alarms'] });
    expect(store.lastRun({ groups: ['locks'] })?.id).toBe(first);
    expect(store.lastRun()?.config).toEqual({ groups: ['alarms'] });
    store.close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => new Store(file)).toThrow(/newer than this stcheck/);
  });
});
