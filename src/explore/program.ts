// The abstract event program of the seed paper's §2, written in Groovy: top-level variables are the
// shared state, each top-level method is an event, `disabled = ["e2", ...]` lists the events that
// start disabled. This module reads such a file into an AppIR the interpreter can run, plus the
// event list; src/explore/system.ts turns it into an EventSystem. See docs/explore.md.
import type { AppIR } from '../ir/ir.js';
import type { LowerError } from '../lower/lower.js';
import { walk } from '../parser/walk.js';
import type * as ast from '../parser/ast.js';
import { parseGroovy } from '../parser/parser.js';
import { readSource } from '../util/files.js';

/** The name of the top-level assignment that lists the initially disabled events. */
const DISABLED = 'disabled';

export interface EventProgram {
  /** Methods = the events; fields = the shared variables, initialisers in source order. */
  readonly ir: AppIR;
  /** Event names in source order: event i is the i-th method (the paper's order e1 < e2 < ...). */
  readonly events: readonly string[];
  readonly initiallyDisabled: ReadonlySet<string>;
  /** Every `assert` statement by `line:column`, to name a failed one in its violation message. */
  readonly assertions: ReadonlyMap<string, AssertionText>;
}

export interface AssertionText {
  /** The condition's source text, e.g. `r4 == 0`. */
  readonly condition: string;
  readonly hasMessage: boolean;
}

/** A position-tagged error: the same shape (and `file:line:col: message` format) as lowering's. */
export type ProgramError = LowerError;

export type ProgramResult = { ok: true; program: EventProgram } | { ok: false; error: ProgramError };

class ProgramSyntaxError extends Error {
  constructor(
    readonly node: ast.Node,
    message: string,
  ) {
    super(message);
  }
}

export function positionKey(line: number, column: number): string {
  return `${line}:${column}`;
}

export function readEventProgram(source: string, file: string): ProgramResult {
  const parsed = parseGroovy(source, file);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return { ok: false, error: { file, line, column, message: `parse error: ${message}`, kind: 'parse' } };
  }
  try {
    return { ok: true, program: programOf(parsed.program, source, file) };
  } catch (e) {
    if (!(e instanceof ProgramSyntaxError)) throw e;
    const { line, column } = e.node.range.start;
    return { ok: false, error: { file, line, column, message: e.message, kind: 'unsupported' } };
  }
}

/** Reads and checks a program file; an unreadable file is an error at 1:1, as for the parser. */
export function loadEventProgram(path: string): ProgramResult {
  const text = readSource(path);
  return text.ok ? readEventProgram(text.source, path) : text;
}

function programOf(tree: ast.Program, source: string, file: string): EventProgram {
  const methods: ast.MethodDecl[] = [];
  const fields: ast.VarDecl[] = [];
  let disabled: VariableAssignment | null = null;
  for (const stmt of tree.body) {
    if (stmt.kind === 'MethodDecl') methods.push(eventMethod(stmt, methods));
    else if (stmt.kind === 'VarDecl') fields.push(stmt);
    else if (stmt.kind === 'ExpressionStatement' && isVariableAssignment(stmt.expression)) {
      if (stmt.expression.target.name === DISABLED) disabled = stmt.expression;
      else fields.push(asDeclaration(stmt.expression));
    } else if (stmt.kind !== 'ImportDecl' && stmt.kind !== 'Empty') {
      throw new ProgramSyntaxError(stmt, 'unsupported: an event program has only variables (x = 0), `disabled = [...]` and event methods at top level');
    }
  }
  const events = methods.map((m) => m.name);
  return {
    ir: programIR(file, methods, fields),
    events,
    initiallyDisabled: new Set(disabled ? disabledEvents(disabled, events) : []),
    assertions: assertionsOf(tree, source),
  };
}

/** Events take no arguments and are not overloaded: the environment calls them by name alone. */
function eventMethod(decl: ast.MethodDecl, earlier: readonly ast.MethodDecl[]): ast.MethodDecl {
  if (decl.params.length > 0) throw new ProgramSyntaxError(decl, `event ${decl.name} must take no parameters`);
  if (earlier.some((m) => m.name === decl.name)) throw new ProgramSyntaxError(decl, `event ${decl.name} is declared twice`);
  if (decl.name === 'enable' || decl.name === 'disable') throw new ProgramSyntaxError(decl, `${decl.name} is a built-in, not an event name`);
  return decl;
}

type VariableAssignment = ast.Assign & { target: ast.Identifier };

function isVariableAssignment(e: ast.Expression): e is VariableAssignment {
  return e.kind === 'Assign' && e.operator === '=' && e.target.kind === 'Identifier';
}

/** `x = 0` at top level declares the shared variable x, exactly like `def x = 0`. */
function asDeclaration(assign: VariableAssignment): ast.VarDecl {
  const declarator: ast.VarDeclarator = { kind: 'VarDeclarator', name: assign.target.name, init: assign.value, range: assign.range };
  return { kind: 'VarDecl', modifiers: [], annotations: [], declarations: [declarator], destructure: false, range: assign.range };
}

/** `disabled = ["e2", "e3"]`: a literal list of event names, checked here rather than at run time. */
function disabledEvents(assign: VariableAssignment, events: readonly string[]): string[] {
  if (assign.value.kind !== 'ListLiteral') throw new ProgramSyntaxError(assign.value, 'disabled must be a list of event names, e.g. disabled = ["e2"]');
  return assign.value.elements.map((element) => {
    if (element.kind !== 'StringLiteral') throw new ProgramSyntaxError(element, 'disabled must list event names as string literals');
    if (!events.includes(element.value)) throw new ProgramSyntaxError(element, `disabled names no event "${element.value}"`);
    return element.value;
  });
}

function programIR(file: string, methods: ast.MethodDecl[], fields: ast.VarDecl[]): AppIR {
  return {
    file,
    metadata: { name: file.replace(/^.*\//, '').replace(/\.groovy$/, '') },
    inputs: [],
    subscriptions: [],
    schedules: [],
    methods: methods.map((decl) => ({ name: decl.name, decl })),
    fields,
    topLevel: [],
    preferences: [],
    mappings: [],
    unboundInputs: [],
    storesReadWhole: ['state', 'atomicState'], // exact stores: no program here needs the shortcut
    importedClasses: [],
    warnings: [],
  };
}

function assertionsOf(tree: ast.Program, source: string): Map<string, AssertionText> {
  const found = new Map<string, AssertionText>();
  walk(tree, (node) => {
    if (node.kind !== 'Assert') return;
    const { line, column } = node.range.start;
    const condition = source.slice(node.test.range.start.offset, node.test.range.end.offset);
    found.set(positionKey(line, column), { condition, hasMessage: node.message !== undefined });
  });
  return found;
}
