// A PairResult with every field set goes through the batch's record, the store and the export
// unchanged: a field added to the vocabulary (src/results/types.ts) but not to the column map
// (src/store/columns.ts) comes back missing here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import type { PairResult } from '../../src/results/types.js';
import { conflictReports } from '../../src/show/pair-results.js';
import { EXPORT_COLUMNS, exportRows } from '../../src/show/export.js';
import { RESULT_COLUMNS, resultRecord } from '../../src/store/columns.js';
import { Store } from '../../src/store/store.js';

const app = (name: string) => join(import.meta.dirname, '../../apps', `${name}.groovy`);

/** A real check of two demo apps that conflict, with the fields a search leaves unset filled in too. */
function everyField(): Required<PairResult> {
  const checked = checkPairFiles(app('relock-when-unlocked'), app('unlock-on-arrival'), { mode: 'nodpor' });
  expect(checked.conflicts.length).toBeGreaterThan(0);
  // JSON: what the store keeps of a conflict report (undefined lines dropped).
  const conflicts = JSON.parse(JSON.stringify(checked.conflicts)) as PairResult['conflicts'];
  return {
    ...checked,
    conflicts,
    error: 'an error text',
    decidedBy: 'static',
    reason: 'a reason',
    complete: !checked.complete,
    warnings: [{ kind: 'physical', message: 'a warning' }],
  };
}

function stored(result: PairResult) {
  const store = new Store(join(mkdtempSync(join(tmpdir(), 'stcheck-columns-')), 'results.db'));
  const run = store.beginRun('0.1.0', 'test', {});
  const pair = store.savePair('g', store.saveApp({ name: 'a', path: '/a', contentHash: 'h', status: 'ok' }), store.saveApp({ name: 'b', path: '/b', contentHash: 'h', status: 'ok' }));
  store.saveResult(run, pair, resultRecord(result));
  const [back] = store.results(run);
  store.close();
  return back;
}

describe('the result column map', () => {
  it('stores and reads back every field of a PairResult', () => {
    const result = everyField();
    const back = stored(result);
    for (const field of Object.keys(result) as Array<keyof PairResult>) {
      if (field === 'conflicts') expect(conflictReports(back)).toEqual(result.conflicts);
      else expect([field, back[field]]).toEqual([field, result[field]]);
    }
  });

  it('maps every scalar field of a PairResult to a column, and exports every exported column', () => {
    const result = everyField();
    const scalar = Object.keys(result).filter((f) => f !== 'conflicts' && f !== 'warnings').sort();
    // and the one field only a stored record has: a worker that died (src/batch/task.ts).
    expect(RESULT_COLUMNS.map((c) => c.field).sort()).toEqual([...scalar, 'workerDied'].sort());
    const [row] = exportRows([stored(result)], 'results');
    for (const column of RESULT_COLUMNS.filter((c) => c.exported)) {
      expect(EXPORT_COLUMNS.results).toContain(column.name);
      expect([column.name, row[column.name]]).toEqual([column.name, result[column.field as keyof PairResult]]);
    }
    expect(Object.keys(row)).toEqual(EXPORT_COLUMNS.results);
    expect(row).toMatchObject({ conflicts: result.conflicts.length, warnings: 1 });
    const conflictRows = exportRows([stored(result)], 'conflicts');
    expect(conflictRows.map((r) => [r.device, r.attribute, r.later_value, r.earlier_value])).toEqual(result.conflicts.map((c) => [c.device, c.attribute, c.later.value, c.earlier.value]));
  });
});
