// The explored state graph shared by both strategies: states interned by key to dense ids, and
// transitions stored column-wise (no object per transition until a caller asks for one).
import type { Access, EventId, EventPath, ExploredGraph, ExploredTransition, StateId, TransitionId } from './types.js';

/** How a state was first reached: a transition id (>= 0), or an initial state's index as -1 - index. */
type ReachedBy = number;

export class StateGraph<S, I> implements ExploredGraph<S, I> {
  readonly initialStates: StateId[] = [];
  private readonly ids = new Map<string, StateId>();
  private readonly states: S[] = [];
  private readonly keys: string[] = [];
  private readonly enabledEvents: (readonly EventId[])[] = [];
  private readonly reachedBy: ReachedBy[] = [];
  private readonly outgoingOf: TransitionId[][] = [];
  private readonly incomingOf: TransitionId[][] = [];
  private readonly srcOf: StateId[] = [];
  private readonly eventOf: EventId[] = [];
  private readonly dstOf: StateId[] = [];
  private readonly accessesOf: (readonly Access[])[] = [];
  private readonly infoOf: (I | undefined)[] = [];

  get stateCount(): number {
    return this.states.length;
  }

  get transitionCount(): number {
    return this.srcOf.length;
  }

  idOf(key: string): StateId | undefined {
    return this.ids.get(key);
  }

  /** Adds a state never seen before; `reachedBy` is the transition about to be added for it. */
  addState(state: S, key: string, enabled: readonly EventId[], reachedBy: ReachedBy): StateId {
    const id = this.states.length;
    this.ids.set(key, id);
    this.states.push(state);
    this.keys.push(key);
    this.enabledEvents.push(enabled);
    this.reachedBy.push(reachedBy);
    this.outgoingOf.push([]);
    this.incomingOf.push([]);
    return id;
  }

  static initialReach(index: number): ReachedBy {
    return -1 - index;
  }

  addTransition(src: StateId, event: EventId, dst: StateId, accesses: readonly Access[], info: I | undefined): TransitionId {
    const id = this.srcOf.length;
    this.srcOf.push(src);
    this.eventOf.push(event);
    this.dstOf.push(dst);
    this.accessesOf.push(accesses);
    this.infoOf.push(info);
    this.outgoingOf[src].push(id);
    this.incomingOf[dst].push(id);
    return id;
  }

  /** The transition already explored for (state, event), or -1. */
  findTransition(src: StateId, event: EventId): TransitionId {
    for (const t of this.outgoingOf[src]) if (this.eventOf[t] === event) return t;
    return -1;
  }

  state(id: StateId): S {
    return this.states[id];
  }

  key(id: StateId): string {
    return this.keys[id];
  }

  enabled(id: StateId): readonly EventId[] {
    return this.enabledEvents[id];
  }

  src(t: TransitionId): StateId {
    return this.srcOf[t];
  }

  event(t: TransitionId): EventId {
    return this.eventOf[t];
  }

  dst(t: TransitionId): StateId {
    return this.dstOf[t];
  }

  accesses(t: TransitionId): readonly Access[] {
    return this.accessesOf[t];
  }

  transition(id: TransitionId): ExploredTransition<I> {
    return {
      id,
      src: this.srcOf[id],
      event: this.eventOf[id],
      dst: this.dstOf[id],
      accesses: this.accessesOf[id],
      info: this.infoOf[id],
    };
  }

  info(id: TransitionId): I | undefined {
    return this.infoOf[id];
  }

  outgoing(id: StateId): readonly TransitionId[] {
    return this.outgoingOf[id];
  }

  incoming(id: StateId): readonly TransitionId[] {
    return this.incomingOf[id];
  }

  pathTo(id: StateId): EventPath {
    const events: EventId[] = [];
    let reached = this.reachedBy[id];
    while (reached >= 0) {
      events.push(this.eventOf[reached]);
      reached = this.reachedBy[this.srcOf[reached]];
    }
    return { initial: -1 - reached, events: events.reverse() };
  }
}
