// The report tables from real batch runs of a few of the paper's pairs (ones that finish in
// seconds): the paper join in both orders, the counting of unfinished runs in the headline
// figures, the either-order rule of the outcomes per group, and the three formats of the CLI.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/batch.js';
import type { Group } from '../../src/pairs/source.js';
import { DEFAULT_TRACKED } from '../../src/pipeline/explore-pair.js';
import { readPaperTables, type PaperRow } from '../../src/report/paper.js';
import { buildTable, reportInput, type ReportInput } from '../../src/report/tables.js';
import type { Table } from '../../src/report/table.js';
import { Store } from '../../src/store/store.js';
import type { StoredResult } from '../../src/results/types.js';
import { stcheck } from '../support/cli.js';
import { HAVE_CORPUS, PAPER_DIR, SMARTAPPS_DIR } from '../support/corpus.js';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

/** Ordered pairs of one group, named as the paper names apps. */
function group(name: string, pairs: Array<[string, string]>): Group {
  const files = pairs.map(([a, b]) => ({ group: name, app1: `${a}.groovy`, app2: `${b}.groovy` }));
  return { name, apps: [...new Set(files.flatMap((p) => [p.app1, p.app2]))], attributes: [...DEFAULT_TRACKED], pairs: files };
}

// Paper A.2 #223, in the paper's order; #219, reversed; #218 in both orders; A.1 #69. With at most
// 120 states, the last one finishes with DPOR (99 states) but not without (146).
const RUN_PAIRS = group('paper', [
  ['brighten-dark-places', 'turn-it-on-when-it-opens'],
  ['lock-it-at-a-specific-time', 'good-night-house'],
  ['enhanced-auto-lock-door', 'auto-lock-door.smartapp'],
  ['auto-lock-door.smartapp', 'enhanced-auto-lock-door'],
  ['lighting-director', 'turn-on-before-sunset'],
]);
// The other order of #223, and one order of #218, stopped at once: unfinished results.
const STOPPED_PAIRS = group('paper', [
  ['turn-it-on-when-it-opens', 'brighten-dark-places'],
  ['auto-lock-door.smartapp', 'enhanced-auto-lock-door'],
]);
const BUDGET_S = 20;

const cell = (table: Table, row: number, key: string) => table.rows[row][table.columns.findIndex((c) => c.key === key)];
const column = (table: Table, key: string) => table.rows.map((r) => r[table.columns.findIndex((c) => c.key === key)]);

