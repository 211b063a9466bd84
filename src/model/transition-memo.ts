// Transitions remembered by the parts of the state they touched. A transition (an event fired and
// every handler it cascades into) is a function of the parts of the home's state it reads: the
// devices and location attributes it accesses, the pending timers and subscriptions, and the state
// of each app whose code runs (home-state.ts, `touchedParts`). From another state that agrees on
// those parts, the same event does the same thing: the same accesses, the same writes, and the same
// new parts where it changed any. Most states of a pair's search differ from others in parts a
// given event never touches (the other app's counters, a device only the other app uses), so a
// transition is run once per distinct combination of the parts it touches instead of once per state.
//
// Per event, a decision tree over part positions: a node tests one position (the next part the
// transition first touched), its children are the numbers that part had; a leaf is a remembered
// transition. The parts a transition touches in order are decided by the parts it touched before
// (a run is deterministic), so every state reaching a node touches that node's position next.
import type { PartChange, PartLayout } from './home-state.js';

/** A part number of a state, and the state's parts in its layout's order. */
interface PartedState {
  readonly parts: readonly number[];
  readonly layout: PartLayout;
}

export interface RememberedTransition<R> {
  /** The parts the transition changed (HomeStates.changes). */
  readonly changes: readonly PartChange[];
  /** What the transition gave besides its next state (accesses, writes). */
  readonly result: R;
}

class Test<R> {
  readonly next = new Map<number, Test<R> | RememberedTransition<R>>();
  constructor(readonly position: number) {}
}

export class TransitionMemo<R> {
  /** Per layout, per event, the root of its decision tree. */
  private readonly roots = new Map<PartLayout, Test<R>[]>();
  /** How many transitions `recall` found. */
  recalled = 0;

  /** The transition `event` makes from `state`, if one from a state agreeing on every part it touched is remembered. */
  recall(state: PartedState, event: number): RememberedTransition<R> | undefined {
    let node: Test<R> | RememberedTransition<R> | undefined = this.roots.get(state.layout)?.[event];
    while (node instanceof Test) node = node.next.get(state.parts[node.position]);
    if (node !== undefined) this.recalled++;
    return node;
  }

  /**
   * Remembers the transition `event` made from `state`, which touched the parts at `touched` in
   * that order. A path that disagrees with the tree (it cannot, for a deterministic run) is left out.
   */
  remember(state: PartedState, event: number, touched: readonly number[], transition: RememberedTransition<R>): void {
    let roots = this.roots.get(state.layout);
    if (!roots) this.roots.set(state.layout, (roots = []));
    let node = (roots[event] ??= new Test<R>(touched[0]));
    for (let i = 0; i < touched.length; i++) {
      if (node.position !== touched[i]) return;
      const number = state.parts[touched[i]];
      const child = node.next.get(number);
      if (i === touched.length - 1) {
        if (child === undefined) node.next.set(number, transition);
        return;
      }
      if (child === undefined) node.next.set(number, (node = new Test<R>(touched[i + 1])));
      else if (child instanceof Test) node = child;
      else return;
    }
  }
}
