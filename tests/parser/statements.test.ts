// Statements and declarations: methods, variables, control flow, imports, annotations, classes.
import { describe, expect, it } from 'vitest';
import { parseOk, shape, show, statement } from './helpers.js';

describe('method declarations', () => {
  it('def getAllOk() {...} is a MethodDecl', () => {
    expect(shape(statement('def getAllOk() {\n  true\n}'))).toEqual({
      kind: 'MethodDecl',
      name: 'getAllOk',
      modifiers: ['def'],
      annotations: [],
      params: [],
      body: { kind: 'Block', body: [{ kind: 'ExpressionStatement', expression: { kind: 'BooleanLiteral', value: true } }] },
    });
  });

  it('reads private, typed and static methods with typed params and defaults', () => {
    expect(statement('private foo(evt) {}')).toMatchObject({ kind: 'MethodDecl', name: 'foo', modifiers: ['private'], params: [{ name: 'evt' }] });
    expect(statement('Map bar(String a, int b = 2, def c, d = [:]) {}')).toMatchObject({
      kind: 'MethodDecl',
      name: 'bar',
      modifiers: [],
      returnType: { name: 'Map' },
      params: [
        { name: 'a', type: { name: 'String' } },
        { name: 'b', type: { name: 'int' }, defaultValue: { value: 2 } },
        { name: 'c' },
        { name: 'd', defaultValue: { kind: 'MapLiteral' } },
      ],
    });
    expect(statement('private static void baz() throws IOException {}')).toMatchObject({ modifiers: ['private', 'static'], returnType: { name: 'void' } });
    expect(statement('List<String> names() {}')).toMatchObject({ returnType: { name: 'List', typeArgs: [{ name: 'String' }] } });
  });

  it('reads a last parameter of variable arity (`Object... args`, SomeonesHome\'s runNowOrLater)', () => {
    expect(statement('def later(method, delay, Object... args) {}')).toMatchObject({
      params: [{ name: 'method' }, { name: 'delay' }, { name: 'args', type: { name: 'Object' }, varargs: true }],
    });
    expect(statement('def f(int ... n) {}')).toMatchObject({ params: [{ name: 'n', type: { name: 'int' }, varargs: true }] });
    expect(statement('def g(String s) {}')).not.toMatchObject({ params: [{ varargs: true }] });
  });

  it('accepts the body on the next line (Allman style)', () => {
    expect(statement('def installed()\n\n{\n  initialize()\n}')).toMatchObject({ kind: 'MethodDecl', name: 'installed', body: { body: [{ kind: 'ExpressionStatement' }] } });
  });

  it('keeps foo(x) { } a call with a trailing closure, not a declaration', () => {
    expect(statement('foo(x) { }')).toMatchObject({ kind: 'ExpressionStatement', expression: { kind: 'MethodCall', method: 'foo' } });
  });

  it('reads annotations on methods', () => {
    expect(statement('@Deprecated\ndef old() {}')).toMatchObject({ kind: 'MethodDecl', annotations: [{ kind: 'Annotation', name: 'Deprecated', args: [] }] });
    expect(statement('@SuppressWarnings("x")\nprivate f() {}')).toMatchObject({ annotations: [{ name: 'SuppressWarnings', args: [{ value: 'x' }] }] });
  });
});

describe('variable declarations', () => {
  it.each([
    ['def x = 1', ['def'], undefined, ['x']],
    ['def x', ['def'], undefined, ['x']],
    ['String a, b = "c"', [], 'String', ['a', 'b']],
    ['final names = ["a"]', ['final'], undefined, ['names']],
    ['static final int N = 3', ['static', 'final'], 'int', ['N']],
    ['java.util.Date d = new Date()', [], 'java.util.Date', ['d']],
    ['byte [] buf = new byte [n]', [], 'byte', ['buf']],
    ['Map<String, List> m = [:]', [], 'Map', ['m']],
    ['boolean changed = false', [], 'boolean', ['changed']],
  ])('%s', (source, modifiers, type, names) => {
    const node = statement(source);
    expect(node).toMatchObject({ kind: 'VarDecl', modifiers, destructure: false });
    if (node.kind !== 'VarDecl') return;
    expect(node.type?.name).toBe(type);
    expect(node.declarations.map((d) => d.name)).toEqual(names);
  });

  it('reads @Field declarations and multiple assignment', () => {
    expect(statement('@Field def cache = [:]')).toMatchObject({ kind: 'VarDecl', annotations: [{ name: 'Field' }], declarations: [{ name: 'cache' }] });
    expect(statement('def (a, b) = [1, 2]')).toMatchObject({ kind: 'VarDecl', destructure: true, declarations: [{ name: 'a' }, { name: 'b' }], init: { kind: 'ListLiteral' } });
  });

  it('treats a lowercase "type" as a command: sendPush msg', () => {
    expect(statement('sendPush msg')).toMatchObject({ kind: 'ExpressionStatement', expression: { kind: 'MethodCall', method: 'sendPush', commandForm: true } });
  });
});

