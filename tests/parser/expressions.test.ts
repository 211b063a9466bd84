// Expressions: precedence and associativity, literals, strings and GStrings, collections,
// closures, member access, calls and dynamic names. Each test asserts the tree, not just success.
import { describe, expect, it } from 'vitest';
import type { Expression } from '../../src/parser/ast.js';
import { expr, shape, show, parseOk } from './helpers.js';

/** A closure in expression position (at the start of a statement `{` opens a block). */
function closure(source: string): Expression {
  const node = expr(`c = ${source}`);
  if (node.kind !== 'Assign') throw new Error('expected an assignment');
  return node.value;
}

describe('operator precedence', () => {
  it.each([
    ['a + b * c', '(a + (b * c))'],
    ['a - b - c', '((a - b) - c)'],
    ['a ** b ** c', '(a ** (b ** c))'],
    ['-a ** b', '(-(a ** b))'],
    ['!a ** b', '((!a) ** b)'],
    ['-x.y', '(-x.y)'],
    ['!a in b', '((!a) in b)'],
    ['a !in b', '(a !in b)'],
    ['a ?: b ? c : d', '(a ?: (b ? c : d))'],
    ['a ? b : c ? d : e', '(a ? b : (c ? d : e))'],
    ['a ? b : c ?: d', '(a ? b : (c ?: d))'],
    ['a || b && c', '(a || (b && c))'],
    ['a && b | c ^ d & e', '(a && (b | (c ^ (d & e))))'],
    ['a == b =~ c', '((a == b) =~ c)'],
    ['a ==~ b', '(a ==~ b)'],
    ['a < b == c > d', '((a < b) == (c > d))'],
    ['a <=> b', '(a <=> b)'],
    ['a << b + c', '(a << (b + c))'],
    ['a >> 2 >>> 1', '((a >> 2) >>> 1)'],
    ['x as Integer', '(x as Integer)'],
    ['a + b as Integer', '((a + b) as Integer)'],
    ['x as Integer < 5', '((x as Integer) < 5)'],
    ['x instanceof Map && y !instanceof List', '((x instanceof Map) && (y !instanceof List))'],
    ['1..n+1', '(1..(n + 1))'],
    ['0..<size', '(0..<size)'],
    ['a = b = c', '(a = (b = c))'],
    ['x += y * 2', '(x += (y * 2))'],
    ['x ?= y', '(x ?= y)'],
    ['i++ + ++j', '((i++) + (++j))'],
    ['a % b / c', '((a % b) / c)'],
  ])('%s', (source, expected) => {
    expect(show(expr(source))).toBe(expected);
  });

  it('parses `a.b == c ? "x" : "y"` with the comparison as the test', () => {
    expect(expr('a.b == c ? "x" : "y"')).toMatchObject({
      kind: 'Ternary',
      test: { kind: 'Binary', operator: '==', left: { kind: 'PropertyAccess', property: 'b' } },
      consequent: { kind: 'StringLiteral', value: 'x' },
    });
  });
});

describe('literals', () => {
  it.each([
    ['42', 42, false],
    ['10L', 10, false],
    ['1.5', 1.5, true],
    ['2e3', 2000, true],
    ['3d', 3, true],
    ['255.0f', 255, true],
    ['0x1F', 31, false],
    ['1_000', 1000, false],
    ['4G', 4, false],
  ])('number %s', (raw, value, isDecimal) => {
    expect(expr(raw)).toMatchObject({ kind: 'NumberLiteral', raw, value, isDecimal });
  });

  it('reads true, false, null, this and super', () => {
    expect(shape(expr('[true, false, null, this, super]'))).toEqual({
      kind: 'ListLiteral',
      elements: [
        { kind: 'BooleanLiteral', value: true },
        { kind: 'BooleanLiteral', value: false },
        { kind: 'NullLiteral' },
        { kind: 'ThisExpr', isSuper: false },
        { kind: 'ThisExpr', isSuper: true },
      ],
    });
  });
});

