// `dpor`: the seed paper's stateful DPOR for event-driven systems that do not terminate
// (Algorithms 1-5 and the summary of Appendix D; docs/checker.md maps each step, and
// ../shared/docs/por-algorithms.md restates the pseudo-code this follows).
//
// Data, as named in the paper:
//   H  the states of completed executions (`H`, a flag per state);
//   R  the state transition graph: the explored graph of the search, with each transition's
//      access set interned (`accessSetOf`); pred_R(t) is `incoming(src(t))`;
//   S  the transition sequence of the current execution, with `executionStart` and the first
//      position of each state in it, so states(S) includes the state the execution started from;
//   backtrack(s), done(s), enabled(s): one flag byte per (state, event).
//
// Counts: states = distinct states; transitions = distinct (state, event) pairs executed (a pair
// executed again, when an execution continues past a state match, reuses its transition in R);
// executions = the number of times S was emptied (an execution ended).
import { AccessSets, conflicts, EMPTY_SET, remainder } from './access-sets.js';
import type { StateGraph } from './graph.js';
import { MaxHeap } from './max-heap.js';
import type { Search } from './search.js';
import type { EventId, StateId, TransitionId } from './types.js';

/** Flag bits of a (state, event) pair: in backtrack(s), in done(s), in enabled(s). */
export const BACKTRACK = 1;
export const DONE = 2;
export const ENABLED = 4;

/**
 * (state, event, access set) tuples the backward search has already carried into a state.
 * Kept for the whole search it is the summary of Appendix D; a fresh one per search gives the
 * uncached Algorithm 3 and 5.
 *
 * Tuples are kept, and carried, in groups: per (state, access set, word), a 32-bit mask of the
 * events 32 * word .. 32 * word + 31 carried with that set. The events of a group meet every
 * predecessor alike (only the set decides), so one `meet` and one push serve them all: a state
 * holds about six times as many tuples as groups on the pairs measured (docs/checker.md).
 */
class Tuples {
  private readonly atState: (Map<number, number> | undefined)[] = [];
  private readonly words: number;

  constructor(eventCount: number) {
    this.words = Math.max(1, Math.ceil(eventCount / 32));
  }

  /** Records the group's events; returns the mask of those not recorded before (0: nothing new). */
  add(state: StateId, accessSet: number, word: number, mask: number): number {
    const groups = (this.atState[state] ??= new Map());
    const key = accessSet * this.words + word;
    const known = groups.get(key) ?? 0;
    const fresh = mask & ~known;
    if (fresh !== 0) groups.set(key, known | fresh);
    return fresh;
  }

  /** The groups recorded at a state, as (access set, word, mask) calls of `visit`. */
  forEachAt(state: StateId, visit: (accessSet: number, word: number, mask: number) => void): void {
    const groups = this.atState[state];
    if (!groups) return;
    for (const [key, mask] of groups) visit(Math.floor(key / this.words), key % this.words, mask);
  }
}

/** The word and bit of event e in the groups' masks. */
function wordOf(e: EventId): number {
  return e >>> 5;
}

function bitOf(e: EventId): number {
  return 1 << (e & 31);
}

export class PaperDpor<S, I> {
  protected readonly graph: StateGraph<S, I>;
  private readonly eventCount: number;
  private readonly accessSets: AccessSets;
  private readonly accessSetOf: number[] = [];
  protected readonly flags: Uint8Array[] = [];
  private readonly H: boolean[] = [];
  /** Per state: its first position in S (0 = the execution's start state), or -1. */
  private readonly positionInS: number[] = [];
  private readonly S: TransitionId[] = [];
  private executionStart: StateId = -1;
  /** Appendix D's summary; undefined when switched off. */
  private readonly summary: Tuples | undefined;
  /** States that gained a backtrack point not done yet (lazily cleaned), for Algorithm 1's loop. */
  private readonly pending = new MaxHeap();
  /** Where the fair, rotating choice of the next event starts (pitfall 1). */
  private cursor = 0;
  /** Per state: where the rotation of step 1's re-pick starts. */
  private readonly repickFrom: number[] = [];
  /** The backward search's work stack of (state, access set, word, event mask) groups of (state, event(t_conf), A) tuples. */
  private readonly work: number[] = [];
  /** The explicit stack of Algorithm 2's recursive Explore calls. */
  private readonly frames: StateId[] = [];
  private readonly executedMark: Int32Array;
  private mark = 0;
  /** Per location no transition writes yet: the transitions that read it (see `updateBacktrackSet`). */
  private readonly readersOfDead = new Map<number, TransitionId[]>();

