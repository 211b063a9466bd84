import { getHeapStatistics } from 'node:v8';

/** The heap this isolate (thread) has grown to, in MB: an upper bound of its live data at the peak. */
export function heapMb(): number {
  return Math.round((getHeapStatistics().total_heap_size / 2 ** 20) * 10) / 10;
}
