// A Groovy map finds a key by Java's equals, as java.util.HashMap does, and a set (a HashSet) keeps
// one of each element by the same equals; Groovy's `==` is number-aware, equals is not.
import { describe, expect, it } from 'vitest';
import { deepCopy } from '../../src/interp/app-state.js';
import { Decimal, type GMap } from '../../src/interp/values.js';
import { run, show } from './helpers.js';

describe('a map key that is an object', () => {
  it('is found by an equal key, not only by the same object', () => {
    expect(show('def m = [:]; m[1.5] = "x"; [m[1.5], m.get(1.5), m.containsKey(1.5), m.size()]')).toBe('[x, x, true, 1]');
    expect(show('def m = [:]; m[[1, 2]] = "a"; m[[1, 2]] = "b"; [m[[1, 2]], m.size()]')).toBe('[b, 1]');
    expect(show('def m = [(new Date(0)): 1]; [m[new Date(0)], m[new Date(1)]]')).toBe('[1, null]');
    expect(show('def m = [:]; m[[a: 1]] = 2; m[[a: 1]]')).toBe('2');
    expect(show('def m = [:]; m[0.5d] = 1; m[0.5d]')).toBe('1');
  });

  it('is one key however often it is written: literal, put, groupBy, countBy, plus', () => {
    expect(show('[(1.5): 1, (1.5): 2]')).toBe('[1.5:2]');
    expect(show('def m = [:]; m.put([1], "a"); m.put([1], "b"); m')).toBe('[[1]:b]');
    expect(show('[1.5, 1.5, 2.5].groupBy { it }.size()')).toBe('2');
    expect(show('[[1], [1]].countBy { it }')).toBe('[[1]:2]');
    expect(show('[(1.5): 1] + [(1.5): 2]')).toBe('[1.5:2]');
  });

  it('is removed by an equal key', () => {
    expect(show('def m = [(1.5): 1, b: 2]; m.remove(1.5); m')).toBe('[b:2]');
    expect(show('[(1.5): 1, b: 2] - [(1.5): 1]')).toBe('[b:2]');
  });

  it('compares as Java does: a BigDecimal of another scale, or a number of another type, is another key', () => {
    expect(show('def m = [:]; m[1.5] = "x"; [m[1.50], m[1.5d]]')).toBe('[null, null]');
    expect(show('def m = [:]; m[1] = "int"; m[1.0] = "decimal"; m.size()')).toBe('2');
  });

  it('stays found after the state holding the map is copied, as the checker copies it', () => {
    const copy = deepCopy(run('def m = [:]; m[1.5] = "x"; m')) as GMap;
    expect(copy.get(new Decimal(1.5, 1))).toBe('x');
  });
});

describe('a set', () => {
  it("keeps one of each element by Java's equals", () => {
    expect(show('[([1.5, 1.5] as Set).size(), ([1.5, 1.50] as Set).size(), ([1, 1.0] as Set).size(), [[1], [1]].toSet().size()]')).toBe('[1, 2, 2, 1]');
  });

  it("is still compared by Groovy's number-aware ==, and unique() still is", () => {
    expect(show('[([1] as Set) == ([1.0] as Set), [1, 1.0].unique().size()]')).toBe('[true, 1]');
  });
});