describe('strings and GStrings', () => {
  it.each([
    [`'single $x'`, 'single $x'],
    [`"double"`, 'double'],
    [`'''triple\nline'''`, 'triple\nline'],
    [`"""triple double"""`, 'triple double'],
    [`/a\\/b\\d+$/`, 'a/b\\d+$'],
    [`"tab\\t\\"q\\" \\$5 \\u0041"`, 'tab\t"q" $5 A'],
    [`'it\\'s'`, "it's"],
  ])('%s is a StringLiteral', (source, value) => {
    expect(shape(expr(source))).toEqual({ kind: 'StringLiteral', value });
  });

  it('interpolates $name, $a.b.c and ${expr}', () => {
    expect(shape(expr('"v=$v, $evt.device.label: ${a + 1}!"'))).toEqual({
      kind: 'GString',
      strings: ['v=', ', ', ': ', '!'],
      values: [
        { kind: 'Identifier', name: 'v' },
        {
          kind: 'PropertyAccess',
          object: { kind: 'PropertyAccess', object: { kind: 'Identifier', name: 'evt' }, property: 'device', safe: false, spread: false },
          property: 'label',
          safe: false,
          spread: false,
        },
        { kind: 'Binary', operator: '+', left: { kind: 'Identifier', name: 'a' }, right: { kind: 'NumberLiteral', value: 1, raw: '1', isDecimal: false } },
      ],
    });
  });

  it('ends a $path at a non-name: "$a.b()" is a.b followed by text', () => {
    const node = expr('"$a.b() $c."');
    expect(node).toMatchObject({ kind: 'GString', strings: ['', '() ', '.'] });
    expect(node.kind === 'GString' && node.values.map(show)).toEqual(['a.b', 'c']);
  });

  it('interpolates in triple-quoted and slashy strings', () => {
    expect(expr('"""a ${b} c"""')).toMatchObject({ kind: 'GString', strings: ['a ', ' c'], values: [{ name: 'b' }] });
    expect(expr('/^$prefix\\d+$/')).toMatchObject({ kind: 'GString', strings: ['^', '\\d+$'], values: [{ name: 'prefix' }] });
  });

  it('reads a parenthesised expression as a dynamic member name: obj.("$m")()', () => {
    expect(expr('target.("${command}")()')).toMatchObject({ kind: 'MethodCall', receiver: { name: 'target' }, method: { kind: 'GString' } });
    expect(expr('m.(key)')).toMatchObject({ kind: 'PropertyAccess', property: { kind: 'Identifier', name: 'key' } });
  });

  it('reads a dollar-slashy string over lines, with $$ and $/ as escapes', () => {
    expect(expr('$/a\n$$b $/ "c" ${d}/$')).toMatchObject({ kind: 'GString', strings: ['a\n$b / "c" ', ''], values: [{ name: 'd' }] });
    expect(expr('$/plain/$')).toMatchObject({ kind: 'StringLiteral', value: 'plain' });
  });

  it('reads a slashy string that opens with a space as a statement of its own, and still divides after a name', () => {
    // Light-Dark (a community app): a note written as a string inside an if block.
    const program = parseOk('def f(x) {\n\tif (x) {\n\t\t/ Prevent false positives, trip twice /\n\t\tx = 1\n\t}\n}');
    expect(JSON.stringify(program)).toContain('"value":" Prevent false positives, trip twice "');
    expect(show(expr('a / b / c'))).toBe('((a / b) / c)');
  });

  it('reads a pattern whose slashy string opens with a space, `~/ on \\d+/`, and still divides by a spaced operand', () => {
    expect(expr('name.minus(~/ on \\d+/)')).toMatchObject({
      kind: 'MethodCall', method: 'minus', args: [{ kind: 'Unary', operator: '~', argument: { kind: 'StringLiteral', value: ' on \\d+' } }],
    });
    expect(show(expr('a / ~b'))).toBe('(a / (~b))');
  });

  it('keeps a closure inside ${}', () => {
    expect(expr('"${list.collect { it.name }}"')).toMatchObject({
      kind: 'GString',
      values: [{ kind: 'MethodCall', method: 'collect', args: [{ kind: 'Closure', params: null }] }],
    });
  });
});

