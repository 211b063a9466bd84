// Batch runs end to end: real apps through the worker pool into a SQLite store, budgets that stop
// runaway pairs, and resuming a run killed at random points.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runBatch, type BatchOptions } from '../../src/batch/batch.js';
import { outcomeRecord, type PairTask } from '../../src/batch/task.js';
import { Store } from '../../src/store/store.js';
import { stcheck } from '../support/cli.js';
import { storedResults } from '../support/store.js';
import { HAVE_CORPUS, LISTS_DIR, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const DEMO = join(REPO_ROOT, 'apps');
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

function options(overrides: Partial<BatchOptions>): BatchOptions {
  return { corpus: DEMO, groups: [], modes: ['dpor'], jobs: 2, budgetS: 20, memoryMb: 512, db: join(mkdtempSync(join(tmpdir(), 'stcheck-batch-')), 'r.db'), command: 'test', ...overrides };
}

/** A run's results as comparable rows: one per (group, pair, mode). */
function rows(db: string, runId: number): string[] {
  const store = new Store(db);
  const results = store.results(runId).map((r) => {
    const conflicts = r.conflicts.map((c) => `${c.attribute}:${c.laterApp}=${c.laterValue}/${c.earlierApp}=${c.earlierValue}`).sort().join(',');
    return `${r.group} ${r.app1} ${r.app2} ${r.mode} ${r.verdict} ${r.states} ${r.transitions} [${conflicts}]`;
  });
  store.close();
  return results.sort();
}

describe('runBatch', () => {
  it('checks every automatic pair of the demo apps in both modes and stores each result once; a resumed run adds nothing', async () => {
    const opts = options({ modes: ['dpor', 'nodpor'] });
    const first = await runBatch(opts, quiet);
    expect(first).toMatchObject({ stored: 8, skipped: 0, verdicts: { conflict: 8 } });
    const endOf = (runId: number) => {
      const store = new Store(opts.db);
      const ended = store.run(runId)?.endedAt;
      store.close();
      return ended;
    };
    const ended = endOf(first.runId);
    expect(ended).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await runBatch({ ...opts, resume: 'last' }, quiet);
    expect(again).toMatchObject({ runId: first.runId, stored: 0, skipped: 8 });
    expect(rows(opts.db, first.runId)).toHaveLength(8);
    // Resuming a finished run (as bench:check does to gather its tables) keeps the time it ended.
    expect(endOf(first.runId)).toBe(ended);
  });

  it('records an endless handler loop and an exploding state space as stopped by their budgets, and finishes', async () => {
    const opts = options({ ...runawayCorpus(['spinner', 'counter', 'motion-light']), budgetS: 2, modes: ['dpor'] });
    const summary = await runBatch(opts, quiet);
    expect(summary.stored).toBe(6);
    const byPair = Object.fromEntries(rows(opts.db, summary.runId).map((r) => [r.split(' ').slice(1, 3).join(' '), r.split(' ')[4]]));
    expect(byPair['spinner counter']).toBe('error');
    expect(byPair['counter motion-light']).toBe('timeout');
    expect(byPair['motion-light counter']).toBe('timeout');
    const store = new Store(opts.db);
    expect(store.results(summary.runId).find((r) => r.app1 === 'spinner')?.error).toMatch(/step budget|steps/);
    store.close();
  });

  it('stores an exploding state space stopped by the soft heap budget as out-of-memory, with its statistics, and finishes', async () => {
    // The workers' hard heap limit is 160 MB; the checker stops itself at 75% of it (120 MB). The
    // heap grows with the states explored, not with time, so the time budget is set far beyond any
    // machine's reach: a busy machine only makes the test slower, never its verdict another.
    const opts = options({ ...runawayCorpus(['counter', 'motion-light']), budgetS: 3600, memoryMb: 160, modes: ['dpor'] });
    const summary = await runBatch(opts, quiet);
    expect(summary).toMatchObject({ stored: 2, verdicts: { 'out-of-memory': 2 } });
    const store = new Store(opts.db);
    for (const r of store.results(summary.runId)) {
      // Stopped by the checker, not killed by V8: the search's statistics are kept, and there is no error.
      expect(r).toMatchObject({ verdict: 'out-of-memory', complete: false, error: undefined });
      expect(r.states).toBeGreaterThan(1000);
    }
    expect(store.run(summary.runId)?.endedAt).not.toBeNull();
    store.close();
  }, 900_000);
});

describe('a worker process that dies', () => {
  it('costs its pair only: a batch with an app whose handler blows up its values finishes and stores one verdict per pair', async () => {
    // `doubler` doubles a list 30 times (2^30 elements): its worker process dies at its 256 MB heap
    // limit (or, once the interpreter bounds value sizes, the handler stops with an error).
    const corpus = mkdtempSync(join(tmpdir(), 'stcheck-corpus-'));
    const lists = mkdtempSync(join(tmpdir(), 'stcheck-lists-'));
    writeMotionApp(corpus, 'doubler', 'def l = [1]\n30.times { l = l + l }\nsw.on()');
    writeMotionApp(corpus, 'turn-off', 'sw.off()');
    writeFileSync(join(lists, 'dyingAppList'), 'doubler.groovy\nturn-off.groovy\n');
    const opts = options({ corpus, lists, budgetS: 5, memoryMb: 256 });
    const summary = await runBatch(opts, quiet);
    expect(summary.stored).toBe(2);
    const verdicts = rows(opts.db, summary.runId).map((r) => r.split(' ')[4]);
    expect(verdicts).toHaveLength(2);
    for (const v of verdicts) expect(['out-of-memory', 'error']).toContain(v);
  });

  it('is stored as an error marked worker_died; an error the check itself reported is not', () => {
    const task: PairTask = { pairId: 1, group: 'g', file1: 'a.groovy', file2: 'b.groovy', mode: 'dpor', attributes: ['switch'], budgetMs: 1000 };
    expect(outcomeRecord(task, { kind: 'error', message: 'worker was killed by SIGSEGV', ms: 5, died: true }))
      .toMatchObject({ verdict: 'error', error: 'worker was killed by SIGSEGV', workerDied: true });
    expect(outcomeRecord(task, { kind: 'error', message: 'handler failed', ms: 5 }).workerDied).toBeUndefined();
  });

  it('is checked once more by --resume, and stored for good when that attempt dies too', async () => {
    const opts = options({});
    const first = await runBatch(opts, quiet);
    expect(first.stored).toBe(4);
    // What the pool stores for a worker that died mid-task (tests/pool covers the pool's side).
    const markDied = () => {
      const raw = new Database(opts.db);
      raw.prepare("UPDATE results SET verdict = 'error', error = 'worker was killed by SIGSEGV', worker_died = 1 WHERE id = (SELECT id FROM results ORDER BY pair_id, mode LIMIT 1)").run();
      raw.close();
    };
    const attempts = () => {
      const raw = new Database(opts.db, { readonly: true });
      const row = raw.prepare('SELECT verdict, attempts, worker_died AS died FROM results ORDER BY pair_id, mode LIMIT 1').get();
      raw.close();
      return row;
    };
    markDied();
    const resumed = await runBatch({ ...opts, resume: 'last' }, quiet);
    expect(resumed).toMatchObject({ stored: 1, skipped: 3, verdicts: { conflict: 1 } });
    expect(attempts()).toEqual({ verdict: 'conflict', attempts: 2, died: 0 });
    expect(rows(opts.db, first.runId)).toHaveLength(4);
    markDied();
    expect(await runBatch({ ...opts, resume: 'last' }, quiet)).toMatchObject({ stored: 0, skipped: 4 });
    expect(attempts()).toEqual({ verdict: 'error', attempts: 2, died: 1 });
  });
});

describe('the prefilter in a batch', () => {
  it('decides an exploding pair whose app issues no command without a search, stores it as static, and counts it in the groups report', async () => {
    // `counter` commands nothing: with motion-light its state space never ends (see above), but no
    // conflict is possible, so the prefilter settles both orders at once.
    const opts = options({ ...runawayCorpus(['counter', 'motion-light']), budgetS: 2, modes: ['dpor'], prefilter: true });
    const summary = await runBatch(opts, quiet);
    expect(summary).toMatchObject({ stored: 2, verdicts: { 'no-conflict': 2 } });
    const store = new Store(opts.db);
    for (const r of store.results(summary.runId)) {
      expect(r).toMatchObject({ verdict: 'no-conflict', decidedBy: 'static', states: 0 });
      expect(r.reason).toMatch(/counter can write no tracked attribute/);
    }
    store.close();
    const report = stcheck('report', '--db', opts.db, '--table', 'groups', '--format', 'json');
    const all = JSON.parse(report.stdout).rows.find((row: Record<string, unknown>) => row.group === 'all');
    expect(all).toMatchObject({ pairs: 1, no_conflict: 1, no_conflict_static: 1, unfinished: 0 });
  });
});

describe('--first-conflict in a batch', () => {
  it('stops a conflicting pair with an endless state space at its first conflict instead of its budget', async () => {
    // `counter-on` counts motion events (its state space never ends) and turns the switch on;
    // `turn-off` turns it off: they conflict on the switch within a few events.
    const corpus = mkdtempSync(join(tmpdir(), 'stcheck-corpus-'));
    const lists = mkdtempSync(join(tmpdir(), 'stcheck-lists-'));
    writeMotionApp(corpus, 'counter-on', 'state.n = (state.n ?: 0) + 1\nsw.on()');
    writeMotionApp(corpus, 'turn-off', 'sw.off()');
    writeFileSync(join(lists, 'conflictingAppList'), 'counter-on.groovy\nturn-off.groovy\n');
    const results = async (opts: BatchOptions) => {
      const summary = await runBatch(opts, quiet);
      expect(summary.verdicts).toEqual({ conflict: 2 });
      const store = new Store(opts.db);
      const stored = store.results(summary.runId);
      store.close();
      return stored;
    };
    const toBudget = await results(options({ corpus, lists, budgetS: 3 }));
    for (const r of toBudget) expect(r.ms).toBeGreaterThan(2500); // ran to its budget (CPU time, so at least as much wall time)
    // Stopping at the first conflict is judged by the work done, not by the clock, so a busy machine cannot fail it.
    const fewestToBudget = Math.min(...toBudget.map((r) => r.states ?? 0));
    for (const r of await results(options({ corpus, lists, budgetS: 3, firstConflict: true }))) {
      expect(r).toMatchObject({ complete: false });
      expect((r.states ?? Infinity) * 20).toBeLessThan(fewestToBudget);
      expect(r.conflicts).toHaveLength(1);
    }
  });
});

/** Writes `<name>.groovy` into `corpus`: an app with a motion sensor and a switch whose motion handler runs `handler`. */
function writeMotionApp(corpus: string, name: string, handler: string): void {
  writeFileSync(join(corpus, `${name}.groovy`),
    `preferences { section("s") { input "m", "capability.motionSensor"\n input "sw", "capability.switch" } }\ndef installed() { subscribe(m, "motion", h) }\ndef h(evt) {\n${handler}\n}\n`);
}

/**
 * A corpus of the demo's motion-light and of apps made to run away, with one app list holding the
 * given ones: `spinner` loops forever in its handler (before a command, so the handler matters),
 * `counter` counts motion events in its state and then cancels its timers, a call that can change
 * the home, so that a count which would stop the handler (a null) matters and the pair's state
 * space never ends (analysis/relevance.ts).
 */
function runawayCorpus(names: readonly ('spinner' | 'counter' | 'motion-light')[]): { corpus: string; lists: string } {
  const corpus = mkdtempSync(join(tmpdir(), 'stcheck-corpus-'));
  const lists = mkdtempSync(join(tmpdir(), 'stcheck-lists-'));
  writeMotionApp(corpus, 'spinner', 'while (true) { }\nsw.on()');
  writeMotionApp(corpus, 'counter', 'state.n = (state.n ?: 0) + 1\nunschedule()');
  copyFileSync(join(DEMO, 'motion-light.groovy'), join(corpus, 'motion-light.groovy'));
  writeFileSync(join(lists, 'runawayAppList'), `${names.map((n) => `${n}.groovy`).join('\n')}\n# a comment line\n`);
  return { corpus, lists };
}

describe.skipIf(!HAVE_CORPUS)('the reference\'s example lists', () => {
  it('conflict for exampleConflicts and not for exampleNonConflicts; groups without attributes track every actuator', async () => {
    const opts = options({ corpus: SMARTAPPS_DIR, lists: join(LISTS_DIR, 'examples') });
    const summary = await runBatch(opts, quiet);
    const verdicts = rows(opts.db, summary.runId).map((r) => r.split(' ').slice(0, 5).join(' '));
    expect(verdicts).toEqual([
      'exampleConflicts enhanced-auto-lock-door nfc-tag-toggle dpor conflict',
      'exampleConflicts enhanced-auto-lock-door single-button-controller dpor conflict',
      'exampleNonConflicts good-night-house nfc-tag-toggle dpor no-conflict',
      'exampleNonConflicts good-night-house single-button-controller dpor no-conflict',
    ]);
  });
});

describe.skipIf(!HAVE_CORPUS)('a batch killed at random points and resumed', () => {
  it('ends with exactly the results of an uninterrupted run, none stored twice', async () => {
    const args = ['batch', '--corpus', SMARTAPPS_DIR, '--lists', join(LISTS_DIR, 'device-interaction'), '--group', 'ventfanSwitches',
      '--group', 'acfanheaterSwitches', '--group', 'cameraSwitches', '--mode', 'both', '--jobs', '2'];
    const reference = options({});
    const first = stcheck(...args, '--db', reference.db);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const expected = rows(reference.db, 1);
    expect(expected).toHaveLength(28);

    const db = options({}).db;
    let killedMidway = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = storedResults(db);
      // Kill once a random number of further results is stored: at least one on the first
      // attempt, so that some kill lands mid-way whatever is drawn; later ones may kill at once.
      const target = before + (attempt === 0 ? 1 : 0) + Math.floor(Math.random() * 6);
      const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args, '--db', db, ...(attempt ? ['--resume', 'last'] : [])], { cwd: REPO_ROOT, stdio: 'ignore' });
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      const poll = setInterval(() => { if (storedResults(db) >= target) child.kill('SIGKILL'); }, 20);
      const code = await exited;
      clearInterval(poll);
      if (code === 0) break;
      if (storedResults(db) > before) killedMidway++;
    }
    // However often it was killed, one more resume finishes the run.
    expect(stcheck(...args, '--db', db, '--resume', 'last').code).toBe(0);
    expect(rows(db, 1)).toEqual(expected);
    expect(killedMidway).toBeGreaterThan(0);
  });
});

