// What the HTML report shows, shaped from one stored run: the run's configuration and time, verdict
// counts per group, and one entry per ordered pair with both modes' statistics, the speedup, the
// conflicts as `stcheck show` renders them, the warnings and, for small pairs, the state graphs.
import { renderConflict } from '../report/trace-text.js';
import type { Mode, StoredResult, Verdict } from '../results/types.js';
import { conflictReports } from '../show/pair-results.js';
import type { Store } from '../store/store.js';
import type { RunRecord } from '../store/types.js';
import { environmentOfRun, firstConflictOfRun, trackedAttributesOfRun } from '../batch/stored-run.js';
import { exploredStateGraph, GRAPH_MAX_STATES, type GraphCheck, type StateGraph } from './state-graph.js';

export interface ModeEntry {
  verdict: Verdict;
  complete: boolean;
  states: number | null;
  transitions: number | null;
  executions: number | null;
  ms: number | null;
  error: string | null;
}

export interface ConflictEntry {
  /** The trace as `stcheck show` prints it; the first line names the conflicting writes. */
  lines: string[];
  /** The modes that found this conflict (DPOR and no-DPOR usually find the same ones). */
  modes: Mode[];
}

export interface PairEntry {
  group: string;
  app1: string;
  app2: string;
  modes: Partial<Record<Mode, ModeEntry>>;
  /** No-DPOR time over DPOR time, an unfinished mode counted as the budget; null without both modes or when neither finished. */
  speedup: number | null;
  conflicts: ConflictEntry[];
  warnings: string[];
  graphs: StateGraph[];
}

export interface GroupSummary {
  group: string;
  pairs: number;
  /** Results per mode and verdict. */
  verdicts: Partial<Record<Mode, Record<string, number>>>;
}

export interface ReportData {
  generatedAt: string;
  db: string;
  run: RunRecord;
  /** The run's wall time, when it ended. */
  seconds: number | null;
  groups: GroupSummary[];
  pairs: PairEntry[];
}

export function reportData(store: Store, run: RunRecord, db: string): ReportData {
  const results = store.results(run.id);
  const budgetMs = budgetSecondsOf(run) * 1000;
  const graphCheck = graphCheckOfRun(run);
  const pairs = [...groupByPair(results).values()].map((rs) => pairEntry(store, rs, budgetMs, graphCheck));
  return {
    generatedAt: new Date().toISOString(),
    db,
    run,
    seconds: run.endedAt === null ? null : (Date.parse(run.endedAt) - Date.parse(run.startedAt)) / 1000,
    groups: groupSummaries(pairs),
    pairs,
  };
}

function budgetSecondsOf(run: RunRecord): number {
  const budget = (run.config as { budgetS?: unknown } | null)?.budgetS;
  return typeof budget === 'number' ? budget : Number.NaN;
}

function groupByPair(results: readonly StoredResult[]): Map<string, StoredResult[]> {
  const pairs = new Map<string, StoredResult[]>();
  for (const r of results) {
    const key = `${r.group}\u0000${r.app1}\u0000${r.app2}`;
    pairs.set(key, [...(pairs.get(key) ?? []), r]);
  }
  return pairs;
}

/** How the run checked a group's pairs, for re-exploring their graphs the same way. */
function graphCheckOfRun(run: RunRecord): (group: string) => GraphCheck | undefined {
  const attributesOf = trackedAttributesOfRun(run.config);
  const env = environmentOfRun(run.config);
  const firstConflict = firstConflictOfRun(run.config);
  return (group) => {
    const attributes = attributesOf(group);
    return attributes && { env, attributes, firstConflict };
  };
}

function pairEntry(store: Store, unordered: readonly StoredResult[], budgetMs: number, graphCheck: (group: string) => GraphCheck | undefined): PairEntry {
  // DPOR first, whichever mode the batch stored first.
  const results = [...unordered].sort((a, b) => a.mode.localeCompare(b.mode));
  const modes = Object.fromEntries(results.map((r) => [r.mode, modeEntry(r)])) as PairEntry['modes'];
  return {
    group: results[0].group,
    app1: results[0].app1,
    app2: results[0].app2,
    modes,
    speedup: speedup(modes, budgetMs),
    conflicts: distinctConflicts(results),
    warnings: [...new Set(results.flatMap((r) => r.warnings.map((w) => `${w.kind}: ${w.message}`)))],
    graphs: results.filter(drawable).map((r) => stateGraph(store, r, graphCheck(r.group))).filter((g) => g !== undefined),
  };
}

/** A small pair's graph as the run explored it; none when the run's corpus no longer defines its group. */
function stateGraph(store: Store, r: StoredResult, checked: GraphCheck | undefined): StateGraph | undefined {
  return checked && exploredStateGraph(store.pairApps(r.id), r.mode, r.states!, r.conflicts, checked);
}

function modeEntry(r: StoredResult): ModeEntry {
  return { verdict: r.verdict, complete: r.complete, states: r.states ?? null, transitions: r.transitions ?? null, executions: r.executions ?? null, ms: r.ms ?? null, error: r.error ?? null };
}

/** As the paper's headline speedup: an unfinished mode counts as the budget, a time of 0 as 1 ms. */
function speedup(modes: PairEntry['modes'], budgetMs: number): number | null {
  const { dpor, nodpor } = modes;
  if (!dpor || !nodpor || (!dpor.complete && !nodpor.complete)) return null;
  const time = (m: ModeEntry) => Math.max(m.complete ? m.ms ?? 0 : budgetMs, 1);
  const ratio = time(nodpor) / time(dpor);
  return Number.isFinite(ratio) ? ratio : null;
}

function distinctConflicts(results: readonly StoredResult[]): ConflictEntry[] {
  const byText = new Map<string, ConflictEntry>();
  for (const r of results) {
    for (const report of conflictReports(r)) {
      const lines = renderConflict(report);
      const key = lines.join('\n');
      const entry = byText.get(key) ?? { lines, modes: [] };
      entry.modes.push(r.mode);
      byText.set(key, entry);
    }
  }
  return [...byText.values()];
}

function drawable(r: StoredResult): boolean {
  return r.complete && r.states !== undefined && r.states <= GRAPH_MAX_STATES && ['conflict', 'no-conflict'].includes(r.verdict);
}

function groupSummaries(pairs: readonly PairEntry[]): GroupSummary[] {
  const groups = new Map<string, GroupSummary>();
  for (const pair of pairs) {
    const summary = groups.get(pair.group) ?? { group: pair.group, pairs: 0, verdicts: {} };
    summary.pairs++;
    for (const [mode, entry] of Object.entries(pair.modes) as Array<[Mode, ModeEntry]>) {
      const counts = (summary.verdicts[mode] ??= {});
      counts[entry.verdict] = (counts[entry.verdict] ?? 0) + 1;
    }
    groups.set(pair.group, summary);
  }
  return [...groups.values()];
}
