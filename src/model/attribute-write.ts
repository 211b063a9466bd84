// What the pair model reports for each write a transition makes; conflict detection reads them.
import type { SourceLocation } from '../ir/ir.js';

/** One write of a tracked device attribute (or the location mode) made by an app's code. */
export interface AttributeWrite {
  app: string;
  /** The device written (`lock`, `switch`, ... one device per capability), or `location`. */
  device: string;
  attribute: string;
  value: string;
  /** Made directly by a handler of a user-originated event (touch, button, NFC, app touch). */
  manual: boolean;
  /**
   * Set off by a person's direct action: made while one is delivered, by its handlers or in the
   * cascade of events they cause, not by a timer (only where the environment's `personsChoice` is on).
   */
  byPerson: boolean;
  /** Where the app's code issued the command, when known. */
  at?: SourceLocation;
}
