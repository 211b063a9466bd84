// The syntax tree of SmartApp Groovy, produced by grammar/groovy.peggy.
// A discriminated union on `kind`; every node carries the source range it was parsed from.
// Later phases (lower, interp) import these types only, never the parser's internals.

import type { NodeBase } from './source-range.js';
import type { ImportDecl, TypeRef } from './names.js';
import type { AssignOperator, BinaryOperator, LogicalOperator, UnaryOperator, UpdateOperator } from './operators.js';

export type { Position, Range } from './source-range.js';
export type { ImportDecl, TypeRef } from './names.js';
export type { AssignOperator, BinaryOperator, LogicalOperator, UnaryOperator, UpdateOperator } from './operators.js';

// ---------------------------------------------------------------------------------------------
// Program and declarations

export interface Program extends NodeBase {
  kind: 'Program';
  /** Top-level statements in source order, method and class declarations included. */
  body: Statement[];
}

export interface Annotation extends NodeBase {
  kind: 'Annotation';
  /** Dotted name without the `@`. */
  name: string;
  args: Expression[];
  namedArgs: MapEntry[];
}

export interface Param extends NodeBase {
  kind: 'Param';
  name: string;
  type?: TypeRef;
  defaultValue?: Expression;
  /** `Object... args`: takes the remaining arguments as a list (`type` is an element's). */
  varargs?: true;
}

export interface MethodDecl extends NodeBase {
  kind: 'MethodDecl';
  name: string;
  /** `def`, `private`, `static`, ... in source order (a typed method has no `def`). */
  modifiers: string[];
  annotations: Annotation[];
  returnType?: TypeRef;
  params: Param[];
  body: Block;
}

export interface ClassDecl extends NodeBase {
  kind: 'ClassDecl';
  name: string;
  modifiers: string[];
  annotations: Annotation[];
  superClass?: TypeRef;
  interfaces: TypeRef[];
  /** Fields (as VarDecl), methods, constructors (MethodDecl named like the class) and inner classes. */
  members: Statement[];
}

// ---------------------------------------------------------------------------------------------
// Statements

export type Statement =
  | ImportDecl
  | MethodDecl
  | ClassDecl
  | Block
  | VarDecl
  | ExpressionStatement
  | If
  | While
  | DoWhile
  | ForIn
  | ForC
  | Switch
  | Try
  | Return
  | Break
  | Continue
  | Throw
  | Labeled
  | Assert
  | Empty;

export interface Block extends NodeBase {
  kind: 'Block';
  body: Statement[];
}

export interface VarDeclarator extends NodeBase {
  kind: 'VarDeclarator';
  name: string;
  init?: Expression;
}

/** `def x = 1`, `String a, b = "c"`, `final int n`, `@Field def y`, `def (a, b) = [1, 2]` (destructure: true). */
export interface VarDecl extends NodeBase {
  kind: 'VarDecl';
  modifiers: string[];
  annotations: Annotation[];
  type?: TypeRef;
  declarations: VarDeclarator[];
  /** Groovy multiple assignment `def (a, b) = expr`: one init for all names, on `init`. */
  destructure: boolean;
  init?: Expression;
}

export interface ExpressionStatement extends NodeBase {
  kind: 'ExpressionStatement';
  expression: Expression;
}

export interface If extends NodeBase {
  kind: 'If';
  test: Expression;
  consequent: Statement;
  alternate?: Statement;
}

export interface While extends NodeBase {
  kind: 'While';
  test: Expression;
  body: Statement;
}

export interface DoWhile extends NodeBase {
  kind: 'DoWhile';
  body: Statement;
  test: Expression;
}

/** `for (x in xs)` and `for (Type x : xs)`. */
export interface ForIn extends NodeBase {
  kind: 'ForIn';
  variable: string;
  varType?: TypeRef;
  iterable: Expression;
  body: Statement;
}

/** C-style `for (init; test; update)`. */
export interface ForC extends NodeBase {
  kind: 'ForC';
  init: Array<VarDecl | ExpressionStatement>;
  test?: Expression;
  update: Expression[];
  body: Statement;
}

export interface SwitchCase extends NodeBase {
  kind: 'SwitchCase';
  /** The `case` labels falling into this body; empty for `default`. */
  tests: Expression[];
  isDefault: boolean;
  body: Statement[];
}

export interface Switch extends NodeBase {
  kind: 'Switch';
  discriminant: Expression;
  cases: SwitchCase[];
}

