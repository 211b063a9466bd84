// The conflict rule of detect.ts kept up to date while a search runs (issue 17, `--first-conflict`):
// the same last-writer dataflow, fed one transition at a time, so that a conflict is known at the
// transition that makes it reachable in the explored graph rather than at the next poll. It tells
// which conflicts exist (their `conflictKey`), not their shortest paths: detectConflicts over the
// final graph gives those.
//
// The dataflow is monotone, so running it incrementally costs what one run over the final graph
// costs: a state's reaching writes only grow, and a transition is run again only when its source's
// grow. To keep that cheap over hundreds of thousands of states, the reaching writes of a state are
// one interned set (a number), and a transition's effect on a set is memoised per (set, list of
// writes): the pair model shares one list of writes among the transitions that make equal writes.
import type { AttributeWrite } from '../model/attribute-write.js';
import { conflictKey, identityOf, keyOf, overrides } from './detect.js';

/** An interned set of reaching writes: sorted ids of distinct writes (`Fact`). */
type SetId = number;

interface Fact {
  write: AttributeWrite;
  /** The (device, attribute) it writes, as a number. */
  location: number;
}

/** What running one list of writes over one reaching set gives. */
interface Transfer {
  out: SetId;
  conflicts: readonly string[];
}

/** The graph as the watch reads it: the search's explored graph, through its writes. */
export interface WatchedGraph {
  readonly initialStates: readonly number[];
  src(t: number): number;
  dst(t: number): number;
  writes(t: number): readonly AttributeWrite[];
  outgoing(state: number): readonly number[];
}

export class ConflictWatch {
  /** Every conflict found so far, by `conflictKey`. */
  readonly conflicts = new Set<string>();
  private readonly factIds = new Map<string, number>();
  private readonly facts: Fact[] = [];
  private readonly locationIds = new Map<string, number>();
  private readonly setIds = new Map<string, SetId>();
  private readonly sets: (readonly number[])[] = [[]];
  private readonly transfers = new Map<readonly AttributeWrite[], Map<SetId, Transfer>>();
  /** union(a, b) for a < b, by a then b. */
  private readonly unions = new Map<SetId, Map<SetId, SetId>>();
  /** The reaching set of each state (0, the empty set, for a state not reached by the dataflow yet). */
  private reaching = new Int32Array(1024);
  private seeded = 0;

  /**
   * `installs[i]`: the writes installing both apps made before initial state i (writeGraph's root
   * edges). `tracked`: the writes that count, as in detectConflicts.
   */
  constructor(
    private readonly installs: readonly (readonly AttributeWrite[])[],
    private readonly tracked: (w: AttributeWrite) => boolean,
  ) {
    this.setIds.set('', 0);
  }

  /** Takes in transition `t`, just added to `graph`; returns whether it brought new conflicts. */
  add(graph: WatchedGraph, t: number): boolean {
    const before = this.conflicts.size;
    const queue = this.seedInitialStates(graph);
    queue.push(t);
    while (queue.length > 0) {
      const next = queue.pop()!;
      const dst = graph.dst(next);
      if (this.flow(this.reachingOf(graph.src(next)), graph.writes(next), dst)) queue.push(...graph.outgoing(dst));
    }
    return this.conflicts.size > before;
  }

  /**
   * Runs the installation edges into the initial states the search interned since the last call;
   * returns the transitions to run again (those leaving an initial state whose set grew).
   */
  private seedInitialStates(graph: WatchedGraph): number[] {
    const again: number[] = [];
    for (; this.seeded < graph.initialStates.length; this.seeded++) {
      const initial = graph.initialStates[this.seeded];
      if (this.flow(0, this.installs[this.seeded] ?? [], initial)) again.push(...graph.outgoing(initial));
    }
    return again;
  }

  /** Runs `writes` over the set `from` into state `dst`; returns whether `dst`'s set grew. */
  private flow(from: SetId, writes: readonly AttributeWrite[], dst: number): boolean {
    const { out, conflicts } = this.transfer(from, writes);
    for (const c of conflicts) this.conflicts.add(c);
    const current = this.reachingOf(dst);
    const merged = this.union(current, out);
    if (merged === current) return false;
    this.reaching[dst] = merged;
    return true;
  }

  private reachingOf(state: number): SetId {
    if (state >= this.reaching.length) {
      const grown = new Int32Array(Math.max(state + 1, this.reaching.length * 2));
      grown.set(this.reaching);
      this.reaching = grown;
    }
    return this.reaching[state];
  }

  /** detect.ts's step over one transition: conflicts with the writes reaching it, then what it leaves. */
  private transfer(from: SetId, writes: readonly AttributeWrite[]): Transfer {
    let memo = this.transfers.get(writes);
    if (!memo) this.transfers.set(writes, (memo = new Map()));
    let result = memo.get(from);
    if (result) return result;
    const conflicts: string[] = [];
    const written = new Map<number, number>();
    for (const write of writes) {
      if (!this.tracked(write)) continue;
      const fact = this.factOf(write);
      const location = this.facts[fact].location;
      const previous = written.get(location);
      const earlier = previous === undefined ? this.sets[from].filter((f) => this.facts[f].location === location) : [previous];
      for (const e of earlier) if (overrides(write, this.facts[e].write, previous !== undefined)) conflicts.push(conflictKey(write, this.facts[e].write));
      written.set(location, fact);
    }
    const kept = this.sets[from].filter((f) => !written.has(this.facts[f].location));
    result = { out: this.intern([...kept, ...written.values()]), conflicts };
    memo.set(from, result);
    return result;
  }

  private union(a: SetId, b: SetId): SetId {
    if (a === b || b === 0) return a;
    if (a === 0) return b;
    const [low, high] = a < b ? [a, b] : [b, a];
    let memo = this.unions.get(low);
    if (!memo) this.unions.set(low, (memo = new Map()));
    let id = memo.get(high);
    if (id === undefined) memo.set(high, (id = this.intern([...this.sets[low], ...this.sets[high]])));
    return id;
  }

  private intern(facts: number[]): SetId {
    const sorted = [...new Set(facts)].sort((x, y) => x - y);
    const text = sorted.join(',');
    let id = this.setIds.get(text);
    if (id === undefined) {
      this.setIds.set(text, (id = this.sets.length));
      this.sets.push(sorted);
    }
    return id;
  }

  /** A write's fact: its location and what detect.ts tells reaching writes apart by (`identityOf`). */
  private factOf(write: AttributeWrite): number {
    const location = keyOf(write);
    const text = `${location}\u0000${identityOf(write)}`;
    let id = this.factIds.get(text);
    if (id === undefined) {
      let l = this.locationIds.get(location);
      if (l === undefined) this.locationIds.set(location, (l = this.locationIds.size));
      this.factIds.set(text, (id = this.facts.length));
      this.facts.push({ write, location: l });
    }
    return id;
  }
}
