// Java's regular expressions (`==~`, `=~`, `matches`, `find`, `findAll`, `replaceAll`,
// `replaceFirst`, `split`) on RE2 (the pure-JS port re2js): matching takes time linear in the text,
// so no pattern an app writes (`/(a+)+$/` on "aaaa...!") can stall a check the way a backtracking
// engine would. RE2 has no backreferences and no lookaround; a pattern using them is reported as
// unsupported rather than run on a backtracking engine (docs/interpreter.md, "Limits").
import { RE2JS, RE2JSGroupException, RE2JSSyntaxException } from 're2js';
import { GroovyError, UnsupportedError } from '../errors.js';

/** Compiled patterns by source: apps split and match with a handful of constant patterns. */
const compiled = new Map<string, RE2JS>();
const MAX_CACHED = 256;

function regex(pattern: string): RE2JS {
  let re = compiled.get(pattern);
  if (re) return re;
  re = compile(pattern);
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(pattern, re);
  return re;
}

function compile(pattern: string): RE2JS {
  try {
    return RE2JS.compile(re2Pattern(pattern));
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) throw error;
    if (acceptedByBacktracking(pattern)) throw new UnsupportedError(`regular expression /${pattern}/ (backreferences and lookaround need a backtracking engine)`);
    throw new GroovyError('PatternSyntaxException', pattern);
  }
}

/** What Java's `.` matches outside DOTALL mode: anything but its line terminators (RE2's `.` stops only at `\n`). */
const JAVA_DOT = '[^\\n\\r\\x{85}\\x{2028}\\x{2029}]';
/** Java's `\s`: RE2's lacks the vertical tab. */
const JAVA_SPACES = '\\t\\n\\x0B\\f\\r ';
/** Java's `\S` inside a character class: every character but JAVA_SPACES, as ranges. */
const JAVA_NON_SPACES = '\\x00-\\x08\\x0E-\\x1F\\x21-\\x{10FFFF}';

/** An escape as RE2 must read it to match what Java's matches: `\s` and `\S`; others as they are. */
function re2Escape(next: string, inClass: boolean): string {
  if (next === 's') return inClass ? JAVA_SPACES : `[${JAVA_SPACES}]`;
  if (next === 'S') return inClass ? JAVA_NON_SPACES : `[^${JAVA_SPACES}]`;
  return `\\${next}`;
}

/**
 * A Java pattern spelled for RE2 where the two read the same text differently: `.` (outside a
 * character class, unless DOTALL is on there: `(?s)` to the end of its group, `(?s:...)`, `(?-s)`
 * off again) and `\s`, `\S`. Quoted text (`\Q...\E`) and other escapes are copied as they are.
 */
function re2Pattern(pattern: string): string {
  const dotAll: boolean[] = [false];
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && pattern[i + 1] === 'Q') {
      const end = pattern.indexOf('\\E', i + 2);
      const stop = end < 0 ? pattern.length : end + 2;
      out += pattern.slice(i, stop);
      i = stop - 1;
    } else if (c === '\\') {
      out += re2Escape(pattern[++i] ?? '', inClass);
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `]` first in a class is a literal (`[]a]`, `[^]a]`).
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') out += pattern[++i];
    } else if (c === '(') {
      dotAll.push(groupDotAll(pattern, i, dotAll));
      out += c;
    } else if (c === ')') {
      if (dotAll.length > 1) dotAll.pop();
      out += c;
    } else out += c === '.' && !dotAll[dotAll.length - 1] ? JAVA_DOT : c;
  }
  return out;
}

/**
 * DOTALL inside the group opening at `open`. Inline flags `(?s)` and `(?-s)` change it for the
 * rest of the enclosing group, so they are applied to that group's entry (their own group, which
 * closes at once, is pushed too); `(?s:...)` sets it for its own group only.
 */
function groupDotAll(pattern: string, open: number, dotAll: boolean[]): boolean {
  const current = dotAll[dotAll.length - 1];
  const m = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([):])/.exec(pattern.slice(open));
  if (!m) return current;
  const [, on, off = '', end] = m;
  const flag = on.includes('s') ? true : off.includes('s') ? false : current;
  if (end === ':') return flag;
  dotAll[dotAll.length - 1] = flag;
  return flag;
}

/** Whether a backtracking engine (JS's, like Java's) would accept the pattern; it is only compiled, never run. */
function acceptedByBacktracking(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** `s ==~ p`, `s.matches(p)`: the whole string matches. */
export function regexMatches(s: string, pattern: string): boolean {
  return regex(pattern).matches(s);
}

/** `s.find(p)`: the first match, or null. */
export function regexFind(s: string, pattern: string): string | null {
  return regex(pattern).exec(s)?.[0] ?? null;
}

/** Every match, each as its groups (`[whole, g1, ...]`, null for a group that did not take part) when the pattern has groups. */
export function regexMatchesWithGroups(s: string, pattern: string): Array<string | Array<string | null>> {
  return [...regex(pattern).matchAll(s)].map((m) => (m.length > 1 ? [...m].map((g) => g ?? null) : m[0]));
}

/** `s.findAll(p)`: every match. */
export function regexFindAll(s: string, pattern: string): string[] {
  return [...regex(pattern).matchAll(s)].map((m) => m[0]);
}

/** `replaceAll`/`replaceFirst` with Java's replacement syntax (`$1`, `\$`). */
export function regexReplace(s: string, pattern: string, replacement: string, all: boolean): string {
  const matcher = regex(pattern).matcher(s);
  try {
    return all ? matcher.replaceAll(replacement, true) : matcher.replaceFirst(replacement, true);
  } catch (error) {
    if (!(error instanceof RE2JSGroupException)) throw error;
    throw new GroovyError('IndexOutOfBoundsException', `No group in replacement ${replacement}`);
  }
}

/**
 * The GDK's `replaceAll`/`replaceFirst` with a closure: each match is replaced by the text of what
 * `replace` gives for its groups (`[whole, g1, ...]`, or the whole match alone when the pattern
 * has no group), taken literally.
 */
export function regexReplaceWith(s: string, pattern: string, replace: (groups: Array<string | null>) => string, all: boolean): string {
  const matcher = regex(pattern).matcher(s);
  let out = '';
  let from = 0;
  while (matcher.find()) {
    const groups = Array.from({ length: matcher.groupCount() + 1 }, (_, i) => matcher.group(i) ?? null);
    out += s.slice(from, matcher.start()) + replace(groups);
    from = matcher.end();
    if (!all) break;
  }
  return out + s.slice(from);
}

/** Java's String.split(regex, limit): with limit 0 (the default) trailing empty strings removed. */
export function regexSplit(s: string, pattern: string, limit = 0): string[] {
  return regex(pattern).split(s, limit);
}
