// Shorter traces for the conflicts a search found: each conflict's path of events is cut down by
// replaying it without some of its events, keeping every cut after which the same conflict still
// happens (delta debugging over the path).
import { conflictKey, detectConflicts } from '../conflicts/detect.js';
import type { Conflict, WriteGraph } from '../conflicts/types.js';
import { InterpError } from '../interp/errors.js';
import type { AttributeWrite } from '../model/attribute-write.js';
import type { PairState, PairSystem } from '../model/pair-system.js';
import { trackedFilter, type CheckPairOptions, type ExploredPair } from './explore-pair.js';
import type { PairConflict } from './write-graph.js';
import { cpuClockMs } from '../util/cpu-clock.js';

/**
 * A conflict with the events that produce it, fired from its initial configuration after the
 * installation. The events stand for the path: a cut path has no transitions of a search's graph.
 */
export interface Witness {
  conflict: WitnessConflict;
  events: number[];
}

/** What a witness keeps of a conflict: which one it is, and the configuration its events start from. */
export type WitnessConflict = Pick<PairConflict, 'device' | 'attribute' | 'later' | 'earlier' | 'configuration'>;

export function witnessesOf(explored: ExploredPair): Witness[] {
  const { graph } = explored.result;
  return explored.conflicts.map((conflict) => ({ conflict, events: conflict.path.map((t) => graph.transition(t).event) }));
}

/** The least time shortening gets, as a share of the pair's budget, even after a search that used all of it. */
const MIN_SHORTENING_SHARE = 0.25;

/**
 * Shorter paths to the conflicts a search found. A search that stopped before its end (at its first
 * conflict, or at a budget) explored part of the graph depth first, so its paths can run to dozens
 * or thousands of events where a few would do; a complete one's run through the transition each
 * earlier write was first seen coming from (conflicts/detect.ts), in DPOR's reduced graph or in the
 * whole one, and can be longer than needed too. Each path is cut down by replaying it
 * without a run of its events (halves first, then ever shorter runs, down to single events): a cut
 * is kept when every event left is still enabled where it fires and the same conflict (device,
 * attribute, both apps and values) still happens, and the path then ends at the event that makes
 * it. The result is a path none of whose events can be left out. Shortening gets what is left of
 * the pair's budget, at least a quarter of it, shared equally among the paths; a path it has not
 * finished keeps its best cut so far.
 *
 * A breadth-first search for a shortest path did this before; on the pairs whose states are slow to
 * compute it took ten times as long as the search that found the conflict (results/perf.md).
 */
export function shortened(system: PairSystem, found: Witness[], options: CheckPairOptions, startedCpu: number): Witness[] {
  const deadline = options.budgetMs === undefined
    ? Infinity
    : cpuClockMs() + Math.max(options.budgetMs - (cpuClockMs() - startedCpu), MIN_SHORTENING_SHARE * options.budgetMs);
  const tracked = trackedFilter(options);
  // Each path gets an equal share of the time left, the shortest first: what a short path leaves
  // of its share goes to the longer ones, and one long path cannot take the time of all the others.
  const order = found.map((_, i) => i).sort((a, b) => found[a].events.length - found[b].events.length);
  const cut: Witness[] = [...found];
  order.forEach((index, done) => {
    const share = (deadline - cpuClockMs()) / (order.length - done);
    cut[index] = new PathCutter(system, found[index], tracked, cpuClockMs() + share).shortest();
  });
  return cut;
}

/** One transition of a replayed path: the state it ends in and the writes it made. */
interface Replayed {
  state: PairState;
  writes: readonly AttributeWrite[];
}

/** Cuts one witness's path down (see `shortened`). */
class PathCutter {
  private readonly wanted: string;
  private readonly installation: Replayed;
  /** The path kept so far and, per event, the transition replaying it made (the prefix any cut shares). */
  private events: number[];
  private replayed: Replayed[] = [];
  private conflict: WitnessConflict;
  /** Whether the path as found replays to its conflict (it does in a deterministic system; kept as it is if not). */
  private readonly reproduced: boolean;

