// A pair's stored results, as `stcheck show` presents them: the newest run that checked the pair,
// the order the user asked for (or the other one when only that was stored), and the verdicts of
// the other order beside it.
import { basename } from 'node:path';
import { renderResult } from '../report/trace-text.js';
import type { ConflictReport, StoredResult } from '../results/types.js';
import type { Store } from '../store/store.js';
import type { RunRecord } from '../store/types.js';

export interface PairQuery {
  app1: string;
  app2: string;
  group?: string;
}

export interface PairResults {
  run: RunRecord;
  /** The order shown: the one asked for, or the other when only that is stored. */
  app1: string;
  app2: string;
  /** One per (group, mode) of the order shown. */
  results: StoredResult[];
  /** The results of the other order in the same run (empty for an app paired with itself). */
  otherOrder: StoredResult[];
}

/** An app as the store names it: a file name or path, with or without `.groovy`. */
export function storedAppName(arg: string): string {
  return basename(arg).replace(/\.groovy$/, '');
}

/** The pair's results in the newest run that holds either of its orders, or undefined. */
export function findPairResults(store: Store, query: PairQuery): PairResults | undefined {
  const [app1, app2] = [storedAppName(query.app1), storedAppName(query.app2)];
  for (const run of store.runs().reverse()) {
    const inGroup = store.results(run.id).filter((r) => query.group === undefined || r.group === query.group).sort(byGroupThenMode);
    const given = inGroup.filter((r) => r.app1 === app1 && r.app2 === app2);
    const other = app1 === app2 ? [] : inGroup.filter((r) => r.app1 === app2 && r.app2 === app1);
    if (given.length > 0) return { run, app1, app2, results: given, otherOrder: other };
    if (other.length > 0) return { run, app1: app2, app2: app1, results: other, otherOrder: [] };
  }
  return undefined;
}

/** The batch stores each conflict's whole report (with its trace) in the conflict's trace column. */
export function conflictReports(result: StoredResult): ConflictReport[] {
  return result.conflicts.map((c) => c.trace as ConflictReport);
}

export function renderPairResults(found: PairResults, asked: PairQuery): string[] {
  const lines = [`${found.app1} × ${found.app2}: run ${found.run.id} of ${found.run.startedAt} (${found.run.command})`];
  if (found.app1 !== storedAppName(asked.app1)) lines.push(`(only this order is stored, not ${storedAppName(asked.app1)} × ${storedAppName(asked.app2)})`);
  for (const [group, results] of byGroup(found.results)) {
    lines.push('', `group ${group}:`);
    for (const r of results) lines.push(...renderResult({ ...r, conflicts: conflictReports(r) }, '  '));
  }
  if (found.otherOrder.length > 0) {
    lines.push('', `the other order, ${found.app2} × ${found.app1}: ${found.otherOrder.map(verdictSummary).join(', ')}`);
  }
  return lines;
}

/** The JSON form: the run, the order shown, its results with whole conflict reports, and the other order's verdicts. */
export function pairResultsJson(found: PairResults) {
  return {
    run: { id: found.run.id, startedAt: found.run.startedAt, endedAt: found.run.endedAt, command: found.run.command },
    app1: found.app1,
    app2: found.app2,
    results: found.results.map((r) => ({ ...r, conflicts: conflictReports(r) })),
    otherOrder: found.otherOrder.map((r) => ({ group: r.group, mode: r.mode, verdict: r.verdict, conflicts: r.conflicts.length })),
  };
}

// DPOR first: it is the mode the tool is about; no-DPOR is the baseline.
function byGroupThenMode(a: StoredResult, b: StoredResult): number {
  return a.group.localeCompare(b.group) || a.mode.localeCompare(b.mode);
}

function byGroup(results: readonly StoredResult[]): Map<string, StoredResult[]> {
  const groups = new Map<string, StoredResult[]>();
  for (const r of results) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return groups;
}

function verdictSummary(r: StoredResult): string {
  const conflicts = r.conflicts.length > 0 ? ` (${r.conflicts.length} conflict${r.conflicts.length === 1 ? '' : 's'})` : '';
  return `${r.group} ${r.mode} ${r.verdict}${conflicts}`;
}
