// Decides pairs that cannot conflict without exploring them, from the sound static bound on what
// each app can write (src/analysis/write-bound.ts).
import { ANY, targetKey, writeBound, type BoundWrite, type WriteTarget } from '../analysis/write-bound.js';
import type { AppIR } from '../ir/ir.js';

/**
 * Why the pair cannot conflict on a tracked attribute, or undefined when it might. `tracked` says
 * whether a write target counts (the same filter conflict detection applies). A conflict needs
 * both apps to write the same target, with different values.
 */
export function noConflictReason(
  apps: readonly [{ ir: AppIR; name: string }, { ir: AppIR; name: string }],
  tracked: (target: WriteTarget) => boolean,
): string | undefined {
  const [first, second] = apps.map((a) => writeBound(a.ir).filter((w) => tracked(w.target)));
  for (const [i, writes] of [first, second].entries()) {
    if (writes.length === 0) return `${apps[i].name} can write no tracked attribute (it issues no command that writes one)`;
  }
  const firstByKey = new Map(first.map((w) => [targetKey(w.target), w]));
  const shared = second.flatMap((w) => {
    const other = firstByKey.get(targetKey(w.target));
    return other === undefined ? [] : [[other, w] as const];
  });
  if (shared.length === 0) return 'the apps can write no tracked attribute in common';
  const sameValue = shared.map(([a, b]) => onlyValue(a, b));
  if (sameValue.some((v) => v === undefined)) return undefined;
  const where = shared.map(([a], i) => `${targetKey(a.target)} = ${JSON.stringify(sameValue[i])}`).join(', ');
  return `the apps can write only the same value to each tracked attribute they share (${where})`;
}

/**
 * The tracked attributes (by their tracked names: `switch`, `location.mode`) that both apps may
 * write on the same device or location variable: a conflict needs both apps to write its target,
 * so no conflict can be over any other. The search's states can leave the others out as they leave
 * out untracked attributes (model/live-attributes.ts).
 */
export function contestedAttributes(apps: readonly [AppIR, AppIR], tracked: readonly string[]): string[] {
  const [first, second] = apps.map((ir) => writeBound(ir).map((w) => w.target));
  const secondKeys = new Set(second.map(targetKey));
  const contested = new Set(first.filter((t) => secondKeys.has(targetKey(t))).map(trackedName));
  return tracked.filter((name) => contested.has(name));
}

/** A write target's name in a list of tracked attributes: a location variable's with its prefix. */
export function trackedName(target: WriteTarget): string {
  return target.device === 'location' ? `location.${target.attribute}` : target.attribute;
}

/** The one value both apps can write to a target, or undefined when they may write two values. */
function onlyValue(a: BoundWrite, b: BoundWrite): string | undefined {
  if (a.values === ANY || b.values === ANY) return undefined;
  const values = new Set([...a.values, ...b.values]);
  return values.size === 1 ? [...values][0] : undefined;
}
