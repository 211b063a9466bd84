// Search budgets: a wall-clock deadline and a maximum number of states.
import type { CheckOptions } from './types.js';

/** Reading the clock costs more than a transition of a trivial system: look every this many steps. */
const CLOCK_EVERY = 256;

export class Budget {
  readonly startedAt: number;
  private readonly deadline: number;
  private readonly maxStates: number;
  private untilClock = CLOCK_EVERY;

  constructor(options: CheckOptions, now = Date.now()) {
    this.startedAt = now;
    const limit = options.timeLimitMs === undefined ? Infinity : now + options.timeLimitMs;
    this.deadline = Math.min(options.deadline ?? Infinity, limit);
    this.maxStates = options.maxStates ?? Infinity;
  }

  /** Whether one more state would exceed the state limit. */
  stateLimitReached(states: number): boolean {
    return states >= this.maxStates;
  }

  /** Counts a step; true when the deadline has passed (checked every CLOCK_EVERY steps). */
  timedOut(): boolean {
    if (--this.untilClock > 0) return false;
    this.untilClock = CLOCK_EVERY;
    return Date.now() >= this.deadline;
  }

  elapsedMs(): number {
    return Date.now() - this.startedAt;
  }
}
