// Search budgets: a deadline on the CPU clock (util/cpu-clock.ts), a maximum number of states, and a
// soft heap limit.
import { getHeapStatistics } from 'node:v8';
import { cpuClockMs } from '../util/cpu-clock.js';
import { liveHeapBytes } from '../util/heap.js';
import type { CheckOptions } from './types.js';

/** Reading the clock costs more than a transition of a trivial system: look every this many steps. */
const CLOCK_EVERY = 256;
/**
 * Reading the heap statistics costs more than reading the clock: look at most this often (when the
 * clock is read). The heap a search can add in this time is small beside the headroom a caller
 * leaves below a hard limit (the batch leaves a quarter of its worker's heap).
 */
const HEAP_EVERY_MS = 100;
/** How often a search reports its progress (`CheckOptions.onProgress`), at most. */
export const PROGRESS_EVERY_MS = 250;

/** Why a budget ended the search. */
export type BudgetStop = 'timeout' | 'memory-limit';

export class Budget {
  readonly startedAt: number;
  /** On the CPU clock (cpuClockMs). */
  private readonly deadline: number;
  private readonly maxStates: number;
  /** The soft heap limit in bytes (Infinity: none). */
  private readonly maxHeapBytes: number;
  private untilClock = CLOCK_EVERY;
  /** When to look at the heap next (the first time the clock is read). */
  private nextHeapAt: number;
  /** The time the clock was last read, and when progress is due next. */
  private lastClock: number;
  private nextProgressAt: number;

  constructor(options: CheckOptions, now = Date.now()) {
    this.startedAt = now;
    const limit = options.timeLimitMs === undefined ? Infinity : cpuClockMs() + options.timeLimitMs;
    this.deadline = Math.min(options.deadline ?? Infinity, limit);
    this.maxStates = options.maxStates ?? Infinity;
    this.maxHeapBytes = options.maxHeapMb === undefined ? Infinity : options.maxHeapMb * 2 ** 20;
    this.nextHeapAt = now;
    this.lastClock = now;
    this.nextProgressAt = now + PROGRESS_EVERY_MS;
  }

  /** Whether one more state would exceed the state limit. */
  stateLimitReached(states: number): boolean {
    return states >= this.maxStates;
  }

  /**
   * Counts a step; says which budget, if any, has run out. The clocks are read every CLOCK_EVERY
   * steps (the CPU clock for the deadline, the wall clock for progress and the heap); the heap
   * (this thread's isolate) when they are read, at most every HEAP_EVERY_MS.
   */
  exhausted(): BudgetStop | undefined {
    if (--this.untilClock > 0) return undefined;
    this.untilClock = CLOCK_EVERY;
    const now = Date.now();
    this.lastClock = now;
    if (this.deadline !== Infinity && cpuClockMs() >= this.deadline) return 'timeout';
    if (this.maxHeapBytes !== Infinity && now >= this.nextHeapAt) {
      this.nextHeapAt = now + HEAP_EVERY_MS;
      // Over the limit by the cheap figure: collect the garbage before believing it.
      if (getHeapStatistics().used_heap_size > this.maxHeapBytes && liveHeapBytes() > this.maxHeapBytes) return 'memory-limit';
    }
    return undefined;
  }

  /** Whether progress is due, by the clock's last reading (no clock read here: this runs every step). */
  progressDue(): boolean {
    if (this.lastClock < this.nextProgressAt) return false;
    this.nextProgressAt = this.lastClock + PROGRESS_EVERY_MS;
    return true;
  }

  elapsedMs(): number {
    return Date.now() - this.startedAt;
  }
}
