// `nodpor`: plain stateful search, depth-first as the baseline of the paper's tables, or
// breadth-first. Every enabled event is executed at every state reached; a state is expanded once.
//
// Counts: states = distinct states; transitions = every transition taken, also those into states
// already visited (each (state, event) pair once, so the explored graph's transition count);
// executions = maximal paths of the search: a path ends at a transition into an already visited
// state, or at a newly reached state with no enabled event (an initial state with no enabled event
// is an execution of length zero).
import type { Search } from './search.js';
import type { CheckOptions, StateId } from './types.js';

export function exploreNoDpor<S, I>(search: Search<S, I>, order: NonNullable<CheckOptions['order']>): void {
  if (order === 'breadth-first') breadthFirst(search, [...search.initialStates()]);
  else for (const initial of search.initialStates()) depthFirst(search, initial);
}

/** Level by level from all initial states together, so each state is first reached along a shortest path. */
function breadthFirst<S, I>(search: Search<S, I>, roots: readonly StateId[]): void {
  const graph = search.graph;
  const queue = [...roots];
  for (let head = 0; head < queue.length && !search.stopped; head++) {
    const s = queue[head];
    if (graph.enabled(s).length === 0) search.executions++;
    for (const event of graph.enabled(s)) {
      const t = search.take(s, event);
      if (t < 0 || search.stopped) return;
      if (search.reachedNewState) queue.push(graph.dst(t));
      else search.executions++;
    }
  }
}

function depthFirst<S, I>(search: Search<S, I>, root: StateId): void {
  const graph = search.graph;
  if (graph.enabled(root).length === 0) {
    search.executions++;
    return;
  }
  // Explicit stack: the state of each frame and the index of its next enabled event.
  const states: StateId[] = [root];
  const nextIndex: number[] = [0];
  while (states.length > 0 && !search.stopped) {
    const top = states.length - 1;
    const s = states[top];
    const enabled = graph.enabled(s);
    if (nextIndex[top] === enabled.length) {
      states.pop();
      nextIndex.pop();
      continue;
    }
    const t = search.take(s, enabled[nextIndex[top]++]);
    if (t < 0) return;
    const dst = graph.dst(t);
    if (search.reachedNewState && graph.enabled(dst).length > 0) {
      states.push(dst);
      nextIndex.push(0);
    } else {
      search.executions++;
    }
  }
}