  constructor(
    private readonly search: Search<S, I>,
    useSummary: boolean,
  ) {
    this.graph = search.graph;
    this.eventCount = search.system.eventCount;
    this.accessSets = new AccessSets(this.eventCount);
    this.summary = useSummary ? new Tuples(this.eventCount) : undefined;
    this.executedMark = new Int32Array(this.eventCount);
  }

  /**
   * Algorithm 1. H, R and the summary are shared by all initial states (sound: a state reached
   * from an earlier initial state is a state of an earlier execution like any other).
   */
  exploreAll(): void {
    for (const initial of this.search.initialStates()) {
      this.track(initial);
      this.explore(initial);
      for (let s = this.nextPendingState(); s >= 0 && !this.search.stopped; s = this.nextPendingState()) this.explore(s);
    }
  }

  /** Algorithm 2, Explore(s), with the recursion kept on an explicit stack of states. */
  protected explore(start: StateId): void {
    const frames = this.frames;
    if (this.enter(start)) frames.push(start);
    while (frames.length > 0 && !this.search.stopped) {
      const s = frames[frames.length - 1];
      const b = this.choose(this.flags[s], BACKTRACK | DONE, BACKTRACK); // step 2: b ∈ backtrack(s) \ done(s)
      if (b < 0) {
        frames.pop();
        continue;
      }
      const next = this.step(s, b);
      if (next >= 0 && this.enter(next)) frames.push(next);
    }
    frames.length = 0;
  }

  /** Algorithm 2 step 1, on entering Explore(s); false when Explore returns at once. */
  private enter(s: StateId): boolean {
    const f = this.flags[s];
    if (some(f, BACKTRACK | DONE, BACKTRACK)) return true;
    if (some(f, ENABLED | DONE, ENABLED)) {
      f[this.choose(f, ENABLED | DONE, ENABLED)] |= BACKTRACK; // pick e ∈ enabled(s) \ done(s)
      return true;
    }
    if (this.graph.enabled(s).length === 0) {
      this.beginExecutionAt(s);
      this.endExecution();
      return false;
    }
    // done(s) = enabled(s): the execution goes on past a state match to meet the termination rule.
    f[this.repick(s)] &= ~DONE;
    return true;
  }

  /** Algorithm 2 step 2, one turn of its loop: runs b from s. Returns the state to Explore next, or -1. */
  private step(s: StateId, b: EventId): StateId {
    this.flags[s][b] |= DONE; // 2.1
    this.beginExecutionAt(s);
    const t = this.next(s, b);
    if (t < 0) return -1;
    const s2 = this.graph.dst(t);
    this.backtrackDisabledEvents(s, s2); // 2.2
    this.updateBacktrackSet(t); // 2.3
    if (this.endsExecution(t)) {
      this.updateBacktrackSetsFromGraph(t); // 2.4
      this.endExecution();
      return -1;
    }
    if (this.inS(s2)) this.updateBacktrackSetsFromGraph(t); // 2.5
    this.S.push(t);
    if (!this.inS(s2)) this.positionInS[s2] = this.S.length;
    return s2;
  }

  /** The termination rule of step 2.4: a state of an earlier execution, or a full cycle. */
  protected endsExecution(t: TransitionId): boolean {
    return this.inH(this.graph.dst(t)) || this.isFullCycle(t);
  }

  protected inH(s: StateId): boolean {
    return this.H[s];
  }

  /** Whether s ∈ states(S). */
  protected inS(s: StateId): boolean {
    return this.positionInS[s] >= 0;
  }

  /** next(s, b): the transition of R when (s, b) ran before (the system is deterministic), else runs it. */
  private next(s: StateId, b: EventId): TransitionId {
    const known = this.graph.findTransition(s, b);
    if (known >= 0) {
      this.search.tick();
      return known;
    }
    const t = this.search.take(s, b);
    if (t < 0) return -1;
    if (this.search.reachedNewState) this.track(this.graph.dst(t));
    const accessSet = this.accessSets.ofTransition(b, this.graph.accesses(t));
    this.accessSetOf.push(accessSet);
    this.noteAccesses(t, accessSet);
    return t;
  }

  /**
   * Keeps `updateBacktrackSet`'s dropping of dead reads exact: when a location gets its first
   * writer, every earlier search that dropped a read of it is run again with it, so the backtrack
   * points and summary tuples are those the full access sets would have given.
   */
  private noteAccesses(t: TransitionId, accessSet: number): void {
    for (const location of this.accessSets.deadReads(accessSet)) {
      const readers = this.readersOfDead.get(location);
      if (readers) readers.push(t);
      else this.readersOfDead.set(location, [t]);
    }
    for (const location of this.accessSets.markWrites(accessSet)) {
      const readers = this.readersOfDead.get(location) ?? [];
      this.readersOfDead.delete(location);
      for (const reader of readers) if (reader !== t) this.updateBacktrackSet(reader);
    }
  }