describe('control flow', () => {
  it('reads if / else if / else with and without braces', () => {
    const node = statement('if (a) x()\nelse if (b) {\n  y()\n} else z()');
    expect(node).toMatchObject({
      kind: 'If',
      test: { name: 'a' },
      consequent: { kind: 'ExpressionStatement' },
      alternate: { kind: 'If', test: { name: 'b' }, consequent: { kind: 'Block' }, alternate: { kind: 'ExpressionStatement' } },
    });
  });

  it('reads a condition with a brace on the next line', () => {
    expect(statement('if (x?.contains("a"))\n{ //c\n  y()\n}')).toMatchObject({ kind: 'If', test: { method: 'contains' }, consequent: { kind: 'Block' } });
  });

  it('reads switch with string cases, fallthrough and default', () => {
    const node = statement('switch (mode) {\n  case "a":\n  case "b":\n    x = 1\n    break\n  case ["c", "d"]: y(); break\n  default:\n    z()\n}');
    expect(node).toMatchObject({ kind: 'Switch', discriminant: { name: 'mode' } });
    if (node.kind !== 'Switch') return;
    expect(node.cases.map((c) => [c.tests.map(show), c.isDefault, c.body.map((s) => s.kind)])).toEqual([
      [['"a"', '"b"'], false, ['ExpressionStatement', 'Break']],
      [['["c", "d"]'], false, ['ExpressionStatement', 'Break']],
      [[], true, ['ExpressionStatement']],
    ]);
  });

  it('reads try / catch (untyped, typed, multi) / finally', () => {
    const node = statement('try {\n  a()\n} catch (e) {\n} catch (groovyx.net.http.HttpResponseException e) {\n} catch (IOException | RuntimeException e) {\n} finally {\n  b()\n}');
    expect(node).toMatchObject({ kind: 'Try', block: { body: [{}] }, finalizer: { body: [{}] } });
    if (node.kind !== 'Try') return;
    expect(node.handlers.map((h) => [h.param, h.types.map((t) => t.name)])).toEqual([
      ['e', []],
      ['e', ['groovyx.net.http.HttpResponseException']],
      ['e', ['IOException', 'RuntimeException']],
    ]);
  });

  it('reads for-in in its three spellings', () => {
    expect(statement('for (x in xs) {}')).toMatchObject({ kind: 'ForIn', variable: 'x', iterable: { name: 'xs' } });
    expect(statement('for (def x in 1..3) f(x)')).toMatchObject({ kind: 'ForIn', variable: 'x', iterable: { kind: 'RangeExpr' } });
    expect(statement('for (String s : names) {}')).toMatchObject({ kind: 'ForIn', variable: 's', varType: { name: 'String' } });
  });

  it('reads C-style for loops', () => {
    expect(statement('for (int i = 0; i < n; i++) {}')).toMatchObject({
      kind: 'ForC',
      init: [{ kind: 'VarDecl', type: { name: 'int' }, declarations: [{ name: 'i' }] }],
      test: { kind: 'Binary', operator: '<' },
      update: [{ kind: 'Update', operator: '++', prefix: false }],
    });
    expect(statement('for (;;) break')).toMatchObject({ kind: 'ForC', init: [], update: [], body: { kind: 'Break' } });
    expect(statement('for (i = 0, j = 1; ; i++, j--) {}')).toMatchObject({ init: [{ expression: { kind: 'Assign' } }, { expression: { kind: 'Assign' } }], update: [{}, {}] });
  });

  it('reads while, do-while, return, break, continue, throw, assert', () => {
    expect(statement('while (i < 3) i++')).toMatchObject({ kind: 'While', body: { expression: { kind: 'Update' } } });
    expect(statement('do { i++ } while (i < 3)')).toMatchObject({ kind: 'DoWhile', body: { kind: 'Block' } });
    const [ret, bare, brk, cont, thr, as] = parseOk('return x + 1\nreturn\nbreak\ncontinue outer\nthrow new Exception("x")\nassert a : "msg"').body;
    expect(ret).toMatchObject({ kind: 'Return', argument: { kind: 'Binary' } });
    expect(bare).toEqual(expect.objectContaining({ kind: 'Return', argument: undefined }));
    expect(brk).toMatchObject({ kind: 'Break' });
    expect(cont).toMatchObject({ kind: 'Continue', label: 'outer' });
    expect(thr).toMatchObject({ kind: 'Throw', argument: { kind: 'New' } });
    expect(as).toMatchObject({ kind: 'Assert', test: { name: 'a' }, message: { value: 'msg' } });
  });

  it("reads a lone `;` as a loop's empty body, as Groovy 2's grammar does (a busy wait: `while (t > now());`)", () => {
    expect(statement('while (t > now());')).toMatchObject({ kind: 'While', body: { kind: 'Block', body: [] } });
    expect(parseOk('for (int i = 0; i < 3; i++)\n  ;\nx()').body.map((s) => s.kind)).toEqual(['ForC', 'ExpressionStatement']);
    expect(parseOk('while (i++ < 3); i').body).toMatchObject([{ kind: 'While', body: { body: [] } }, { kind: 'ExpressionStatement' }]);
  });

  it('reads a statement that opens with a closure and its explicit parameters as that closure, as Groovy 2 does', () => {
    expect(statement('{ -> x }()')).toMatchObject({ kind: 'ExpressionStatement', expression: { kind: 'Call' } });
    expect(statement('{ a, b -> a + b }.call(1, 2)')).toMatchObject({ kind: 'ExpressionStatement', expression: { method: 'call' } });
    expect(statement('{ x() }')).toMatchObject({ kind: 'Block' });
  });

  it('returns nothing when the value is on the next line', () => {
    expect(parseOk('return\nx').body.map((s) => s.kind)).toEqual(['Return', 'ExpressionStatement']);
  });
});

