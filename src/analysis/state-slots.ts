// The parts of an app's own state that the state analyses name: its script fields and the keys of
// its two stores (`state`, `atomicState`). The live-state analysis (state-reads.ts) and the
// relevance analysis (relevance.ts) each answer with a set of names per part.
import type { StoreName } from '../ir/ir.js';

export type StatePart = 'field' | StoreName;

/** Per part of the app's state, a set of names, or `all` of them. */
export type PartNames = Readonly<Record<StatePart, ReadonlySet<string> | 'all'>>;

export const STATE_PARTS: readonly StatePart[] = ['field', 'state', 'atomicState'];

export function hasName(names: PartNames, part: StatePart, name: string): boolean {
  const set = names[part];
  return set === 'all' || set.has(name);
}

/** The names in both. */
export function intersection(a: PartNames, b: PartNames): PartNames {
  const meet = (x: ReadonlySet<string> | 'all', y: ReadonlySet<string> | 'all') => (x === 'all' ? y : y === 'all' ? x : new Set([...x].filter((n) => y.has(n))));
  return { field: meet(a.field, b.field), state: meet(a.state, b.state), atomicState: meet(a.atomicState, b.atomicState) };
}

/** Whether `outer` holds every name of `inner`. */
export function holdsEvery(outer: PartNames, inner: PartNames): boolean {
  return STATE_PARTS.every((part) => {
    const [o, i] = [outer[part], inner[part]];
    return o === 'all' || (i !== 'all' && [...i].every((name) => o.has(name)));
  });
}
