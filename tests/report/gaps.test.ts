// Batch reports keep a gap of the tool apart from a verdict: a pair that failed on an unsupported
// API counts as unfinished and "of which gaps"; a pair decided while an app raised an exception of
// its own counts as decided, and as "decided with app exceptions".
import { describe, expect, it } from 'vitest';
import { unorderedPairs } from '../../src/report/run-pairs.js';
import { buildTable } from '../../src/report/tables.js';
import type { StoredResult } from '../../src/results/types.js';

let id = 0;
function result(app1: string, app2: string, verdict: StoredResult['verdict'], warnings: StoredResult['warnings'] = []): StoredResult {
  id++;
  return { id, runId: 1, group: 'g', app1, app2, mode: 'dpor', verdict, complete: verdict === 'no-conflict', conflicts: [], warnings, finishedAt: '', decidedBy: 'search', ...(verdict === 'unsupported' ? { error: 'unsupported: method getWeatherFeature() at a.groovy:3:5' } : {}) };
}

const exception = { kind: 'app-exception', message: 'a h(): NullPointerException', app: 'a', handler: 'h', line: 3 };
const results = [
  result('a', 'b', 'no-conflict', [exception]), result('b', 'a', 'no-conflict'),
  result('a', 'c', 'unsupported'), result('c', 'a', 'unsupported'),
  result('b', 'c', 'error'), result('c', 'b', 'error'),
];

describe('gaps and app exceptions in batch reports', () => {
  it('flags each unordered pair', () => {
    const flags = Object.fromEntries(unorderedPairs(results).map((p) => [p.apps.join('-'), [p.outcome, p.failed, p.gap, p.withAppExceptions]]));
    expect(flags).toEqual({
      'a-b': ['no-conflict', false, false, true],
      'a-c': ['unfinished', true, true, false],
      'b-c': ['unfinished', true, false, false],
    });
  });

  it('counts them in the groups table', () => {
    const table = buildTable('groups', { results, budgetSeconds: 60 });
    const columns = table.columns.map((c) => c.key);
    const all = table.rows.find((r) => r[0] === 'all')!;
    const at = (key: string) => all[columns.indexOf(key)];
    expect([at('pairs'), at('no_conflict'), at('unfinished'), at('failed'), at('gap'), at('app_exceptions')]).toEqual([3, 1, 2, 2, 1, 1]);
  });
});
