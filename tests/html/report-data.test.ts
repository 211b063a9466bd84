// The HTML report's state graphs are re-explored the way the batch checked the pair: in the run's
// environment, with its group's tracked attributes and search order (src/batch/stored-run.ts). A
// graph is drawn only when the re-run reaches the stored state count, so a report of a run in the
// full environment (the commands' default) drew no graph while it re-explored in the reference's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/batch.js';
import { reportData } from '../../src/html/report-data.js';
import { Store } from '../../src/store/store.js';
import { REPO_ROOT } from '../support/corpus.js';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
// Two small pairs whose state spaces differ between the environments.
const FIXTURES = join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment');
const PAIRS = [
  { name: 'lights', attributes: ['switch'], apps: ['dark-room-light.groovy', 'timed-lights-on.groovy'], pairs: [{ group: 'lights', app1: 'dark-room-light.groovy', app2: 'timed-lights-on.groovy' }] },
  { name: 'modes', attributes: ['location.mode'], apps: ['mode-on-departure.groovy', 'mode-on-lights-out.groovy'], pairs: [{ group: 'modes', app1: 'mode-on-departure.groovy', app2: 'mode-on-lights-out.groovy' }] },
];

async function graphStates(env: 'reference' | 'full'): Promise<{ stored: number[]; drawn: number[] }> {
  const db = join(mkdtempSync(join(tmpdir(), 'stcheck-report-data-')), 'stcheck.db');
  const { runId } = await runBatch({ corpus: FIXTURES, pairs: PAIRS, groups: [], modes: ['dpor'], jobs: 1, budgetS: 20, memoryMb: 1024, db, env, command: 'test' }, quiet);
  const store = new Store(db);
  const stored = store.results(runId).map((r) => r.states!).sort((a, b) => a - b);
  const drawn = reportData(store, store.run(runId)!, db).pairs.flatMap((p) => p.graphs.map((g) => g.nodes.length)).sort((a, b) => a - b);
  store.close();
  return { stored, drawn };
}

describe('the state graphs of the HTML report', () => {
  for (const env of ['full', 'reference'] as const) {
    it(`are drawn for every small pair of a run in the ${env} environment, with the states the batch explored`, async () => {
      const { stored, drawn } = await graphStates(env);
      expect(stored).toHaveLength(2);
      expect(drawn).toEqual(stored);
    });
  }
});
