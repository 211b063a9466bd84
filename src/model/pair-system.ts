// An app pair in one simulated home, as an event system for the model checker (src/check): the
// events are the pair's event list, a state is a snapshot of the whole home (devices, location,
// subscriptions, both apps' fields and state), a transition fires one event and runs every handler
// it cascades into. Both of the reference's initial configurations are initial states.
import type { Access, AccessKind } from '../interp/access.js';
import { NOW_MS } from '../interp/time.js';
import type { EventSystem, Step } from '../check/types.js';
import type { AttributeWrite } from './attribute-write.js';
import type { AppIR } from '../ir/ir.js';
import type { Environment } from './environment.js';
import { timePassingText, type PairEvent } from './events.js';
import { Home, type HomeSnapshot } from './home.js';
import type { CapturedState } from './home-state.js';
import { TransitionMemo, type RememberedTransition } from './transition-memo.js';
import { conflictWrites, type WriteStep } from './conflict-writes.js';
import { TrieNode } from './interned.js';
import { isSilentEvent, liveAttributes } from './live-attributes.js';
import type { TraceStep } from './trace-step.js';

/** A state of the pair's home: its snapshot, key and parts (home-state.ts). */
export type PairState = CapturedState;

/** What a transition keeps for conflict detection: the attribute writes the apps made. */
export interface PairTransitionInfo {
  /** Shared between transitions (see `PairSystem.execute`): never changed. */
  readonly writes: readonly AttributeWrite[];
}

/** An exception an app raised in a handler (its own bug, modelled faithfully: it ended that execution only). */
export interface AppException {
  /** `App1` or `App2`. */
  app: string;
  appName: string;
  handler: string;
  /** The Java class, e.g. `NullPointerException`. */
  exception: string;
  message: string;
  line?: number;
}

/** Installing both apps: the state it ends in, what happened, and the attribute writes among that. */
export interface Installation {
  readonly state: PairState;
  readonly records: readonly TraceStep[];
  readonly writes: readonly AttributeWrite[];
}

/**
 * Whether transitions are remembered by the parts of the state they touched and not run again
 * (transition-memo.ts): `on` (the default), `off`, or `verify`: run again and compared, throwing
 * where they differ.
 */
export type MemoUse = 'on' | 'off' | 'verify';

/** What a transition gives the checker besides its next state. */
type StepResult = Omit<Step<PairState, PairTransitionInfo>, 'state'>;

/** The reference's two initial configurations (reference §3.2), in the order it explores them. */
export const INITIAL_CONFIGURATIONS = [true, false] as const;

export class PairSystem implements EventSystem<PairState, PairTransitionInfo> {
  private readonly home: Home;
  /** The events the pair fires: all but those on silent attributes (live-attributes.ts). */
  private readonly allEvents: readonly number[];
  /** The home with both apps loaded and nothing installed: where every initial state starts. */
  private readonly loaded: HomeSnapshot;
  /** Each configuration's installation, once run (the checker, conflict detection and traces all need it). */
  private readonly installations: Installation[] = [];
  /**
   * A transition's accesses and info, one object for every transition where they are equal: the
   * checker keeps both for every transition it takes, and most transitions of an event make the
   * same accesses and writes as many others (see `execute`). Found by structure (interned.ts).
   */
  private readonly accessLists = new TrieNode<readonly Access[]>();
  /** The transitions run so far, by the parts of the state they touched (transition-memo.ts). */
  private readonly memo: TransitionMemo<StepResult> | undefined;
  /** Whether a remembered transition is run again and compared (tests). */
  private readonly verifyMemo: boolean;
  /** Every distinct exception an app raised in a handler so far (installing or in a transition). */
  private readonly exceptions = new Map<string, AppException>();
  private readonly infos = new TrieNode<PairTransitionInfo>();
  /** The events enabled with no timer pending. */
  private readonly alwaysEnabled: readonly number[];
  /** The events where time passes (a day, or until night): enabled until the clock has moved. */
  private readonly timeEvents: readonly number[];
  /** The enabled events of each set of pending timers (a shared snapshot part): [0] where time cannot pass, [1] where it can. */
  private readonly enabledByTimers = [new WeakMap<object, readonly number[]>(), new WeakMap<object, readonly number[]>()] as const;

