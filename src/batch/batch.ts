// A batch run: every pair of the chosen groups, in each mode, on a pool of worker processes under
// time and heap budgets, each result stored as soon as it is known. A run can be resumed: the
// (pair, mode) results it already holds are skipped (except one whose worker died, checked once
// more), and the store never keeps one twice.
import { createHash } from 'node:crypto';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../util/version.js';
import { cpuClockMs } from '../util/cpu-clock.js';
import { pairGroups, requireDirectory, selectGroups, UsageError, type Group } from '../pairs/source.js';
import type { EnvironmentName } from '../model/environment.js';
import { DEFAULT_TRACKED } from '../pipeline/explore-pair.js';
import { formatLoadError, loadSource } from '../pipeline/load.js';
import { runPool, type PoolOptions } from '../pool/pool.js';
import type { TaskOutcome } from '../pool/protocol.js';
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
  /** Where the tasks run: this machine's pool by default (src/queue gives one that spreads them over machines). */
  runner?: TaskRunner;
}

/** What a runner knows of the run whose tasks it runs. */
export interface RunContext {
  runId: number;
  /** When the run began (with the id and the store, what tells it from another run). */
  startedAt: string;
  /** The store's file, resolved. */
  db: string;
  /** The corpus directory, resolved: every task's files are under it. */
  corpus: string;
  /** The budgets each task runs under. */
  pool: PoolOptions;
  /** The sha256 of each task's app files as the batch read them (a runner elsewhere checks its copies against it). */
  contentHashes: ReadonlyMap<string, string>;
}

/**
 * Runs a run's tasks and calls `onOutcome` for each as it ends, at least once (the store keeps the
 * first outcome of a (pair, mode) and ignores a repeat); resolves when every task has one.
 */
export type TaskRunner = (tasks: readonly PairTask[], run: RunContext, onOutcome: (task: PairTask, outcome: TaskOutcome<PairResult>) => void) => Promise<void>;

