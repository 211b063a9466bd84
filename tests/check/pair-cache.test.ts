// The meeting cache of dpor's backward search: pairs of integers to integers, through growth.
import { describe, expect, it } from 'vitest';
import { PairCache } from '../../src/check/pair-cache.js';

describe('PairCache', () => {
  it('keeps every pair apart, (a, b) from (b, a), across many growths', () => {
    const cache = new PairCache(4);
    for (let a = 0; a < 300; a++) for (let b = 0; b < 300; b += 7) cache.set(a, b, a * 1000 + b);
    for (let a = 0; a < 300; a++) {
      for (let b = 0; b < 300; b++) expect(cache.get(a, b)).toBe(b % 7 === 0 ? a * 1000 + b : -1);
    }
  });
  it('stores zero, and answers -1 for a pair never stored', () => {
    const cache = new PairCache();
    cache.set(5, 9, 0);
    expect([cache.get(5, 9), cache.get(9, 5), cache.get(0, 0)]).toEqual([0, -1, -1]);
  });
});
