// JSON text to Groovy values, as groovy.json.JsonSlurper reads it: objects are maps in the order
// written (a trailing comma allowed), a number with a fraction or an exponent is a BigDecimal exactly as written (`1.0` stays
// 1.0, `1.50` keeps its scale), any other number an integer. JSON.parse would lose both, so the
// text is read here token by token; strings are decoded by JSON.parse, one at a time.
import { GroovyError } from '../errors.js';
import { GroovyMap } from '../groovy-map.js';
import * as num from '../numbers.js';
import type { Value } from '../values.js';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WHITESPACE = /[ \t\n\r]*/y;
const WORDS: ReadonlyArray<readonly [string, Value]> = [['true', true], ['false', false], ['null', null]];

/**
 * The value of a JSON text: JsonException when it does not start with a JSON value, and what
 * follows a whole value is left unread, as JsonSlurper does; an empty text is its
 * IllegalArgumentException.
 */
export function parseJson(text: string): Value {
  if (text.trim() === '') throw new GroovyError('IllegalArgumentException', 'Text must not be null or empty');
  return new JsonReader(text).value();
}

/** Deeper nesting is refused (a JsonException) before it could exhaust the JS stack. */
const MAX_NESTING = 500;

class JsonReader {
  private at = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  private fail(): never {
    throw new GroovyError('JsonException', `cannot parse JSON at character ${this.at + 1}: ${this.text.slice(0, 40)}`);
  }

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.at;
    WHITESPACE.exec(this.text);
    this.at = WHITESPACE.lastIndex;
  }

  value(): Value {
    this.skipWhitespace();
    const c = this.text[this.at];
    if (c === '{' || c === '[') return this.nested(() => (c === '{' ? this.object() : this.array()));
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
    }
    return this.fail();
  }

  private nested(read: () => Value): Value {
    if (++this.depth > MAX_NESTING) this.fail();
    const value = read();
    this.depth--;
    return value;
  }

  /** An object; JsonSlurper passes over extra commas between its entries (`{"a": 1,}`, `{,}`). */
  private object(): Value {
    const map = new GroovyMap();
    this.at++;
    for (let first = true; ; first = false) {
      const commas = this.commas();
      if (this.eat('}')) return map;
      if ((!first && commas === 0) || this.text[this.at] !== '"') this.fail();
      const key = this.string();
      this.skipWhitespace();
      if (!this.eat(':')) this.fail();
      map.set(key, this.value());
    }
  }

  private commas(): number {
    let count = 0;
    for (this.skipWhitespace(); this.eat(','); this.skipWhitespace()) count++;
    return count;
  }

  private array(): Value[] {
    const list: Value[] = [];
    this.at++;
    this.skipWhitespace();
    if (this.eat(']')) return list;
    do {
      list.push(this.value());
      this.skipWhitespace();
    } while (this.eat(','));
    if (!this.eat(']')) this.fail();
    return list;
  }

  private string(): string {
    return JSON.parse(this.token(STRING)) as string;
  }

  private number(): Value {
    const raw = this.token(NUMBER);
    return /[.eE]/.test(raw) ? num.parseDecimal(raw) : Number(raw);
  }

  private token(pattern: RegExp): string {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (match === null) this.fail();
    this.at = pattern.lastIndex;
    return match[0];
  }

  private eat(c: string): boolean {
    if (this.text[this.at] !== c) return false;
    this.at++;
    return true;
  }
}
