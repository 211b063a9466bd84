// `stcheck batch`: check every pair of a corpus in parallel and keep the results in SQLite.
import { DEFAULT_BUDGET_S } from '../budget.js';
import { EXIT, exitCodesHelp, usageError } from '../exit.js';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { runBatch, type BatchOptions, type BatchSummary } from '../../batch/batch.js';
import { pairFileGroups } from '../../pairs/pair-file.js';
import { corpusGroupAttributes, requireDirectory, UsageError } from '../../pairs/source.js';
import type { Mode } from '../../results/types.js';
import { queueRunner } from '../../queue/coordinator.js';
import { DEFAULT_LOCK_MS } from '../../queue/worker.js';
import { Store } from '../../store/store.js';
import { DEFAULT_MEMORY_MB, SOFT_HEAP_FRACTION } from '../../util/heap.js';
import { addEnvOption, environmentName } from './env-arg.js';

interface BatchCommandOptions {
  corpus: string;
  lists?: string;
  auto?: boolean;
  pairs?: string;
  group: string[];
  mode: string;
  jobs: string;
  budgetS: string;
  memoryMb: string;
  maxStates?: string;
  prefilter: boolean;
  firstConflict?: boolean;
  db: string;
  resume?: string;
  queue?: string;
  json?: boolean;
  env: string;
}

export const DEFAULT_DB = 'results/stcheck.db';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerBatch(program: Command): void {
  addEnvOption(program
    .command('batch'))
    .description('Check every pair of a corpus in parallel under time and memory budgets; store the results in SQLite')
    .requiredOption('--corpus <dir>', 'the directory of .groovy apps')
    .option('--lists <dir>', "pair the apps of the reference's app lists in this directory (groups.json beside it gives the attributes)")
    .option('--auto', 'group the apps automatically by the device capabilities they actuate (the default without --lists)')
    .option('--pairs <file>', 'check exactly the pairs of a CSV file with a group,app1,app2 header (one row per unordered pair, both orders run; other columns ignored; groups.json beside the corpus gives the attributes)')
    .option('--group <name>', 'only this group (repeatable)', collect, [])
    .option('--mode <mode>', 'dpor, nodpor or both', 'dpor')
    .option('--jobs <n>', 'worker processes (with --queue, 0 leaves every check to the queue\'s workers)', String(availableParallelism()))
    .option('--budget-s <seconds>', 'budget of the search per pair and mode, in seconds of CPU time (one stopped by it that found conflicts takes up to a quarter more to shorten their traces)', DEFAULT_BUDGET_S)
    .option('--memory-mb <mb>', `heap budget per pair and mode: the worker's heap limit; the check stops itself with out-of-memory at ${SOFT_HEAP_FRACTION * 100}% of it`, String(DEFAULT_MEMORY_MB))
    .option('--max-states <n>', 'stop a pair with state-limit after this many states')
    .option('--no-prefilter', 'explore every pair, also those whose apps can write no tracked attribute in common (decided without a search by default)')
    .option('--first-conflict', "stop each pair's search at its first conflict, as the reference does (default: explore the whole state space and store every distinct conflict)")
    .option('--db <file>', 'the SQLite result store', DEFAULT_DB)
    .option('--resume <run>', 'continue a run: its id, or "last" for the newest run with the same options')
    .option('--queue <url>', 'spread the checks over the machines running `stcheck worker` on this Redis server (redis://HOST:PORT); this process stays the only writer of the store (docs/distributed.md)')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.interrupted]))
    .action(async (options: BatchCommandOptions) => {
      let summary: BatchSummary;
      try {
        summary = await runBatch(batchOptions(options));
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        usageError('batch', error.message);
      }
      if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
      else printSummary(summary, options.db);
    });
}

