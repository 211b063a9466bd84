// Weakened variants of the paper's DPOR, for tests only: they show which ingredient of the
// algorithm each worked example depends on, so that the examples are known to have teeth.
import { ENABLED, PaperDpor } from '../../../src/check/dpor.js';
import { Search } from '../../../src/check/search.js';
import type { CheckOptions, CheckResult, EventId, EventSystem, StateId, TransitionId } from '../../../src/check/check.js';

/** The paper's algorithm, choosing the first candidate in event order instead of rotating. */
export class FirstInOrderDpor<S, I> extends PaperDpor<S, I> {
  protected override choose(f: Uint8Array, mask: number, want: number): EventId {
    for (let e = 0; e < f.length; e++) if ((f[e] & mask) === want) return e;
    return -1;
  }
}

/** Ends an execution at any state match, of this or an earlier execution (no IsFullCycle). */
export class StopAtAnyMatchDpor<S, I> extends FirstInOrderDpor<S, I> {
  protected override endsExecution(t: TransitionId): boolean {
    const dst = this.graph.dst(t);
    return this.inH(dst) || this.inS(dst);
  }
}

/** Does not update backtrack sets from the graph at a state match (no Algorithm 3). */
export class NoGraphUpdateDpor<S, I> extends FirstInOrderDpor<S, I> {
  protected override updateBacktrackSetsFromGraph(): void {}
}

/** The naive stateful DPOR: stops at any state match, without a graph update. */
export class NaiveDpor<S, I> extends StopAtAnyMatchDpor<S, I> {
  protected override updateBacktrackSetsFromGraph(): void {}
}

type Variant = new <S, I>(search: Search<S, I>, summary: boolean) => PaperDpor<S, I>;

export function runVariant<S, I>(Variant: Variant, system: EventSystem<S, I>, options: CheckOptions<S, I> = {}): CheckResult<S, I> {
  const search = new Search(system, options);
  new Variant(search, true).exploreAll();
  return search.result();
}

/** Re-picks past a state match with the rotation shared by all states (not per state). */
export class SharedRotationRepickDpor<S, I> extends PaperDpor<S, I> {
  protected override repick(s: StateId): EventId {
    return this.choose(this.flags[s], ENABLED, ENABLED);
  }
}