  /**
   * `names`: the apps' names in the steps the home records (default App1, App2). `liveStateOnly`
   * (default true): states and accesses leave out the apps' dead state (HomeOptions.liveStateOnly)
   * and, given the attributes conflict detection tracks (`tracked`), the device attributes whose
   * values cannot matter (live-attributes.ts). `environment`: the apps' settings (default the reference's).
   */
  constructor(
    private readonly apps: readonly [AppIR, AppIR],
    readonly events: readonly PairEvent[],
    names?: readonly [string, string],
    { liveStateOnly = true, tracked, environment, memo = 'on' }: { liveStateOnly?: boolean; tracked?: readonly string[]; environment?: Environment; memo?: MemoUse } = {},
  ) {
    this.memo = memo === 'off' ? undefined : new TransitionMemo<StepResult>();
    this.verifyMemo = memo === 'verify';
    // The full environment keeps a tracked attribute only where a command may write it (`contestedOnly`).
    const attributes = liveStateOnly && tracked ? liveAttributes(apps, events, tracked, !environment?.contestedOnly) : undefined;
    this.home = new Home(apps, { init: INITIAL_CONFIGURATIONS[0], names, everyAccess: false, liveStateOnly, liveAttributes: attributes, environment });
    this.home.addDevices(events.flatMap((e) => (e.capability === undefined ? [] : [e.capability])));
    events.forEach((e, i) => {
      // The home writes an event's enablement location by its id: it must be the checker's number.
      if (e.id !== i) throw new Error(`pair event ${i} is numbered ${e.id}: the event list must be numbered in order`);
    });
    this.home.expectEvents(events);
    this.timeEvents = events.flatMap((e) => (e.kind === 'time' ? [e.id] : []));
    this.home.load();
    this.loaded = this.home.snapshot();
    // An event on a silent attribute (live-attributes.ts) leads back to its state: it is never fired.
    const fired = events.flatMap((e, i) => (attributes && isSilentEvent(attributes, e) ? [] : [i]));
    this.allEvents = fired;
    this.alwaysEnabled = fired.filter((i) => events[i].kind !== 'timer' && events[i].kind !== 'time');
  }

  /** How many transitions were recalled instead of run (transition-memo.ts). */
  get recalledTransitions(): number {
    return this.memo?.recalled ?? 0;
  }

  get eventCount(): number {
    return this.events.length;
  }

  describeEvent(event: number): string {
    const e = this.events[event];
    if (e.kind === 'schedule') return `${e.app} timer ${e.handler}()`;
    if (e.kind === 'timer') return `${e.app} timer ${e.handler}() comes due`;
    if (e.kind === 'time') return timePassingText(e.value);
    if (e.kind === 'endpoint') return `${e.app} endpoint ${e.name}${e.value === '' ? '' : ` with ${e.value}`}`;
    if (e.kind === 'device') return `${e.capability ?? 'device'}.${e.name} = ${e.value}`;
    return e.kind === 'app' ? 'app touched' : `location.${e.name} = ${e.value}`;
  }

  /** Both initial configurations, each with App1 then App2 installed. Throws what installing throws. */
  initialStates(): PairState[] {
    return INITIAL_CONFIGURATIONS.map((_, index) => this.installation(index).state);
  }

  /**
   * Installing both apps in initial configuration `index`: the state it ends in, and what happened
   * on the way. Writes made while installing (a command in `installed()`, a timer it fires at once)
   * are writes like any other for conflict detection (reference §4.2: the apps' frames make them).
   */
  installation(index: number): Installation {
    return (this.installations[index] ??= this.install(index));
  }

  private install(index: number): Installation {
    this.home.restore(this.loaded);
    this.home.configure(INITIAL_CONFIGURATIONS[index]);
    this.home.transition(() => this.home.installApps());
    const records = [...this.home.records];
    this.noteExceptions(records);
    return { state: this.capture(), records, writes: this.info(records).writes };
  }

  /**
   * Every event is always enabled, as in the reference's event loop (reference §2.6), except in
   * the full environment a timer coming due, enabled while its timer is pending, and time passing
   * (a day, or until night), enabled until time has passed once.
   */
  enabled(state: PairState): readonly number[] {
    if (this.alwaysEnabled.length === this.allEvents.length) return this.allEvents;
    const { timers, clock } = state.snapshot;
    const timeCanPass = this.timeEvents.length > 0 && clock === NOW_MS;
    if (timers.length === 0 && !timeCanPass) return this.alwaysEnabled;
    const known = this.enabledByTimers[timeCanPass ? 1 : 0];
    let enabled = known.get(timers);
    if (!enabled) {
      enabled = [...this.alwaysEnabled, ...timers.map((t) => t.event), ...(timeCanPass ? this.timeEvents : [])].sort((a, b) => a - b);
      known.set(timers, enabled);
    }
    return enabled;
  }

