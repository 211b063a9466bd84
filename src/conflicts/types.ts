// Data types of conflict detection: the graph of the attribute writes transitions make
// (model/attribute-write.ts), and the conflicts found. Independent of SmartThings beyond the names.
import type { AttributeWrite } from '../model/attribute-write.js';

/** The explored state graph, as conflict detection needs it. */
export interface WriteGraph {
  stateCount: number;
  initialStates: readonly number[];
  transitions: ReadonlyArray<{ src: number; dst: number; event: number; writes: readonly AttributeWrite[] }>;
}

/** Two apps storing different values into the same attribute, the later one not manual. */
export interface Conflict {
  device: string;
  attribute: string;
  /** The write that overrode the other app's still-current value. */
  later: AttributeWrite;
  /** The other app's write that was still in effect. */
  earlier: AttributeWrite;
  /** Indices of transitions, from an initial state, that produce the conflict (shortest found). */
  path: number[];
  /** The initial state the path starts from. */
  initialState: number;
}