describe('lists and maps', () => {
  it('reads [:] and [] as empty map and list', () => {
    expect(shape(expr('[:]'))).toEqual({ kind: 'MapLiteral', entries: [] });
    expect(shape(expr('[]'))).toEqual({ kind: 'ListLiteral', elements: [] });
  });

  it('turns name, keyword and string keys into strings, keeps numbers, computes (k)', () => {
    const node = expr('[title: 1, in: 2, default: 3, "s t": 4, 5: 6, (k.id): 7, "$g": 8]');
    expect(node.kind).toBe('MapLiteral');
    const entries = node.kind === 'MapLiteral' ? node.entries : [];
    expect(entries.map((entry) => [entry.key && show(entry.key), entry.computed])).toEqual([
      ['"title"', false],
      ['"in"', false],
      ['"default"', false],
      ['"s t"', false],
      ['5', false],
      ['k.id', true],
      ['GString', false],
    ]);
  });

  it('accepts trailing commas and nesting', () => {
    expect(show(expr('[1, [a: [2, 3,],], ]'))).toBe('[1, MapLiteral]');
    expect(expr('[[name: "a", value: 1], [name: "b"]]')).toMatchObject({
      kind: 'ListLiteral',
      elements: [{ kind: 'MapLiteral', entries: [{ key: { value: 'name' } }, { key: { value: 'value' } }] }, { kind: 'MapLiteral' }],
    });
  });

  it('spreads with * and *:', () => {
    expect(expr('[*a, b]')).toMatchObject({ kind: 'ListLiteral', elements: [{ kind: 'Spread', argument: { name: 'a' } }, { name: 'b' }] });
    expect(expr('[*: m, k: 1]')).toMatchObject({ kind: 'MapLiteral', entries: [{ key: null, value: { name: 'm' } }, { key: { value: 'k' } }] });
  });

  it('rejects a literal mixing entries and elements', () => {
    expect(() => expr('[a: 1, b]')).toThrow(/1:/);
  });
});

describe('an array type written as a value', () => {
  it('reads `byte[]`, `String[][]` and `java.lang.String[]` as a class literal, also as an argument', () => {
    expect(expr('byte[]')).toMatchObject({ kind: 'ClassLiteral', type: { name: 'byte', arrayDims: 1 } });
    expect(expr('String[][]')).toMatchObject({ kind: 'ClassLiteral', type: { name: 'String', arrayDims: 2 } });
    expect(expr('java.lang.String[]')).toMatchObject({ kind: 'ClassLiteral', type: { name: 'java.lang.String', arrayDims: 1 } });
    expect(expr('x.asType(byte[])')).toMatchObject({ kind: 'MethodCall', method: 'asType', args: [{ kind: 'ClassLiteral' }] });
  });

  it('leaves an index of a lower-case name and a cast to an array type as they were', () => {
    expect(expr('a[0]')).toMatchObject({ kind: 'Index' });
    expect(expr('(String[]) x')).toMatchObject({ kind: 'Cast', type: { name: 'String', arrayDims: 1 } });
    expect(() => expr('a[]')).toThrow(/1:/);
  });
});

describe('closures', () => {
  it('has params null for implicit it, [] for an empty arrow', () => {
    expect(closure('{ it * 2 }')).toMatchObject({ kind: 'Closure', params: null, body: [{ kind: 'ExpressionStatement' }] });
    expect(closure('{ -> 1 }')).toMatchObject({ kind: 'Closure', params: [] });
  });

  it('reads typed and untyped params', () => {
    expect(closure('{ a, String b, def c -> a }')).toMatchObject({
      kind: 'Closure',
      params: [{ name: 'a' }, { name: 'b', type: { name: 'String' } }, { name: 'c' }],
    });
  });

  it('separates body statements by newlines', () => {
    const node = closure('{ s ->\n  x = s\n  -x\n}');
    expect(node.kind === 'Closure' && node.body.map((s) => s.kind === 'ExpressionStatement' && show(s.expression))).toEqual(['(x = s)', '(-x)']);
  });
});

