// `x.inspect()` (InvokerHelper.format, verbose): a String as a single-quoted Groovy literal, lists
// and maps with their elements inspected, and any other value as its toString.
import { describe, expect, it } from 'vitest';
import { run } from './helpers.js';

describe('inspect', () => {
  it('quotes a String', () => {
    expect(run(`'x'.inspect()`)).toBe(`'x'`);
    expect(run(`''.inspect()`)).toBe(`''`);
    expect(run(`def s = "a" + 1; s.inspect()`)).toBe(`'a1'`);
  });

  it("escapes a String's backslashes, quotes and control characters as Groovy writes them", () => {
    expect(run(`"it's".inspect()`)).toBe(`'it\\'s'`);
    expect(run(`"a\\\\b".inspect()`)).toBe(`'a\\\\b'`);
    expect(run(`"a\\nb\\tc\\rd\\fe".inspect()`)).toBe(`'a\\nb\\tc\\rd\\fe'`);
  });

  it('inspects the elements of a list and the keys and values of a map', () => {
    expect(run(`[a: "x", b: 1].inspect()`)).toBe(`['a':'x', 'b':1]`);
    expect(run(`["a", 1, null].inspect()`)).toBe(`['a', 1, null]`);
    expect(run(`[:].inspect()`)).toBe('[:]');
    expect(run(`[].inspect()`)).toBe('[]');
    expect(run(`[1: "one", (true): [2.50]].inspect()`)).toBe(`[1:'one', true:[2.50]]`);
  });

  it('recurses into nested lists and maps', () => {
    expect(run(`[["a", [b: ["c"]]], [:]].inspect()`)).toBe(`[['a', ['b':['c']]], [:]]`);
  });

  it('prints numbers, booleans and null as themselves', () => {
    expect(run('2.50.inspect()')).toBe('2.50');
    expect(run('42.inspect()')).toBe('42');
    expect(run('1.5d.inspect()')).toBe('1.5');
    expect(run('true.inspect()')).toBe('true');
    expect(run('def x = null; x.inspect()')).toBe('null');
  });
});
