// The whole pipeline for one ordered app pair: load both apps, build the pair's event list and its
// event system, explore it with the chosen strategy, then find the conflicts by the last-writer
// dataflow over the explored graph and replay each one's path into a readable trace.
import { check } from '../check/check.js';
import type { CheckOptions, CheckResult, ExploredGraph, Verdict } from '../check/types.js';
import { conflictKey, detectConflicts } from '../conflicts/detect.js';
import { physicalWarnings } from '../conflicts/physical.js';
import { noConflictReason } from '../conflicts/prefilter.js';
import type { Conflict, WriteGraph } from '../conflicts/types.js';
import type { AttributeWrite } from '../model/attribute-write.js';
import { InterpError, UnsupportedError } from '../interp/errors.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import { buildPairEvents } from '../model/events.js';
import { INITIAL_CONFIGURATIONS, PairSystem, type PairState, type PairTransitionInfo } from '../model/pair-system.js';
import { heapMb } from '../util/heap.js';
import { formatLoadError, loadApp, type LoadedApp } from './load.js';
import { buildTrace, type Trace } from './trace.js';

export type Mode = 'dpor' | 'nodpor';

export type PairVerdict = 'conflict' | 'no-conflict' | 'timeout' | 'state-limit' | 'out-of-memory' | 'unsupported' | 'parse-error' | 'error';

export interface CheckPairOptions {
  mode: Mode;
  /** Tracked attributes (`lock`, `switch`, `location.mode`); default: every actuator attribute and the location mode. */
  attributes?: readonly string[];
  budgetMs?: number;
  maxStates?: number;
  /** The checker's soft heap limit (`CheckOptions.maxHeapMb`); when it stops the search the verdict is `out-of-memory`. */
  maxHeapMb?: number;
  /**
   * Stop at the first conflict, as the reference does: the search stops once the graph explored so
   * far has a conflict (polled at doubling transition counts), and the one with the shortest trace
   * in the explored part is reported; `complete` is then false.
   */
  firstConflict?: boolean;
  /**
   * Decide `no-conflict` without exploring when the apps' static write bounds share no tracked
   * attribute (src/conflicts/prefilter.ts). Off by default here; the CLI commands turn it on.
   */
  prefilter?: boolean;
}

export interface ConflictWrite {
  /** `App1` or `App2`. */
  app: string;
  /** The app's name (its file name without `.groovy`). */
  appName: string;
  value: string;
  manual: boolean;
  line?: number;
  column?: number;
}

export interface ConflictReport {
  device: string;
  attribute: string;
  later: ConflictWrite;
  earlier: ConflictWrite;
  trace: Trace;
}

export interface PairWarning {
  kind: string;
  message: string;
}

export interface PairCheckResult {
  mode: Mode;
  verdict: PairVerdict;
  /** The whole state space was explored (a search stopped by its budget can still find conflicts). */
  complete: boolean;
  events: number;
  states: number;
  transitions: number;
  executions: number;
  ms: number;
  /** This thread's heap at the end of the check, in MB (an upper bound of its live data). */
  peakMemoryMb: number;
  error?: string;
  /** `static` when the prefilter decided the pair without exploring it (states and transitions are 0). */
  decidedBy: 'search' | 'static';
  /** Why the prefilter decided the pair. */
  reason?: string;
  conflicts: ConflictReport[];
  warnings: PairWarning[];
}

/** Every attribute some command writes (the actuator attributes), plus the location mode. */
export const DEFAULT_TRACKED: readonly string[] = [
  ...new Set(CAPABILITIES.flatMap((c) => Object.values(c.commands).flatMap((cmd) => cmd.writes.map((w) => w.attribute)))),
  'location.mode',
];

export function checkPairFiles(file1: string, file2: string, options: CheckPairOptions): PairCheckResult {
  const started = Date.now();
  const loaded = [loadApp(file1), loadApp(file2)];
  for (const l of loaded) {
    if (!l.ok) return failed(options.mode, l.kind, formatLoadError(l.error), started);
  }
  const [app1, app2] = loaded.map((l) => (l as Extract<typeof l, { ok: true }>).app);
  return checkPair(app1, app2, options);
}

