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
  /** Per device and attribute, the app of its latest write and whether that write opened its run. */
  const runs = new Map<string, { app: string; index: number; first: boolean }>();
  for (const r of records) {
    if (r.kind !== 'write' || !countsAsWrite(r)) continue;
    const key = `${r.device}.${r.attribute}`;
    const run = runs.get(key);
    const continues = run !== undefined && run.app === r.app;
    if (continues && !run.first) writes[run.index] = undefined;
    runs.set(key, { app: r.app, index: writes.length, first: !continues });
    writes.push(r);
  }
  return writes.filter((w) => w !== undefined);
}