  /**
   * Interns what the checker keeps of the transition: FireCO2Alarm x make-it-so makes 15 to 30
   * attribute writes per transition (3 to 4 KB of objects each time), but only about 200 distinct
   * lists of writes and 150 of accesses in 250,000 transitions.
   */
  execute(state: PairState, event: number): Step<PairState, PairTransitionInfo> {
    const remembered = this.memo?.recall(state, event);
    if (remembered && !this.verifyMemo) return { state: this.home.changed(state, remembered.changes), ...remembered.result };
    this.home.restore(state.snapshot);
    const { accesses, touched } = this.home.strongestAccesses(() => this.home.fire(this.events[event]), state.layout);
    this.noteExceptions(this.home.records);
    const step = { state: this.capture(), accesses: this.accessList(accesses), info: this.info(this.home.records) };
    if (remembered) this.verifyRemembered(state, event, step, remembered);
    else if (touched) this.remember(state, event, touched, step);
    return step;
  }

  /** Remembers a transition just run by the parts it touched, where what it changed is among them. */
  private remember(state: PairState, event: number, touched: readonly number[], step: Step<PairState, PairTransitionInfo>): void {
    if (!this.memo) return;
    const changes = this.home.changes(state, step.state, touched);
    if (changes) this.memo.remember(state, event, touched, { changes, result: { accesses: step.accesses, info: step.info } });
  }

  /** Throws where a remembered transition is not the one just run (`memo: 'verify'`). */
  private verifyRemembered(state: PairState, event: number, step: Step<PairState, PairTransitionInfo>, remembered: RememberedTransition<StepResult>): void {
    const recalled = this.home.changed(state, remembered.changes);
    if (recalled.key !== step.state.key || remembered.result.accesses !== step.accesses || remembered.result.info !== step.info) {
      throw new Error(`remembered transition differs: event ${this.describeEvent(event)} from state ${state.key}: ${recalled.key} remembered, ${step.state.key} run`);
    }
  }

  key(state: PairState): string {
    return state.key;
  }

  /** Fires `event` from `state`: the next state and what happened in order. */
  run(state: PairState, event: number): { state: PairState; records: TraceStep[] } {
    this.home.restore(state.snapshot);
    this.home.transition(() => this.home.fire(this.events[event]));
    this.noteExceptions(this.home.records);
    return { state: this.capture(), records: [...this.home.records] };
  }

  /**
   * The exceptions the apps raised in their handlers anywhere in the search so far, once each: each
   * ended one execution of a handler, as on SmartThings, and the search went on past it.
   */
  appExceptions(): AppException[] {
    return [...this.exceptions.values()];
  }

  private noteExceptions(records: readonly TraceStep[]): void {
    for (const r of records) {
      if (r.kind !== 'error' || r.exception === undefined) continue;
      const key = `${r.app}\u0000${r.handler}\u0000${r.message}`;
      if (!this.exceptions.has(key)) this.exceptions.set(key, { app: r.app, appName: r.appName, handler: r.handler, exception: r.exception, message: r.message, line: r.line });
    }
  }

  private capture(): PairState {
    return this.home.capture();
  }

  /** The transition's accesses (one per location) as the shared list of equal ones. */
  private accessList(accesses: ReadonlyMap<string, AccessKind>): readonly Access[] {
    let node = this.accessLists;
    for (const [location, kind] of accesses) node = node.next(location).next(kind);
    return (node.value ??= [...accesses].map(([location, kind]) => ({ kind, location })));
  }

  /**
   * The writes conflict detection needs (`conflictWrites`), with where in which app's file they
   * were made, as the shared info of equal ones.
   */
  private info(records: readonly TraceStep[]): PairTransitionInfo {
    const writes = conflictWrites(records);
    let node = this.infos;
    for (const w of writes) node = node.next(w.app).next(w.device).next(w.attribute).next(w.value).next(w.manual).next(w.byPerson === true).next(w.line).next(w.column);
    return (node.value ??= { writes: writes.map((w) => this.attributeWrite(w)) });
  }

  private attributeWrite(r: WriteStep): AttributeWrite {
    const at = r.line === undefined || r.column === undefined ? undefined : { file: this.fileOf(r.app), line: r.line, column: r.column };
    return { app: r.app, device: r.device, attribute: r.attribute, value: r.value, manual: r.manual, byPerson: r.byPerson === true, at };
  }

  private fileOf(app: string): string {
    return this.apps[app === 'App1' ? 0 : 1].file;
  }
}
