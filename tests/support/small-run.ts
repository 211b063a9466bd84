// A small real batch run for the tests of the commands that read the store (show, export, html):
// real corpus apps, checked in both modes by runBatch, in a temporary store. The lists are a
// subset of the reference's locks list (so the run stays a few seconds long) and its whole
// ventfanSwitches list, with the corpus's groups.json beside them for the tracked attributes.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch } from '../../src/batch/batch.js';
import { CORPUS_DIR, LISTS_DIR, SMARTAPPS_DIR } from './corpus.js';

const LOCK_APPS = ['enhanced-auto-lock-door.groovy', 'nfc-tag-toggle.groovy', 'lock-it-when-i-leave.groovy'];
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

/** Runs the batch and returns the store's path and the run's id. */
export async function smallRun(): Promise<{ db: string; runId: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'stcheck-small-run-'));
  const lists = join(dir, 'lists', 'device-interaction');
  mkdirSync(lists, { recursive: true });
  copyFileSync(join(CORPUS_DIR, 'groups.json'), join(dir, 'lists', 'groups.json'));
  writeFileSync(join(lists, 'locksAppList'), `${LOCK_APPS.join('\n')}\n`);
  for (const file of ['ventfanSwitchesAppList', 'ventfanSwitchesAppList2']) copyFileSync(join(LISTS_DIR, 'device-interaction', file), join(lists, file));
  const db = join(dir, 'stcheck.db');
  const summary = await runBatch({
    corpus: SMARTAPPS_DIR, lists, groups: [], modes: ['dpor', 'nodpor'], jobs: 2, budgetS: 20, memoryMb: 1024, db, command: 'stcheck batch (small test run)',
  }, quiet);
  return { db, runId: summary.runId };
}
