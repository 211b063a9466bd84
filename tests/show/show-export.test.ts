// stcheck show and stcheck export through the CLI, on the store of a small real batch run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../src/show/export.js';
import { stcheck } from '../support/cli.js';
import { HAVE_CORPUS } from '../support/corpus.js';
import { smallRun } from '../support/small-run.js';

let db: string;

describe.skipIf(!HAVE_CORPUS)('stcheck show and export on a stored run', () => {
  beforeAll(async () => {
    ({ db } = await smallRun());
  });

  it('show prints the NFC touch, the unlock, the door handler and the lock command with their source lines', () => {
    const run = stcheck('show', '--db', db, 'enhanced-auto-lock-door', 'nfc-tag-toggle.groovy');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const text = run.stdout;
    expect(run.lines[0]).toMatch(/^enhanced-auto-lock-door × nfc-tag-toggle: run 1 of /);
    expect(text).toMatch(/^ {2}dpor: conflict$/m);
    expect(text).toMatch(/^ {2}nodpor: conflict$/m);
    expect(text).toContain('event touchSensor0.nfcTouch = touched (manual)');
    expect(text).toContain('write lock0.lock = unlocked (manual) [line 128]   <== overridden write');
    expect(text).toContain('enhanced-auto-lock-door (App1) runs doorHandler(lock=unlocked)');
    expect(text).toContain('command lock0.lock() [line 51]');
    expect(text).toContain('write lock0.lock = locked [line 51]   <== conflicting write');
    // The timeline is indented: the door handler runs inside the NFC handler, the lock command inside the timer it set.
    const lockConflict = run.lines.slice(run.lines.findIndex((l) => l.includes('writes locked [line 51]')));
    const indent = (needle: string) => lockConflict.find((l) => l.includes(needle))!.search(/\S/);
    expect(indent('runs doorHandler(lock=unlocked)')).toBeGreaterThan(indent('runs touchHandler(nfcTouch=touched)'));
    expect(indent('command lock0.lock() [line 51]')).toBeGreaterThan(indent('runs doorHandler(lock=unlocked)'));
    expect(run.lines.at(-1)).toBe('the other order, nfc-tag-toggle × enhanced-auto-lock-door: locks dpor conflict (2 conflicts), locks nodpor conflict (2 conflicts)');
  });

  it('show --json gives the run, both modes with whole conflict reports, and the other order', () => {
    const run = stcheck('show', '--db', db, '--json', '--group', 'locks', 'nfc-tag-toggle', 'enhanced-auto-lock-door');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ run: { id: 1 }, app1: 'nfc-tag-toggle', app2: 'enhanced-auto-lock-door' });
    expect(json.results.map((r: { mode: string }) => r.mode)).toEqual(['dpor', 'nodpor']);
    const conflict = json.results[0].conflicts[0];
    expect(conflict).toMatchObject({ device: 'lock0', attribute: 'lock', later: { appName: 'enhanced-auto-lock-door' }, earlier: { appName: 'nfc-tag-toggle', manual: true } });
    expect(conflict.trace.events[0].event).toBe('touchSensor.nfcTouch = touched');
    expect(json.otherOrder).toEqual([
      { group: 'locks', mode: 'dpor', verdict: 'conflict', conflicts: 2 },
      { group: 'locks', mode: 'nodpor', verdict: 'conflict', conflicts: 2 },
    ]);
  });

  it('show exits 2 (usage) with a message for a pair without results and for a missing store', () => {
    const unknown = stcheck('show', '--db', db, 'nfc-tag-toggle', 'whole-house-fan');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(`stcheck show: no stored result for nfc-tag-toggle × whole-house-fan in ${db}\n`);
    const wrongGroup = stcheck('show', '--db', db, '--group', 'ventfanSwitches', 'nfc-tag-toggle', 'enhanced-auto-lock-door');
    expect(wrongGroup.code).toBe(2);
    const missing = stcheck('show', '--db', join(db, '..', 'none.db'), 'a', 'b');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^stcheck show: no result store at /);
  });

  it('export --format csv writes a header and one row per result, quoting the cells that need it', () => {
    const run = stcheck('export', '--db', db, '--format', 'csv');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\r\n');
    expect(lines[0]).toBe('run_id,group,app1,app2,mode,verdict,complete,decided_by,events,states,transitions,executions,ms,peak_memory_mb,error,conflicts,warnings');
    expect(lines.at(-1)).toBe('');
    // 3 ordered lock pairs both ways + 3 ventfan pairs both ways, in two modes.
    expect(lines.slice(1, -1)).toHaveLength(24);
    expect(lines).toContainEqual(expect.stringMatching(/^1,locks,enhanced-auto-lock-door,nfc-tag-toggle,dpor,conflict,true,search,6,10,60,\d+,\d+,[\d.]+,,2,0$/));
  });

  it('export --table conflicts quotes multi-line traces so a CSV reader gets them back whole', () => {
    const out = join(db, '..', 'conflicts.csv');
    const run = stcheck('export', '--db', db, '--run', '1', '--format', 'csv', '--table', 'conflicts', '-o', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const records = parseCsv(readFileSync(out, 'utf8'));
    const [header, ...rows] = records;
    expect(header.at(-1)).toBe('trace');
    const json = JSON.parse(stcheck('export', '--db', db, '--format', 'json', '--table', 'conflicts').stdout);
    expect(rows).toHaveLength(json.length);
    const row = rows.find((r) => r[header.indexOf('app1')] === 'enhanced-auto-lock-door' && r[header.indexOf('app2')] === 'nfc-tag-toggle' && r[header.indexOf('later_line')] === '51')!;
    const trace = row[header.indexOf('trace')];
    expect(trace.split('\n')[0]).toBe("lock0.lock: enhanced-auto-lock-door (App1) writes locked [line 51] while nfc-tag-toggle (App2)'s unlocked [line 128] (a direct user action) is in effect");
    expect(json.find((r: Record<string, unknown>) => r.trace === trace)).toMatchObject({ device: 'lock0', earlier_manual: true, later_line: 51 });
  });

  it('export rejects a bad format, table or run with exit 2', () => {
    expect(stcheck('export', '--db', db, '--format', 'xlsx').code).toBe(2);
    expect(stcheck('export', '--db', db, '--format', 'csv', '--table', 'pairs').code).toBe(2);
    const noRun = stcheck('export', '--db', db, '--format', 'csv', '--run', '9');
    expect(noRun.code).toBe(2);
    expect(noRun.stderr).toBe(`stcheck export: no run 9 in ${db}\n`);
  });
});

describe('toCsv', () => {
  it('doubles quotes inside quoted cells and leaves plain cells bare', () => {
    const csv = toCsv([{ a: 'say "on"', b: 3, c: null }, { a: 'x,y', b: true, c: 'line\nbreak' }], ['a', 'b', 'c']);
    expect(csv).toBe('a,b,c\r\n"say ""on""",3,\r\n"x,y",true,"line\nbreak"\r\n');
    expect(parseCsv(csv)).toEqual([['a', 'b', 'c'], ['say "on"', '3', ''], ['x,y', 'true', 'line\nbreak']]);
  });
});

/** A strict RFC 4180 reader, independent of the writer under test. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { record.push(cell); cell = ''; } else if (ch === '\r' && text[i + 1] === '\n') { record.push(cell); records.push(record); record = []; cell = ''; i++; } else cell += ch;
  }
  return records;
}
