// Syntax errors: position and a short message saying what was expected and what was found.
import { describe, expect, it } from 'vitest';
import { parseGroovy } from '../../src/parser/parser.js';
import { cpuClockMs } from '../../src/util/cpu-clock.js';

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
    expect(error(source)).toEqual({ file: 'app.groovy', line, column, message, kind: 'parse' });
  });

  it('names a [ ] literal that mixes list elements and map entries, at its first item of the other kind', () => {
    // A request's headers written half as assignments, half as entries (a PI Web API logger).
    const headers = 'def f() {\n  def params = [\n    headers: [\n      contenttype = "json",\n      authorization: "basic x"],\n    body: 1\n  ]\n}\n';
    expect(error(headers)).toMatchObject({ line: 5, column: 7, message: 'a [ ] literal is a list or a map, never both: a map entry here, after list elements from 4:7' });
    expect(error('def f() {\n  x = [a: 1, b]\n}\n')).toMatchObject({ line: 2, column: 14, message: 'a [ ] literal is a list or a map, never both: a list element here, after map entries from 2:8' });
  });

  it('leaves other errors after a [ ] literal as they were', () => {
    expect(error('def f() {\n  x = [a: 1]\n  y = (\n}\n')).toMatchObject({ line: 4, message: 'expected an expression, found "}"' });
  });

  it('points at a curly quote used as a string quote (text pasted from a word processor)', () => {
    expect(error('definition(\nname: \u201cAuto change\u201d,\n)\n')).toEqual({
      file: 'app.groovy', line: 2, column: 13,
      message: 'expected ")", "," or an operator, found "c" (the curly quote \u201c at 2:7 is not a string quote in Groovy)',
      kind: 'parse',
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
    const started = cpuClockMs(); // CPU time: a busy machine does not slow it
    const found = error(source);
    expect(cpuClockMs() - started).toBeLessThan(1000);
    expect(found).toMatchObject({ line: 25, column: 5 });
  });

  // Nesting is limited (src/parser/limits.ts) so that no later stage overflows the JS stack on the
  // tree; every refusal is a positioned parse error (docs/interpreter.md, "Limits").
  it('refuses brackets nested past the limit at the first bracket too deep', () => {
    const result = parseGroovy('x = ' + '('.repeat(100_000) + '1' + ')'.repeat(100_000), 'deep.groovy');
    expect(result).toEqual({ ok: false, error: { file: 'deep.groovy', line: 1, column: 206, message: 'brackets nested more than 200 deep', kind: 'parse' } });
  });

  it.each([
    ['a 5,000-term sum', 'x = 1' + ' + 1'.repeat(5000)],
    ['a 5,000-long property chain', 'x = a' + '.b'.repeat(5000)],
    ['a 5,000-long method chain', 'x = a' + '.b()'.repeat(5000)],
    ['5,000 unary minus signs', 'x = ' + '-'.repeat(5000) + '1'],
  ])('refuses %s with the position where it gets too deep', (_, source) => {
    const found = error(`\n${source}\n`);
    expect(found).toMatchObject({ line: 2, kind: 'parse', message: 'nested more than 400 levels deep (expressions, statements and closures together)' });
    expect(found.column).toBeGreaterThan(1);
  });

  it.each([
    ['a 20,000-long ternary chain', 'x = ' + 'a ? 1 : '.repeat(20_000) + '2'],
    ['a 20,000-long else-if chain', 'if (a) {}' + ' else if (a) {}'.repeat(20_000)],
  ])('reports %s that exhausts the parser with the place it had reached', (_, source) => {
    const found = error(`\n${source}\n`);
    expect(found).toMatchObject({ kind: 'parse', message: 'cannot parse: input nested too deeply' });
    expect(found.line).toBeGreaterThan(1);
  });

  it('accepts nesting up to the limits', () => {
    expect(parseGroovy('x = ' + '('.repeat(200) + '1' + ')'.repeat(200), 'ok.groovy').ok).toBe(true);
    expect(parseGroovy('x = 1' + ' + 1'.repeat(390), 'ok.groovy').ok).toBe(true);
  });

  // Groovy compiles a method or class declaration only at the script's top level or in a class body;
  // elsewhere it is most often the sign of a missing `}` above (src/parser/structure.ts).
  it('refuses a method declared inside a method, a closure or a block, at the declaration', () => {
    const pastedInside = 'def installed() {\n  initialize()\n  def initialize() {\n    subscribe(sw, "switch", h)\n  }\n}\n';
    expect(error(pastedInside)).toEqual({
      file: 'app.groovy', line: 3, column: 3, kind: 'parse',
      message: 'method definition not expected here: a method is declared at the top level of the app or in a class body (is a "}" missing above?)',
    });
    expect(error('def f() {\n  [1].each {\n    private int g(x) { x }\n  }\n}')).toMatchObject({ line: 3, column: 5 });
    expect(error('if (x) {\n  class C {}\n}')).toMatchObject({ line: 2, column: 3, message: expect.stringMatching(/^class definition not expected here/) });
  });

  it('accepts methods and classes at the top level and in a class body', () => {
    expect(parseGroovy('def f() { 1 }\nclass C {\n  C() {}\n  def m() { 2 }\n  class Inner { def n() {} }\n}\n', 'ok.groovy').ok).toBe(true);
  });

  it('stops a parse that runs past its deadline with a budget error where it had got to', () => {
    const source = 'def f() { def x = 1 }\n'.repeat(200_000);
    const result = parseGroovy(source, 'big.groovy', { deadline: cpuClockMs() - 1 });
    expect(result).toMatchObject({ ok: false, error: { file: 'big.groovy', kind: 'budget', message: 'budget exceeded: parsing ran past the budget' } });
  });
});
