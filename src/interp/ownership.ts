// Mutation tracking for containers held in shared state. `state.list << x` mutates a list that was
// read from `state.list`; the access set must show a write of `App1.state.list`. Containers read
// from a field or a `state` key (and containers read out of such containers through a property or
// an index) are tagged with that location; a mutating operation on a tagged container records a
// write of it. Containers reached otherwise (e.g. the `it` of an `each` over a state list) are not
// tagged: see docs/interpreter.md.
import type { AccessKind } from './access.js';
import { GDate, GRandom, GStringBuilder, isMutableBuiltin, type Value } from './values.js';

export interface Owner {
  record(kind: AccessKind, location: string): void;
  readonly location: string;
}

const owners = new WeakMap<object, Owner>();

/**
 * Tags `v` (if it is a list, a map, a Random, a StringBuilder, a Date, a Calendar or a SimpleDateFormat)
 * as stored at `owner.location`.
 */
export function tagContainer(v: Value, owner: Owner): void {
  if (Array.isArray(v) || v instanceof Map || v instanceof GRandom || v instanceof GStringBuilder || v instanceof GDate || isMutableBuiltin(v)) owners.set(v, owner);
}

/** Propagates the tag of `container` to a container read out of it. */
export function inheritTag(container: Value, child: Value): void {
  if (child === null || typeof child !== 'object') return;
  const owner = owners.get(container as object);
  if (owner) tagContainer(child, owner);
}

/** Records a write of the location a mutated container belongs to. */
export function noteMutation(container: Value): void {
  if (container === null || typeof container !== 'object') return;
  const owner = owners.get(container as object);
  if (owner) owner.record('write', owner.location);
}

/** GDK methods that mutate their receiver list or map. */
export const MUTATING_METHODS: ReadonlySet<string> = new Set([
  'add', 'addAll', 'leftShift', 'push', 'pop', 'remove', 'removeAll', 'retainAll', 'clear', 'putAt', 'set', 'put',
  'putAll', 'sort', 'unique', 'setValue',
]);
