// Command expressions, trailing closures and builder blocks, labelled statements and Groovy's
// newline rules: the constructs that make SmartApp Groovy hard to parse.
import { describe, expect, it } from 'vitest';
import type { Closure, Expression, MethodCall, Statement } from '../../src/parser/ast.js';
import { expr, parseOk, shape, show } from './helpers.js';

function call(source: string): MethodCall {
  const node = expr(source);
  if (node.kind !== 'MethodCall') throw new Error(`expected a MethodCall, got ${node.kind}`);
  return node;
}

function lastClosure(node: MethodCall): Closure {
  const last = node.args.at(-1);
  if (last?.kind !== 'Closure') throw new Error('expected a trailing closure');
  return last;
}

function expressions(body: Statement[]): string[] {
  return body.map((s) => (s.kind === 'ExpressionStatement' ? show(s.expression) : s.kind));
}

describe('command expressions', () => {
  it('input "a", "b", title: "c" calls input with two positional args and a named one', () => {
    expect(shape(call('input "a", "b", title: "c"'))).toEqual({
      kind: 'MethodCall',
      receiver: null,
      method: 'input',
      args: [
        { kind: 'StringLiteral', value: 'a' },
        { kind: 'StringLiteral', value: 'b' },
      ],
      namedArgs: [{ kind: 'MapEntry', key: { kind: 'StringLiteral', value: 'title' }, value: { kind: 'StringLiteral', value: 'c' }, computed: false }],
      safe: false,
      spread: false,
      commandForm: true,
    });
  });

  it.each([
    ['input "x", "capability.switch", title: "T", required: true', 'input(title: "T", required: true, "x", "capability.switch")'],
    ['log.debug "v=$v"', 'log.debug(GString)'],
    ['subscribe tag, "nfcTouch", h', 'subscribe(tag, "nfcTouch", h)'],
    ['page name: "p", install: true', 'page(name: "p", install: true)'],
    ['sendPush msg', 'sendPush(msg)'],
    ['log.info evt.value', 'log.info(evt.value)'],
    ['state "default", label: "", icon: "i"', 'state(label: "", icon: "i", "default")'],
    ['input "n", "enum", options: ["a", "b"], default: "a"', 'input(options: ["a", "b"], default: "a", "n", "enum")'],
    ['status "button 1 pushed": "command: 2001"', 'status("button 1 pushed": "command: 2001")'],
    ['childDevice?.log "x"', 'childDevice?.log("x")'],
    ['foo !x', 'foo((!x))'],
    ['foo a ? b : c', 'foo((a ? b : c))'],
    ['foo x, { it }', 'foo(x, {1})'],
  ])('%s', (source, expected) => {
    const node = call(source);
    expect(node.commandForm).toBe(true);
    expect(show(node)).toBe(expected);
  });

  it('continues the argument list after a trailing comma on the next line', () => {
    expect(show(call('input "a",\n  "b",\n  title: "c"'))).toBe('input(title: "c", "a", "b")');
  });

  it('keeps foo -1 a subtraction and foo [1] an index, as Groovy does', () => {
    expect(show(expr('foo -1'))).toBe('(foo - 1)');
    expect(show(expr('foo [1]'))).toBe('foo[1]');
  });

  it('allows a command on the right of an assignment and a declaration', () => {
    expect(show(expr('x = foo "a"'))).toBe('(x = foo("a"))');
    const decl = parseOk('def x = foo "a", b: 1').body[0];
    expect(decl).toMatchObject({ kind: 'VarDecl', declarations: [{ name: 'x', init: { kind: 'MethodCall', method: 'foo', commandForm: true } }] });
  });

  it('parses a.b c as a command inside closures', () => {
    const node = call('list.each { a.b c }');
    expect(expressions(lastClosure(node).body)).toEqual(['a.b(c)']);
  });

  it('continues a command chain: command "x" "string" is command("x")."string"', () => {
    expect(expr('command "setColorHex" "string"')).toMatchObject({
      kind: 'PropertyAccess',
      object: { kind: 'MethodCall', method: 'command', args: [{ value: 'setColorHex' }], commandForm: true },
      property: { kind: 'StringLiteral', value: 'string' },
    });
  });

  it('does not take else as a chained name', () => {
    expect(parseOk('if (x) foo a else bar b').body[0]).toMatchObject({
      kind: 'If',
      consequent: { expression: { method: 'foo' } },
      alternate: { expression: { method: 'bar' } },
    });
  });

  it('tolerates an empty argument between commas, as Groovy 2 does', () => {
    expect(show(call('input(name: "a", , title: "b")'))).toBe('input(name: "a", title: "b")');
  });
});

