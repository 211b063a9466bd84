// JSON text as groovy.json.JsonSlurper reads it (src/interp/java/json-parse.ts). Expected values are
// Groovy 3.0.9's for the same snippets.
import { describe, expect, it } from 'vitest';
import { show } from './helpers.js';

const slurp = (json: string) => `new groovy.json.JsonSlurper().parseText('${json}')`;

describe('JsonSlurper.parseText', () => {
  it('keeps a decimal as the BigDecimal written, scale and all; an integer stays an Integer', () => {
    expect(show(`${slurp('{"a": 1.0}')}.a`)).toBe('1.0');
    expect(show(`${slurp('{"a": 1.50, "b": 2, "c": -0.5}')}`)).toBe('[a:1.50, b:2, c:-0.5]');
    expect(show(`[${slurp('{"a": 1.50}')}.a.getClass().getSimpleName(), ${slurp('{"a": 1}')}.a.getClass().getSimpleName()]`)).toBe('[BigDecimal, Integer]');
    // A weather service's temperature of 72.0 is 72.0, and arithmetic keeps the scale.
    expect(show(`${slurp('{"a": 72.0}')}.a + 1`)).toBe('73.0');
    expect(show(`"\${${slurp('{"t": 20.10}')}.t}"`)).toBe('20.10');
  });

  it('reads nested objects and arrays, escapes, and the words', () => {
    expect(show(slurp('[1, 2.5, "x", true, null, {"k": [ ]}]'))).toBe('[1, 2.5, x, true, null, [k:[]]]');
    expect(show(`${slurp('{"s": "a\\\\"b\\\\u00e9"}')}.s`)).toBe('a"bé');
    expect(show(`${slurp(' { "a" : { "b" : [ 1 , 2 ] } } ')}.a.b.sum()`)).toBe('3');
  });

  it("passes over extra commas in an object, not in an array, and leaves what follows a value unread, as JsonSlurper does", () => {
    expect(show(slurp('{"a": 1,}'))).toBe('[a:1]');
    expect(show(slurp('{,}'))).toBe('[:]');
    expect(show(slurp('{"a":1} x'))).toBe('[a:1]');
    expect(() => show(slurp('[1, 2,]'))).toThrow(/JsonException/);
    expect(() => show(slurp('[1 2]'))).toThrow(/JsonException/);
    expect(() => show(slurp(''))).toThrow(/IllegalArgumentException/);
  });

  it('refuses nesting deeper than 500 levels with a JsonException, not a stack overflow', () => {
    const deep = '['.repeat(600) + ']'.repeat(600);
    expect(() => show(slurp(deep))).toThrow(/JsonException/);
  });
});
