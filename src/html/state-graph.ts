// The explored state graph of a small pair, laid out for drawing, with one conflict's path marked.
// The store keeps statistics and traces, not graphs (a graph can have millions of states), so the
// report re-explores the pairs that are small enough to draw. That is cheap and exact: the check is
// deterministic, and the graph is used only when the app files still have the content the batch
// checked and the re-run reaches the stored state count.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ExploredGraph } from '../check/types.js';
import type { Conflict } from '../conflicts/types.js';
import type { PairState, PairTransitionInfo } from '../model/pair-system.js';
import { explorePair, pairSystem, type CheckPairOptions } from '../pipeline/explore-pair.js';
import { loadApp, type LoadedApp } from '../pipeline/load.js';
import type { ConflictRecord, Mode } from '../results/types.js';
import type { AppRecord } from '../store/types.js';

/** Larger graphs are unreadable as a picture, and re-exploring them would slow the report down. */
export const GRAPH_MAX_STATES = 60;

export interface GraphNode {
  id: number;
  /** Column: the search depth (fewest events from an initial state); row: its place in the column. */
  x: number;
  y: number;
  initial: boolean;
  onPath: boolean;
}

export interface GraphEdge {
  src: number;
  dst: number;
  event: string;
  onPath: boolean;
}

export interface StateGraph {
  mode: Mode;
  nodes: GraphNode[];
  /** Transitions between distinct states (a transition back into its own state is not drawn). */
  edges: GraphEdge[];
  /** The conflict whose path is marked, as `device.attribute: later over earlier`. */
  marked?: string;
}

/** How the batch checked the pair: its environment, tracked attributes and search order. */
export type GraphCheck = Pick<CheckPairOptions, 'env' | 'attributes' | 'firstConflict'>;

/** The pair's graph in one mode, or undefined when the apps changed or it is not the stored one. */
export function exploredStateGraph(apps: readonly [AppRecord, AppRecord], mode: Mode, expectedStates: number, stored: readonly ConflictRecord[], checked: GraphCheck): StateGraph | undefined {
  const loaded = apps.map(unchangedApp);
  if (!loaded[0] || !loaded[1]) return undefined;
  const system = pairSystem(loaded[0], loaded[1], checked);
  const { result, conflicts } = explorePair(system, { ...checked, mode, maxStates: GRAPH_MAX_STATES + 1 });
  if (result.stats.states !== expectedStates) return undefined;
  const marked = conflictToMark(conflicts, stored);
  const path = marked ? pathOf(result.graph, marked) : { states: new Set<number>(), transitions: new Set<number>() };
  const edges: GraphEdge[] = [];
  for (let id = 0; id < result.graph.transitionCount; id++) {
    const t = result.graph.transition(id);
    if (t.src !== t.dst) edges.push({ src: t.src, dst: t.dst, event: system.describeEvent(t.event), onPath: path.transitions.has(id) });
  }
  return {
    mode,
    nodes: layeredLayout(result.graph).map((n) => ({ ...n, onPath: path.states.has(n.id) })),
    edges,
    marked: marked && `${marked.device}.${marked.attribute}: ${marked.later.value} over ${marked.earlier.value}`,
  };
}

function unchangedApp(app: AppRecord): LoadedApp | undefined {
  let content: string;
  try {
    content = readFileSync(app.path, 'utf8');
  } catch {
    return undefined;
  }
  if (createHash('sha256').update(content).digest('hex') !== app.contentHash) return undefined;
  const loaded = loadApp(app.path);
  return loaded.ok ? loaded.app : undefined;
}

/** The re-run's conflict matching the first stored one (the stored ones are sorted shortest trace first). */
function conflictToMark(conflicts: readonly Conflict[], stored: readonly ConflictRecord[]): Conflict | undefined {
  const first = stored[0];
  if (!first) return undefined;
  return conflicts
    .filter((c) => c.device === first.device && c.attribute === first.attribute && c.later.value === first.laterValue && c.earlier.value === first.earlierValue)
    .sort((a, b) => a.path.length - b.path.length)[0];
}

function pathOf(graph: ExploredGraph<PairState, PairTransitionInfo>, conflict: Conflict): { states: Set<number>; transitions: Set<number> } {
  const states = new Set([conflict.initialState]);
  for (const t of conflict.path) states.add(graph.transition(t).dst);
  return { states, transitions: new Set(conflict.path) };
}

/** Breadth-first layers from the initial states: a state's column is its distance from them. */
function layeredLayout(graph: ExploredGraph<PairState, PairTransitionInfo>): Array<Omit<GraphNode, 'onPath'>> {
  const depth = new Map<number, number>();
  const queue = [...new Set(graph.initialStates)];
  for (const s of queue) depth.set(s, 0);
  for (let i = 0; i < queue.length; i++) {
    for (const t of graph.outgoing(queue[i])) {
      const dst = graph.transition(t).dst;
      if (!depth.has(dst)) {
        depth.set(dst, depth.get(queue[i])! + 1);
        queue.push(dst);
      }
    }
  }
  const rows = new Map<number, number>();
  return queue.map((id) => {
    const x = depth.get(id)!;
    const y = rows.get(x) ?? 0;
    rows.set(x, y + 1);
    return { id, x, y, initial: graph.initialStates.includes(id) };
  });
}
