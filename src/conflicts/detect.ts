// The reference's conflict rule (reference §4.3) as a last-writer dataflow over the explored state
// graph: each state holds the writes that may be the latest to reach it, per (device, attribute).
// A non-manual write conflicts with a reaching write of the other app that stored another value.
// Working over the graph, not over single paths, keeps detection sound across state matching:
// when a known state is reached with new reaching writes, its explored successors are rechecked.
import type { AttributeWrite } from '../model/attribute-write.js';
import type { Conflict, WriteGraph } from './types.js';

interface Origin {
  write: AttributeWrite;
  /** The transition that made the write. */
  transition: number;
}

/**
 * The writes reaching a state, with the transition each came from. The transition travels with the
 * write rather than being looked up by the write object: equal transitions may share one write
 * object (the pair model interns them), so an object does not name the transition that made it.
 */
type Reaching = Map<string, Map<string, Origin>>;

interface Found {
  later: AttributeWrite;
  earlier: Origin;
  transition: number;
  /** Where it happens, for `nearer`: computed once per candidate. */
  rank: number[];
}

/** The (device, attribute) a write stores into, as text. */
export const keyOf = (w: AttributeWrite) => `${w.device}\u0000${w.attribute}`;
/** What tells two writes of one (device, attribute) apart for the rule (`overrides`): app, value, manual, byPerson. */
export const identityOf = (w: AttributeWrite) => `${w.app}\u0000${w.value}\u0000${w.manual}\u0000${w.byPerson}`;

/** What makes a conflict distinct: the device and attribute, and both apps with the values they stored. */
export function conflictKey(later: AttributeWrite, earlier: AttributeWrite): string {
  return `${keyOf(later)}\u0000${later.app}\u0000${later.value}\u0000${earlier.app}\u0000${earlier.value}`;
}

/**
 * The conflict rule for one write over a write reaching it: not manual, the other app, another
 * value; and not a person choosing again: both set off by a person's direct actions, the later in
 * a later transition (`sameTransition` false). Within one transition a cascade that undoes the
 * person's own action stays a conflict (the reference's example: a touch unlocks, the other app
 * locks at once).
 */
export function overrides(later: AttributeWrite, earlier: AttributeWrite, sameTransition: boolean): boolean {
  if (later.manual || earlier.app === later.app || earlier.value === later.value) return false;
  return sameTransition || !(later.byPerson && earlier.byPerson);
}

/** Every distinct conflict of the graph, each with the shortest path found that produces it. */
export function detectConflicts(graph: WriteGraph, tracked: (w: AttributeWrite) => boolean): Conflict[] {
  const outgoing = outgoingTransitions(graph);
  const found = runDataflow(graph, outgoing, distances(graph, outgoing), tracked);
  return [...found.values()].map((f) => withPath(graph, outgoing, f, tracked));
}

/**
 * Finds every distinct conflict; of the transitions that produce one, keeps the one nearest to an
 * initial state (so its trace is short), preferring a conflict inside one transition.
 */
function runDataflow(graph: WriteGraph, outgoing: number[][], distance: Int32Array, tracked: (w: AttributeWrite) => boolean): Map<string, Found> {
  const reaching: Reaching[] = Array.from({ length: graph.stateCount }, () => new Map());
  const found = new Map<string, Found>();
  const queue: number[] = graph.transitions.map((_, i) => i);
  const queued = new Uint8Array(graph.transitions.length).fill(1);
  while (queue.length > 0) {
    const index = queue.pop()!;
    queued[index] = 0;
    const { src, dst, writes } = graph.transitions[index];
    const current = new Map<string, Origin>();
    for (const write of writes) {
      if (!tracked(write)) continue;
      const key = keyOf(write);
      const previous = current.get(key);
      const candidates = previous ? [previous] : reaching[src].get(key)?.values() ?? [];
      for (const earlier of candidates) {
        if (overrides(write, earlier.write, previous !== undefined)) {
          const id = conflictKey(write, earlier.write);
          const candidate = { later: write, earlier, transition: index, rank: rank(index, earlier.transition, graph, distance) };
          const known = found.get(id);
          if (!known || nearer(candidate, known)) found.set(id, candidate);
        }
      }
      current.set(key, { write, transition: index });
    }
    if (propagate(reaching[src], current, reaching[dst])) {
      for (const next of outgoing[dst]) if (!queued[next]) { queued[next] = 1; queue.push(next); }
    }
  }
  return found;
}

