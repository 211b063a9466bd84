// `stcheck report --table accuracy`: a real batch of a tiny labelled set of the demo apps (through
// `stcheck batch --pairs`), scored against its labels: the either-order rule, undecided and
// missing pairs as misses, the IoTCheck columns, and the list of disagreements with their notes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const DEMO = join(REPO_ROOT, 'apps');

// Verdicts of these pairs on the demo apps: the first two conflict (lock; heating setpoint), the
// other two do not (no device written in common).
const LABELS = [
  'group,app1,app2,automation,manual,notes',
  'locks,relock-when-unlocked,unlock-on-arrival,conflict,conflict,"manual: Feature Conflict, the lock"',
  'thermostats,comfort-thermostat,window-eco-thermostat,other,conflict,manual: Feature Conflict',
  'misc,motion-light,relock-when-unlocked,no-conflict,non-conflict,',
  'misc,motion-light,comfort-thermostat,non-terminated,conflict,a label judged wrong',
  'misc,motion-light,unlock-on-arrival,conflict,non-conflict,a pair the run left out',
].join('\n');

interface JsonTable { title: string; rows: Array<Record<string, unknown>> }

describe('the accuracy table on a labelled set of the demo apps', () => {
  let tables: JsonTable[];
  let markdown: string;
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'stcheck-accuracy-'));
    const labels = join(dir, 'labels.csv');
    writeFileSync(labels, `${LABELS}\n`);
    // The run checks the first four pairs; the fifth is labelled but not run.
    const pairs = join(dir, 'pairs.csv');
    writeFileSync(pairs, `${LABELS.split('\n').slice(0, 5).join('\n')}\n`);
    const db = join(dir, 'r.db');
    const batch = stcheck('batch', '--corpus', DEMO, '--pairs', pairs, '--jobs', '1', '--budget-s', '20', '--db', db, '--json');
    expect(batch.code, batch.stderr).toBe(0);
    expect(JSON.parse(batch.lines.at(-1)!)).toMatchObject({ stored: 8 });
    const report = stcheck('report', '--db', db, '--table', 'accuracy', '--labels', labels, '--json');
    expect(report.code, report.stderr).toBe(0);
    tables = JSON.parse(report.stdout) as JsonTable[];
    markdown = stcheck('report', '--db', db, '--table', 'accuracy', '--labels', labels).stdout;
  }, 120_000);

  it('counts the confusion matrix against the manual column, a pair not run as a miss', () => {
    const manual = tables[0].rows.find((r) => r.scope === 'device groups' && r.comparison === 'stcheck vs manual');
    expect(manual).toEqual({ scope: 'device groups', comparison: 'stcheck vs manual', labelled: 5, tp: 2, fp: 1, fn: 1, tn: 1, undecided: 1, precision: 0.667, recall: 0.667, agreement: 0.6 });
  });

  it('compares with the automation column only where IoTCheck decided, and scores IoTCheck itself', () => {
    const rows = tables[0].rows.filter((r) => r.scope === 'device groups');
    expect(rows.find((r) => r.comparison === 'stcheck vs automation (IoTCheck)')).toMatchObject({ labelled: 3, tp: 1, fp: 0, fn: 1, tn: 1, undecided: 1 });
    expect(rows.find((r) => r.comparison === 'IoTCheck vs manual')).toMatchObject({ labelled: 5, tp: 1, fp: 1, fn: 2, tn: 1, undecided: 2 });
    expect(tables[0].rows.some((r) => r.scope === 'global (location mode)')).toBe(false);
  });

  it('lists every disagreement with the manual study with its line, verdicts and notes', () => {
    expect(tables[1].rows.map((r) => [r.line, r.app1, r.app2, r.ours, r.manual, r.notes])).toEqual([
      [5, 'motion-light', 'comfort-thermostat', 'no-conflict', 'conflict', 'a label judged wrong'],
      [6, 'motion-light', 'unlock-on-arrival', 'not run', 'non-conflict', 'a pair the run left out'],
    ]);
    expect(markdown).toContain('## Disagreements with the manual study (2)');
  });

  it('exits 2 when --labels is missing or names a bad file', () => {
    const missing = stcheck('report', '--table', 'accuracy', '--db', join(tmpdir(), 'none.db'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--table accuracy needs --labels FILE');
  });
});
