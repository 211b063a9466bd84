// The whole pipeline for one ordered app pair: load both apps, build the pair's event list and its
// event system, explore it with the chosen strategy (explore-pair.ts), shorten the traces of a
// search that stopped early (shorten.ts), and replay each conflict's path into a readable trace.
import type { Verdict as SearchVerdict } from '../check/types.js';
import { physicalWarnings } from '../conflicts/physical.js';
import { noConflictReason } from '../conflicts/prefilter.js';
import type { AttributeWrite } from '../model/attribute-write.js';
import { InterpError, UnsupportedError } from '../interp/errors.js';
import { buildPairEvents } from '../model/events.js';
import type { PairSystem } from '../model/pair-system.js';
import type { ConflictWrite, Mode, PairResult, PairWarning, Verdict } from '../results/types.js';
import { heapMb } from '../util/heap.js';
import { cpuClockMs } from '../util/cpu-clock.js';
import { appName, DEFAULT_TRACKED, explorePair, pairEnvironment, pairSystem, trackedFilter, type CheckPairOptions, type ExploredPair } from './explore-pair.js';
import { formatLoadError, loadApp, type LoadedApp } from './load.js';
import { shortened, witnessesOf } from './shorten.js';
import { boundedTrace, type BoundCache } from './bound-trace.js';
import { buildTraces, traceSteps } from './trace.js';
import type { TraceStep } from '../model/trace-step.js';

export function checkPairFiles(file1: string, file2: string, options: CheckPairOptions): PairResult {
  const started = Date.now();
  // Loading counts against the pair's budget: a huge app stops while it is parsed.
  const deadline = options.budgetMs === undefined ? undefined : cpuClockMs() + options.budgetMs;
  const loaded = [loadApp(file1, { deadline }), loadApp(file2, { deadline })];
  for (const l of loaded) {
    if (!l.ok) return { ...failed(options.mode, l.kind, formatLoadError(l.error), started), decidedBy: 'load' };
  }
  const [app1, app2] = loaded.map((l) => (l as Extract<typeof l, { ok: true }>).app);
  return checkPair(app1, app2, options);
}

export function checkPair(app1: LoadedApp, app2: LoadedApp, options: CheckPairOptions): PairResult {
  const started = Date.now();
  const startedCpu = cpuClockMs();
  const names = { App1: appName(app1), App2: appName(app2) };
  const reason = options.prefilter ? prefilterReason(app1, app2, options) : undefined;
  if (reason !== undefined) return decidedStatically(app1, app2, options, reason, names, started);
  const system = pairSystem(app1, app2, options);
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
  // What is kept of the search: its graph goes before shortening replays the paths.
  const { verdict, complete, stats } = explored.result;
  let witnesses = witnessesOf(explored);
  explored = undefined;
  // Every search's paths are cut, a complete one's too: DPOR's graph is a reduction of the state
  // graph, and in any graph a conflict's path runs through the transition its earlier write was
  // first seen coming from, not always the nearest one (conflicts/detect.ts).
  if (witnesses.length > 0) witnesses = shortened(system, witnesses, options, startedCpu);
  const boundCache: BoundCache = new WeakMap();
  const traces = buildTraces(system, witnesses.map(({ conflict, events }) => ({ configuration: conflict.configuration, events })));
  let conflicts = witnesses
    .map(({ conflict: c }, i) => {
      const trace = traces[i];
      const conflicting = (s: TraceStep) => s.kind === 'write' && s.device === c.device && s.attribute === c.attribute && s.app === c.later.app && s.value === c.later.value;
      return { length: traceSteps(trace), report: { device: c.device, attribute: c.attribute, later: conflictWrite(c.later, names), earlier: conflictWrite(c.earlier, names), trace: boundedTrace(trace, conflicting, boundCache) } };
    })
    .sort((a, b) => a.length - b.length)
    .map((c) => c.report);
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
    warnings: [...physicalWarnings(app1.ir, app2.ir, names), ...exceptionWarnings(system)],
  };
}

/** The apps' exceptions the search met, as the result's warnings (one per app, handler and message). */
function exceptionWarnings(system: PairSystem): PairWarning[] {
  return system.appExceptions().map((e) => ({ kind: 'app-exception', app: e.appName, handler: e.handler, line: e.line, message: `${e.appName} ${e.handler}(): ${e.message}` }));
}

function prefilterReason(app1: LoadedApp, app2: LoadedApp, options: CheckPairOptions): string | undefined {
  return noConflictReason([{ ir: app1.ir, name: appName(app1) }, { ir: app2.ir, name: appName(app2) }], trackedFilter(options));
}

/** The result of a pair the prefilter decided: no search ran, so no states; the event list is still built. */
function decidedStatically(app1: LoadedApp, app2: LoadedApp, options: CheckPairOptions, reason: string, names: { App1: string; App2: string }, started: number): PairResult {
  return {
    mode: options.mode,
    verdict: 'no-conflict',
    complete: false,
    events: buildPairEvents(app1, app2, pairEnvironment(options), options.attributes ?? DEFAULT_TRACKED).events.length,
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

function verdictOf(verdict: SearchVerdict): Verdict {
  if (verdict === 'timeout' || verdict === 'state-limit') return verdict;
  if (verdict === 'memory-limit') return 'out-of-memory';
  return 'no-conflict';
}

function failed(mode: Mode, verdict: Verdict, error: string, started: number): PairResult {
  return { mode, verdict, complete: false, events: 0, states: 0, transitions: 0, executions: 0, ms: Date.now() - started, peakMemoryMb: heapMb(), error, decidedBy: 'search', conflicts: [], warnings: [] };
}

function conflictWrite(w: AttributeWrite, names: Record<string, string>): ConflictWrite {
  return { app: w.app, appName: names[w.app] ?? w.app, value: w.value, manual: w.manual, line: w.at?.line, column: w.at?.column };
}
