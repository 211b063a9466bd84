// One app checked against a corpus: every app of the corpus it shares an automatic group with (a
// device capability both actuate, or the location mode both write) is checked with it in both
// orders (App2's handlers run first on a shared event, so the orders can differ, as a batch runs
// both), in parallel on the batch's worker pool, tracking the attributes of all the groups they
// share. Nothing is stored: the result is returned ranked, conflicts first.
import { resolve } from 'node:path';
import { classifyApp, type AppClassification } from '../analysis/classify.js';
import type { LowerError } from '../lower/lower.js';
import { sharedGroups } from '../pairs/auto.js';
import { classifyFiles } from '../pairs/classify.js';
import { requireDirectory } from '../pairs/source.js';
import { lowerFile } from '../pipeline/load.js';
import { traceSteps } from '../pipeline/trace.js';
import { runPool } from '../pool/pool.js';
import { isUnfinished, type ConflictReport, type Mode, type PairResult } from '../results/types.js';
import { collectGroovyFiles } from '../util/files.js';
import { softHeapLimitMb } from '../util/heap.js';
import { hardLimitMs, PAIR_WORKER, type BatchOptions } from './batch.js';
import { outcomeRecord, type PairTask } from './task.js';

/** The batch's search options (the same budgets and environment), for one app against a corpus. */
export interface AgainstOptions extends Pick<BatchOptions, 'corpus' | 'modes' | 'jobs' | 'budgetS' | 'memoryMb' | 'maxStates' | 'prefilter' | 'firstConflict' | 'env'> {
  app: string;
  /** Called as each (partner, mode) check ends. */
  onChecked?: (done: number, total: number) => void;
}

/** A corpus app checked with the app, in each mode. */
export interface AgainstPartner {
  app: string;
  file: string;
  /** The automatic groups the two apps share, and the attributes tracked for them. */
  groups: string[];
  attributes: string[];
  results: AgainstResult[];
}

/** Which of the pair's two orders a check ran: the app as App1 (`app-first`) or as App2. */
export const AGAINST_ORDERS = ['app-first', 'partner-first'] as const;
export type AgainstOrder = (typeof AGAINST_ORDERS)[number];

/** A check's outcome, as a worker gives it (or the pool, for a worker stopped or dead). */
export type AgainstResult = Pick<PairResult, 'mode' | 'verdict' | 'complete' | 'error'> & Partial<PairResult> & { order: AgainstOrder; conflicts: ConflictReport[] };

export interface AgainstReport {
  app: string;
  corpus: string;
  /** Corpus apps that lower (the app itself left out). */
  corpusApps: number;
  /** The partners, ranked: conflicts first (most conflicts, then the shortest trace), then unfinished, failed, no conflict. */
  partners: AgainstPartner[];
  /** Corpus apps that do not parse or lower (left out). */
  failures: LowerError[];
  ms: number;
}

export type AgainstOutcome = { ok: true; report: AgainstReport } | { ok: false; error: LowerError };

export async function checkAgainst(options: AgainstOptions): Promise<AgainstOutcome> {
  const started = Date.now();
  requireDirectory('--against', options.corpus);
  const lowered = lowerFile(options.app);
  if (!lowered.ok) return { ok: false, error: lowered.error };
  const mine = classifyApp(lowered.app);
  const own = resolve(options.app);
  const corpusFiles = collectGroovyFiles([options.corpus]).filter((f) => resolve(f) !== own);
  const { apps, failures } = classifyFiles(corpusFiles);
  const files = new Map(corpusFiles.map((f) => [fileName(f), f]));
  const partners = apps.flatMap((other) => partnerOf(mine, other, files));
  const tasks = partners.flatMap((partner, index) => options.modes.flatMap((mode) => AGAINST_ORDERS.map((order) => task(options, partner, index, mode, order))));
  let done = 0;
  await runPool<PairTask, PairResult>(PAIR_WORKER, tasks, { jobs: options.jobs, budgetMs: hardLimitMs(options.budgetS), memoryMb: options.memoryMb }, (t, outcome) => {
    partners[partnerIndex(t)].results.push(againstResult(t, outcome));
    options.onChecked?.(++done, tasks.length);
  });
  const rank = (r: AgainstResult) => options.modes.indexOf(r.mode) * AGAINST_ORDERS.length + AGAINST_ORDERS.indexOf(r.order);
  for (const partner of partners) partner.results.sort((a, b) => rank(a) - rank(b));
  return { ok: true, report: { app: options.app, corpus: options.corpus, corpusApps: apps.length, partners: partners.sort(byRank), failures, ms: Date.now() - started } };
}

