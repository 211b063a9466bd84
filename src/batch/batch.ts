// A batch run: every pair of the chosen groups, in each mode, on a pool of worker threads under
// time and heap budgets, each result stored as soon as it is known. A run can be resumed: the
// (pair, mode) results it already holds are skipped, and the store never keeps one twice.
import { createHash } from 'node:crypto';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../util/version.js';
import { pairGroups, requireDirectory, selectGroups, UsageError, type Group } from '../pairs/source.js';
import type { EnvironmentName } from '../model/environment.js';
import { DEFAULT_TRACKED } from '../pipeline/explore-pair.js';
import { formatLoadError, loadApp } from '../pipeline/load.js';
import { runPool } from '../pool/pool.js';
import { Store } from '../store/store.js';
import { readSource } from '../util/files.js';
import { softHeapLimitMb } from '../util/heap.js';
import type { Mode, PairResult, ResultRecord, Verdict } from '../results/types.js';
import { Progress } from './progress.js';
import { outcomeRecord, type PairTask } from './task.js';

export interface BatchOptions {
  corpus: string;
  /** The reference's app lists; without them, apps are grouped automatically. */
  lists?: string;
  /** Explicit groups of pairs (e.g. the paper's tables), used instead of the lists or the automatic groups. */
  pairs?: readonly Group[];
  groups: readonly string[];
  modes: readonly Mode[];
  jobs: number;
  budgetS: number;
  memoryMb: number;
  maxStates?: number;
  /** Decide pairs whose static write bounds share no tracked attribute without exploring them. Default false. */
  prefilter?: boolean;
  /** Stop each pair's search at its first conflict, as the reference does. Default false: all conflicts. */
  firstConflict?: boolean;
  /** The environment of every check (src/model/environment.ts); default `reference`. */
  env?: EnvironmentName;
  db: string;
  /** A run id, or `last` for the newest run with the same configuration (a new run if there is none). */
  resume?: string;
  /** How the run was started, for the record. */
  command: string;
}

export interface BatchSummary {
  runId: number;
  /** Results this invocation stored (a resumed run skips the ones it had). */
  stored: number;
  skipped: number;
  verdicts: Partial<Record<Verdict, number>>;
  ms: number;
}

/** What identifies a run for `--resume last`: everything that changes its results. */
export function runConfig(options: BatchOptions) {
  return {
    corpus: resolve(options.corpus),
    lists: options.lists === undefined ? null : resolve(options.lists),
    groups: [...options.groups].sort(),
    modes: [...options.modes],
    budgetS: options.budgetS,
    memoryMb: options.memoryMb,
    maxStates: options.maxStates ?? null,
    // Only present when on, so that runs stored before this option still resume.
    ...(options.prefilter && { prefilter: true }),
    ...(options.firstConflict && { firstConflict: true }),
    // Only present for the full environment, so that runs stored before this option (all in the reference's) still resume.
    ...(options.env === 'full' && { env: 'full' }),
    // Only present for explicit pairs, so that runs stored before this option still resume.
    ...(options.pairs && { pairs: options.pairs.map((g) => ({ name: g.name, attributes: g.attributes, pairs: g.pairs.map((p) => [p.app1, p.app2]) })) }),
  };
}

interface AppEntry {
  id: number;
  file: string;
  /** Set when the app does not parse or lower: every pair with it gets this verdict. */
  failure?: { verdict: Verdict; error: string };
}

