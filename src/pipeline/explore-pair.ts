// Exploring one pair: its event system, the checker's search over it, and the conflicts of the graph
// the search explored (found by the last-writer dataflow over `writeGraph`'s view of that graph).
import { check } from '../check/check.js';
import type { CheckOptions, CheckResult } from '../check/types.js';
import { detectConflicts } from '../conflicts/detect.js';
import { contestedAttributes, trackedName } from '../conflicts/prefilter.js';
import { ConflictWatch, type WatchedGraph } from '../conflicts/watch.js';
import type { AttributeWrite } from '../model/attribute-write.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import { InterpError } from '../interp/errors.js';
import { environmentOf, type Environment, type EnvironmentName } from '../model/environment.js';
import { buildPairEvents } from '../model/events.js';
import { writersFirst } from '../model/event-priority.js';
import { INITIAL_CONFIGURATIONS, PairSystem, type MemoUse, type PairState, type PairTransitionInfo } from '../model/pair-system.js';
import type { Mode } from '../results/types.js';
import type { LoadedApp } from './load.js';
import { afterInstallation, watchedGraph, writeGraph, type PairConflict } from './write-graph.js';
import { cpuClockMs } from '../util/cpu-clock.js';

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
   * far has a conflict (known at the transition that brings it: conflicts/watch.ts), and the one with the shortest trace
   * in the explored part is reported; `complete` is then false.
   */
  firstConflict?: boolean;
  /**
   * Decide `no-conflict` without exploring when the apps' static write bounds share no tracked
   * attribute (src/conflicts/prefilter.ts). Off by default here; the CLI commands turn it on.
   */
  prefilter?: boolean;
  /** The environment (src/model/environment.ts); default `reference` here, `full` in the CLI commands. */
  env?: EnvironmentName;
  /** Reports the search's progress as it runs (`CheckOptions.onProgress`). */
  onProgress?: CheckOptions['onProgress'];
  /** Whether transitions are remembered by the parts they touched (model/transition-memo.ts); default `on`. */
  memo?: MemoUse;
}

/** Every attribute some command writes (the actuator attributes), plus the location mode and the Smart Home Monitor's status. */
export const DEFAULT_TRACKED: readonly string[] = [
  ...new Set(CAPABILITIES.flatMap((c) => Object.values(c.commands).flatMap((cmd) => cmd.writes.map((w) => w.attribute)))),
  'location.mode',
  `location.${ALARM_SYSTEM_STATUS.attribute}`,
];

/**
 * The pair's event system: both apps installed in one home, driven by the pair's event list in the
 * check's environment (`pairEnvironment`); its states leave out what cannot matter to the attributes
 * tracked (`options.attributes`). With `firstConflict`, the events that can write a tracked
 * attribute come first (event-priority.ts).
 */
export function pairSystem(app1: LoadedApp, app2: LoadedApp, options: Pick<CheckPairOptions, 'attributes' | 'firstConflict' | 'env' | 'memo'> = {}): PairSystem {
  const env = pairEnvironment(options);
  const tracked = options.attributes ?? DEFAULT_TRACKED;
  const irs = [app1.ir, app2.ir] as const;
  const events = buildPairEvents(app1, app2, env, tracked).events;
  // The environment's events follow the tracked list; the states need only what both apps may
  // write, on the devices they may write it on (model/live-attributes.ts).
  const stateTracked = env.contestedOnly ? contestedAttributes(irs, tracked) : tracked;
  return new PairSystem(irs, options.firstConflict ? writersFirst(irs, events, stateTracked) : events, [appName(app1), appName(app2)], { tracked: stateTracked, environment: env, memo: options.memo });
}

/**
 * The environment of a check: its name (default `reference`), with the reference's different mode
 * settings when the check tracks only location variables (the reference's global-variable runs).
 */
export function pairEnvironment(options: Pick<CheckPairOptions, 'env' | 'attributes'>): Environment {
  const locationOnly = options.attributes !== undefined && options.attributes.length > 0 && options.attributes.every((a) => a.startsWith('location.'));
  return environmentOf(options.env ?? 'reference', locationOnly);
}

/** An app's name for people: its file name without `.groovy`. */
export function appName(app: LoadedApp): string {
  return app.file.replace(/^.*[\\/]/, '').replace(/\.groovy$/, '');
}

