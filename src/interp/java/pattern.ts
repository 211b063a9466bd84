// java.util.regex.Pattern, as `~/re/` and `~"re"` build it: an immutable object whose `id` is its
// source, which is also its text (Pattern.toString), so every GDK method that takes a regular
// expression as text (`replaceAll`, `find`, `==~`) reads it unchanged. Where a pattern differs from
// its text, operators.ts has it: `isCase` (`case`, `in`, `grep`) matches the whole value, and
// `String.minus` removes the first match instead of the literal text.
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { regexMatchesWithGroups, regexSplit } from '../gdk/regex.js';
import { toStr } from '../operators.js';
import { BuiltinObject, type Value } from '../values.js';

export function pattern(source: string): BuiltinObject {
  return new BuiltinObject('pattern', source);
}

/** A pattern's methods: `pattern()`, `matcher(text)` (the model's matcher, as `text =~ re` gives), `split(text)`. */
export function patternMethod(p: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (name === 'pattern' && args.length === 0) return p.id;
  if (name === 'matcher' && args.length === 1) return regexMatchesWithGroups(toStr(args[0]), p.id);
  if (name === 'split' && args.length === 1) return regexSplit(toStr(args[0]), p.id);
  return NOT_FOUND;
}
