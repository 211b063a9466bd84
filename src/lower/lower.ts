// Lowers a parsed SmartApp to its AppIR: metadata, inputs (by running the preferences DSL with the
// evaluator it is given), subscriptions and schedules (static scan), methods, fields and mappings.
// Never throws: an app that cannot be lowered gives a positioned error. pipeline/load.ts wires in
// the interpreter's evaluator and is what callers use.
import type { AppIR, AppMetadata, FunctionIR, ImportedClass, MappingIR, PreferencesEvaluator } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import type { ParseResult } from '../parser/parser.js';
import { booleanGetterProperty, getterProperty } from '../parser/accessors.js';
import { constantString } from '../parser/literals.js';
import { walk } from '../parser/walk.js';
import type { ErrorKind } from '../util/error-kind.js';
import { scanMethods } from './static-scan.js';
import { storesReadWhole } from './store-usage.js';

export interface LowerError {
  file: string;
  line: number;
  column: number;
  /** `parse error: ...`, `unsupported: ...`, or a Groovy exception raised by the preferences code. */
  message: string;
  /** What callers classify the error by (never the message): parse, unsupported, app-error, ... */
  kind: ErrorKind;
}

export type LowerResult = { ok: true; app: AppIR } | { ok: false; error: LowerError };

/** `getAllOk()` is read as the property `allOk`, `isOn()` as `on`. */
function declaredGetterProperty(decl: ast.MethodDecl): string | undefined {
  if (decl.params.length > 0) return undefined;
  return getterProperty(decl.name) ?? booleanGetterProperty(decl.name);
}

function topLevelCall(stmt: ast.Statement, name: string): ast.MethodCall | null {
  if (stmt.kind !== 'ExpressionStatement') return null;
  const e = stmt.expression;
  return e.kind === 'MethodCall' && e.receiver === null && e.method === name ? e : null;
}

/** The text of a string constant, as the IR's optional fields hold it (undefined, not null, when there is none). */
function literalString(e: ast.Expression): string | undefined {
  return constantString(e) ?? undefined;
}

function entryKey(entry: ast.MapEntry): string | undefined {
  return entry.key ? literalString(entry.key) ?? (entry.key.kind === 'Identifier' ? entry.key.name : undefined) : undefined;
}