/** The pair's event system: both apps installed in one home, driven by the pair's event list. */
export function pairSystem(app1: LoadedApp, app2: LoadedApp): PairSystem {
  return new PairSystem([app1.ir, app2.ir], buildPairEvents(app1, app2).events);
}

/**
 * A conflict of an explored pair: `path` runs in the explored graph from `initialState`, the state
 * installing both apps in initial configuration `configuration` ends in (the installation's own
 * writes take part in the dataflow: see `writeGraph`).
 */
export interface PairConflict extends Conflict {
  configuration: number;
}

/** A pair explored: the checker's result and the conflicts of the explored graph (shortest path each). */
export interface ExploredPair {
  result: CheckResult<PairState, PairTransitionInfo>;
  conflicts: PairConflict[];
}

/**
 * Explores the pair's event system and finds its conflicts; an app's failure throws its InterpError.
 * With `firstConflict`, the search stops as soon as the graph explored so far has a conflict.
 */
export function explorePair(system: PairSystem, options: CheckPairOptions): ExploredPair {
  return searchPair(
    system,
    options,
    { strategy: options.mode, timeLimitMs: options.budgetMs, maxStates: options.maxStates, maxHeapMb: options.maxHeapMb },
    options.firstConflict ? (conflicts) => conflicts.length > 0 : undefined,
  );
}

/**
 * Runs the checker on the pair and finds the conflicts of the graph it explored; `stopAt`, when
 * given, stops the search once the conflicts of the graph so far satisfy it.
 */
function searchPair(
  system: PairSystem,
  options: CheckPairOptions,
  search: CheckOptions<PairState, PairTransitionInfo>,
  stopAt?: (conflicts: readonly PairConflict[]) => boolean,
): ExploredPair {
  const filter = trackedFilter(options);
  const installs = INITIAL_CONFIGURATIONS.map((_, index) => system.installation(index).writes);
  // The last detection, reused at the end when the search stopped right after it.
  let last: { states: number; transitions: number; conflicts: PairConflict[] } | undefined;
  const conflictsOf = (graph: ExploredGraph<PairState, PairTransitionInfo>): PairConflict[] => {
    if (last?.states !== graph.stateCount || last.transitions !== graph.transitionCount) {
      const conflicts = detectConflicts(writeGraph(graph, installs), filter).map((c) => afterInstallation(c, graph));
      last = { states: graph.stateCount, transitions: graph.transitionCount, conflicts };
    }
    return last.conflicts;
  };
  const result = check(system, { ...search, ...(stopAt ? { stopWhen: (graph: ExploredGraph<PairState, PairTransitionInfo>) => stopAt(conflictsOf(graph)) } : {}) });
  return { result, conflicts: conflictsOf(result.graph) };
}

/** A conflict with the events that produce it, fired from its initial configuration after the installation. */
interface Witness {
  conflict: PairConflict;
  events: number[];
}

function witnessesOf(explored: ExploredPair): Witness[] {
  const { graph } = explored.result;
  return explored.conflicts.map((conflict) => ({ conflict, events: conflict.path.map((t) => graph.transition(t).event) }));
}

/** States a shortening search may explore per state of the search it shortens (and at least `MIN_SHORTENING_STATES`). */
const SHORTENING_STATES_FACTOR = 10;
const MIN_SHORTENING_STATES = 10_000;
/** The least time a shortening search gets, as a share of the pair's budget, even after a search that used all of it. */
const MIN_SHORTENING_SHARE = 0.25;

