// The writes of a transition that conflict detection needs, out of everything the home recorded.
import { countsAsWrite } from '../devices/capabilities.js';
import type { TraceStep } from './trace-step.js';

export type WriteStep = Extract<TraceStep, { kind: 'write' }>;

/**
 * The writes that count for conflicts (`countsAsWrite`), in order, without those in the middle of
 * a run: consecutive writes of one attribute by one app (other attributes' writes may come
 * between). Conflict detection (src/conflicts/detect.ts) compares a write with the attribute's
 * previous write in the transition, or with the writes reaching the transition when it is the
 * first, and passes on only the last: a write inside a run is compared only with its own app's
 * previous write, which never conflicts, and is never the one passed on or compared with. So
 * keeping the first and the last of every run changes no conflict, while FireCO2Alarm's flashing
 * (50 times on and off) shrinks from a hundred writes per transition to two.
 */
export function conflictWrites(records: readonly TraceStep[]): WriteStep[] {
  const writes: (WriteStep | undefined)[] = [];
  /** Whether the write at each index of `writes` opened its run. */
  const opened: boolean[] = [];
  /** Per device and attribute, the index of its latest write (nested maps: no key is built). */
  const latest = new Map<string, Map<string, number>>();
  for (const r of records) {
    if (r.kind !== 'write' || !countsAsWrite(r)) continue;
    let byAttribute = latest.get(r.device);
    if (byAttribute === undefined) latest.set(r.device, (byAttribute = new Map()));
    const previous = byAttribute.get(r.attribute);
    const continues = previous !== undefined && writes[previous]?.app === r.app;
    if (continues && !opened[previous]) writes[previous] = undefined;
    byAttribute.set(r.attribute, writes.length);
    opened.push(!continues);
    writes.push(r);
  }
  return writes.filter((w) => w !== undefined);
}