/** A pair explored: the checker's result and the conflicts of the explored graph (a short path each). */
export interface ExploredPair {
  result: CheckResult<PairState, PairTransitionInfo>;
  conflicts: PairConflict[];
}

/**
 * States the breadth-first probe of `firstConflict` may explore. Conflicts of real pairs mostly
 * lie a few events from an initial state, where a depth-first search (DPOR explores one initial
 * configuration to its end before the next) can take tens of thousands of states to get; a probe of
 * this size costs a pair without a conflict a few seconds at most (results/perf.md).
 */
export const PROBE_STATES = 1000;

/**
 * Explores the pair's event system and finds its conflicts; an app's failure throws its InterpError.
 * With `firstConflict`, the search stops as soon as the graph explored so far has a conflict, and a
 * plain breadth-first probe of at most PROBE_STATES states runs first: a conflict it finds is the
 * result (with its counts); otherwise the mode's search runs as without it, in what is left of
 * the budget.
 */
export function explorePair(system: PairSystem, options: CheckPairOptions): ExploredPair {
  const deadline = options.budgetMs === undefined ? undefined : cpuClockMs() + options.budgetMs;
  const budgets = { deadline, maxHeapMb: options.maxHeapMb, onProgress: options.onProgress };
  if (options.firstConflict) {
    const probe = probeConflicts(system, options, { ...budgets, maxStates: Math.min(PROBE_STATES, options.maxStates ?? Infinity) });
    if (probe) return probe;
  }
  return searchPair(system, options, { ...budgets, strategy: options.mode, maxStates: options.maxStates }, options.firstConflict ? anyConflict : undefined);
}

const anyConflict = (conflicts: ReadonlySet<string>): boolean => conflicts.size > 0;

/**
 * The breadth-first probe: the pair explored plainly, level by level, until a conflict, the state
 * limit or a budget; undefined when it found none. An app failing in a state the probe reaches
 * leaves the decision to the mode's search (which reports the failure if it reaches that state).
 */
function probeConflicts(system: PairSystem, options: CheckPairOptions, search: CheckOptions<PairState, PairTransitionInfo>): ExploredPair | undefined {
  try {
    const probe = searchPair(system, options, { ...search, strategy: 'nodpor', order: 'breadth-first' }, anyConflict);
    return probe.conflicts.length > 0 ? probe : undefined;
  } catch (error) {
    if (error instanceof InterpError) return undefined;
    throw error;
  }
}

/**
 * Runs the checker on the pair and finds the conflicts of the graph it explored; `stopAt`, when
 * given, stops the search once the conflicts of the graph so far (by `conflictKey`, kept up to date
 * at every transition by a ConflictWatch) satisfy it.
 */
export function searchPair(
  system: PairSystem,
  options: CheckPairOptions,
  search: CheckOptions<PairState, PairTransitionInfo>,
  stopAt?: (conflicts: ReadonlySet<string>) => boolean,
): ExploredPair {
  const filter = trackedFilter(options);
  const installs = INITIAL_CONFIGURATIONS.map((_, index) => system.installation(index).writes);
  const stopWhen = stopAt && watchConflicts(installs, filter, stopAt);
  const result = check(system, { ...search, ...(stopWhen ? { stopWhen } : {}) });
  return { result, conflicts: detectConflicts(writeGraph(result.graph, installs), filter).map((c) => afterInstallation(c, result.graph)) };
}

/** The checker's `stopWhen` for `stopAt`: a ConflictWatch fed every new transition. */
function watchConflicts(
  installs: readonly (readonly AttributeWrite[])[],
  filter: (w: AttributeWrite) => boolean,
  stopAt: (conflicts: ReadonlySet<string>) => boolean,
): NonNullable<CheckOptions<PairState, PairTransitionInfo>['stopWhen']> {
  const watch = new ConflictWatch(installs, filter);
  let view: WatchedGraph | undefined;
  return (graph, transition) => watch.add((view ??= watchedGraph(graph)), transition) && stopAt(watch.conflicts);
}

/** Whether a write counts for conflicts: its attribute is one of the tracked ones (default DEFAULT_TRACKED). */
export function trackedFilter(options: Pick<CheckPairOptions, 'attributes'>): (w: Pick<AttributeWrite, 'device' | 'attribute'>) => boolean {
  const names = new Set(options.attributes ?? DEFAULT_TRACKED);
  return (w) => names.has(trackedName(w));
}