/**
 * Shorter paths to the conflicts of a search that stopped before its end (at its first conflict,
 * or at a budget). Such a search explored part of the graph, depth first, so the paths it found can
 * run to dozens or thousands of events where a few would do. A breadth-first search of the pair
 * reaches every state along a shortest path; it stops once its graph shows every conflict wanted
 * (with `firstConflict`, any one of them), after ten times the first search's states, or when
 * what is left of the pair's budget runs out; it gets at least a quarter of the budget, since a
 * search stopped by its budget leaves nothing and has the longest paths. A conflict it does not
 * reach keeps its path, and so do all when an app fails in a state only the breadth-first search
 * reaches.
 */
function shortened(system: PairSystem, found: Witness[], searchedStates: number, options: CheckPairOptions, started: number): Witness[] {
  const wanted = new Set(found.map((w) => conflictIdentity(w.conflict)));
  const timeLimitMs = options.budgetMs === undefined ? undefined : Math.max(options.budgetMs - (Date.now() - started), MIN_SHORTENING_SHARE * options.budgetMs);
  const maxStates = Math.min(Math.max(MIN_SHORTENING_STATES, SHORTENING_STATES_FACTOR * searchedStates), options.maxStates ?? Infinity);
  const reached = (conflicts: readonly PairConflict[]) => conflicts.filter((c) => wanted.has(conflictIdentity(c))).length;
  const enough = (conflicts: readonly PairConflict[]) => reached(conflicts) >= (options.firstConflict ? 1 : wanted.size);
  let breadthFirst: ExploredPair;
  try {
    breadthFirst = searchPair(system, options, { strategy: 'nodpor', order: 'breadth-first', timeLimitMs, maxStates, maxHeapMb: options.maxHeapMb }, enough);
  } catch (error) {
    // An app failing in a state the first search did not reach: the paths found stand.
    if (error instanceof InterpError) return found;
    throw error;
  }
  const shorter = new Map(witnessesOf(breadthFirst).map((w) => [conflictIdentity(w.conflict), w]));
  return found.map((w) => {
    const other = shorter.get(conflictIdentity(w.conflict));
    return other && other.events.length < w.events.length ? other : w;
  });
}

function conflictIdentity(c: Conflict): string {
  return conflictKey(c.later, c.earlier);
}

export function checkPair(app1: LoadedApp, app2: LoadedApp, options: CheckPairOptions): PairCheckResult {
  const started = Date.now();
  const names = { App1: appName(app1), App2: appName(app2) };
  const reason = options.prefilter ? prefilterReason(app1, app2, options) : undefined;
  if (reason !== undefined) return decidedStatically(app1, app2, options.mode, reason, names, started);
  const system = pairSystem(app1, app2);
  let explored: ExploredPair | undefined;
  try {
    explored = explorePair(system, options);
  } catch (error) {
    if (!(error instanceof InterpError)) throw error;
    // An unmodelled API is `unsupported`; an app exception while installing, or a runaway handler
    // stopped by the interpreter's step budget, is an `error` of the app.
    const verdict = error instanceof UnsupportedError ? 'unsupported' : 'error';
    return { ...failed(options.mode, verdict, error.message, started), events: system.eventCount };
  }
  // What is kept of the search: its graph goes before a shortening search builds another.
  const { verdict, complete, stats } = explored.result;
  let witnesses = witnessesOf(explored);
  explored = undefined;
  if (!complete && witnesses.length > 0) witnesses = shortened(system, witnesses, stats.states, options, started);
  let conflicts = witnesses
    .map(({ conflict: c, events }) => ({
      device: c.device,
      attribute: c.attribute,
      later: conflictWrite(c.later, names),
      earlier: conflictWrite(c.earlier, names),
      trace: buildTrace(system, c.configuration, events, names),
    }))
    .sort((a, b) => a.trace.steps.length - b.trace.steps.length);
  if (options.firstConflict) conflicts = conflicts.slice(0, 1);
  return {
    mode: options.mode,
    verdict: conflicts.length > 0 ? 'conflict' : verdictOf(verdict),
    complete,
    events: system.eventCount,
    states: stats.states,
    transitions: stats.transitions,
    executions: stats.executions,
    ms: Date.now() - started,
    peakMemoryMb: heapMb(),
    decidedBy: 'search',
    conflicts,
    warnings: physicalWarnings(app1.ir, app2.ir, names),
  };
}

