// `nodpor`: plain stateful depth-first search, the baseline of the paper's tables. Every enabled
// event is executed at every state reached; a state is expanded once, the first time it is reached.
//
// Counts: states = distinct states; transitions = every transition taken, also those into states
// already visited (each (state, event) pair once, so the explored graph's transition count);
// executions = maximal paths of the search: a path ends at a transition into an already visited
// state, or at a newly reached state with no enabled event (an initial state with no enabled event
// is an execution of length zero).
import type { Search } from './search.js';
import type { StateId } from './types.js';

export function exploreNoDpor<S, I>(search: Search<S, I>): void {
  for (const initial of search.initialStates()) depthFirst(search, initial);
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
