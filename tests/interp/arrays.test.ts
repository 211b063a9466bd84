// `new T[n]`: Java arrays, as the lists Groovy lets apps treat them as (src/interp/calls.ts).
import { describe, expect, it } from 'vitest';
import { GroovyError } from '../../src/interp/errors.js';
import { run, show } from './helpers.js';

describe('a new array', () => {
  it("holds its element type's default value: 0 for int, 0.0 for double, false for boolean, null for objects", () => {
    expect(show('def a = new int[3]; a[1] += 2; a')).toBe('[0, 2, 0]');
    expect(show('new double[2]')).toBe('[0.0, 0.0]');
    expect(show('new boolean[2]')).toBe('[false, false]');
    expect(show('new String[2]')).toBe('[null, null]');
  });

  it('has one level per dimension, each of the size given', () => {
    expect(show('def grid = new int[2][3]; grid[1][2] = 5; grid')).toBe('[[0, 0, 0], [0, 0, 5]]');
    expect(show('def states = [1, 2, 3]; new int[states.size()].size()')).toBe('3');
  });

  it("of a negative size is Java's NegativeArraySizeException", () => {
    expect(() => run('new int[-1]')).toThrow(GroovyError);
  });
});

describe('an array class as a value', () => {
  it('casts with asType, as `as` does: a LAN app hex-encodes its server address with asType(byte[])', () => {
    expect(show('"192.168.1.10".tokenize(".")*.toInteger().asType(byte[]).encodeHex().toString()')).toBe('c0a8010a');
    expect(show('def a = [1, 2].asType(String[]); [a.length, a instanceof List]')).toBe('[2, true]');
  });
});

describe('asType', () => {
  it('is the `as` operator as a method', () => {
    expect(show('["5".asType(Integer), [1, 1].asType(Set), "x".asType(String)]')).toBe('[5, [1], x]');
    expect(() => run('"x".asType(Map)')).toThrow(/GroovyCastException/);
  });
});
