// The acceptance figure of issue 16 on a corpus of real apps (default ../shared/corpus/wild): of the
// files that are SmartApps and valid Groovy, the share that run every handler (`stcheck apps`) AND
// decide a pair check against themselves AND against an app of the study corpus that shares a device
// (any verdict but unsupported and error; a budget verdict counts as decided, as the issue says).
// The partner is the app of the reference's lists whose inputs share the most capabilities with the
// app's (the first by name among equals). The prefilter is off, so every decided pair was really searched.
// The checks run in the commands' default environment (`full`: docs/model.md), as a user's would.
//
// Usage: nice -n 10 node --import tsx scripts/wild-census.ts [--corpus DIR] [--budget-s N] [--out FILE]
// Writes one JSON object per app to --out (default results/wild-census.json) and prints the summary.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_ENVIRONMENT } from '../src/model/environment.js';
import { readAppList } from '../src/pairs/lists.js';
import { censusFile, summarizeCensus, type AppCensus } from '../src/pipeline/census.js';
import { checkPair } from '../src/pipeline/check-pair.js';
import { loadApp, type LoadedApp } from '../src/pipeline/load.js';
import type { PairResult, Verdict } from '../src/results/types.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const STUDY = join(ROOT, '..', 'shared', 'corpus', 'iotcheck');
const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: join(ROOT, '..', 'shared', 'corpus', 'wild') },
    'budget-s': { type: 'string', default: '10' },
    out: { type: 'string', default: join(ROOT, 'results', 'wild-census.json') },
  },
});
const BUDGET_MS = Number(args['budget-s']) * 1000;
const UNDECIDED: readonly Verdict[] = ['unsupported', 'error', 'parse-error'];

/** The study apps of the reference's lists that load, sorted by name: the partners to choose from. */
function studyPartners(): LoadedApp[] {
  const lists = ['device-interaction', 'global-state-variable-interaction'].map((d) => join(STUDY, 'appLists', d));
  const names = new Set(lists.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('AppList')).flatMap((f) => readAppList(join(d, f)))));
  return [...names].sort().flatMap((name) => {
    const loaded = loadApp(join(STUDY, 'smartapps', name));
    return loaded.ok ? [loaded.app] : [];
  });
}

const capabilities = (app: LoadedApp) => new Set(app.ir.inputs.flatMap((i) => (i.capability === undefined ? [] : [i.capability])));

/** The study app sharing the most capabilities with the app (the first by name among equals), if any shares one. */
function closestPartner(mine: ReadonlySet<string>, partners: readonly LoadedApp[]): LoadedApp | undefined {
  let best: LoadedApp | undefined;
  let bestShared = 0;
  for (const p of partners) {
    const shared = [...capabilities(p)].filter((c) => mine.has(c)).length;
    if (shared > bestShared) [best, bestShared] = [p, shared];
  }
  return best;
}

function check(app1: LoadedApp, app2: LoadedApp): Pick<PairResult, 'verdict' | 'error' | 'warnings'> & { decided: boolean } {
  const r = checkPair(app1, app2, { mode: 'dpor', budgetMs: BUDGET_MS, maxHeapMb: 1536, firstConflict: true, prefilter: false, env: DEFAULT_ENVIRONMENT });
  return { verdict: r.verdict, error: r.error, warnings: r.warnings.filter((w) => w.kind === 'app-exception'), decided: !UNDECIDED.includes(r.verdict) };
}

interface Row {
  file: string;
  census: AppCensus;
  /** Excluded from the figure: not valid Groovy, or not a SmartApp. */
  excluded?: string;
  self?: ReturnType<typeof check>;
  partner?: string;
  withPartner?: ReturnType<typeof check>;
  accepted: boolean;
}

function assess(file: string, partners: readonly LoadedApp[]): Row {
  const census = censusFile(file, DEFAULT_ENVIRONMENT);
  const stage = census.blocks[0];
  if (stage?.kind === 'parse' || stage?.kind === 'not-a-smartapp') return { file, census, excluded: stage.kind, accepted: false };
  const loaded = loadApp(file);
  if (!census.runs || !loaded.ok) return { file, census, accepted: false };
  const app = loaded.app;
  const self = check(app, app);
  const mine = capabilities(app);
  const partner = closestPartner(mine, partners);
  const withPartner = partner && check(app, partner);
  const accepted = self.decided && (withPartner?.decided ?? true);
  return { file, census, self, partner: partner?.file.replace(/^.*\//, ''), withPartner, accepted };
}

const partners = studyPartners();
const files = readdirSync(args.corpus).filter((f) => f.endsWith('.groovy')).sort().map((f) => join(args.corpus, f));
const rows: Row[] = [];
for (const file of files) {
  rows.push(assess(file, partners));
  const r = rows[rows.length - 1];
  process.stderr.write(`${rows.length}/${files.length} ${file.replace(/^.*\//, '')}: ${r.excluded ?? (r.accepted ? 'accepted' : 'not accepted')}\n`);
}
writeFileSync(args.out, `${JSON.stringify(rows, null, 1)}\n`);

const eligible = rows.filter((r) => r.excluded === undefined);
const runs = eligible.filter((r) => r.census.runs);
const selfDecided = runs.filter((r) => r.self?.decided);
const withPartner = runs.filter((r) => r.withPartner !== undefined);
const accepted = eligible.filter((r) => r.accepted);
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;
const summary = summarizeCensus(rows.map((r) => r.census));
process.stdout.write(
  [
    `files: ${rows.length}; not valid Groovy: ${rows.filter((r) => r.excluded === 'parse').length}; device handlers: ${rows.filter((r) => r.excluded === 'not-a-smartapp').length}; SmartApps and valid Groovy: ${eligible.length}`,
    `run every handler: ${runs.length}/${eligible.length} (${pct(runs.length, eligible.length)}); of them with an exception of their own: ${runs.filter((r) => r.census.exceptions.length > 0).length}`,
    `check against itself decided: ${selfDecided.length}/${runs.length}`,
    `check against a study app sharing a device decided: ${withPartner.filter((r) => r.withPartner!.decided).length}/${withPartner.length} (${runs.length - withPartner.length} share no device with any study app)`,
    `ACCEPTANCE: ${accepted.length}/${eligible.length} = ${pct(accepted.length, eligible.length)} run every handler and decide both checks`,
    `verdicts (self): ${JSON.stringify(tally(runs.map((r) => r.self!.verdict)))}`,
    `verdicts (partner): ${JSON.stringify(tally(withPartner.map((r) => r.withPartner!.verdict)))}`,
    'blocking causes (first per app):',
    ...summary.causes.map((c) => `  ${String(c.apps).padStart(4)}  ${c.cause}`),
    'undecided checks:',
    ...runs.flatMap((r) => [r.self, r.withPartner].filter((c) => c && !c.decided).map((c) => `  ${r.file.replace(/^.*\//, '')}: ${c!.verdict}: ${c!.error}`)),
  ].join('\n') + '\n',
);

function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
