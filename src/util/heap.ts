import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The heap this isolate (thread) has grown to, in MB: an upper bound of its live data at the peak. */
export function heapMb(): number {
  return Math.round((getHeapStatistics().total_heap_size / 2 ** 20) * 10) / 10;
}

/**
 * The checker's soft heap limit as a fraction of a hard one (a batch worker process's
 * `--max-old-space-size`, i.e. `--memory-mb`). A worker that reaches its hard limit dies (V8
 * aborts it with "Reached heap limit") and its search's statistics die with it, so the pair is
 * stored as `out-of-memory` with none. The checker stops itself first, once the used heap
 * passes this fraction; the rest is room for what the heap gains between two looks (at most
 * 100 ms apart), for garbage not yet collected, and for the conflict detection and traces that run
 * over the explored graph after the search.
 */
export const SOFT_HEAP_FRACTION = 0.75;

/** `--memory-mb` when none is given: batch's workers, `check --against`'s, and a two-app check's own heap. */
export const DEFAULT_MEMORY_MB = 2048;

let fullGc: (() => void) | undefined;

/**
 * The bytes of this isolate's heap that are live: used heap after a full garbage collection. The
 * plain `used_heap_size` also counts garbage V8 has not collected yet, which after a large search
 * in the same worker can be most of the heap. The collection is expensive (it marks everything
 * live): call this only once the cheap figure is over a limit.
 */
export function liveHeapBytes(): number {
  if (!fullGc) {
    // `gc` is not exposed without --expose-gc; setting the flag at run time exposes it to new contexts.
    setFlagsFromString('--expose-gc');
    fullGc = runInNewContext('gc') as () => void;
  }
  fullGc();
  return getHeapStatistics().used_heap_size;
}

/** The soft heap limit for a hard limit of `memoryMb` (see SOFT_HEAP_FRACTION). */
export function softHeapLimitMb(memoryMb: number): number {
  return Math.floor(memoryMb * SOFT_HEAP_FRACTION);
}
