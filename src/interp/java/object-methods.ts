// Object's toString and hashCode as Java, not Groovy, gives them: the Java APIs an app hands its
// values to (StringBuilder.append, String.format's %s and %h) call these, and for a map Java's
// text differs from Groovy's.
import { ValueWalk } from '../limits.js';
import { toStr } from '../operators.js';
import type { Value } from '../values.js';

/** Java's toString of a value: a map is `{a=1}`, not Groovy's `[a:1]`, inside a list too. */
export function javaString(v: Value): string {
  return javaText(v, new ValueWalk());
}

function javaText(v: Value, walk: ValueWalk): string {
  if (Array.isArray(v)) return walk.inside(v.length, () => `[${v.map((x) => javaText(x, walk)).join(', ')}]`);
  if (v instanceof Map) return walk.inside(v.size, () => `{${[...v].map(([k, x]) => `${javaText(k, walk)}=${javaText(x, walk)}`).join(', ')}}`);
  return toStr(v);
}

/** Java's String.hashCode: `s[0]*31^(n-1) + ... + s[n-1]` over its UTF-16 code units, in int arithmetic. */
export function stringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