describe('member access, calls and indexes', () => {
  it.each([
    ['a?.b', 'a?.b'],
    ['a*.b', 'a*.b'],
    ['switches*.on()', 'switches*.on()'],
    ['location.helloHome?.getPhrases()*.label', 'location.helloHome?.getPhrases()*.label'],
    ['map.collect { it }.sort { it.value }[-1].key', 'map.collect({1}).sort({1})[(-1)].key'],
    ['x.in', 'x.in'],
    ['x.class', 'x.class'],
    ['settings[name]', 'settings[name]'],
    ['a[1, 2]', 'a[[1, 2]]'],
    ['foo [1]', 'foo[1]'],
    ['foo (1)', 'foo(1)'],
  ])('%s', (source, expected) => {
    expect(show(expr(source))).toBe(expected);
  });

  it('calls named methods with receiver, safe and spread flags', () => {
    expect(shape(expr('obj?.bar(1, x: 2)'))).toEqual({
      kind: 'MethodCall',
      receiver: { kind: 'Identifier', name: 'obj' },
      method: 'bar',
      args: [{ kind: 'NumberLiteral', value: 1, raw: '1', isDecimal: false }],
      namedArgs: [{ kind: 'MapEntry', key: { kind: 'StringLiteral', value: 'x' }, value: { kind: 'NumberLiteral', value: 2, raw: '2', isDecimal: false }, computed: false }],
      safe: true,
      spread: false,
      commandForm: false,
    });
  });

  it('calls dynamic names: "$m"(), obj."${x}"(), and reads obj."$p"', () => {
    expect(expr('"$m"()')).toMatchObject({ kind: 'MethodCall', receiver: null, method: { kind: 'GString', values: [{ name: 'm' }] } });
    expect(expr('thermostat?."${cold}"()')).toMatchObject({
      kind: 'MethodCall',
      receiver: { name: 'thermostat' },
      method: { kind: 'GString', values: [{ name: 'cold' }] },
      safe: true,
    });
    expect(expr('state.songs."$name"')).toMatchObject({ kind: 'PropertyAccess', property: { kind: 'GString' }, object: { property: 'songs' } });
    expect(expr('obj."plain"(1)')).toMatchObject({ kind: 'MethodCall', method: { kind: 'StringLiteral', value: 'plain' } });
  });

  it('calls a value that is not a name with Call', () => {
    expect(expr('closures[0](x)')).toMatchObject({ kind: 'Call', callee: { kind: 'Index' }, args: [{ name: 'x' }] });
    expect(expr('(c)(1)')).toMatchObject({ kind: 'Call', callee: { kind: 'Identifier', name: 'c' } });
    expect(expr('foo()(y)')).toMatchObject({ kind: 'Call', callee: { kind: 'MethodCall', method: 'foo' } });
  });

  it('reads method references', () => {
    expect(shape(expr('this.&foo'))).toEqual({ kind: 'MethodReference', object: { kind: 'ThisExpr', isSuper: false }, method: 'foo' });
  });

  it('continues a line that ends with "." or starts with "." or "?."', () => {
    expect(show(expr('a.\n  b()'))).toBe('a.b()');
    expect(show(expr('a\n  .b()\n  ?.c'))).toBe('a.b()?.c');
  });
});

describe('casts and new', () => {
  it('reads (Type) casts, including a primitive cast of a parenthesised operand', () => {
    expect(show(expr('(int) (r * 255.0f)'))).toBe('((int) (r * 255.0f))');
    expect(show(expr('(String) x.y'))).toBe('((String) x.y)');
    expect(show(expr('(a) + b'))).toBe('(a + b)');
  });

  it('reads new with arguments, qualified names and array sizes', () => {
    expect(expr('new Date(now() + 1)')).toMatchObject({ kind: 'New', type: { name: 'Date' }, args: [{ kind: 'Binary' }] });
    expect(expr('new groovy.json.JsonSlurper().parseText(s)')).toMatchObject({
      kind: 'MethodCall',
      method: 'parseText',
      receiver: { kind: 'New', type: { name: 'groovy.json.JsonSlurper' }, args: [] },
    });
    expect(expr('new Foo(a: 1)')).toMatchObject({ kind: 'New', namedArgs: [{ key: { value: 'a' } }] });
    expect(expr('new byte [n / 2]')).toMatchObject({ kind: 'New', type: { name: 'byte', arrayDims: 1 }, args: [{ kind: 'Binary' }] });
  });

  it('reads generic and array types after as', () => {
    expect(expr('x as List<String>')).toMatchObject({ kind: 'Cast', type: { name: 'List', typeArgs: [{ name: 'String' }] } });
    expect(expr('x as String[]')).toMatchObject({ kind: 'Cast', type: { name: 'String', arrayDims: 1 } });
  });
});

describe('ranges', () => {
  it('records start and end positions (1-based lines and columns)', () => {
    const node = expr('  foo.bar(1)');
    expect(node.range).toEqual({ start: { offset: 2, line: 1, column: 3 }, end: { offset: 12, line: 1, column: 13 } });
  });
});