  private track(s: StateId): void {
    const f = new Uint8Array(this.eventCount);
    for (const e of this.graph.enabled(s)) f[e] = ENABLED;
    this.flags.push(f);
    this.H.push(false);
    this.positionInS.push(-1);
    this.repickFrom.push(0);
  }

  /** Step 2.2: every event enabled in s but not in s2 goes into backtrack(s). */
  private backtrackDisabledEvents(s: StateId, s2: StateId): void {
    const after = this.flags[s2];
    for (const e of this.graph.enabled(s)) if (!(after[e] & ENABLED)) this.addBacktrack(s, e);
  }

  private beginExecutionAt(s: StateId): void {
    if (this.executionStart >= 0) return;
    this.executionStart = s;
    this.positionInS[s] = 0;
  }

  /** Adds states(S) to H and empties S. */
  private endExecution(): void {
    for (const t of this.S) this.leaveS(this.graph.dst(t));
    this.leaveS(this.executionStart);
    this.S.length = 0;
    this.executionStart = -1;
    this.search.executions++;
  }

  private leaveS(s: StateId): void {
    this.H[s] = true;
    this.positionInS[s] = -1;
  }

  /** Algorithm 4: does the cycle closed by t back into S run every event enabled on it? */
  private isFullCycle(t: TransitionId): boolean {
    const graph = this.graph;
    const first = this.positionInS[graph.dst(t)];
    if (first < 0) return false;
    const S = this.S;
    const mark = ++this.mark;
    this.executedMark[graph.event(t)] = mark; // E_fc: the events of S after position `first`, and t
    for (let i = first; i < S.length; i++) this.executedMark[graph.event(S[i])] = mark;
    if (!this.allExecuted(graph.dst(t), mark)) return false; // E_enabled ⊆ E_fc
    for (let i = first; i < S.length; i++) if (!this.allExecuted(graph.dst(S[i]), mark)) return false;
    return true;
  }

  private allExecuted(s: StateId, mark: number): boolean {
    for (const e of this.graph.enabled(s)) if (this.executedMark[e] !== mark) return false;
    return true;
  }

  /**
   * Algorithm 5, UpdateBacktrackSet(t), carrying the accesses of t that can conflict with some
   * transition of R: reads of locations nothing writes yet are left out (they would be carried to
   * the initial states behind every transition and never meet a conflict). `noteAccesses` repairs
   * the searches when such a location gets its first writer. An empty set has nothing to find.
   */
  private updateBacktrackSet(t: TransitionId): void {
    const accessSet = this.accessSets.liveAccesses(this.accessSetOf[t]);
    if (accessSet === EMPTY_SET) return;
    const e = this.graph.event(t);
    const seen = this.summary ?? new Tuples(this.eventCount);
    this.carry(seen, this.graph.src(t), accessSet, wordOf(e), bitOf(e));
    this.updateBacktrackSetDFS(seen);
  }

  /**
   * Carries a group of tuples into a state: records them in `seen` and queues those not carried
   * there before. Checking before queueing rather than after keeps the work stack to the tuples
   * that are new (on dense pairs nine in ten carried tuples were known already).
   */
  private carry(seen: Tuples, state: StateId, accessSet: number, word: number, mask: number): void {
    const fresh = seen.add(state, accessSet, word, mask);
    if (fresh !== 0) this.work.push(state, accessSet, word, fresh);
  }

  /**
   * Algorithm 5's UpdateBacktrackSetDFS, its recursion unrolled into the work stack: each item
   * carries tuples (event(t_conf), A), grouped by A, into a state, to be checked against every
   * transition into it. Instead of the path-local T_exp, `seen` stops a search that carries a
   * tuple into a state it was carried into before (pitfall 3; with the summary, by any earlier
   * search: Appendix D (2)); only the events of a group new at the state go on.
   */
  private updateBacktrackSetDFS(seen: Tuples): void {
    const work = this.work;
    while (work.length > 0) {
      const mask = work.pop()!;
      const word = work.pop()!;
      const accessSet = work.pop()!;
      const state = work.pop()!;
      for (const tb of this.graph.incoming(state)) this.visitPredecessor(seen, tb, accessSet, word, mask);
    }
  }

