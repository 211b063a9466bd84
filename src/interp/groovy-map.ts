// The map a Groovy program makes (`[:]`, `new HashMap()`, groupBy, a parsed JSON object): a
// java.util.LinkedHashMap. A JS Map keeps insertion order as it does, and finds strings, numbers
// and booleans by value; a key that is an object (a BigDecimal, a list, a date) it would find only
// by identity, so this map looks such a key up by Java's equals, as HashMap does.
import { javaEquals } from './equality.js';
import type { Value } from './values.js';

export class GroovyMap extends Map<Value, Value> {
  override get(key: Value): Value | undefined {
    return super.get(this.storedKey(key));
  }

  override has(key: Value): boolean {
    return super.has(this.storedKey(key));
  }

  override set(key: Value, value: Value): this {
    return super.set(this.storedKey(key), value);
  }

  override delete(key: Value): boolean {
    return super.delete(this.storedKey(key));
  }

  /** The key this map holds that equals `key`, or `key` itself when it holds none. */
  private storedKey(key: Value): Value {
    if (key === null || typeof key !== 'object' || super.has(key)) return key;
    for (const k of super.keys()) if (k !== null && typeof k === 'object' && javaEquals(k, key)) return k;
    return key;
  }
}
