// What of a corpus can be analysed (`stcheck apps`): per app, whether it parses, is a SmartApp,
// lowers, and runs every handler it subscribes, from both of the reference's initial
// configurations: installed(), then every event of its event list (the events it can receive) from
// the installed home, then each of its subscriptions once more with a plausible event (so that a
// handler no listed event reaches still runs). An exception the app raises ends that execution only
// and is listed (the app's bug, modelled faithfully); anything else that stops a run — an API or
// construct the tool does not model, a budget — is a blocking cause, with its kind, what it is and
// where. The app runs in the environment given (docs/model.md, "Environments") as App1 of a pair
// would: in the full environment with its settings, its events and its timers that come due later.
import { InterpError, UnsupportedError } from '../interp/errors.js';
import { environmentOf, type Environment, type EnvironmentName } from '../model/environment.js';
import { buildPairEvents, type PairEvent } from '../model/events.js';
import { Home, type HomeSnapshot } from '../model/home.js';
import { INITIAL_CONFIGURATIONS } from '../model/pair-system.js';
import type { ErrorKind } from '../util/error-kind.js';
import { loadApp, type LoadedApp } from './load.js';

/** Where an app stopped: reading, parsing, lowering (a device handler stops there too), or running. */
export type CensusStage = 'read' | 'parse' | 'lower' | 'run';

/** Why an app cannot be (wholly) analysed. */
export interface CensusBlock {
  stage: CensusStage;
  kind: ErrorKind;
  /** What to group apps by: the kind and, for a gap, the API or construct (device ids left out). */
  cause: string;
  /** What stopped it, without its position (that is in `line` and `column`). */
  message: string;
  line?: number;
  column?: number;
  /** The handler that was running (`installed`, a subscription's handler, a timer's method). */
  handler?: string;
}

/** An exception an app raised in a handler: it ended that execution; the app still counts as running. */
export interface CensusException {
  handler: string;
  exception: string;
  message: string;
  line?: number;
}

export interface AppCensus {
  file: string;
  /** True when the app parses, is a SmartApp, lowers and every handler run ends without a block. */
  runs: boolean;
  /** The first block met (the blocking cause), then any other distinct ones. */
  blocks: CensusBlock[];
  /** Events of its event list, fired from each initial configuration. */
  events: number;
  /** Handler executions (nested ones included) over both configurations. */
  handlerRuns: number;
  exceptions: CensusException[];
}

export function censusFile(file: string, env: EnvironmentName): AppCensus {
  const loaded = loadApp(file);
  if (!loaded.ok) {
    const { kind, line, column, message } = loaded.error;
    const block: CensusBlock = { stage: stageOfLoadError(kind), kind, cause: loadCause(kind, message), message, line, column };
    return { file, runs: false, blocks: [block], events: 0, handlerRuns: 0, exceptions: [] };
  }
  return censusApp(loaded.app, env);
}

export function censusApp(app: LoadedApp, envName: EnvironmentName): AppCensus {
  const census: AppCensus = { file: app.file, runs: true, blocks: [], events: 0, handlerRuns: 0, exceptions: [] };
  const env = environmentOf(envName, false);
  const events = ownEvents(app, env);
  census.events = events.length;
  for (const init of INITIAL_CONFIGURATIONS) runConfiguration(app, init, env, events, census);
  census.runs = census.blocks.length === 0;
  return census;
}

/** The events of the app's own kinds: those of a timer or an endpoint belong to one app of a pair. */
const PER_APP_EVENTS: ReadonlySet<PairEvent['kind']> = new Set(['schedule', 'timer', 'endpoint']);

/** The app's event list (as in a pair with itself), its own timers and endpoints once. */
function ownEvents(app: LoadedApp, env: Environment): PairEvent[] {
  return buildPairEvents(app, app, env).events.filter((e) => !PER_APP_EVENTS.has(e.kind) || e.app === 'App1');
}