/**
 * Whether conflict `a` happens nearer to an initial state than `b`, so that its trace is shorter:
 * by the distance of the later write's transition; then a conflict within one transition; then by
 * the distance of the earlier write's transition (of two writes the later one overrides, the one
 * made sooner gives the shorter path); among equals the earlier event of the event list wins, so
 * the choice never depends on the order of the dataflow.
 */
function nearer(a: Found, b: Found): boolean {
  for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] < b.rank[i];
  return false;
}

/** `nearer`'s order, for a conflict at transition `at` over the write of transition `earlierAt`. */
function rank(at: number, earlierAt: number, graph: WriteGraph, distance: Int32Array): number[] {
  const later = graph.transitions[at];
  const earlier = graph.transitions[earlierAt];
  return [distance[later.src], earlierAt === at ? 0 : 1, distance[earlier.src], later.event, earlier.event];
}

/** Breadth-first distance (in transitions) of every state from the initial states. */
function distances(graph: WriteGraph, outgoing: number[][]): Int32Array {
  const distance = new Int32Array(graph.stateCount).fill(graph.stateCount);
  const queue = [...new Set(graph.initialStates)];
  for (const s of queue) distance[s] = 0;
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    for (const t of outgoing[state]) {
      const { dst } = graph.transitions[t];
      if (distance[dst] > distance[state] + 1) { distance[dst] = distance[state] + 1; queue.push(dst); }
    }
  }
  return distance;
}

/** Merges into `into` what flows along one edge; returns whether `into` grew. */
function propagate(from: Reaching, written: Map<string, Origin>, into: Reaching): boolean {
  let changed = false;
  const add = (key: string, origin: Origin) => {
    let set = into.get(key);
    if (!set) into.set(key, (set = new Map()));
    const id = identityOf(origin.write);
    if (!set.has(id)) { set.set(id, origin); changed = true; }
  };
  for (const [key, writes] of from) if (!written.has(key)) for (const w of writes.values()) add(key, w);
  for (const [key, write] of written) add(key, write);
  return changed;
}

function outgoingTransitions(graph: WriteGraph): number[][] {
  const out: number[][] = Array.from({ length: graph.stateCount }, () => []);
  graph.transitions.forEach((t, i) => out[t.src].push(i));
  return out;
}

/**
 * A shortest path that produces the conflict: to the earlier write's transition, then on to the
 * later write's transition through transitions that leave the attribute alone, then the later one.
 */
function withPath(graph: WriteGraph, outgoing: number[][], found: Found, tracked: (w: AttributeWrite) => boolean): Conflict {
  const key = keyOf(found.later);
  const earlierEdge = graph.transitions[found.earlier.transition];
  const toEarlier = shortestPath(graph, outgoing, graph.initialStates, earlierEdge.src, () => true);
  const sameTransition = found.earlier.transition === found.transition;
  const between = sameTransition
    ? []
    : [found.earlier.transition, ...shortestPath(graph, outgoing, [earlierEdge.dst], graph.transitions[found.transition].src,
        (t) => !t.writes.some((w) => tracked(w) && keyOf(w) === key))!.path];
  return {
    device: found.later.device,
    attribute: found.later.attribute,
    later: found.later,
    earlier: found.earlier.write,
    path: [...toEarlier!.path, ...between, found.transition],
    initialState: toEarlier!.start,
  };
}

/** Breadth-first search over transitions allowed by `usable`, from any of `starts` to `goal`. */
function shortestPath(graph: WriteGraph, out: number[][], starts: readonly number[], goal: number,
  usable: (t: WriteGraph['transitions'][number]) => boolean): { path: number[]; start: number } | undefined {
  const via = new Map<number, number>();
  const startOf = new Map<number, number>();
  const queue: number[] = [];
  for (const s of starts) if (!startOf.has(s)) { startOf.set(s, s); queue.push(s); }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    if (state === goal) {
      const path: number[] = [];
      for (let s = state; via.has(s); s = graph.transitions[via.get(s)!].src) path.unshift(via.get(s)!);
      return { path, start: startOf.get(state)! };
    }
    for (const t of out[state]) {
      const { dst } = graph.transitions[t];
      if (startOf.has(dst) || !usable(graph.transitions[t])) continue;
      startOf.set(dst, startOf.get(state)!);
      via.set(dst, t);
      queue.push(dst);
    }
  }
  return undefined;
}