describe.skipIf(!HAVE_CORPUS || !existsSync(PAPER_DIR))('report tables', () => {
  let db: string;
  let full: ReportInput;
  let stopped: StoredResult[];
  let paper: PaperRow[];

  beforeAll(async () => {
    db = join(mkdtempSync(join(tmpdir(), 'stcheck-report-')), 'r.db');
    const base = { corpus: SMARTAPPS_DIR, groups: [], jobs: 2, budgetS: BUDGET_S, memoryMb: 1024, db, command: 'report test' };
    const first = await runBatch({ ...base, pairs: [RUN_PAIRS], modes: ['nodpor', 'dpor'], maxStates: 120 }, quiet);
    const second = await runBatch({ ...base, pairs: [STOPPED_PAIRS], modes: ['dpor'], maxStates: 1 }, quiet);
    paper = readPaperTables(PAPER_DIR);
    const store = new Store(db);
    full = reportInput(store, store.run(first.runId)!, paper);
    stopped = store.results(second.runId);
    store.close();
  }, 120_000);

  it('lists the paper\'s A.2 rows in its order beside the pairs that match them, in its order or else reversed', () => {
    const table = buildTable('a2', full);
    expect(column(table, 'paper_row')).toEqual(['A.2 #218', 'A.2 #219', 'A.2 #223', null]);
    expect(column(table, 'app1').map((app1, i) => `${app1} × ${cell(table, i, 'app2')}`)).toEqual([
      'enhanced-auto-lock-door × auto-lock-door.smartapp',
      'lock-it-at-a-specific-time × good-night-house',
      'brighten-dark-places × turn-it-on-when-it-opens',
      // Both orders were run: only the paper's order is its row; the other follows as ours alone.
      'auto-lock-door.smartapp × enhanced-auto-lock-door',
    ]);
    const row219 = paper.find((r) => r.table === 'A.2' && r.no === 219)!;
    expect(cell(table, 1, 'paper_states_nodpor')).toBe(row219.nodpor.states);
    expect(cell(table, 1, 'paper_time_s_dpor')).toBe(row219.dpor.seconds);
    expect(cell(table, 3, 'paper_states_dpor')).toBeNull();
    expect(column(table, 'states_nodpor').every((s) => typeof s === 'number')).toBe(true);
  });

  it('puts a pair finished only with DPOR in Table A.1, its search without DPOR Unf although it found a conflict', () => {
    const table = buildTable('a1', full);
    expect(column(table, 'paper_row')).toEqual(['A.1 #69']);
    expect([cell(table, 0, 'states_nodpor'), cell(table, 0, 'time_s_nodpor'), cell(table, 0, 'paper_states_nodpor')]).toEqual(['Unf', 'Unf', 'Unf']);
    expect(cell(table, 0, 'states_dpor')).toBe(99);
    expect(cell(table, 0, 'paper_states_dpor')).toBe(257);
    const nodpor = full.results.find((r) => r.app1 === 'lighting-director' && r.mode === 'nodpor')!;
    expect([nodpor.verdict, nodpor.complete]).toEqual(['conflict', false]);
  });

  it('counts pairs per mode in the summary, and an unfinished run as the budget in the speedup', () => {
    const summary = buildTable('summary', full);
    const ours = (figure: string) => cell(summary, column(summary, 'figure').indexOf(figure), 'ours');
    expect([ours('pairs'), ours('finished w/o DPOR'), ours('finished w/ DPOR'), ours('finished only w/ DPOR')]).toEqual([5, 4, 5, 1]);
    expect(cell(summary, column(summary, 'figure').indexOf('finished only w/ DPOR'), 'paper_claims')).toBe(69);
    expect(cell(summary, column(summary, 'figure').indexOf('finished only w/ DPOR'), 'paper_tables')).toBe(69);
    // The paper's rows for this run's pairs: #218, #219, #223 (A.2) and #69 (A.1).
    expect(cell(summary, 0, 'paper_tables_this_run')).toBe(4);
    // Only the unfinished run's time depends on the budget: doubling it multiplies the geometric
    // mean of the five speedups by 2^(1/5).
    const speedup = (budgetSeconds: number) => buildTable('summary', { ...full, budgetSeconds, paper: undefined }).rows.find((r) => r[0]?.toString().startsWith('speedup × (geometric'))![1] as number;
    expect(speedup(2 * BUDGET_S) / speedup(BUDGET_S)).toBeCloseTo(2 ** (1 / 5), 1);
    // Against the paper's own times (seconds to hours there, milliseconds here), in this run's column only.
    for (const mode of ['w/o', 'w/']) {
      const row = summary.rows.find((r) => r[0] === `times faster than the paper's tool ${mode} DPOR (geometric mean per pair)`)!;
      expect(row[1]).toBeGreaterThan(1);
      expect(row.slice(2).every((c) => c === null)).toBe(true);
    }
  });

  it('gives Table 1 per group with the paper\'s figures for the same pairs', () => {
    const table = buildTable('1', full);
    expect(column(table, 'group')).toEqual(['paper', 'all']);
    expect([cell(table, 0, 'pairs'), cell(table, 0, 'only_dpor'), cell(table, 0, 'paper_pairs'), cell(table, 0, 'paper_only_dpor')]).toEqual([5, 1, 4, 1]);
  });

  it('counts an unordered pair as conflicting if either order conflicts, and unfinished if an order did not finish', () => {
    const conflictOnlyOneWay = [...full.results.filter((r) => r.app1 === 'enhanced-auto-lock-door'), ...stopped.filter((r) => r.app1 === 'auto-lock-door.smartapp')];
    const cleanOneWay = [...full.results.filter((r) => r.app1 === 'brighten-dark-places'), ...stopped.filter((r) => r.app1 === 'turn-it-on-when-it-opens')];
    expect(conflictOnlyOneWay.map((r) => r.verdict).sort()).toEqual(['conflict', 'conflict', 'state-limit']);
    expect(cleanOneWay.map((r) => r.verdict).sort()).toEqual(['no-conflict', 'no-conflict', 'state-limit']);
    const table = buildTable('groups', { ...full, results: [...conflictOnlyOneWay, ...cleanOneWay] });
    expect(table.rows[0].slice(2, 8)).toEqual([2, 1, 0, 0, 1, 0]);
    const whole = buildTable('groups', full);
    // #218 in both orders is one pair; lighting-director's conflict counts though its no-DPOR search was stopped.
    expect(whole.rows[0].slice(2, 8)).toEqual([4, 2, 2, 0, 0, 0]);
  });

  it('lists one row per stored conflict', () => {
    const table = buildTable('conflicts', full);
    expect(table.rows).toHaveLength(full.results.reduce((n, r) => n + r.conflicts.length, 0));
    expect(new Set(column(table, 'attribute'))).toEqual(new Set(['lock', 'switch']));
  });

  describe('stcheck report', () => {
    it('prints Table A.2 beside the paper as CSV', () => {
      const run = stcheck('report', '--db', db, '--run', '1', '--table', 'a2', '--paper', PAPER_DIR, '--format', 'csv');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.lines[0].split(',').slice(0, 6)).toEqual(['no', 'paper_row', 'app1', 'app2', 'events', 'paper_events']);
      expect(run.lines.slice(1).map((l) => l.split(',')[1])).toEqual(['A.2 #218', 'A.2 #219', 'A.2 #223', '']);
    });

    it('prints the summary as JSON and the outcomes per group as Markdown', () => {
      const json = JSON.parse(stcheck('report', '--db', db, '--run', '1', '--table', 'summary', '--format', 'json').stdout);
      expect(json.rows.find((r: { figure: string }) => r.figure === 'finished only w/ DPOR')).toEqual({ figure: 'finished only w/ DPOR', ours: 1, paper_claims: 69 });
      const md = stcheck('report', '--db', db, '--run', '1', '--table', 'groups');
      expect(md.code).toBe(0);
      expect(md.lines).toContain('| paper |  | 4 | 2 | 2 | 0 | 0 | 0 | 0 | 0 |  |  |  |  |');
    });

    it('reads the newest run by default and says which pairs a summary leaves out', () => {
      const md = stcheck('report', '--db', db, '--table', 'summary');
      expect(md.lines).toContain('| pairs | 0 | 300 |');
      expect(md.lines).toContain('2 pairs checked in one mode only are left out.');
    });

    it('refuses an unknown table or format with exit code 2', () => {
      for (const args of [['--table', 'a3'], ['--table', 'a1', '--format', 'xml']]) {
        const run = stcheck('report', '--db', db, ...args);
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(/^stcheck report: --(table|format): expected/);
      }
    });
  });
});