export interface CatchClause extends NodeBase {
  kind: 'CatchClause';
  param: string;
  /** Empty for an untyped `catch (e)`; several for `catch (A | B e)`. */
  types: TypeRef[];
  body: Block;
}

export interface Try extends NodeBase {
  kind: 'Try';
  block: Block;
  handlers: CatchClause[];
  finalizer?: Block;
}

export interface Return extends NodeBase {
  kind: 'Return';
  argument?: Expression;
}

export interface Break extends NodeBase {
  kind: 'Break';
  label?: string;
}

export interface Continue extends NodeBase {
  kind: 'Continue';
  label?: string;
}

export interface Throw extends NodeBase {
  kind: 'Throw';
  argument: Expression;
}

/**
 * `label: statement`, as in `mappings { path("/x") { action: [GET: "h"] } }`. Also what Groovy
 * makes of a named argument left alone on its line after a missing comma (`href url: "u"`
 * NEWLINE `title: "t"`): a few corpus apps contain that.
 */
export interface Labeled extends NodeBase {
  kind: 'Labeled';
  label: string;
  body: Statement;
}

export interface Assert extends NodeBase {
  kind: 'Assert';
  test: Expression;
  message?: Expression;
}

export interface Empty extends NodeBase {
  kind: 'Empty';
}

// ---------------------------------------------------------------------------------------------
// Expressions

export type Expression =
  | NumberLiteral
  | StringLiteral
  | GString
  | BooleanLiteral
  | NullLiteral
  | Identifier
  | ThisExpr
  | ListLiteral
  | MapLiteral
  | RangeExpr
  | Closure
  | PropertyAccess
  | MethodCall
  | Call
  | Index
  | MethodReference
  | Unary
  | Update
  | Binary
  | Logical
  | Assign
  | Ternary
  | Elvis
  | Cast
  | InstanceOf
  | New
  | ClassLiteral
  | Spread;

export interface NumberLiteral extends NodeBase {
  kind: 'NumberLiteral';
  value: number;
  /** As written, suffix included (`10L`, `1.5G`). */
  raw: string;
  /** True for a literal Groovy types as decimal (BigDecimal/double): `1.5`, `2e3`, `3d`, `4G` with a dot. */
  isDecimal: boolean;
}

/** Single-quoted, triple-single-quoted, and double-quoted or slashy strings without interpolation. */
export interface StringLiteral extends NodeBase {
  kind: 'StringLiteral';
  value: string;
}

/**
 * An interpolated string: `"a $b.c ${d} e"`. `strings` has exactly one more element than `values`
 * and they alternate: strings[0] values[0] strings[1] ... strings[n].
 */
export interface GString extends NodeBase {
  kind: 'GString';
  strings: string[];
  values: Expression[];
}

export interface BooleanLiteral extends NodeBase {
  kind: 'BooleanLiteral';
  value: boolean;
}

export interface NullLiteral extends NodeBase {
  kind: 'NullLiteral';
}

export interface Identifier extends NodeBase {
  kind: 'Identifier';
  name: string;
}

export interface ThisExpr extends NodeBase {
  kind: 'ThisExpr';
  /** `super` is parsed as this with isSuper = true. */
  isSuper: boolean;
}

export interface ListLiteral extends NodeBase {
  kind: 'ListLiteral';
  elements: Expression[];
}

/**
 * One `key: value` entry of a map literal or of named call arguments. A bare identifier or
 * keyword key (`title:`) and a string key (`"title":`) become a StringLiteral key; a number key
 * stays a NumberLiteral; `(expr):` is computed. `*: map` spreads (key is null).
 */
export interface MapEntry extends NodeBase {
  kind: 'MapEntry';
  key: Expression | null;
  value: Expression;
  computed: boolean;
}

/** `[a: 1]`, and `[:]` with no entries. */
export interface MapLiteral extends NodeBase {
  kind: 'MapLiteral';
  entries: MapEntry[];
}

export interface RangeExpr extends NodeBase {
  kind: 'RangeExpr';
  from: Expression;
  to: Expression;
  /** `a..<b` */
  exclusive: boolean;
}

export interface Closure extends NodeBase {
  kind: 'Closure';
  /** null for a closure without `->` (it takes the implicit parameter `it`); [] for `{ -> ... }`. */
  params: Param[] | null;
  body: Statement[];
}

/**
 * `a.b`, `a?.b`, `a*.b`, `a."$x"`, `a.(x)`, `a.@b`. `property` is a string for a plain name and an
 * expression (StringLiteral or GString, or any expression in parentheses) for a dynamic name.
 */
