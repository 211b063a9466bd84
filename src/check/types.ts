// Data types of the model checker: the event system it explores, its options and its results.
// The checker is generic: it knows events by integer id and locations by name, nothing about
// Groovy or SmartThings. See docs/checker.md.

/** Events are numbered densely `0 .. eventCount-1`. */
export type EventId = number;
/** States are numbered in the order the search first reaches them. */
export type StateId = number;
export type TransitionId = number;

export type AccessKind = 'read' | 'write';

/**
 * One access of a shared location by a transition. Two accesses conflict when their locations
 * overlap and at least one is a write. Locations are plain names, equal when their strings are
 * equal; a name ending in `*` is a wildcard covering every name that starts with the text before
 * the `*` (e.g. `App1.state.*` covers `App1.state.count`).
 * Enabling or disabling event e is a write of `enablementLocation(e)` (see locations.ts); report
 * one for every enable/disable call, even one that changes nothing. The checker adds the matching
 * read to every transition of e itself (running e depends on e being enabled).
 */
export interface Access {
  readonly kind: AccessKind;
  readonly location: string;
}

/** A property violation the system reports on a transition (a failed assertion, a conflict). */
export interface ViolationReport {
  /** Identifies the property within the event: (event, id) is one violation for the checker. */
  readonly id: string;
  readonly message: string;
  readonly details?: unknown;
}

/** The outcome of running one event handler to completion from a state. */
export interface Step<S, I = unknown> {
  readonly state: S;
  readonly accesses: readonly Access[];
  readonly violations?: readonly ViolationReport[];
  /** Opaque per-transition payload kept in the explored graph (e.g. attribute writes). */
  readonly info?: I;
}

/**
 * A deterministic event-driven transition system. States are immutable values: the checker keeps
 * them as snapshots and may execute any enabled event from any state it has seen, in any order.
 */
export interface EventSystem<S, I = unknown> {
  readonly eventCount: number;
  describeEvent(event: EventId): string;
  /** One or more initial states; paths report the index of the one they start from. */
  initialStates(): readonly S[];
  /** The enabled events of a state, ascending, without duplicates. */
  enabled(state: S): readonly EventId[];
  execute(state: S, event: EventId): Step<S, I>;
  /** Canonical key: equal keys mean equal states (equal futures), for state matching. */
  key(state: S): string;
}

export type Strategy = 'dpor' | 'nodpor';

export interface CheckOptions<S = unknown, I = unknown> {
  /** Default `dpor`. */
  strategy?: Strategy;
  /** Deadline on the CPU clock (`cpuClockMs`, util/cpu-clock.ts): the process's CPU time in ms. */
  deadline?: number;
  /** Time budget in ms of CPU time from the start of the check (the earlier of this and `deadline` wins). */
  timeLimitMs?: number;
  /** Stop with `state-limit` once this many distinct states have been reached. */
  maxStates?: number;
  /**
   * Stop with `memory-limit` once this thread's used heap (`v8.getHeapStatistics().used_heap_size`,
   * garbage not yet collected included) exceeds this many MB; looked at when the clock is read, at
   * most every 100 ms. A soft limit: set it well below a hard one (a worker's `resourceLimits`, or
   * `--max-old-space-size`) so the search stops before V8 aborts. Default: none.
   */
  maxHeapMb?: number;
  /** Stop at the first violation reported. Default false: collect all. */
  stopAtFirstViolation?: boolean;
  /**
   * nodpor only: the order states are expanded in. `depth-first` (default) is the paper's
   * baseline; `breadth-first` reaches every state first along a shortest path (`pathTo`), which is
   * what a caller looking for short paths to something wants.
   */
  order?: 'depth-first' | 'breadth-first';
  /** dpor only: the per-state summary cache of the paper's Appendix D. Default true. */
  summary?: boolean;
  /**
   * The caller's stop condition over the graph explored so far, for a property no single
   * transition decides (e.g. a dataflow over the whole graph): called after every transition the
   * search adds to the graph (`transition`, its id; not for a transition an execution takes again),
   * so the caller keeps its own incremental view; when it returns true the search stops at once
   * with verdict `stopped`.
   */
  stopWhen?(graph: ExploredGraph<S, I>, transition: TransitionId): boolean;
  /**
   * Called about every PROGRESS_EVERY_MS (src/check/budget.ts) while the search runs, with what it
   * has explored so far: for a display that shows a long search advancing.
   */
  onProgress?(progress: SearchProgress): void;
}

/** How far a running search has got. */
export interface SearchProgress {
  states: number;
  transitions: number;
  elapsedMs: number;
}

/**
 * `violation` wins over a budget verdict: a violation found before a timeout is still reported.
 * `stopped`: the caller's `stopWhen` held (the search did not run to its end).
 * `memory-limit`: the used heap passed `maxHeapMb`.
 */
export type Verdict = 'no-violation' | 'violation' | 'stopped' | 'timeout' | 'state-limit' | 'memory-limit';

export interface CheckStats {
  /** The number of events of the system. */
  events: number;
  /** Distinct states reached (initial states included). */
  states: number;
  /** nodpor: every transition taken, into new or visited states; dpor: distinct (state, event)
   * pairs executed. In both it equals the explored graph's transition count. */
  transitions: number;
  /** Executions (maximal paths) the search ran; see docs/checker.md for each strategy. */
  executions: number;
  ms: number;
}

/** A sequence of events from one of the system's initial states. */
export interface EventPath {
  /** Index into `initialStates()`. */
  initial: number;
  events: readonly EventId[];
}

export interface FoundViolation extends ViolationReport {
  /** The event whose transition reported the violation (the last event of `path`). */
  event: EventId;
  /** Replaying `path` from the initial state reaches the violating transition as its last step. */
  path: EventPath;
  transition: TransitionId;
}

export interface ExploredTransition<I = unknown> {
  readonly id: TransitionId;
  readonly src: StateId;
  readonly event: EventId;
  readonly dst: StateId;
  readonly accesses: readonly Access[];
  readonly info: I | undefined;
}

/** The states and transitions a search explored, for later stages (conflict dataflow, traces). */
export interface ExploredGraph<S, I = unknown> {
  readonly stateCount: number;
  readonly transitionCount: number;
  /** State ids of the initial states explored, in the order of `initialStates()`. A duplicate
   * initial state maps to the id of the first equal one. */
  readonly initialStates: readonly StateId[];
  state(id: StateId): S;
  key(id: StateId): string;
  enabled(id: StateId): readonly EventId[];
  transition(id: TransitionId): ExploredTransition<I>;
  /** A transition's source, target and info (`Step.info`), without building its object. */
  src(id: TransitionId): StateId;
  dst(id: TransitionId): StateId;
  info(id: TransitionId): I | undefined;
  /** The transitions leaving / entering a state, in the order they were explored. */
  outgoing(id: StateId): readonly TransitionId[];
  incoming(id: StateId): readonly TransitionId[];
  /** The path by which the search first reached the state. */
  pathTo(id: StateId): EventPath;
}

export interface CheckResult<S, I = unknown> {
  verdict: Verdict;
  /** True when the whole search ran to its end (no budget hit, not stopped at a violation or by `stopWhen`). */
  complete: boolean;
  stats: CheckStats;
  /** One per distinct (event, violation id), with the first path found to it. */
  violations: FoundViolation[];
  graph: ExploredGraph<S, I>;
}