describe('imports and classes', () => {
  it('reads plain, star, static and aliased imports', () => {
    const body = parseOk('import groovy.json.JsonSlurper\nimport groovy.time.*;\nimport static java.lang.Math.max\nimport java.util.Date as D').body;
    expect(shape(body)).toEqual([
      { kind: 'ImportDecl', path: 'groovy.json.JsonSlurper', isStatic: false, star: false },
      { kind: 'ImportDecl', path: 'groovy.time', isStatic: false, star: true },
      { kind: 'ImportDecl', path: 'java.lang.Math.max', isStatic: true, star: false },
      { kind: 'ImportDecl', path: 'java.util.Date', isStatic: false, star: false, alias: 'D' },
    ]);
  });

  it('reads a class with fields, a constructor and methods', () => {
    const node = statement('class Foo extends Bar implements A, B {\n  def x = 1\n  Foo(a) { x = a }\n  def get() { x }\n}');
    expect(node).toMatchObject({
      kind: 'ClassDecl',
      name: 'Foo',
      superClass: { name: 'Bar' },
      interfaces: [{ name: 'A' }, { name: 'B' }],
      members: [
        { kind: 'VarDecl', declarations: [{ name: 'x' }] },
        { kind: 'MethodDecl', name: 'Foo', params: [{ name: 'a' }] },
        { kind: 'MethodDecl', name: 'get' },
      ],
    });
  });

  it('skips a shebang line and comments', () => {
    expect(parseOk('#!/usr/bin/env groovy\n/* a\n b */ // c\nx()').body).toHaveLength(1);
  });

  it('reads a package declaration before the first statement and drops it', () => {
    expect(parseOk('package smartapps.someone\n/** doc */\ndefinition(name: "x")').body).toMatchObject([{ kind: 'ExpressionStatement' }]);
    expect(parseOk('package a.b;definition(name: "x")').body).toHaveLength(1);
  });

  it('reads a synchronized block as its lock expression, then its statements', () => {
    expect(statement('synchronized (this) {\n  n = n + 1\n  m()\n}')).toMatchObject({
      kind: 'Block',
      body: [{ kind: 'ExpressionStatement', expression: { kind: 'ThisExpr' } }, { kind: 'ExpressionStatement' }, { kind: 'ExpressionStatement' }],
    });
    // A method modifier stays a declaration's.
    expect(statement('synchronized def g() { 5 }')).toMatchObject({ kind: 'MethodDecl', name: 'g' });
  });
});
