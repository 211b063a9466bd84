// How large an app's values may grow. Each limit is a count checked before or right after the
// operation that could pass it, so a runaway value (`l = l + l` thirty times, `"x" * 1000000000`,
// a map nested through shared references, a cyclic map in `state`) ends in one `budget` error at
// the expression that made it, never in a V8 fatal error, an out-of-memory abort or a stack
// overflow (docs/interpreter.md, "Limits", gives them and why they are far above what apps use).
import { BudgetError } from './errors.js';
import { GMapEntry, type Value } from './values.js';

export const MAX_STRING_LENGTH = 1_000_000;
export const MAX_LIST_LENGTH = 1_000_000;
export const MAX_MAP_ENTRIES = 100_000;
/** Digits of a BigDecimal's unscaled value, and powers of ten it is scaled by (big-decimal.ts). */
export const MAX_DECIMAL_DIGITS = 10_000;
/** Lists and maps inside one another. */
export const MAX_VALUE_DEPTH = 100;
/** Lists, maps and their elements one traversal reaches, a shared one each time it is reached. */
export const MAX_VALUE_NODES = 1_000_000;

/** Throws when a string, list or map of `length` would pass its limit. */
export function checkLength(what: 'string' | 'list' | 'map', length: number): void {
  const limit = what === 'string' ? MAX_STRING_LENGTH : what === 'list' ? MAX_LIST_LENGTH : MAX_MAP_ENTRIES;
  if (length > limit) throw new BudgetError(`a ${what} of ${length} ${what === 'string' ? 'characters' : what === 'list' ? 'elements' : 'entries'} (the limit is ${limit})`);
}

/** Throws when a BigDecimal's digits (or a power of ten that scales it) would pass MAX_DECIMAL_DIGITS. */
export function checkDecimalDigits(digits: number): void {
  if (digits > MAX_DECIMAL_DIGITS) throw new BudgetError(`a BigDecimal of ${digits} digits (the limit is ${MAX_DECIMAL_DIGITS})`);
}

/** The value, after checking its own size (O(1): its length or entry count, not its contents). */
export function checkedSize<T extends Value>(v: T): T {
  if (typeof v === 'string') checkLength('string', v.length);
  else if (Array.isArray(v)) checkLength('list', v.length);
  else if (v instanceof Map) checkLength('map', v.size);
  return v;
}

/**
 * One recursive traversal of a value (printing, comparing, copying, canonical strings): counts its
 * depth and the nodes it reaches, and stops it at MAX_VALUE_DEPTH or MAX_VALUE_NODES.
 */
export class ValueWalk {
  private depth = 0;
  private nodes = 0;

  /** Runs `fn` one container deeper; `size` is the container's element count. */
  inside<T>(size: number, fn: () => T): T {
    this.nodes += 1 + size;
    if (this.nodes > MAX_VALUE_NODES) throw new BudgetError(`a value of more than ${MAX_VALUE_NODES} lists, maps and elements (shared ones counted each time)`);
    if (++this.depth > MAX_VALUE_DEPTH) {
      this.depth--;
      throw new BudgetError(`lists or maps nested more than ${MAX_VALUE_DEPTH} levels deep (a cyclic list or map?)`);
    }
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }
}

/**
 * Walks a value that is about to be stored in the app state (a field, `state`), so that one nested
 * too deeply, cyclic or too large is refused where it is stored rather than where the checker
 * next copies or prints the state.
 */
export function checkShape(v: Value, walk = new ValueWalk()): void {
  if (Array.isArray(v)) walk.inside(v.length, () => v.forEach((x) => checkShape(x, walk)));
  else if (v instanceof Map) walk.inside(v.size, () => v.forEach((x, k) => (checkShape(k, walk), checkShape(x, walk))));
  else if (v instanceof GMapEntry) walk.inside(2, () => (checkShape(v.key, walk), checkShape(v.value, walk)));
}
