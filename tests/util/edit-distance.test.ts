import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/util/edit-distance.js';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('toUpperCase', 'toUpperCas', 3)).toBe(1);
    expect(editDistance('collect', 'colelct', 3)).toBe(2);
    expect(editDistance('size', 'size', 3)).toBe(0);
    expect(editDistance('', 'abc', 5)).toBe(3);
  });

  it('stops at the limit', () => {
    expect(editDistance('toUpperCase', 'frobnicate', 3)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(2);
  });
});
