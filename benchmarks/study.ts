// The whole study as users run it (issue 17): the 16 device-interaction groups and the global
// state-variable group of the reference's lists, with the default environment and budgets and
// `--first-conflict`, each as one `stcheck batch` in a fresh store. Writes results/study.md: wall
// time, runs and unordered pairs decided, the time to a verdict of the searched runs (median,
// 99th percentile, max), and the peak heap of a worker.
//
// Usage: npm run bench:study -- [--jobs N] [--only device|global] [any other `stcheck batch` option]
//   Run it on an idle machine for the acceptance figures; the load average is recorded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const CORPUS = join(ROOT, '..', 'shared', 'corpus', 'iotcheck');
const STUDIES = [
  { name: 'device', title: 'The 16 device-interaction groups', lists: 'device-interaction' },
  { name: 'global', title: 'The global state-variable group', lists: 'global-state-variable-interaction' },
];

interface Row {
  app1: string;
  app2: string;
  group: string;
  verdict: string;
  decided_by: string;
  ms: number | null;
  peak_memory_mb: number | null;
}

const given = process.argv.slice(2);
const onlyAt = given.indexOf('--only');
const only = onlyAt >= 0 ? given[onlyAt + 1] : undefined;
const passed = onlyAt >= 0 ? [...given.slice(0, onlyAt), ...given.slice(onlyAt + 2)] : given;
const out = mkdtempSync(join(tmpdir(), 'stcheck-bench-study-'));
const sections: string[] = [];
for (const study of STUDIES.filter((s) => only === undefined || s.name === only)) sections.push(runStudy(study));
const header = [
  '# The study: every pair of the reference\'s lists, as users run it',
  '',
  `- Date: ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores; Node ${process.version}`,
  `- Command: \`npm run bench:study -- ${given.join(' ')}\` (each batch: \`stcheck batch --corpus ../shared/corpus/iotcheck/smartapps --lists <lists> --first-conflict ${passed.join(' ')}\`, the default budgets: 120 s and 2048 MB per pair)`,
  '- Acceptance (issue 17): device study every pair whose apps run decided, under 4 min wall on an idle 2-core machine; global under 1 min.',
  '- Time to a verdict: wall time of each ordered run that searched (the prefilter decides the others in milliseconds).',
  '',
];
writeFileSync(join(ROOT, 'results', 'study.md'), [...header, ...sections].join('\n'));
process.stdout.write('wrote results/study.md\n');

function runStudy(study: (typeof STUDIES)[number]): string {
  const db = join(out, `${study.name}.db`);
  const args = [CLI, 'batch', '--corpus', join(CORPUS, 'smartapps'), '--lists', join(CORPUS, 'appLists', study.lists), '--first-conflict', '--db', db, ...passed];
  const loadBefore = loadavg()[0];
  const started = Date.now();
  const batch = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const wallMs = Date.now() - started;
  const loadAfter = loadavg()[0];
  if (batch.status !== 0 && batch.status !== 1) throw new Error(`stcheck batch exited with ${batch.status}`);
  const exported = spawnSync(process.execPath, [CLI, 'export', '--db', db, '--format', 'json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  const rows = JSON.parse(exported.stdout) as Row[];
  return describe(study.title, rows, wallMs, [loadBefore, loadAfter]);
}

function describe(title: string, rows: readonly Row[], wallMs: number, load: readonly number[]): string {
  const decided = (r: Row) => r.verdict === 'conflict' || r.verdict === 'no-conflict';
  const searched = rows.filter((r) => r.decided_by === 'search' && r.ms !== null).map((r) => r.ms!).sort((a, b) => a - b);
  const pairs = unorderedPairs(rows);
  const undecided = rows.filter((r) => !decided(r));
  const verdicts = countBy(rows.map((r) => r.verdict));
  const peak = Math.max(0, ...rows.map((r) => r.peak_memory_mb ?? 0));
  return [
    `## ${title}`,
    '',
    `- Wall time: ${seconds(wallMs)} (load average ${load.map((l) => l.toFixed(1)).join(' before, ')} after)`,
    `- Ordered runs: ${rows.length}; decided ${rows.length - undecided.length} (${Object.entries(verdicts).map(([v, n]) => `${v} ${n}`).join(', ')})`,
    `- Unordered pairs: ${pairs.total}; decided ${pairs.decided} (${pairs.conflict} conflict, ${pairs.decided - pairs.conflict} no conflict)`,
    `- Time to a verdict of the ${searched.length} searched runs: median ${seconds(percentile(searched, 0.5))}, 99th percentile ${seconds(percentile(searched, 0.99))}, max ${seconds(searched.at(-1) ?? 0)}`,
    `- Peak heap of a worker: ${peak.toFixed(0)} MB`,
    ...(undecided.length > 0 ? ['- Undecided runs:', ...undecided.map((r) => `  - ${r.group} ${r.app1} × ${r.app2}: ${r.verdict}`)] : []),
    '',
  ].join('\n');
}

/** A pair conflicts if either order does; it has no conflict if every order has none. */
function unorderedPairs(rows: readonly Row[]): { total: number; decided: number; conflict: number } {
  const byPair = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.group} ${[r.app1, r.app2].sort().join(' ')}`;
    byPair.set(key, [...(byPair.get(key) ?? []), r]);
  }
  let decided = 0;
  let conflict = 0;
  for (const runs of byPair.values()) {
    if (runs.some((r) => r.verdict === 'conflict')) conflict++;
    if (runs.some((r) => r.verdict === 'conflict') || runs.every((r) => r.verdict === 'no-conflict')) decided++;
  }
  return { total: byPair.size, decided, conflict };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

function seconds(ms: number): string {
  return ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