  constructor(
    private readonly system: PairSystem,
    witness: Witness,
    private readonly tracked: (w: AttributeWrite) => boolean,
    private readonly deadline: number,
  ) {
    this.wanted = conflictIdentity(witness.conflict);
    const installation = system.installation(witness.conflict.configuration);
    this.installation = { state: installation.state, writes: installation.writes };
    this.events = witness.events;
    this.conflict = witness.conflict;
    this.reproduced = this.accept(witness.events, 0);
  }

  shortest(): Witness {
    if (!this.reproduced) return { conflict: this.conflict, events: this.events };
    for (let size = highestPowerOfTwo(this.events.length >> 1); size >= 1; size >>= 1) {
      if (!this.cutRunsOf(size)) break;
    }
    // Cutting one event can make an earlier one unnecessary: single cuts again until none is kept.
    while (this.cutRunsOf(1, true)) { /* another round */ }
    return { conflict: this.conflict, events: this.events };
  }

  /**
   * Tries to leave out the path's runs of `size` events, from the end back (a later event depends on
   * earlier ones more often than the reverse). Returns false when time ran out; with `untilNone`,
   * whether any cut was kept.
   */
  private cutRunsOf(size: number, untilNone = false): boolean {
    let kept = false;
    for (let end = this.events.length; end > 0; end -= size) {
      if (cpuClockMs() > this.deadline) return false;
      // A kept cut can end the path sooner (at the conflict's event): start again from its end.
      end = Math.min(end, this.events.length);
      const start = Math.max(0, end - size);
      if (this.accept([...this.events.slice(0, start), ...this.events.slice(end)], start)) kept = true;
    }
    return untilNone ? kept : true;
  }

  /**
   * Replays `candidate`, which shares its first `shared` events with the path kept, and keeps it,
   * cut after the event that makes the wanted conflict, when that conflict happens.
   */
  private accept(candidate: readonly number[], shared: number): boolean {
    const replayed = this.replayed.slice(0, shared);
    let state = shared === 0 ? this.installation.state : replayed[shared - 1].state;
    try {
      for (const event of candidate.slice(shared)) {
        if (!this.system.enabled(state).includes(event)) return false;
        const step = this.system.execute(state, event);
        state = step.state;
        replayed.push({ state, writes: step.info?.writes ?? [] });
      }
    } catch (error) {
      // An app failing on a path the search never took: that cut is not kept.
      if (error instanceof InterpError) return false;
      throw error;
    }
    const conflict = this.conflictOn(replayed);
    if (!conflict) return false;
    const length = conflict.path.length - 1; // the first transition is the installation
    this.events = candidate.slice(0, length);
    this.replayed = replayed.slice(0, length);
    const { device, attribute, later, earlier } = conflict;
    this.conflict = { device, attribute, later, earlier, configuration: this.conflict.configuration };
    return true;
  }

  /** The wanted conflict on a replayed path, by the same rule as on a search's graph (conflicts/detect.ts). */
  private conflictOn(replayed: readonly Replayed[]): Conflict | undefined {
    return detectConflicts(chainOf(this.installation.writes, replayed), this.tracked).find((c) => conflictIdentity(c) === this.wanted);
  }
}

/** A replayed path as a write graph: a chain from the installation's root through each transition. */
function chainOf(installation: readonly AttributeWrite[], replayed: readonly Replayed[]): WriteGraph {
  const transitions = [{ src: 0, dst: 1, event: -1, writes: installation }];
  replayed.forEach(({ writes }, i) => transitions.push({ src: i + 1, dst: i + 2, event: i, writes }));
  return { stateCount: replayed.length + 2, initialStates: [0], transitions };
}

function highestPowerOfTwo(n: number): number {
  let power = 1;
  while (power * 2 <= n) power *= 2;
  return n < 1 ? 0 : power;
}

function conflictIdentity(c: Pick<Conflict, 'later' | 'earlier'>): string {
  return conflictKey(c.later, c.earlier);
}