export interface PropertyAccess extends NodeBase {
  kind: 'PropertyAccess';
  object: Expression;
  property: string | Expression;
  safe: boolean;
  spread: boolean;
}

/**
 * A call of a named method: `foo(1)`, `foo 1, x: 2`, `obj.bar { }`, `obj?.baz()`, `list*.m()`,
 * `"$name"()`, `obj."${x}"(1)`. `receiver` is null for an unqualified call. Named arguments
 * (`title: "T"`) are collected in `namedArgs` wherever they appear; `args` holds the positional
 * arguments in order, trailing closures last.
 */
export interface MethodCall extends NodeBase {
  kind: 'MethodCall';
  receiver: Expression | null;
  method: string | Expression;
  args: Expression[];
  namedArgs: MapEntry[];
  safe: boolean;
  spread: boolean;
  /**
   * Written without parentheses (a Groovy command expression: `input "a"`, `log.debug x`).
   * A call whose only arguments are closures written without parentheses (`preferences { }`,
   * `list.each { }`) is not a command expression: commandForm is false there. In a command chain
   * (`command "setColorHex" "string"`, i.e. `command("setColorHex")."string"`) every call has
   * commandForm true. A closure on the line after a call (`preferences` NEWLINE `{`) is still that
   * call's trailing closure, as in Groovy 2.
   */
  commandForm: boolean;
}

/** Calling the value of an arbitrary expression: `closures[0](x)`, `foo()(y)`, `(c)(1)`. */
export interface Call extends NodeBase {
  kind: 'Call';
  callee: Expression;
  args: Expression[];
  namedArgs: MapEntry[];
}

/** `a[i]`, `a?[i]`, `a[1, 2]` (several indices become a ListLiteral index). */
export interface Index extends NodeBase {
  kind: 'Index';
  object: Expression;
  index: Expression;
  /** Always false from the parser: Groovy 2.4 has no `?[`, and `a ?[1] : 2` is a ternary. */
  safe: boolean;
}

/** `this.&foo`, `obj.&bar`. */
export interface MethodReference extends NodeBase {
  kind: 'MethodReference';
  object: Expression;
  method: string;
}

export interface Unary extends NodeBase {
  kind: 'Unary';
  operator: UnaryOperator;
  argument: Expression;
}

export interface Update extends NodeBase {
  kind: 'Update';
  operator: UpdateOperator;
  prefix: boolean;
  argument: Expression;
}

export interface Binary extends NodeBase {
  kind: 'Binary';
  operator: BinaryOperator;
  left: Expression;
  right: Expression;
}

export interface Logical extends NodeBase {
  kind: 'Logical';
  operator: LogicalOperator;
  left: Expression;
  right: Expression;
}

export interface Assign extends NodeBase {
  kind: 'Assign';
  operator: AssignOperator;
  /** Identifier, PropertyAccess, Index, or a ListLiteral of targets for `(a, b) = [1, 2]`. */
  target: Expression;
  value: Expression;
}

export interface Ternary extends NodeBase {
  kind: 'Ternary';
  test: Expression;
  consequent: Expression;
  alternate: Expression;
}

/** `a ?: b` */
export interface Elvis extends NodeBase {
  kind: 'Elvis';
  left: Expression;
  right: Expression;
}

/** An array type written as a value: `byte[]` in `list.asType(byte[])`, `String[].class`. */
export interface ClassLiteral extends NodeBase {
  kind: 'ClassLiteral';
  type: TypeRef;
}

/** `x as Integer` (asOperator true) and `(Integer) x`. */
export interface Cast extends NodeBase {
  kind: 'Cast';
  expression: Expression;
  type: TypeRef;
  asOperator: boolean;
}

export interface InstanceOf extends NodeBase {
  kind: 'InstanceOf';
  expression: Expression;
  type: TypeRef;
  negated: boolean;
}

/**
 * `new Date()`, `new groovy.json.JsonSlurper()`, `new Foo(a: 1)`, `new int[3]`. For an array,
 * `args` holds the dimension sizes and `type.arrayDims` counts them.
 */
export interface New extends NodeBase {
  kind: 'New';
  type: TypeRef;
  args: Expression[];
  namedArgs: MapEntry[];
}

/** `*list` inside a list literal or argument list. */
export interface Spread extends NodeBase {
  kind: 'Spread';
  argument: Expression;
}

export type Node =
  | Program
  | Statement
  | Expression
  | Annotation
  | TypeRef
  | Param
  | VarDeclarator
  | SwitchCase
  | CatchClause
  | MapEntry;

export type NodeKind = Node['kind'];