describe('trailing closures and builder blocks', () => {
  it('section("x") { ... } is a call whose last argument is a closure', () => {
    const node = call('section("x") { input "y", "z" }');
    expect(node).toMatchObject({ method: 'section', commandForm: false, args: [{ kind: 'StringLiteral', value: 'x' }, { kind: 'Closure', params: null }] });
    expect(expressions(lastClosure(node).body)).toEqual(['input("y", "z")']);
  });

  it('nests preferences { section { input } } and mixes named args with the closure', () => {
    const node = call('preferences {\n  section("t", hideable: true) {\n    input "a", "b"\n  }\n  page(name: "p", nextPage: "q") {}\n}');
    expect(node).toMatchObject({ method: 'preferences', args: [{ kind: 'Closure' }] });
    const [section, page] = lastClosure(node).body.map((s) => (s as { expression: Expression }).expression);
    expect(section).toMatchObject({ method: 'section', namedArgs: [{ key: { value: 'hideable' } }], args: [{ value: 't' }, { kind: 'Closure' }] });
    expect(page).toMatchObject({ method: 'page', namedArgs: [{ key: { value: 'name' } }, { key: { value: 'nextPage' } }], args: [{ kind: 'Closure', body: [] }] });
  });

  it('attaches a closure on the next line to the call before it (Groovy 2)', () => {
    expect(call('preferences\n{\n  section\n  {\n  }\n}')).toMatchObject({
      method: 'preferences',
      args: [{ kind: 'Closure', body: [{ expression: { method: 'section', args: [{ kind: 'Closure' }] } }] }],
    });
  });

  it('runs code inside a dynamicPage builder', () => {
    const node = call('dynamicPage(name: "p") { if (switch1) { input "x", "y" } }');
    expect(lastClosure(node).body[0]).toMatchObject({ kind: 'If', consequent: { kind: 'Block', body: [{ expression: { method: 'input' } }] } });
  });

  it('passes a closure without parentheses: list.sort { a, b -> b <=> a }', () => {
    const node = call('list.sort { a, b -> b.dateCreated <=> a.dateCreated }');
    expect(node).toMatchObject({ receiver: { name: 'list' }, method: 'sort', args: [{ kind: 'Closure', params: [{ name: 'a' }, { name: 'b' }] }] });
  });
});

describe('labelled statements', () => {
  it('reads mappings { path("/x") { action: [GET: "h", PUT: "k"] } }', () => {
    const mappings = call('mappings { path("/x") { action: [GET: "h", PUT: "k"] } }');
    const path = lastClosure(mappings).body[0];
    expect(path).toMatchObject({ kind: 'ExpressionStatement', expression: { method: 'path', args: [{ value: '/x' }, { kind: 'Closure' }] } });
    const body = lastClosure((path as { expression: MethodCall }).expression).body;
    expect(shape(body)).toEqual([
      {
        kind: 'Labeled',
        label: 'action',
        body: {
          kind: 'ExpressionStatement',
          expression: {
            kind: 'MapLiteral',
            entries: [
              { kind: 'MapEntry', key: { kind: 'StringLiteral', value: 'GET' }, value: { kind: 'StringLiteral', value: 'h' }, computed: false },
              { kind: 'MapEntry', key: { kind: 'StringLiteral', value: 'PUT' }, value: { kind: 'StringLiteral', value: 'k' }, computed: false },
            ],
          },
        },
      },
    ]);
  });
});

describe('newline rules', () => {
  it('x = a NEWLINE -b is two statements', () => {
    expect(expressions(parseOk('x = a\n-b').body)).toEqual(['(x = a)', '(-b)']);
  });

  it('x = a NEWLINE +b and x NEWLINE ++y are two statements', () => {
    expect(expressions(parseOk('x = a\n+b').body)).toEqual(['(x = a)', '(+b)']);
    expect(expressions(parseOk('x\n++y').body)).toEqual(['x', '(++y)']);
  });

  it('a line ending in a binary operator continues', () => {
    expect(expressions(parseOk('x = a +\n  b').body)).toEqual(['(x = (a + b))']);
    expect(expressions(parseOk('ok = a &&\n  b ||\n  c').body)).toEqual(['(ok = ((a && b) || c))']);
  });

  it('a line starting with an operator that cannot start a statement continues', () => {
    expect(expressions(parseOk('ok = a\n  && b\n  || c').body)).toEqual(['(ok = ((a && b) || c))']);
    expect(expressions(parseOk('v = c\n  ? 1\n  : 2').body)).toEqual(['(v = (c ? 1 : 2))']);
  });

  it('a line ending in ( [ or , continues, and newlines inside ( ) and [ ] are whitespace', () => {
    expect(expressions(parseOk('foo(\n  a\n  - b,\n  c)').body)).toEqual(['foo((a - b), c)']);
    expect(expressions(parseOk('x = [\n  1,\n  2\n]').body)).toEqual(['(x = [1, 2])']);
    expect(expressions(parseOk('log.debug("a"\n  + b)').body)).toEqual(['log.debug(("a" + b))']);
  });

  it('a call\'s ( or an index [ on the next line starts a new statement', () => {
    expect(expressions(parseOk('foo\n(a)').body)).toEqual(['foo', 'a']);
    expect(expressions(parseOk('x = y\n[1, 2].each { }').body)).toEqual(['(x = y)', '[1, 2].each({0})']);
  });

  it('inside a closure in parentheses newlines separate statements again', () => {
    const node = call('foo(a, {\n  x\n  -y\n})');
    expect(expressions(lastClosure(node).body)).toEqual(['x', '(-y)']);
  });

  it('accepts optional semicolons and several statements on a line', () => {
    expect(expressions(parseOk('a = 1; b = 2;\nc()').body)).toEqual(['(a = 1)', '(b = 2)', 'c()']);
  });

  it('rejects two expressions on one line without a separator', () => {
    expect(() => parseOk('foo() bar()')).toThrow(/^1:7: /);
  });
});
