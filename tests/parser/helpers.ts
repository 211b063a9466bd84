// Shared helpers for the parser tests: parse or fail loudly, and views of trees without ranges.
import type { Expression, Program, Statement } from '../../src/parser/ast.js';
import { parseGroovy } from '../../src/parser/parser.js';

/** Parses `source` and returns its program; a syntax error fails the test with its message. */
export function parseOk(source: string): Program {
  const result = parseGroovy(source, 'test.groovy');
  if (!result.ok) throw new Error(`${result.error.line}:${result.error.column}: ${result.error.message}`);
  return result.program;
}

/** The single statement of `source`. */
export function statement(source: string): Statement {
  const { body } = parseOk(source);
  if (body.length !== 1) throw new Error(`expected one statement, got ${body.length}`);
  return body[0]!;
}

/** The expression of the single expression statement of `source`. */
export function expr(source: string): Expression {
  const node = statement(source);
  if (node.kind !== 'ExpressionStatement') throw new Error(`expected an expression statement, got ${node.kind}`);
  return node.expression;
}

/** A deep copy of `node` without `range` fields, for whole-tree comparisons. */
export function shape(node: unknown): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'range' ? undefined : value)));
}

/** A compact rendering of an expression, to assert precedence: `(a + (b * c))`. */
export function show(node: Expression): string {
  switch (node.kind) {
    case 'Identifier':
      return node.name;
    case 'NumberLiteral':
      return node.raw;
    case 'StringLiteral':
      return JSON.stringify(node.value);
    case 'BooleanLiteral':
    case 'NullLiteral':
      return node.kind === 'NullLiteral' ? 'null' : String(node.value);
    case 'Binary':
    case 'Logical':
      return `(${show(node.left)} ${node.operator} ${show(node.right)})`;
    case 'Unary':
      return `(${node.operator}${show(node.argument)})`;
    case 'Update':
      return node.prefix ? `(${node.operator}${show(node.argument)})` : `(${show(node.argument)}${node.operator})`;
    case 'Ternary':
      return `(${show(node.test)} ? ${show(node.consequent)} : ${show(node.alternate)})`;
    case 'Elvis':
      return `(${show(node.left)} ?: ${show(node.right)})`;
    case 'Assign':
      return `(${show(node.target)} ${node.operator} ${show(node.value)})`;
    case 'RangeExpr':
      return `(${show(node.from)}${node.exclusive ? '..<' : '..'}${show(node.to)})`;
    case 'Cast':
      return node.asOperator ? `(${show(node.expression)} as ${node.type.name})` : `((${node.type.name}) ${show(node.expression)})`;
    case 'InstanceOf':
      return `(${show(node.expression)} ${node.negated ? '!' : ''}instanceof ${node.type.name})`;
    case 'PropertyAccess':
      return `${show(node.object)}${node.safe ? '?.' : node.spread ? '*.' : '.'}${typeof node.property === 'string' ? node.property : show(node.property)}`;
    case 'Index':
      return `${show(node.object)}[${show(node.index)}]`;
    case 'MethodCall': {
      const receiver = node.receiver ? `${show(node.receiver)}${node.safe ? '?.' : node.spread ? '*.' : '.'}` : '';
      const method = typeof node.method === 'string' ? node.method : show(node.method);
      const args = [...node.namedArgs.map((entry) => `${showKey(entry.key)}: ${show(entry.value)}`), ...node.args.map(show)];
      return `${receiver}${method}(${args.join(', ')})`;
    }
    case 'Closure':
      return `{${node.params === null ? '' : `${node.params.map((param) => param.name).join(', ')} -> `}${node.body.length}}`;
    case 'ListLiteral':
      return `[${node.elements.map(show).join(', ')}]`;
    default:
      return node.kind;
  }
}

/** A named argument's key: bare when it is a plain name, `*` for a spread entry. */
function showKey(key: Expression | null): string {
  if (key === null) return '*';
  return key.kind === 'StringLiteral' && /^\w+$/.test(key.value) ? key.value : show(key);
}
