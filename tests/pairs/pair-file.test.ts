// Pair files (`stcheck batch --pairs FILE`): the CSV reader (quoted notes with commas, quotes and
// newlines), both orders of every row, and a clear error naming the file and line of a bad row.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/pairs/csv.js';
import { pairFileGroups, readPairRows } from '../../src/pairs/pair-file.js';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const DEMO = join(REPO_ROOT, 'apps');

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'stcheck-pairs-file-')), 'pairs.csv');
  writeFileSync(path, text);
  return path;
}

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines, and keeps the line each record starts on', () => {
    const { records, error } = parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n\nlast,\n');
    expect(error).toBeUndefined();
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"\nthere'] },
      { line: 5, fields: ['last', ''] },
    ]);
  });

  it('names the line of a quote that is never closed', () => {
    expect(parseCsv('a,b\nc,"open\nmore\n').error).toEqual({ line: 2, message: 'a quoted field is never closed' });
  });
});

describe('pair files', () => {
  it('gives each row in both orders, groups in file order, ignoring extra columns', () => {
    const path = file('group,app1,app2,manual,notes\nlocks,relock-when-unlocked,unlock-on-arrival.groovy,conflict,"a, b"\nlights,motion-light,comfort-thermostat,non-conflict,\n');
    const groups = pairFileGroups(path, DEMO, { locks: ['lock'] });
    expect(groups.map((g) => [g.name, g.attributes, g.pairs.map((p) => `${p.app1}>${p.app2}`)])).toEqual([
      ['locks', ['lock'], ['relock-when-unlocked.groovy>unlock-on-arrival.groovy', 'unlock-on-arrival.groovy>relock-when-unlocked.groovy']],
      ['lights', [], ['motion-light.groovy>comfort-thermostat.groovy', 'comfort-thermostat.groovy>motion-light.groovy']],
    ]);
    expect(readPairRows(path)[0].extra).toEqual({ manual: 'conflict', notes: 'a, b' });
  });

  it.each([
    ['group,first,second\nlocks,a,b\n', ':1: the header has no app1, app2 column'],
    ['group,app1,app2\nlocks,relock-when-unlocked\n', ':2: 2 columns, the header has 3'],
    ['group,app1,app2\n,relock-when-unlocked,unlock-on-arrival\n', ':2: empty group'],
    ['group,app1,app2\nlocks,relock-when-unlocked,no-such-app\n', ':2: no app no-such-app.groovy in'],
    ['group,app1,app2\nlocks,motion-light,motion-light.groovy\n', ':2: a pair of motion-light with itself'],
    ['group,app1,app2\nlocks,motion-light,comfort-thermostat\n\nlocks,comfort-thermostat,motion-light\n', ':4: the pair comfort-thermostat × motion-light of locks is also on line 2'],
    ['group,app1,app2\nlocks,"motion-light,comfort-thermostat\n', ':2: a quoted field is never closed'],
  ])('rejects a bad file with its line: %j', (text, message) => {
    const path = file(text);
    expect(() => pairFileGroups(path, DEMO, {})).toThrow(`${path}${message}`);
  });

  it('makes `stcheck batch --pairs` exit 2 with the line of a bad row, before running anything', () => {
    const path = file('group,app1,app2\nlocks,relock-when-unlocked,unlock-on-arrival\nlocks,relock-when-unlocked,missing-app\n');
    const db = join(mkdtempSync(join(tmpdir(), 'stcheck-pairs-db-')), 'r.db');
    const run = stcheck('batch', '--corpus', DEMO, '--pairs', path, '--db', db);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`stcheck batch: --pairs: ${path}:3: no app missing-app.groovy in ${DEMO}`);
    expect(run.stdout).toBe('');
  });

  it('refuses --pairs together with --lists or --auto', () => {
    const run = stcheck('batch', '--corpus', DEMO, '--pairs', file('group,app1,app2\n'), '--auto');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('give one of --lists, --auto and --pairs');
  });
});
