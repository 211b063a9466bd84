// `sameValue` lets the home skip printing a part of a state: it may say true only for values with
// equal canonical strings (it may say false for some of those: the caller then prints them).
import { describe, expect, it } from 'vitest';
import { canonicalValue, deepCopy, sameValue } from '../../src/interp/app-state.js';
import { Decimal, Double, GDate, GMapEntry, GRandom, type Value } from '../../src/interp/values.js';

const values: Value[] = [
  null, 1, '1', 1.5, true, 'true', new Decimal(1n, 0), new Double(1), [], [1, '1'], ['1', 1], [[1]],
  new Map<Value, Value>([['a', 1], ['b', 2]]), new Map<Value, Value>([['b', 2], ['a', 1]]), new Map<Value, Value>([['a', '1'], ['b', 2]]),
  new GRandom(42), new GRandom(43), new GMapEntry('k', 1), new GMapEntry('k', 2), new GDate(0),
];

describe('sameValue', () => {
  it('says true only for values with equal canonical strings', () => {
    for (const a of values) for (const b of values) if (sameValue(a, b)) expect(canonicalValue(a)).toBe(canonicalValue(b));
  });

  it('tells apart what Groovy tells apart: types, order of map entries, generator seeds', () => {
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue([1, '1'], ['1', 1])).toBe(false);
    expect(sameValue(values[12], values[13])).toBe(false);
    expect(sameValue(new GRandom(42), new GRandom(43))).toBe(false);
  });

  it('recognises a deep copy, the way a restored state holds its values', () => {
    for (const v of values) expect(sameValue(deepCopy(v), v)).toBe(true);
    const nested = new Map<Value, Value>([['list', [1, new Map<Value, Value>([['x', new GRandom(7)]])]]]);
    expect(sameValue(deepCopy(nested), nested)).toBe(true);
  });
});
