// `npm run reproduce`: checks the paper's pairs (its Tables A.1 and A.2, in its order) in both
// modes through the batch machinery, then writes results/table-a1.md, table-a2.md and summary.md,
// each with the paper's figures beside ours. Re-running the same command resumes the last run with
// the same options (a killed reproduction loses only the pairs in flight) and rewrites the tables.
//
// Usage: npm run reproduce -- [--budget-s N] [--limit N] [--jobs N] [--fresh] [--db FILE] [--out DIR]
//   --budget-s  per pair and mode, default 60 (env REPRODUCE_BUDGET_S)
//   --limit     only the first N distinct pairs, to try the script on a subset (env REPRODUCE_LIMIT)
//   --jobs      worker threads, default the number of cores (env REPRODUCE_JOBS)
//   --fresh     start a new run instead of resuming
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runBatch } from '../src/batch/batch.js';
import type { Group } from '../src/pairs/source.js';
import { DEFAULT_TRACKED } from '../src/pipeline/explore-pair.js';
import { readPaperTables, type PaperRow } from '../src/report/paper.js';
import { renderTable } from '../src/report/table.js';
import { buildTable, reportInput, type TableName } from '../src/report/tables.js';
import { Store } from '../src/store/store.js';
import { VERSION } from '../src/util/version.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SHARED = join(ROOT, '..', 'shared');
const CORPUS = join(SHARED, 'corpus', 'iotcheck', 'smartapps');
const PAPER = join(SHARED, 'paper');
const GROUP = 'paper';

const OUTPUTS: Array<{ file: string; table: TableName; title: string }> = [
  { file: 'table-a1.md', table: 'a1', title: "The paper's Table A.1 (pairs it finished only with DPOR), reproduced" },
  { file: 'table-a2.md', table: 'a2', title: "The paper's Table A.2 (pairs it finished with and without DPOR), reproduced" },
  { file: 'summary.md', table: 'summary', title: "The paper's headline figures, reproduced" },
];

const { values: args } = parseArgs({
  options: {
    'budget-s': { type: 'string', default: process.env.REPRODUCE_BUDGET_S ?? '60' },
    limit: { type: 'string', default: process.env.REPRODUCE_LIMIT },
    jobs: { type: 'string', default: process.env.REPRODUCE_JOBS ?? String(availableParallelism()) },
    fresh: { type: 'boolean', default: false },
    // Relative to the repository, where npm runs scripts.
    db: { type: 'string', default: 'results/reproduce.db' },
    out: { type: 'string', default: 'results' },
  },
});

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!(Number.isInteger(n) && n > 0)) throw new Error(`--${name}: expected a positive integer, not ${text}`);
  return n;
}

/**
 * The paper's rows as one group of ordered pairs, in its order, each pair once (Table A.2 lists
 * good-night-house × ecobeeAwayFromHome four times), tracking every actuator attribute.
 */
function paperGroup(rows: readonly PaperRow[], limit: number | undefined): Group {
  const distinct = new Map(rows.map((r) => [`${r.app1} ${r.app2}`, r] as const));
  const pairs = [...distinct.values()]
    .slice(0, limit)
    .map((r) => ({ group: GROUP, app1: `${r.app1}.groovy`, app2: `${r.app2}.groovy` }));
  return { name: GROUP, apps: [...new Set(pairs.flatMap((p) => [p.app1, p.app2]))], attributes: DEFAULT_TRACKED as string[], pairs };
}

function header(title: string, facts: Record<string, string>): string {
  return [`# ${title}`, '', ...Object.entries(facts).map(([k, v]) => `- ${k}: ${v}`), '', ''].join('\n');
}

async function main(): Promise<void> {
  const budgetS = positive('budget-s', args['budget-s']!);
  const limit = args.limit === undefined ? undefined : positive('limit', args.limit);
  const jobs = positive('jobs', args.jobs!);
  const paper = readPaperTables(PAPER);
  const group = paperGroup(paper, limit);
  const command = ['npm run reproduce --', ...process.argv.slice(2)].join(' ').replace(/ --$/, '');
  const env = Object.entries(process.env).filter(([k]) => k.startsWith('REPRODUCE_')).map(([k, v]) => `${k}=${v}`);
  const summary = await runBatch({
    // No prefilter: the paper's tables need every pair's search statistics; the reference's environment: its event counts.
    corpus: CORPUS, pairs: [group], groups: [], modes: ['nodpor', 'dpor'], jobs, budgetS, memoryMb: 2048, prefilter: false, env: 'reference',
    db: args.db!, resume: args.fresh ? undefined : 'last', command,
  });
  const store = new Store(args.db!);
  try {
    const run = store.run(summary.runId)!;
    const input = reportInput(store, run, paper);
    // The run's own date and command: rendering the tables of a finished run again changes neither.
    const facts = {
      Date: run.startedAt.slice(0, 10),
      Cores: `${availableParallelism()} (nproc), ${jobs} worker threads`,
      Command: `\`${run.command === command ? [...env, command].join(' ') : run.command}\``,
      Run: `${run.id} of ${args.db}, stcheck ${VERSION}, started ${run.startedAt}, ended ${run.endedAt}`,
      Pairs: `${group.pairs.length} distinct ordered pairs of the paper's ${paper.length} rows, each in both modes, with a budget of ${budgetS} s per pair and mode (the paper's: 2 hours)`,
    };
    mkdirSync(args.out!, { recursive: true });
    for (const output of OUTPUTS) {
      writeFileSync(join(args.out!, output.file), header(output.title, facts) + renderTable(buildTable(output.table, input), 'md'));
      process.stdout.write(`wrote ${join(args.out!, output.file)}\n`);
    }
  } finally {
    store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`reproduce: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