/** The pool's worker module, which checks one pair per task: beside this one (TypeScript when running from source, as the tests do). */
export const PAIR_WORKER = new URL(`./worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** The default runner: the tasks on this machine's worker processes. */
export const runLocally: TaskRunner = (tasks, run, onOutcome) => runPool<PairTask, PairResult>(PAIR_WORKER, tasks, run.pool, onOutcome);

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
  /** sha256 of the file as this process read it. */
  contentHash: string;
  /** Set when the app does not parse or lower: every pair with it gets this verdict. */
  failure?: { verdict: Verdict; error: string };
}

export async function runBatch(options: BatchOptions, out: NodeJS.WriteStream = process.stderr): Promise<BatchSummary> {
  const started = Date.now();
  const groups = selectGroups(runGroups(options), options.groups);
  const store = new Store(options.db);
  try {
    const runId = openRun(store, options);
    const apps = registerApps(store, options.corpus, groups, options.budgetS);
    const done = store.doneKeys(runId);
    const summary: BatchSummary = { runId, stored: 0, skipped: 0, verdicts: {}, ms: 0 };
    const save = (pairId: number, record: ResultRecord) => {
      if (!store.saveResult(runId, pairId, record)) return false;
      summary.stored++;
      summary.verdicts[record.verdict] = (summary.verdicts[record.verdict] ?? 0) + 1;
      return true;
    };
    const tasks: PairTask[] = [];
    for (const group of groups) {
      for (const pair of group.pairs) {
        const [app1, app2] = [apps.get(pair.app1)!, apps.get(pair.app2)!];
        const pairId = store.savePair(group.name, app1.id, app2.id);
        for (const mode of options.modes) {
          if (done.has(`${pairId}:${mode}`)) { summary.skipped++; continue; }
          const failure = app1.failure ?? app2.failure;
          if (failure) save(pairId, { mode, verdict: failure.verdict, complete: false, error: failure.error, decidedBy: 'load', conflicts: [], warnings: [] });
          else tasks.push({ pairId, group: group.name, file1: app1.file, file2: app2.file, mode, attributes: trackedAttributes(group), budgetMs: options.budgetS * 1000, maxStates: options.maxStates, maxHeapMb: softHeapLimitMb(options.memoryMb), prefilter: options.prefilter, firstConflict: options.firstConflict, env: options.env });
        }
      }
    }
    const progress = new Progress(tasks.length, out, { skipped: summary.skipped, resumeHint: resumeCommand(options.command, runId) });
    const run: RunContext = {
      runId, startedAt: store.run(runId)!.startedAt, db: resolve(options.db), corpus: resolve(options.corpus),
      pool: { jobs: options.jobs, budgetMs: hardLimitMs(options.budgetS), memoryMb: options.memoryMb },
      contentHashes: new Map([...apps.values()].map((app) => [app.file, app.contentHash])),
    };
    await (options.runner ?? runLocally)(tasks, run, (task, outcome) => {
      const record = outcomeRecord(task, outcome);
      if (!save(task.pairId, record)) return;
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

/**
 * The pool's hard stop, on the wall clock. A check ends itself at its budget of CPU time with its
 * statistics so far; the pool only kills a worker that overran that by far (conflict analysis of a
 * huge graph, a runaway handler). Far enough that a check sharing its core with two other processes
 * still reaches its own budget: on a busy machine a budget of CPU time takes longer to spend.
 */
export function hardLimitMs(budgetS: number): number {
  return budgetS * 4000 + 10000;
}

function openRun(store: Store, options: BatchOptions): number {
  const config = runConfig(options);
  if (options.resume === undefined) return store.beginRun(VERSION, options.command, config);
  const run = options.resume === 'last' ? store.lastRun(config) : store.run(Number(options.resume));
  if (!run && options.resume === 'last') {
    // `--resume last` on a store without runs (or killed before it stored its run) starts the run;
    // on one whose newest run has other options it refuses: resuming must never start a new run silently.
    const newest = store.lastRun();
    if (!newest) return store.beginRun(VERSION, options.command, config);
    throw new UsageError(`--resume last: no run in ${options.db} has these options; the newest, run ${newest.id}, differs in ${configDifference(newest.config, config)} (resume it with its own options, or leave out --resume to start a new run)`);
  }
  if (!run) throw new UsageError(`no run ${options.resume} in ${options.db}`);
  if (JSON.stringify(run.config) !== JSON.stringify(config)) throw new UsageError(`run ${run.id} was started with other options: it differs in ${configDifference(run.config, config)}`);
  return run.id;
}

/** `budgetS: 60 there, 10 here; modes: ["dpor"] there, ["dpor","nodpor"] here` */
export function configDifference(stored: unknown, current: ReturnType<typeof runConfig>): string {
  const there = (stored ?? {}) as Record<string, unknown>;
  const here = current as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(there), ...Object.keys(here)])];
  const shown = (value: unknown) => (value === undefined ? '(not set)' : JSON.stringify(value));
  return keys
    .filter((key) => JSON.stringify(there[key]) !== JSON.stringify(here[key]))
    .map((key) => `${key}: ${shown(there[key])} there, ${shown(here[key])} here`)
    .join('; ');
}

/** The command that resumes this run: the one given, with `--resume` naming the run. */
function resumeCommand(command: string, runId: number): string {
  return `${command.replace(/ --resume(=| )\S+/, '')} --resume ${runId}`;
}

/**
 * Records every app of the groups once, with its content hash and whether it parses and lowers;
 * each app is loaded under the pair's budget, so a huge file costs its pairs, not the batch.
 */
function registerApps(store: Store, corpus: string, groups: readonly Group[], budgetS: number): Map<string, AppEntry> {
  const apps = new Map<string, AppEntry>();
  for (const name of new Set(groups.flatMap((g) => g.apps))) {
    const file = join(corpus, name);
    const shortName = appName(file);
    const text = readSource(file);
    if (!text.ok) {
      const error = formatLoadError(text.error);
      apps.set(name, { id: store.saveApp({ name: shortName, path: file, contentHash: '', status: 'parse-error', error }), file, contentHash: '', failure: { verdict: 'error', error } });
      continue;
    }
    const contentHash = createHash('sha256').update(text.source).digest('hex');
    const loaded = loadSource(file, text.source, { deadline: cpuClockMs() + budgetS * 1000 });
    const failure = loaded.ok ? undefined : { verdict: loaded.kind, error: formatLoadError(loaded.error) };
    const status = loaded.ok ? 'ok' : loaded.kind === 'parse-error' ? 'parse-error' : 'lower-error';
    apps.set(name, { id: store.saveApp({ name: shortName, path: file, contentHash, status, error: failure?.error }), file, contentHash, failure });
  }
  return apps;
}

function appName(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.groovy$/, '');
}