function prefilterReason(app1: LoadedApp, app2: LoadedApp, options: CheckPairOptions): string | undefined {
  return noConflictReason([{ ir: app1.ir, name: appName(app1) }, { ir: app2.ir, name: appName(app2) }], trackedFilter(options));
}

/** The result of a pair the prefilter decided: no search ran, so no states; the event list is still built. */
function decidedStatically(app1: LoadedApp, app2: LoadedApp, mode: Mode, reason: string, names: { App1: string; App2: string }, started: number): PairCheckResult {
  return {
    mode,
    verdict: 'no-conflict',
    complete: false,
    events: buildPairEvents(app1, app2).events.length,
    states: 0,
    transitions: 0,
    executions: 0,
    ms: Date.now() - started,
    peakMemoryMb: heapMb(),
    decidedBy: 'static',
    reason,
    conflicts: [],
    warnings: physicalWarnings(app1.ir, app2.ir, names),
  };
}

function verdictOf(verdict: Verdict): PairVerdict {
  if (verdict === 'timeout' || verdict === 'state-limit') return verdict;
  if (verdict === 'memory-limit') return 'out-of-memory';
  return 'no-conflict';
}

function failed(mode: Mode, verdict: PairVerdict, error: string, started: number): PairCheckResult {
  return { mode, verdict, complete: false, events: 0, states: 0, transitions: 0, executions: 0, ms: Date.now() - started, peakMemoryMb: heapMb(), error, decidedBy: 'search', conflicts: [], warnings: [] };
}

/** Whether a write counts for conflicts: its attribute is one of the tracked ones (default DEFAULT_TRACKED). */
function trackedFilter(options: CheckPairOptions): (w: Pick<AttributeWrite, 'device' | 'attribute'>) => boolean {
  const names = new Set(options.attributes ?? DEFAULT_TRACKED);
  return (w) => (w.device === 'location' ? names.has(`location.${w.attribute}`) : names.has(w.attribute));
}

/**
 * The explored graph as conflict detection reads it, with the installation in front: for initial
 * configuration i, a root state `stateCount + i` and an edge from it to the initial state carrying
 * the writes installing both apps made (`installs[i]`). The reference's tracker records those too
 * (reference §4.2): an app that turns a light on in `installed()` conflicts with one that turns it
 * off on an event.
 */
function writeGraph(graph: ExploredGraph<PairState, PairTransitionInfo>, installs: readonly (readonly AttributeWrite[])[]): WriteGraph {
  const transitions = [];
  for (let id = 0; id < graph.transitionCount; id++) {
    const t = graph.transition(id);
    transitions.push({ src: t.src, dst: t.dst, event: t.event, writes: t.info?.writes ?? [] });
  }
  const roots = graph.initialStates.map((_, i) => graph.stateCount + i);
  graph.initialStates.forEach((initial, i) => transitions.push({ src: roots[i], dst: initial, event: -1, writes: installs[i] }));
  return { stateCount: graph.stateCount + roots.length, initialStates: roots, transitions };
}

/** A conflict found in `writeGraph`'s graph, in the explored graph's terms: its path after the installation edge. */
function afterInstallation(conflict: Conflict, graph: ExploredGraph<PairState, PairTransitionInfo>): PairConflict {
  const configuration = conflict.initialState - graph.stateCount;
  // Every path starts at a root, whose only edge is its installation.
  return { ...conflict, configuration, initialState: graph.initialStates[configuration], path: conflict.path.slice(1) };
}

function conflictWrite(w: AttributeWrite, names: Record<string, string>): ConflictWrite {
  return { app: w.app, appName: names[w.app] ?? w.app, value: w.value, manual: w.manual, line: w.at?.line, column: w.at?.column };
}

function appName(app: LoadedApp): string {
  return app.file.replace(/^.*[\\/]/, '').replace(/\.groovy$/, '');
}

