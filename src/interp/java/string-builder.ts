// java.lang.StringBuilder and StringBuffer: `new StringBuilder([text])`, `append(x)` and Groovy's
// `sb << x` (both change the builder in place and return it, so calls chain), `length()` and the
// GDK's `size()`. Wherever Groovy wants a string (`toString()`, a GString, `+`) the builder gives
// its contents (operators.ts).
import { GroovyError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { concat, toStr } from '../operators.js';
import { noteMutation } from '../ownership.js';
import { GStringBuilder, className, type Value } from '../values.js';
import { javaString } from './object-methods.js';

/** `new StringBuilder()`, `new StringBuilder("text")`, `new StringBuilder(capacity)`. */
export function newStringBuilder(javaClass: GStringBuilder['javaClass'], args: Value[]): GStringBuilder {
  if (args.length === 0 || typeof args[0] === 'number') return new GStringBuilder(javaClass, '');
  const initial = args[0];
  if (typeof initial === 'string' || initial instanceof GStringBuilder) return new GStringBuilder(javaClass, toStr(initial));
  // Its constructors take a CharSequence or a capacity; null matches two of them.
  throw new GroovyError('GroovyRuntimeException', `Could not find a matching constructor for java.lang.${javaClass}(${className(initial)})`);
}

export function stringBuilderMethod(builder: GStringBuilder, name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'append':
    case 'leftShift':
      return args.length === 1 ? appendTo(builder, args[0]) : NOT_FOUND;
    case 'length':
    case 'size':
      return builder.text.length;
    case 'reverse':
      builder.text = [...builder.text].reverse().join('');
      noteMutation(builder);
      return builder;
  }
  return NOT_FOUND;
}

/**
 * Java's `append(x)`, which Groovy's `<<` calls: the text of `x` as Java's own toString gives it,
 * which for a map is `{a=1}`, not Groovy's `[a:1]`. Held to the limit of a string's length; a
 * builder held in a field or a state key is a write of that location.
 */
export function appendTo(builder: GStringBuilder, v: Value): GStringBuilder {
  builder.text = concat(builder.text, javaString(v));
  noteMutation(builder);
  return builder;
}