function batchOptions(options: BatchCommandOptions): BatchOptions {
  if ([options.lists !== undefined, options.auto === true, options.pairs !== undefined].filter(Boolean).length > 1) throw new UsageError('give one of --lists, --auto and --pairs');
  const modes: Mode[] | undefined = options.mode === 'both' ? ['dpor', 'nodpor'] : options.mode === 'dpor' || options.mode === 'nodpor' ? [options.mode] : undefined;
  if (!modes) throw new UsageError(`--mode: expected dpor, nodpor or both, not ${options.mode}`);
  const positive = (name: string, text: string | undefined) => {
    const n = Number(text);
    if (!(Number.isFinite(n) && n > 0)) throw new UsageError(`${name}: expected a positive number, not ${text}`);
    return n;
  };
  const env = environmentName(options.env);
  if (!env) throw new UsageError(`--env: expected reference or full, not ${options.env}`);
  // With a queue the coordinator may run no check itself.
  const jobs = options.queue !== undefined && Number(options.jobs) === 0 ? 0 : Math.floor(positive('--jobs', options.jobs));
  if (options.resume !== undefined && options.resume !== 'last' && !/^\d+$/.test(options.resume)) throw new UsageError(`--resume: expected a run id or "last", not ${options.resume}`);
  return {
    corpus: options.corpus,
    lists: options.lists,
    pairs: options.pairs === undefined ? undefined : pairsOfFile(options.pairs, options.corpus),
    groups: options.group,
    modes,
    jobs,
    budgetS: positive('--budget-s', options.budgetS),
    memoryMb: Math.floor(positive('--memory-mb', options.memoryMb)),
    maxStates: options.maxStates === undefined ? undefined : Math.floor(positive('--max-states', options.maxStates)),
    prefilter: options.prefilter,
    firstConflict: options.firstConflict,
    env,
    db: options.db,
    resume: options.resume,
    command: ['stcheck', ...process.argv.slice(2)].join(' '),
    runner: options.queue === undefined ? undefined : queueRunner({ url: options.queue, jobs, lockMs: DEFAULT_LOCK_MS, note: (line) => process.stderr.write(`stcheck batch: ${line}\n`) }),
  };
}

function pairsOfFile(file: string, corpus: string) {
  requireDirectory('--corpus', corpus);
  try {
    return pairFileGroups(file, corpus, corpusGroupAttributes(corpus));
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`--pairs: ${error.message}`);
    throw error;
  }
}

const MAX_CONFLICT_LINES = 40;

function printSummary(summary: BatchSummary, db: string): void {
  const verdicts = Object.entries(summary.verdicts).map(([v, n]) => `${v} ${n}`).join(', ') || 'nothing new';
  const lines = [
    `run ${summary.runId}: ${summary.stored} results stored (${verdicts})${summary.skipped ? `, ${summary.skipped} already stored` : ''} in ${(summary.ms / 1000).toFixed(1)} s`,
    `store: ${db}`,
  ];
  const store = new Store(db, { readOnly: true });
  const results = store.results(summary.runId);
  store.close();
  const conflicts = results.flatMap((r) => r.conflicts.map((c) => `  ${r.group} ${r.app1} × ${r.app2} (${r.mode}): ${c.device}.${c.attribute} ${c.laterApp}=${c.laterValue} over ${c.earlierApp}=${c.earlierValue}`));
  if (conflicts.length > 0) {
    lines.push(
      `conflicts (${conflicts.length}); "A=x over B=y": app A wrote x while app B's y, written before, was still in effect (a device both apps control ends as A left it):`,
      ...conflicts.slice(0, MAX_CONFLICT_LINES),
    );
    if (conflicts.length > MAX_CONFLICT_LINES) lines.push(`  ... ${conflicts.length - MAX_CONFLICT_LINES} more: npx stcheck report${dbOption(db)} --table conflicts`);
    const first = results.find((r) => r.conflicts.length > 0)!;
    lines.push(
      'next:',
      `  npx stcheck show${dbOption(db)} ${first.app1} ${first.app2}    # a pair's conflicts with their traces: which events, handlers and commands`,
      `  npx stcheck html${dbOption(db)} -o results/report.html    # the whole run as one page: plots, a table of pairs, traces`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** ` --db FILE` for a store other than the default, which the next commands read without it. */
function dbOption(db: string): string {
  return db === DEFAULT_DB ? '' : ` --db ${db}`;
}
