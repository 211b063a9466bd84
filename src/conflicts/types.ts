// Data types of conflict detection: the attribute writes a transition makes, the graph they are
// read from, and the conflicts found. Independent of SmartThings beyond the names.
import type { SourceLocation } from '../lower/ir.js';

/** One write of a tracked device attribute (or the location mode) made by an app's code. */
export interface AttributeWrite {
  app: string;
  /** The device written (`lock`, `switch`, ... one device per capability), or `location`. */
  device: string;
  attribute: string;
  value: string;
  /** Made directly by a handler of a user-originated event (touch, button, NFC, app touch). */
  manual: boolean;
  /** Where the app's code issued the command, when known. */
  at?: SourceLocation;
}

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
