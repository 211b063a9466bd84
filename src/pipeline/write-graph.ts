// The explored graph as conflict detection reads it (src/conflicts), and its conflicts mapped back
// to the explored graph's terms.
import type { ExploredGraph } from '../check/types.js';
import type { Conflict, WriteGraph } from '../conflicts/types.js';
import type { WatchedGraph } from '../conflicts/watch.js';
import type { AttributeWrite } from '../model/attribute-write.js';
import type { PairState, PairTransitionInfo } from '../model/pair-system.js';

/**
 * A conflict of an explored pair: `path` runs in the explored graph from `initialState`, the state
 * installing both apps in initial configuration `configuration` ends in (the installation's own
 * writes take part in the dataflow: see `writeGraph`).
 */
export interface PairConflict extends Conflict {
  configuration: number;
}

/**
 * The explored graph as conflict detection reads it, with the installation in front: for initial
 * configuration i, a root state `stateCount + i` and an edge from it to the initial state carrying
 * the writes installing both apps made (`installs[i]`). The reference's tracker records those too
 * (reference §4.2): an app that turns a light on in `installed()` conflicts with one that turns it
 * off on an event.
 */
export function writeGraph(graph: ExploredGraph<PairState, PairTransitionInfo>, installs: readonly (readonly AttributeWrite[])[]): WriteGraph {
  const transitions = [];
  for (let id = 0; id < graph.transitionCount; id++) {
    const t = graph.transition(id);
    transitions.push({ src: t.src, dst: t.dst, event: t.event, writes: t.info?.writes ?? [] });
  }
  const roots = graph.initialStates.map((_, i) => graph.stateCount + i);
  graph.initialStates.forEach((initial, i) => transitions.push({ src: roots[i], dst: initial, event: -1, writes: installs[i] }));
  return { stateCount: graph.stateCount + roots.length, initialStates: roots, transitions };
}

/** One list for every transition without writes: the watch memoises by list (conflicts/watch.ts). */
const NO_WRITES: readonly AttributeWrite[] = [];

/** The explored graph as the running conflict watch (conflicts/watch.ts) reads it, without copying it. */
export function watchedGraph(graph: ExploredGraph<PairState, PairTransitionInfo>): WatchedGraph {
  return {
    initialStates: graph.initialStates,
    src: (t) => graph.src(t),
    dst: (t) => graph.dst(t),
    writes: (t) => graph.info(t)?.writes ?? NO_WRITES,
    outgoing: (state) => graph.outgoing(state),
  };
}

/** A conflict found in `writeGraph`'s graph, in the explored graph's terms: its path after the installation edge. */
export function afterInstallation(conflict: Conflict, graph: ExploredGraph<PairState, PairTransitionInfo>): PairConflict {
  const configuration = conflict.initialState - graph.stateCount;
  // Every path starts at a root, whose only edge is its installation.
  return { ...conflict, configuration, initialState: graph.initialStates[configuration], path: conflict.path.slice(1) };
}