  /**
   * Algorithm 5 steps 1-4 for one t_b ∈ pred_R(t_curr), carrying the tuples (event(t_conf), A)
   * for every event t_conf of the group (`word`, `mask`). Across a self-loop (an event that
   * changed nothing), tuples that meet no conflict would be carried into the state they are in,
   * where they are already recorded: they are not pushed (a third to a half of the transitions of
   * real pairs are self-loops).
   */
  private visitPredecessor(seen: Tuples, tb: TransitionId, accessSet: number, word: number, mask: number): void {
    const met = this.accessSets.meet(accessSet, this.accessSetOf[tb]);
    const src = this.graph.src(tb);
    if (!conflicts(met)) { // step 2's test
      if (src !== this.graph.dst(tb)) this.carry(seen, src, accessSet, word, mask);
      return;
    }
    // Each event of the group, lowest bit first (a loop, not a callback: this is the search's hot path).
    for (let bits = mask; bits !== 0; bits &= bits - 1) this.backtrackForConflict(src, 32 * word + (31 - Math.clz32(bits & -bits)));
    const rest = remainder(met); // step 3's A_r
    const eb = this.graph.event(tb);
    if (rest !== EMPTY_SET) this.carry(seen, src, rest, wordOf(eb), bitOf(eb)); // t_conf' := t_b
  }

  /** Algorithm 5 step 2: event(t_conf) into backtrack(src(t_b)) if enabled there, else all of enabled. */
  private backtrackForConflict(s: StateId, event: EventId): void {
    if (this.flags[s][event] & ENABLED) this.addBacktrack(s, event);
    else for (const e of this.graph.enabled(s)) this.addBacktrack(s, e);
  }

  private addBacktrack(s: StateId, e: EventId): void {
    const f = this.flags[s];
    if (f[e] & BACKTRACK) return;
    f[e] |= BACKTRACK;
    if (!(f[e] & DONE)) this.pending.push(s);
  }

  /**
   * Algorithm 3, UpdateBacktrackSetsFromGraph(t_s). With the summary (Appendix D (1)), the tuples
   * already carried into dst(t_s) stand in for the searches from every transition reachable from
   * t_s: only their step across t_s is new. Without it, the searches are run again.
   */
  protected updateBacktrackSetsFromGraph(ts: TransitionId): void {
    const summary = this.summary;
    if (!summary) {
      for (const t of this.reachableTransitions(this.graph.dst(ts))) {
        this.updateBacktrackSet(t);
        this.search.tick(); // these searches can take long: honour the deadline between them
      }
      return;
    }
    summary.forEachAt(this.graph.dst(ts), (accessSet, word, mask) => this.visitPredecessor(summary, ts, accessSet, word, mask));
    this.updateBacktrackSetDFS(summary);
  }

  private reachableTransitions(from: StateId): TransitionId[] {
    const states = [from];
    const reached = new Set<StateId>(states);
    const transitions: TransitionId[] = [];
    for (let i = 0; i < states.length; i++) {
      for (const t of this.graph.outgoing(states[i])) {
        transitions.push(t);
        const dst = this.graph.dst(t);
        if (!reached.has(dst)) {
          reached.add(dst);
          states.push(dst);
        }
      }
    }
    return transitions;
  }

  /** Algorithm 1's loop: the highest state id with a backtrack point not done (the reference's pick). */
  private nextPendingState(): StateId {
    while (this.pending.size > 0) {
      const s = this.pending.peek();
      if (some(this.flags[s], BACKTRACK | DONE, BACKTRACK)) return s;
      this.pending.pop();
    }
    return -1;
  }

  /**
   * The fair choice (pitfall 1): the first event, rotating from just after the last one chosen,
   * whose flags masked by `mask` equal `want`; -1 if none.
   */
  protected choose(f: Uint8Array, mask: number, want: number): EventId {
    const e = rotatingFind(f, mask, want, this.cursor);
    if (e >= 0) this.cursor = e + 1 === f.length ? 0 : e + 1;
    return e;
  }

  /**
   * Step 1's pick when done(s) = enabled(s), rotating per state: an execution that keeps walking
   * among fully explored states then runs every enabled event of every state it keeps visiting,
   * and so meets IsFullCycle. With one rotation shared by all states the walk can settle into a
   * period that never does (regression test "an execution past a state match ends").
   */
  protected repick(s: StateId): EventId {
    const f = this.flags[s];
    const e = rotatingFind(f, ENABLED, ENABLED, this.repickFrom[s]);
    this.repickFrom[s] = e + 1 === f.length ? 0 : e + 1;
    return e;
  }
}

/** The first event from `from` on, cyclically, whose flags masked by `mask` equal `want`; -1 if none. */
function rotatingFind(f: Uint8Array, mask: number, want: number, from: number): EventId {
  const n = f.length;
  for (let i = 0, e = from; i < n; i++, e = e + 1 === n ? 0 : e + 1) if ((f[e] & mask) === want) return e;
  return -1;
}

function some(f: Uint8Array, mask: number, want: number): boolean {
  for (let e = 0; e < f.length; e++) if ((f[e] & mask) === want) return true;
  return false;
}
