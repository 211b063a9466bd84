// Decides pairs that cannot conflict without exploring them, from the sound static bound on what
// each app can write (src/analysis/write-bound.ts).
import { possibleWrites, targetKey, type WriteTarget } from '../analysis/write-bound.js';
import type { AppIR } from '../ir/ir.js';

/**
 * Why the pair cannot conflict on a tracked attribute, or undefined when it might. `tracked` says
 * whether a write target counts (the same filter conflict detection applies).
 */
export function noConflictReason(
  apps: readonly [{ ir: AppIR; name: string }, { ir: AppIR; name: string }],
  tracked: (target: WriteTarget) => boolean,
): string | undefined {
  const [first, second] = apps.map((a) => possibleWrites(a.ir).filter(tracked));
  for (const [i, writes] of [first, second].entries()) {
    if (writes.length === 0) return `${apps[i].name} can write no tracked attribute (it issues no command that writes one)`;
  }
  const keys = new Set(first.map(targetKey));
  if (second.some((t) => keys.has(targetKey(t)))) return undefined;
  return 'the apps can write no tracked attribute in common';
}
