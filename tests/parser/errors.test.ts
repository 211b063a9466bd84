// Syntax errors: position and a short message saying what was expected and what was found.
import { describe, expect, it } from 'vitest';
import { parseGroovy } from '../../src/parser/parser.js';

function error(source: string) {
  const result = parseGroovy(source, 'app.groovy');
  if (result.ok) throw new Error('expected a syntax error');
  return result.error;
}

describe('syntax errors', () => {
  it.each([
    ['def f() {\n  foo(a b)\n}\n', 2, 9, 'expected ")", ",", ":" or an operator, found "b"'],
    ['def f() {\n  x = [1, 2\n}\n', 3, 1, 'expected ",", ":", "]" or an operator, found "}"'],
    ['def x = (\n', 2, 1, 'expected an expression, found end of input'],
    ['def f() {\n  x = a +\n}\n', 3, 1, 'expected an expression, found "}"'],
    ['def f() {\n  if (x) {\n', 3, 1, 'expected ";", "}", a statement or end of line, found end of input'],
    ['foo() bar()', 1, 7, 'expected ";", an operator or end of line, found "b"'],
  ])('%j', (source, line, column, message) => {
    expect(error(source)).toEqual({ file: 'app.groovy', line, column, message });
  });

  it('points at a curly quote used as a string quote (text pasted from a word processor)', () => {
    expect(error('definition(\nname: \u201cAuto change\u201d,\n)\n')).toEqual({
      file: 'app.groovy', line: 2, column: 13,
      message: 'expected ")", "," or an operator, found "c" (the curly quote \u201c at 2:7 is not a string quote in Groovy)',
    });
  });

  it('points at an unterminated string', () => {
    expect(error('def f() {\n  x = "abc\n}\n')).toMatchObject({ line: 2, column: 7 });
  });

  it.each([
    ['builder calls', 'f {\n'],
    ['if blocks', 'if (a) {\n'],
    ['command arguments', 'foo a, {\n'],
  ])('finds an error deep inside 24 nested %s quickly (no exponential backtracking)', (_, opener) => {
    const source = opener.repeat(24) + 'x = )\n' + '}\n'.repeat(24);
    const started = performance.now();
    const found = error(source);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found).toMatchObject({ line: 25, column: 5 });
  });

  it('reports absurd nesting instead of throwing', () => {
    const result = parseGroovy('x = ' + '('.repeat(100_000) + '1' + ')'.repeat(100_000), 'deep.groovy');
    expect(result).toEqual({ ok: false, error: { file: 'deep.groovy', line: 1, column: 1, message: 'cannot parse: input nested too deeply' } });
  });
});
