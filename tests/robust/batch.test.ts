// Issue #18's acceptance for a batch: one `stcheck batch` (the real CLI, its process and its workers
// under a 512 MB heap, a 5 s budget) over a corpus holding every pathological app of fixtures/ and
// one demo app, each pathological app paired with the demo app, finishes with exit 0 and stores
// exactly one verdict for each pair and mode it planned: none missing, none twice, each a documented
// kind, the same kind `check` gives (tests/robust/pathological.test.ts), with the app's position.
// The generated 20 MB app is left out (its parse alone costs the budget; pathological.test.ts covers
// it). No assertion on time: the timeout only catches a hang.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERDICTS } from '../../src/results/types.js';
import { stcheck, stcheckUnder, type CliRun } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const FIXTURES = join(REPO_ROOT, 'tests', 'robust', 'fixtures');
const PARTNER = 'motion-light';
const HEAP_MB = 512;
const PATHOLOGICAL = readdirSync(FIXTURES).filter((f) => f.endsWith('.groovy')).map((f) => f.replace(/\.groovy$/, '')).sort();
/** The kind `check` gives each fixture (pathological.test.ts); every other fixture is `error`. */
const KIND: Record<string, string> = { 'deep-sum': 'parse-error', 'long-chain': 'parse-error', 'long-concat': 'parse-error', 'regex-backtracking': 'no-conflict' };

interface ExportedResult { group: string; app1: string; app2: string; mode: string; verdict: string; error: string | null; decided_by: string; states: number | null }

describe('a batch of every pathological app (issue #18)', () => {
  let batch: CliRun;
  let results: ExportedResult[];

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'stcheck-robust-batch-'));
    const corpus = join(dir, 'corpus');
    const pairs = join(dir, 'pairs.csv');
    const db = join(dir, 'r.db');
    mkdirSync(corpus);
    for (const name of PATHOLOGICAL) copyFileSync(join(FIXTURES, `${name}.groovy`), join(corpus, `${name}.groovy`));
    copyFileSync(join(REPO_ROOT, 'apps', `${PARTNER}.groovy`), join(corpus, `${PARTNER}.groovy`));
    writeFileSync(pairs, ['group,app1,app2', ...PATHOLOGICAL.map((name) => `robust,${name},${PARTNER}`)].join('\n') + '\n');
    batch = stcheckUnder([`--max-old-space-size=${HEAP_MB}`], 'batch', '--corpus', corpus, '--pairs', pairs, '--budget-s', '5', '--memory-mb', String(HEAP_MB), '--jobs', '2', '--db', db, '--json');
    const exported = stcheck('export', '--format', 'json', '--db', db);
    expect(exported.code, exported.stderr).toBe(0);
    results = JSON.parse(exported.stdout);
  }, 600_000);

  it('holds all thirteen fixtures', () => {
    expect(PATHOLOGICAL.length).toBeGreaterThanOrEqual(13);
  });

  it('finishes with exit 0 and no stack trace, having stored every task', () => {
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stderr).not.toMatch(/^\s+at |JS stacktrace|FATAL ERROR|Maximum call stack/m);
    const planned = PATHOLOGICAL.length * 2;
    expect(JSON.parse(batch.stdout)).toMatchObject({ stored: planned, skipped: 0 });
  });

  it('stores exactly one result for each pair in both orders, none missing, none twice', () => {
    const stored = results.map((r) => `${r.group}:${r.app1}>${r.app2}:${r.mode}`).sort();
    const planned = PATHOLOGICAL.flatMap((name) => [`robust:${name}>${PARTNER}:dpor`, `robust:${PARTNER}>${name}:dpor`]).sort();
    expect(stored).toEqual(planned);
  });

  it('gives each pair a documented verdict, the kind check gives, with the pathological app and its position', () => {
    for (const result of results) {
      const app = result.app1 === PARTNER ? result.app2 : result.app1;
      expect(VERDICTS).toContain(result.verdict);
      expect([app, result.verdict]).toEqual([app, KIND[app] ?? 'error']);
      if (result.verdict !== 'no-conflict') expect(result.error).toMatch(new RegExp(`${app}\\.groovy:\\d+:\\d+`));
    }
  });

  it('says that no search decided the pairs of an app that does not parse, and gives them no statistics', () => {
    const unparsed = results.filter((r) => r.verdict === 'parse-error');
    expect(unparsed.length).toBeGreaterThan(0);
    for (const r of unparsed) expect([r.decided_by, r.states]).toEqual(['load', null]);
    expect(results.filter((r) => r.verdict !== 'parse-error').map((r) => r.decided_by)).not.toContain('load');
  });
});
