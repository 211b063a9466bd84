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
    expect(copy.get(new Decimal(15n, 1))).toBe('x');
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

describe("a list's and a set's own lookups (contains, indexOf, remove, in)", () => {
  it("compare by Java's equals, as ArrayList and HashSet do", () => {
    expect(show('[[1, 2].contains(2.0), [1.5].contains(1.50), [1.5].contains(1.5), [1, 2].indexOf(2.0), [2, 2].lastIndexOf(2), [1, 2].containsAll([1, 2.0])]')).toBe('[false, false, true, -1, 1, false]');
    expect(show('def s = [1.5] as Set; s.add(1.50); [s.contains(1.50), s.remove(1.50), s]')).toBe('[true, true, [1.5]]');
    expect(show('def l = [1.5, 2]; [l.remove((Object) 1.50), l.remove((Object) 1.5), l]')).toBe('[false, true, [2]]');
    expect(show('def l = [1, 2, 3]; l.removeAll([2.0, 3]); l')).toBe('[1, 2]');
  });

  it("make `in` and a list's case false for a number of another type", () => {
    expect(show('[2.0 in [1, 2], 2 in [1, 2], "a" in ["a"]]')).toBe('[false, true, true]');
    expect(show('switch (2.0) { case [1, 2]: return "list"; case 2: return "number" }')).toBe('number');
  });

  it("leave the GDK's own methods number-aware: an array's contains, count, intersect, minus", () => {
    expect(show('[(([1, 2] as Object[]).contains(2.0)), [1, 2, 2.0].count(2), [1, 2].intersect([2.0]), [1, 2] - [2.0]]')).toBe('[true, 2, [2], [1]]');
  });

  it("find a map's value by Java's equals", () => {
    expect(show('[[a: 1].containsValue(1.0), [a: 1.5].containsValue(1.5)]')).toBe('[false, true]');
  });
});

describe("a number's equals", () => {
  it("is Java's: a number of another type or a BigDecimal of another scale is not equal, where == is", () => {
    expect(show('[5.equals(5.0), 5.equals(5), 1.5.equals(1.50), 1.5.equals(1.5), 5 == 5.0, 1.5 == 1.50]')).toBe('[false, true, false, true, true, true]');
  });
});