function metadataOf(call: ast.MethodCall | null, file: string): AppMetadata {
  const fields = new Map<string, string>();
  const entries = call ? [...call.namedArgs, ...call.args.flatMap((a) => (a.kind === 'MapLiteral' ? a.entries : []))] : [];
  for (const entry of entries) {
    const key = entryKey(entry);
    const value = literalString(entry.value);
    if (key !== undefined && value !== undefined) fields.set(key, value);
  }
  const fallback = file.replace(/^.*\//, '').replace(/\.groovy$/, '');
  return {
    name: fields.get('name') ?? fallback,
    namespace: fields.get('namespace'),
    author: fields.get('author'),
    category: fields.get('category'),
    description: fields.get('description'),
    parent: fields.get('parent'),
  };
}

/** `mappings { path("/x") { action: [GET: "h"] } }`, read without running it. */
function mappingsOf(call: ast.MethodCall | null): MappingIR[] {
  if (!call) return [];
  const out: MappingIR[] = [];
  walk(call, (node) => {
    if (node.kind !== 'MethodCall' || node.method !== 'path' || node.receiver !== null) return;
    const path = node.args[0] ? literalString(node.args[0]) : undefined;
    if (path === undefined) return;
    const actions: Record<string, string> = {};
    walk(node, (inner) => {
      if (inner.kind !== 'Labeled' || inner.label !== 'action') return;
      walk(inner.body, (m) => {
        if (m.kind !== 'MapLiteral') return;
        for (const entry of m.entries) {
          const verb = entryKey(entry);
          const handler = literalString(entry.value);
          if (verb !== undefined && handler !== undefined) actions[verb] = handler;
        }
      });
    });
    out.push({ path, actions });
  });
  return out;
}

/** Names of every `input "x", ...` / `input(name: "x", ...)` call in the file. */
function syntacticInputNames(program: ast.Program): string[] {
  const names: string[] = [];
  walk(program, (node) => {
    if (node.kind !== 'MethodCall' || node.method !== 'input' || node.receiver !== null) return;
    const nameEntry = node.namedArgs.find((e) => entryKey(e) === 'name');
    const name = nameEntry ? literalString(nameEntry.value) : node.args[0] ? literalString(node.args[0]) : undefined;
    if (name !== undefined) names.push(name);
  });
  return names;
}

/** The classes of the app's single-type imports, by the name its code uses (the alias if any). */
function importedClasses(program: ast.Program): ImportedClass[] {
  return program.body.flatMap((s) =>
    s.kind === 'ImportDecl' && !s.isStatic && !s.star ? [{ name: s.alias ?? s.path.slice(s.path.lastIndexOf('.') + 1), className: s.path }] : [],
  );
}

function unsupported(file: string, node: ast.Node, what: string): LowerResult {
  const { line, column } = node.range.start;
  return { ok: false, error: { file, line, column, message: `unsupported: ${what}`, kind: 'unsupported' } };
}

/** Top-level blocks only device handlers have (`metadata { definition ... }`, and outside it in old handlers). */
const DEVICE_HANDLER_BLOCKS = ['metadata', 'tiles', 'simulator'];

/**
 * Where a device handler shows that it is one: its `metadata { definition ... }` block (or a
 * `tiles` or `simulator` block), or, in a file with neither `definition` nor `preferences`, its
 * `parse(description)` method (a device handler's entry point for the messages of its device; a
 * SmartApp has no such one-argument method).
 */
function deviceHandlerMark(program: ast.Program): { node: ast.Node; what: string } | undefined {
  for (const block of DEVICE_HANDLER_BLOCKS) {
    const node = program.body.find((s) => topLevelCall(s, block));
    if (node) return { node, what: block === 'metadata' ? 'a `metadata { definition ... }` block' : `a top-level \`${block}\` block` };
  }
  if (program.body.some((s) => topLevelCall(s, 'definition') ?? topLevelCall(s, 'preferences'))) return undefined;
  const parse = program.body.find((s) => s.kind === 'MethodDecl' && s.name === 'parse' && s.params.length === 1);
  return parse && { node: parse, what: 'a `parse(description)` method and no `definition` or `preferences`' };
}

function lowerProgram(program: ast.Program, file: string, evaluatePreferences: PreferencesEvaluator): LowerResult {
  const mark = deviceHandlerMark(program);
  if (mark) {
    const { line, column } = mark.node.range.start;
    return { ok: false, error: { file, line, column, message: `not a SmartApp: a device handler (${mark.what})`, kind: 'not-a-smartapp' } };
  }
  const decls: ast.MethodDecl[] = [];
  const fields: ast.VarDecl[] = [];
  const preferences: ast.Statement[] = [];
  const topLevel: ast.Statement[] = [];
  let definition: ast.MethodCall | null = null;
  let mappings: ast.MethodCall | null = null;
  for (const stmt of program.body) {
    if (stmt.kind === 'MethodDecl') decls.push(stmt);
    else if (stmt.kind === 'VarDecl') fields.push(stmt);
    else if (stmt.kind === 'ClassDecl') return unsupported(file, stmt, `class declaration ${stmt.name}`);
    else if (topLevelCall(stmt, 'definition')) definition = topLevelCall(stmt, 'definition');
    // A page declared at the top level (outside `preferences`, reached by an href) is a page of the
    // app's preferences all the same: the platform registers it when the script runs.
    else if (topLevelCall(stmt, 'preferences') ?? topLevelCall(stmt, 'page')) preferences.push(stmt);
    else if (topLevelCall(stmt, 'mappings')) mappings = topLevelCall(stmt, 'mappings');
    else if (stmt.kind !== 'ImportDecl' && stmt.kind !== 'Empty') topLevel.push(stmt);
  }
  const methods: FunctionIR[] = decls.map((decl) => ({ name: decl.name, getterProperty: declaredGetterProperty(decl), decl }));
  const app: AppIR = {
    file,
    metadata: metadataOf(definition, file),
    inputs: [],
    subscriptions: [],
    schedules: [],
    methods,
    fields,
    topLevel,
    preferences,
    mappings: mappingsOf(mappings),
    unboundInputs: [],
    storesReadWhole: storesReadWhole(program),
    importedClasses: importedClasses(program),
    warnings: [],
  };
  const evaluated = evaluatePreferences(app, preferences);
  if (!evaluated.ok) {
    const { line, column, detail, kind } = evaluated.error;
    return { ok: false, error: { file, line, column, message: `in preferences: ${detail}`, kind } };
  }
  app.inputs = evaluated.inputs;
  const bound = new Set(app.inputs.map((i) => i.name));
  app.unboundInputs = [...new Set(syntacticInputNames(program))].filter((n) => !bound.has(n));
  const scan = scanMethods(decls, file, new Set(app.inputs.map((i) => i.name)));
  app.subscriptions = scan.subscriptions;
  app.schedules = scan.schedules;
  app.warnings = [...evaluated.warnings, ...scan.problems];
  return { ok: true, app };
}

/** Lowers the result of parsing `file`: a parse error is returned as the lowering's error. */
export function lowerParsed(parsed: ParseResult, file: string, evaluatePreferences: PreferencesEvaluator): LowerResult {
  if (!parsed.ok) {
    const { line, column, message, kind } = parsed.error;
    return { ok: false, error: { file, line, column, message: kind === 'parse' ? `parse error: ${message}` : message, kind } };
  }
  return lowerProgram(parsed.program, file, evaluatePreferences);
}
