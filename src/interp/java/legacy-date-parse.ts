// java.util.Date's deprecated parser: `new Date("Monday, December 7, 2026")` and the one-argument
// `Date.parse(text)`. A transcription of the JDK's Date.parse(String), which reads words (day and
// month names or their prefixes, AM/PM, a few US zones), numbers by the character after them
// (`:` a time, `/` a month/day, a number of 70 or more a year) and comments in parentheses. The
// JVM's zone is UTC on SmartThings, so a text without a zone is read in UTC.
import { GroovyError } from '../errors.js';

/** The words Date.parse knows, each with its action (JDK `wtb` and `ttb`). */
const WORDS: ReadonlyArray<readonly [string, number]> = [
  ['am', 14], ['pm', 1],
  ['monday', 0], ['tuesday', 0], ['wednesday', 0], ['thursday', 0], ['friday', 0], ['saturday', 0], ['sunday', 0],
  ['january', 2], ['february', 3], ['march', 4], ['april', 5], ['may', 6], ['june', 7],
  ['july', 8], ['august', 9], ['september', 10], ['october', 11], ['november', 12], ['december', 13],
  // A zone: 10000 plus its minutes west of GMT.
  ['gmt', 10000], ['ut', 10000], ['utc', 10000], ['est', 10000 + 5 * 60], ['edt', 10000 + 4 * 60],
  ['cst', 10000 + 6 * 60], ['cdt', 10000 + 5 * 60], ['mst', 10000 + 7 * 60], ['mdt', 10000 + 6 * 60],
  ['pst', 10000 + 8 * 60], ['pdt', 10000 + 7 * 60],
];

const NO_YEAR = Number.MIN_SAFE_INTEGER;

/** Java's `(byte) n`. */
const toByte = (n: number): number => ((n + 128) & 255) - 128;
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isLetter = (c: string): boolean => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');

class Fields {
  year = NO_YEAR;
  mon = -1;
  mday = -1;
  hour = -1;
  min = -1;
  sec = -1;
  tzoffset = -1;
}

/** Epoch ms of `text` as Date.parse(String) reads it; IllegalArgumentException where it gives up. */
export function legacyDateParse(text: string, nowMs: number): number {
  const f = readFields(text);
  if (f === undefined || f.year === NO_YEAR || f.mon < 0 || f.mday < 0) throw new GroovyError('IllegalArgumentException', '');
  let year = f.year;
  // A two-digit year falls in the 100 years starting 80 years before now.
  if (year < 100) {
    const centuryStart = new Date(nowMs).getUTCFullYear() - 80;
    year += Math.trunc(centuryStart / 100) * 100;
    if (year < centuryStart) year += 100;
  }
  const at = new Date(0);
  at.setUTCFullYear(year, f.mon, f.mday);
  at.setUTCHours(Math.max(f.hour, 0), Math.max(f.min, 0), Math.max(f.sec, 0), 0);
  return at.getTime() + (f.tzoffset === -1 ? 0 : f.tzoffset * 60_000);
}

/** The fields of the text, or undefined where the JDK breaks out with a syntax error. */
function readFields(s: string): Fields | undefined {
  const f = new Fields();
  let prevc = '';
  let i = 0;
  while (i < s.length) {
    let c = s[i++]!;
    if (c <= ' ' || c === ',') continue;
    if (c === '(') {
      i = skipComment(s, i);
      continue;
    }
    if (isDigit(c)) {
      let n = Number(c);
      while (i < s.length && isDigit((c = s[i]!))) {
        n = n * 10 + Number(c);
        i++;
      }
      if (!readNumber(f, n, c, prevc, i >= s.length)) return undefined;
      prevc = '';
    } else if (c === '/' || c === ':' || c === '+' || c === '-') {
      prevc = c;
    } else {
      const start = i - 1;
      while (i < s.length && isLetter(s[i]!)) i++;
      if (i <= start + 1 || !readWord(f, s.slice(start, i).toLowerCase())) return undefined;
      prevc = '';
    }
  }
  return f;
}

/** Past a comment in parentheses (they nest), from just after its `(`. */
function skipComment(s: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < s.length) {
    const c = s[i++];
    if (c === '(') depth++;
    else if (c === ')' && --depth <= 0) break;
  }
  return i;
}

/** One number, by what came before it (`prevc`) and the character after it (`c`); false: a syntax error. */
function readNumber(f: Fields, n: number, c: string, prevc: string, atEnd: boolean): boolean {
  // The JDK's test reads `prevc == '+' || (prevc == '-' && year != MIN_VALUE)`.
  if (prevc === '+' || (prevc === '-' && f.year !== NO_YEAR)) {
    let minutes = n < 24 ? n * 60 : (n % 100) + Math.trunc(n / 100) * 60; // "GMT-3", "GMT-0430"
    if (prevc === '+') minutes = -minutes; // east of GMT
    if (f.tzoffset !== 0 && f.tzoffset !== -1) return false;
    f.tzoffset = minutes;
    return true;
  }
  const last = atEnd || c <= ' ' || c === ',';
  if (n >= 70) {
    if (f.year !== NO_YEAR || !(last || c === '/')) return false;
    f.year = n;
    return true;
  }
  if (c === ':') return setFirst(f, ['hour', 'min'], n);
  // The month of `12/25` counts from 0, its day from 1.
  if (c === '/') return f.mon < 0 ? setFirst(f, ['mon'], n - 1) : setFirst(f, ['mday'], n);
  if (!atEnd && c !== ',' && c > ' ' && c !== '-') return false;
  if (f.hour >= 0 && f.min < 0) f.min = toByte(n);
  else if (f.min >= 0 && f.sec < 0) f.sec = toByte(n);
  else if (f.mday < 0) f.mday = toByte(n);
  else if (f.year === NO_YEAR && f.mon >= 0 && f.mday >= 0) f.year = n; // a two-digit year
  else return false;
  return true;
}

/** Sets the first of `fields` still unset to `n`; false when all are set. */
function setFirst(f: Fields, fields: ReadonlyArray<'hour' | 'min' | 'mon' | 'mday'>, n: number): boolean {
  const free = fields.find((name) => f[name] < 0);
  if (free === undefined) return false;
  f[free] = toByte(n);
  return true;
}

/** A word: the last of WORDS it begins (the JDK searches from the end), or false when none. */
function readWord(f: Fields, word: string): boolean {
  const known = WORDS.findLast(([w]) => w.length >= word.length && w.startsWith(word));
  if (known === undefined) return false;
  const action = known[1];
  if (action === 0) return true;
  if (action === 1 || action === 14) {
    // PM adds 12 to hours 1-11; AM makes 12 midnight.
    if (f.hour > 12 || f.hour < 1) return false;
    if (action === 1 && f.hour < 12) f.hour += 12;
    if (action === 14 && f.hour === 12) f.hour = 0;
    return true;
  }
  if (action <= 13) {
    if (f.mon >= 0) return false;
    f.mon = action - 2;
    return true;
  }
  f.tzoffset = action - 10000;
  return true;
}
