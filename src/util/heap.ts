import { getHeapStatistics } from 'node:v8';

/** The heap this isolate (thread) has grown to, in MB: an upper bound of its live data at the peak. */
export function heapMb(): number {
  return Math.round((getHeapStatistics().total_heap_size / 2 ** 20) * 10) / 10;
}

/**
 * The checker's soft heap limit as a fraction of a hard one (a batch worker's
 * `maxOldGenerationSizeMb`, i.e. `--memory-mb`). A worker that reaches its hard limit does not
 * always die alone with ERR_WORKER_OUT_OF_MEMORY: when an allocation fails at the limit (a large
 * array of the explored graph growing) V8 aborts the whole process with "Reached heap limit"
 * (nodejs/node#47224), and the batch with it. The checker stops itself first, once the used heap
 * passes this fraction; the rest is room for what the heap gains between two looks (at most
 * 100 ms apart), for garbage not yet collected, and for the conflict detection and traces that run
 * over the explored graph after the search.
 */
export const SOFT_HEAP_FRACTION = 0.75;

/** The soft heap limit for a hard limit of `memoryMb` (see SOFT_HEAP_FRACTION). */
export function softHeapLimitMb(memoryMb: number): number {
  return Math.floor(memoryMb * SOFT_HEAP_FRACTION);
}