export async function runBatch(options: BatchOptions, out: NodeJS.WriteStream = process.stdout): Promise<BatchSummary> {
  const started = Date.now();
  const groups = selectGroups(runGroups(options), options.groups);
  const store = new Store(options.db);
  try {
    const runId = openRun(store, options);
    const apps = registerApps(store, options.corpus, groups);
    const done = store.doneKeys(runId);
    const summary: BatchSummary = { runId, stored: 0, skipped: 0, verdicts: {}, ms: 0 };
    const save = (pairId: number, record: ResultRecord) => {
      if (!store.saveResult(runId, pairId, record)) return;
      summary.stored++;
      summary.verdicts[record.verdict] = (summary.verdicts[record.verdict] ?? 0) + 1;
    };
    const tasks: PairTask[] = [];
    for (const group of groups) {
      for (const pair of group.pairs) {
        const [app1, app2] = [apps.get(pair.app1)!, apps.get(pair.app2)!];
        const pairId = store.savePair(group.name, app1.id, app2.id);
        for (const mode of options.modes) {
          if (done.has(`${pairId}:${mode}`)) { summary.skipped++; continue; }
          const failure = app1.failure ?? app2.failure;
          if (failure) save(pairId, { mode, verdict: failure.verdict, complete: false, error: failure.error, conflicts: [], warnings: [] });
          else tasks.push({ pairId, group: group.name, file1: app1.file, file2: app2.file, mode, attributes: trackedAttributes(group), budgetMs: options.budgetS * 1000, maxStates: options.maxStates, maxHeapMb: softHeapLimitMb(options.memoryMb), prefilter: options.prefilter, firstConflict: options.firstConflict, env: options.env });
        }
      }
    }
    const progress = new Progress(tasks.length, out);
    await runPool<PairTask, PairResult>(WORKER, tasks, { jobs: options.jobs, budgetMs: hardLimitMs(options.budgetS), memoryMb: options.memoryMb }, (task, outcome) => {
      const record = outcomeRecord(task, outcome);
      save(task.pairId, record);
      progress.finished({ group: task.group, app1: appName(task.file1), app2: appName(task.file2), mode: task.mode, verdict: record.verdict, ms: record.ms ?? 0 });
    });
    progress.end();
    // Resuming a finished run (to read its results again) keeps the end of the run that did the work.
    if (summary.stored > 0 || store.run(runId)?.endedAt == null) store.endRun(runId);
    return { ...summary, ms: Date.now() - started };
  } finally {
    store.close();
  }
}

function runGroups(options: BatchOptions): Group[] {
  if (options.pairs === undefined) return pairGroups(options.corpus, options.lists).groups;
  requireDirectory('--corpus', options.corpus);
  return [...options.pairs];
}

/** A group's tracked attributes; a group that names none (a list without groups.json) tracks every actuator attribute. */
function trackedAttributes(group: Group): readonly string[] {
  return group.attributes.length > 0 ? group.attributes : DEFAULT_TRACKED;
}

/** The worker module beside this one (TypeScript when running from source, as the tests do). */
const WORKER = new URL(`./worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * The pool's hard stop. A check ends itself at the budget with its statistics so far; the pool only
 * kills a worker that overran that by far (conflict analysis of a huge graph, a runaway handler).
 */
function hardLimitMs(budgetS: number): number {
  return budgetS * 2000 + 5000;
}

function openRun(store: Store, options: BatchOptions): number {
  const config = runConfig(options);
  if (options.resume === undefined) return store.beginRun(VERSION, options.command, config);
  const run = options.resume === 'last' ? store.lastRun(config) : store.run(Number(options.resume));
  // `--resume last` on a command never run before (or killed before it stored its run) starts it.
  if (!run && options.resume === 'last') return store.beginRun(VERSION, options.command, config);
  if (!run) throw new UsageError(`no run ${options.resume} in ${options.db}`);
  if (JSON.stringify(run.config) !== JSON.stringify(config)) throw new UsageError(`run ${run.id} was started with another configuration: ${JSON.stringify(run.config)}`);
  return run.id;
}

/** Records every app of the groups once, with its content hash and whether it parses and lowers. */
function registerApps(store: Store, corpus: string, groups: readonly Group[]): Map<string, AppEntry> {
  const apps = new Map<string, AppEntry>();
  for (const name of new Set(groups.flatMap((g) => g.apps))) {
    const file = join(corpus, name);
    const shortName = appName(file);
    const text = readSource(file);
    if (!text.ok) {
      const error = formatLoadError(text.error);
      apps.set(name, { id: store.saveApp({ name: shortName, path: file, contentHash: '', status: 'parse-error', error }), file, failure: { verdict: 'error', error } });
      continue;
    }
    const contentHash = createHash('sha256').update(text.source).digest('hex');
    const loaded = loadApp(file);
    const failure = loaded.ok ? undefined : { verdict: loaded.kind, error: formatLoadError(loaded.error) };
    const status = loaded.ok ? 'ok' : loaded.kind === 'parse-error' ? 'parse-error' : 'lower-error';
    apps.set(name, { id: store.saveApp({ name: shortName, path: file, contentHash, status, error: failure?.error }), file, failure });
  }
  return apps;
}

function appName(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.groovy$/, '');
}
