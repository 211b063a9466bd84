// Property: however deeply an app nests its expressions and however long its chains, parsing
// either gives a tree every later stage can walk (lowering, the evaluator) or a positioned parse
// error; nothing throws, nothing reaches the end of the JS stack (src/parser/limits.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InterpError } from '../../src/interp/errors.js';
import { MAX_SYNTAX_DEPTH } from '../../src/parser/limits.js';
import { structureProblem } from '../../src/parser/structure.js';
import { parseGroovy } from '../../src/parser/parser.js';
import { lowerSource } from '../../src/pipeline/load.js';
import { Home } from '../../src/model/home.js';

/** How one layer wraps the expression inside it. */
const LAYERS: Record<string, (e: string) => string> = {
  paren: (e) => `(${e})`,
  property: (e) => `${e}.b`,
  safeCall: (e) => `${e}?.m()`,
  index: (e) => `${e}[0]`,
  plus: (e) => `${e} + 1`,
  concat: (e) => `"s" + ${e}`,
  list: (e) => `[${e}]`,
  map: (e) => `[k: ${e}]`,
  not: (e) => `!${e}`,
  minus: (e) => `- ${e}`,
  closure: (e) => `{ -> return ${e} }`,
  ternary: (e) => `a ? ${e} : 2`,
  elvis: (e) => `${e} ?: 3`,
  argument: (e) => `f(${e})`,
};

const layer = fc.constantFrom(...Object.keys(LAYERS));
/** Layers that open no bracket: only the syntax-tree depth limit can stop them. */
const unbracketed = fc.constantFrom('property', 'plus', 'concat', 'not', 'minus', 'ternary', 'elvis');
const layers = fc.oneof(
  fc.array(layer, { maxLength: 300 }),
  fc.array(layer, { minLength: 300, maxLength: 2500 }),
  fc.array(unbracketed, { minLength: 300, maxLength: 2500 }),
);

function source(kinds: string[]): string {
  let e = 'a';
  for (const kind of kinds) e = LAYERS[kind]!(e);
  return `def f() {\n    def a = null\n    x = ${e}\n}\n`;
}

describe('deep nesting and long chains', () => {
  it('parse into a tree the later stages walk, or give a positioned parse error', () => {
    fc.assert(
      fc.property(layers, (kinds) => {
        const text = source(kinds);
        const parsed = parseGroovy(text, 'nested.groovy');
        if (!parsed.ok) {
          const lines = text.split('\n');
          expect(parsed.error.kind).toBe('parse');
          expect(parsed.error.line).toBeGreaterThanOrEqual(1);
          expect(parsed.error.column).toBeLessThanOrEqual(lines[parsed.error.line - 1]!.length + 1);
          expect(parsed.error.message).toMatch(/^(expected .+, found .+|brackets nested more than \d+ deep|nested more than \d+ levels deep .*|cannot parse: input nested too deeply)$/);
          return;
        }
        expect(structureProblem(parsed.program)).toBeNull();
        const lowered = lowerSource(text, 'nested.groovy');
        expect(lowered.ok).toBe(true);
        if (!lowered.ok) return;
        // Running it ends in a value or the app's own error (a null dereference, ...), never a JS one.
        const home = new Home(lowered.app, { init: true });
        try {
          home.app.invoke('f', []);
        } catch (error) {
          expect(error).toBeInstanceOf(InterpError);
        }
      }),
      { numRuns: 60, seed: 20261125 },
    );
  }, 300_000);

  it('refuses a tree deeper than the limit however it is built', () => {
    const deep = source(Array.from({ length: MAX_SYNTAX_DEPTH }, () => 'property'));
    const justUnder = source(Array.from({ length: MAX_SYNTAX_DEPTH - 10 }, () => 'property'));
    expect(parseGroovy(justUnder, 'deep.groovy').ok).toBe(true);
    expect(parseGroovy(deep, 'deep.groovy')).toMatchObject({ ok: false, error: { line: 3, kind: 'parse' } });
  });
});