function runConfiguration(app: LoadedApp, init: boolean, environment: Environment, events: readonly PairEvent[], census: AppCensus): void {
  const home = new Home(app.ir, { init, environment });
  home.addDevices(events.flatMap((e) => (e.capability === undefined ? [] : [e.capability])));
  home.expectEvents(events);
  if (!attempt(home, census, 'installed', () => home.install())) return;
  const installed: HomeSnapshot = home.snapshot();
  for (const event of events) {
    home.restore(installed);
    attempt(home, census, undefined, () => home.fire(event));
  }
  for (const subscription of home.activeSubscriptions) {
    home.restore(installed);
    attempt(home, census, subscription.handler, () => home.exercise(subscription));
  }
}

/** Runs one transition, noting its handler runs, the app's exceptions and a block. False when blocked. */
function attempt(home: Home, census: AppCensus, handler: string | undefined, body: () => void): boolean {
  let blocked: InterpError | undefined;
  home.transition(() => {
    try {
      body();
    } catch (error) {
      if (!(error instanceof InterpError)) throw error;
      blocked = error;
    }
  });
  for (const r of home.records) {
    if (r.kind === 'handler') census.handlerRuns++;
    if (r.kind === 'error' && r.exception !== undefined) noteException(census, { handler: r.handler, exception: r.exception, message: r.message, line: r.line });
  }
  if (blocked) noteBlock(census, runBlock(blocked, innermostHandler(home) ?? handler));
  return blocked === undefined;
}

function innermostHandler(home: Home): string | undefined {
  const last = home.records.findLast((r) => r.kind === 'handler');
  return last?.kind === 'handler' ? last.handler : undefined;
}

function runBlock(error: InterpError, handler: string | undefined): CensusBlock {
  const what = error instanceof UnsupportedError ? error.what : undefined;
  return {
    stage: 'run',
    kind: error.kind,
    cause: what === undefined ? error.kind : `${error.kind}: ${withoutDeviceIds(what)}`,
    message: error.detail,
    line: error.at?.line,
    column: error.at?.column,
    handler,
  };
}

function noteBlock(census: AppCensus, block: CensusBlock): void {
  if (!census.blocks.some((b) => b.message === block.message && b.line === block.line)) census.blocks.push(block);
}

function noteException(census: AppCensus, e: CensusException): void {
  if (!census.exceptions.some((x) => x.handler === e.handler && x.message === e.message)) census.exceptions.push(e);
}

function stageOfLoadError(kind: ErrorKind): CensusStage {
  if (kind === 'io') return 'read';
  return kind === 'parse' ? 'parse' : 'lower';
}

/**
 * The group of a load error: its kind, and for a gap met while lowering the construct named (the
 * message up to its position). Parse errors and device handlers group by kind alone.
 */
function loadCause(kind: ErrorKind, message: string): string {
  if (kind !== 'unsupported') return kind;
  return `${kind}: ${withoutDeviceIds(message.replace(/^in preferences: /, '').replace(/^unsupported: /, ''))}`;
}

/** `method setCode() of device lock0 (lock)` → `method setCode() of device (lock)`: one cause for every app. */
function withoutDeviceIds(what: string): string {
  return what.replace(/ of device \S+ \(/, ' of device (');
}

export interface CensusSummary {
  apps: number;
  runs: number;
  /** Apps that run, but raised an exception of their own in some handler. */
  runsWithExceptions: number;
  /** By blocking cause (each app's first block), most apps first. */
  causes: Array<{ cause: string; kind: ErrorKind; apps: number }>;
}

export function summarizeCensus(results: readonly AppCensus[]): CensusSummary {
  const byCause = new Map<string, { cause: string; kind: ErrorKind; apps: number }>();
  for (const r of results) {
    const block = r.blocks[0];
    if (!block) continue;
    const entry = byCause.get(block.cause) ?? { cause: block.cause, kind: block.kind, apps: 0 };
    entry.apps++;
    byCause.set(block.cause, entry);
  }
  return {
    apps: results.length,
    runs: results.filter((r) => r.runs).length,
    runsWithExceptions: results.filter((r) => r.runs && r.exceptions.length > 0).length,
    causes: [...byCause.values()].sort((a, b) => b.apps - a.apps || a.cause.localeCompare(b.cause)),
  };
}