function partnerOf(mine: AppClassification, other: AppClassification, files: Map<string, string>): AgainstPartner[] {
  const groups = sharedGroups(mine, other);
  const file = files.get(other.app);
  if (groups.length === 0 || file === undefined) return [];
  const attributes = [...new Set(groups.flatMap((g) => g.attributes))].sort();
  return [{ app: other.app.replace(/\.groovy$/, ''), file, groups: groups.map((g) => g.name), attributes, results: [] }];
}

/** A task's id says its partner and order: 2 × the partner's index, plus 1 for the partner first. */
function task(options: AgainstOptions, partner: AgainstPartner, index: number, mode: Mode, order: AgainstOrder): PairTask {
  const appFirst = order === 'app-first';
  return {
    pairId: index * AGAINST_ORDERS.length + AGAINST_ORDERS.indexOf(order),
    group: partner.groups.join(','),
    file1: appFirst ? options.app : partner.file,
    file2: appFirst ? partner.file : options.app,
    mode,
    attributes: partner.attributes,
    budgetMs: options.budgetS * 1000,
    maxStates: options.maxStates,
    maxHeapMb: softHeapLimitMb(options.memoryMb),
    prefilter: options.prefilter,
    firstConflict: options.firstConflict,
    env: options.env,
  };
}

function partnerIndex(t: PairTask): number {
  return Math.floor(t.pairId / AGAINST_ORDERS.length);
}

function againstResult(t: PairTask, outcome: Parameters<typeof outcomeRecord>[1]): AgainstResult {
  const order = AGAINST_ORDERS[t.pairId % AGAINST_ORDERS.length];
  if (outcome.kind === 'done') return { ...outcome.value, order };
  const record = outcomeRecord(t, outcome);
  return { mode: record.mode, order, verdict: record.verdict, complete: false, error: record.error, ms: record.ms, conflicts: [] };
}

/** The file name the classification names an app by (`enhanced-auto-lock-door.groovy`). */
function fileName(file: string): string {
  return file.replace(/^.*[\\/]/, '');
}

/** The conflicts of a partner over all modes and both orders, each (device, attribute, apps' values) once, shortest trace kept. */
export function distinctConflicts(partner: AgainstPartner): ConflictReport[] {
  const byKey = new Map<string, ConflictReport>();
  for (const c of partner.results.flatMap((r) => r.conflicts)) {
    const key = `${c.device}.${c.attribute} ${c.later.appName}=${c.later.value} ${c.earlier.appName}=${c.earlier.value}`;
    const known = byKey.get(key);
    if (!known || traceSteps(c.trace) < traceSteps(known.trace)) byKey.set(key, c);
  }
  return [...byKey.values()].sort((a, b) => traceLength(a) - traceLength(b));
}

function traceLength(c: ConflictReport): number {
  return c.trace.events.length * 1e6 + traceSteps(c.trace);
}

/** 0 conflict, 1 unfinished, 2 an app failed, 3 no conflict. */
export function rankClass(partner: AgainstPartner): number {
  const verdicts = partner.results.map((r) => r.verdict);
  if (verdicts.includes('conflict')) return 0;
  if (verdicts.some(isUnfinished)) return 1;
  if (verdicts.some((v) => v !== 'no-conflict')) return 2;
  return 3;
}

function byRank(a: AgainstPartner, b: AgainstPartner): number {
  const classes = rankClass(a) - rankClass(b);
  if (classes !== 0) return classes;
  const [ca, cb] = [distinctConflicts(a), distinctConflicts(b)];
  if (ca.length !== cb.length) return cb.length - ca.length;
  if (ca.length > 0) return traceLength(ca[0]) - traceLength(cb[0]) || a.app.localeCompare(b.app);
  return a.app.localeCompare(b.app);
}
