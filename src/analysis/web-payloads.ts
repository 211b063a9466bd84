// What the outside world can send an app, derived from its IR (docs/model.md, "The outside world"):
// - the web services it calls (`httpGet(uri: ...) { resp -> ... }`, `httpPost`, `httpPostJson`,
//   `httpPut`, `httpPutJson`, `httpDelete`; and asynchronously `asynchttp_v1.get("handler", ...)`,
//   `post`, `put`, `delete`, `head`, whose response goes to the app's method named first), one per
//   call site, with the property paths the response closure or method reads (`resp.data.result`,
//   `resp.getJson().result`);
// - its REST endpoints (`mappings { path("/hue") { action: [PUT: "postHue"] } }`), one per handler,
//   with the paths the handler reads of `request.JSON` (`request.JSONObject`) and `params`.
// The answers or payloads the environment sends are the constants compared (`==`, `!=`, `equals`,
// `switch`/`case`, `in [...]`) against what may hold one (a path read from it, a local or a
// parameter) in the closure or handler and the methods it calls, plus one value none of them
// matches (a number where the code reads the payload as one): the same style as thresholds.ts,
// few and deterministic. Static and approximate: every leaf path gets the same answer at once,
// except in a bridge app's handler the paths it uses as a key into `settings`, a device id or a
// command name, which take the app's own inputs, devices and commands, one coherent choice per
// payload (device-payloads.ts).
import type { AppIR, FunctionIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { getterProperty } from '../parser/accessors.js';
import { walk } from '../parser/walk.js';
import { INPUT_CONSTANTS } from '../devices/input-defaults.js';
import { ASYNC_HTTP_API, ASYNC_HTTP_VERBS } from '../devices/smartapp-api.js';
import { equalityComparison } from './comparisons.js';
import { devicePayloads, ROLE_ORDER, type EndpointPayload, type PathRole } from './device-payloads.js';
import { ELEMENT_ITERATIONS } from './iteration.js';

/** The APIs whose answer the outside service decides (the closure is called with the response). */
const HTTP_APIS: ReadonlySet<string> = new Set(['httpGet', 'httpPost', 'httpPostJson', 'httpPut', 'httpPutJson', 'httpDelete']);

/** At most this many answers per service or endpoint, "something else" included. */
export const MAX_ANSWERS = 4;

/** The answer that matches none of the constants: "something else". */
export const OTHER_ANSWER = 'other';

/** "Something else" where the app reads the payload as a number: the reference's number constant. */
export const OTHER_NUMBER = INPUT_CONSTANTS.number as number;

/** A property path read from a payload (`['data', 'result']` for `resp.data.result`). */
export type PayloadPath = readonly string[];

/**
 * How the payload's text sits in a path's value when the code finds it with a regular expression
 * of one group (`text =~ /color=(\w+)/` → `color=%s`), by path: `data.result` under a response,
 * `request.JSON.text` or `params.text` for an endpoint.
 */
export type PayloadFormats = Readonly<Record<string, string>>;

export interface WebService {
  /** Unique in the app: `httpGet@118:5`, `asynchttp_v1.get@365:3` (API and call site). */
  id: string;
  api: string;
  line: number;
  column: number;
  /** The leaf paths the response closure reads of the response (`data.result`). */
  paths: PayloadPath[];
  /** Those of `paths` it iterates: the service answers an empty list there (docs/model.md). */
  lists: PayloadPath[];
  formats: PayloadFormats;
  /** The answers the service can give: the constants compared against, then "something else". */
  answers: string[];
}

export interface Endpoint {
  /** The first path and verb mapped to the handler: `PUT /hue`. */
  label: string;
  handler: string;
  /** The leaf paths the handler reads of `request.JSON` (or `request.JSONObject`) and of `params`. */
  jsonPaths: PayloadPath[];
  paramPaths: PayloadPath[];
  formats: PayloadFormats;
  answers: string[];
  /** What a client sends: one payload per answer, or per device choice of a bridge app (device-payloads.ts). */
  payloads: EndpointPayload[];
}

/** The web services the app calls with a response closure or method, in source order. */
export function webServices(ir: AppIR): WebService[] {
  const services: WebService[] = [];
  const seen = new Set<string>();
  for (const method of ir.methods) {
    walk(method.decl, (node) => {
      const handler = node.kind === 'MethodCall' ? responseHandler(ir, node) : undefined;
      if (!handler) return;
      const { line, column } = node.range.start;
      const id = `${handler.api}@${line}:${column}`;
      if (seen.has(id)) return;
      seen.add(id);
      const roots = new Map<string, PayloadPath>(handler.param === undefined ? [] : [[handler.param, []]]);
      const bodies = [handler.body, ...calledMethods(ir, handler.body).map((m) => m.decl)];
      const read = readPaths(handler.body, roots);
      services.push({ id, api: handler.api, line, column, paths: read.paths, lists: read.lists, formats: read.formats, answers: answersOf(bodies, { payloads: read.roots, settings: settingNames(ir) }, read.numeric) });
    });
  }
  return services;
}

/** Where a web request's response goes: the code that handles it and the name it has there. */
interface ResponseHandler {
  api: string;
  body: ast.Node;
  param: string | undefined;
}

/**
 * The handler of the response of a web request: the response closure of `httpGet(...) { resp -> }`,
 * or the app's method named first in `asynchttp_v1.get("handler", params)` (as a string or a bare
 * method name), its first parameter the response. Undefined for anything else, and for a handler
 * named at run time (`"${name}"`).
 */
function responseHandler(ir: AppIR, call: ast.MethodCall): ResponseHandler | undefined {
  if (typeof call.method !== 'string') return undefined;
  if (call.receiver === null && HTTP_APIS.has(call.method)) {
    const closure = call.args.find((a): a is ast.Closure => a.kind === 'Closure');
    return closure && { api: call.method, body: closure, param: closure.params === null ? 'it' : closure.params[0]?.name };
  }
  if (call.receiver?.kind !== 'Identifier' || call.receiver.name !== ASYNC_HTTP_API || !ASYNC_HTTP_VERBS.has(call.method)) return undefined;
  const named = call.args[0];
  const name = named?.kind === 'StringLiteral' ? named.value : named?.kind === 'Identifier' ? named.name : undefined;
  const callback = ir.methods.find((m) => m.name === name);
  return callback && { api: `${ASYNC_HTTP_API}.${call.method}`, body: callback.decl, param: callback.decl.params[0]?.name };
}

/** The app's endpoints whose handler exists, one per handler, in the order of its `mappings`. */
export function endpoints(ir: AppIR): Endpoint[] {
  const out: Endpoint[] = [];
  for (const mapping of ir.mappings) {
    for (const [verb, handler] of Object.entries(mapping.actions)) {
      if (out.some((e) => e.handler === handler)) continue;
      const methods = ir.methods.filter((m) => m.name === handler);
      if (methods.length === 0) continue;
      const functions = [...methods, ...methods.flatMap((m) => calledMethods(ir, m.decl))];
      const bodies = functions.map((m) => m.decl);
      const read = bodies.map((b) => readPaths(b, new Map([['request', ['request']], ['params', ['params']]])));
      const paths = read.flatMap((r) => r.paths);
      const under = (root: string) => distinctPaths(paths.filter((p) => p[0] === root).map((p) => p.slice(1)));
      const jsonPaths = distinctPaths([...under('request')].flatMap((p) => (p[0] === 'JSON' || p[0] === 'JSONObject' ? [p.slice(1)] : [])));
      const paramPaths = under('params');
      const formats = Object.assign({}, ...read.map((r) => r.formats)) as Record<string, string>;
      const payloads = new Set(read.flatMap((r) => [...r.roots]));
      const answers = answersOf(bodies, { payloads, settings: settingNames(ir) }, read.some((r) => r.numeric));
      const leaves = new Set([...jsonPaths.map((p) => `${JSON_ROOT}.${p.join('.')}`), ...paramPaths.map((p) => `params.${p.join('.')}`)]);
      const roles = new Map([...pathRoles(ir, functions, read.map((r) => r.aliases))].filter(([path]) => leaves.has(path)));
      out.push({ label: `${verb} ${mapping.path}`, handler, jsonPaths, paramPaths, formats, answers, payloads: devicePayloads(ir, roles, answers, leaves.size > roles.size) });
    }
  }
  return out;
}

/** The key of a path under `request.JSON` (or the same map as `request.JSONObject`) in an endpoint's roles. */
export const JSON_ROOT = 'request.JSON';

/** A payload path as a key of an endpoint's roles: dotted, `request.JSONObject` spelled `request.JSON`. */
function roleKey(path: PayloadPath): string {
  return (path[0] === 'request' && path[1] === 'JSONObject' ? ['request', 'JSON', ...path.slice(2)] : path).join('.');
}

/**
 * The role each payload path plays in a bridge app's handler and its callees (`aliases[i]`: the
 * locals of `functions[i]` that hold a path): a key into `settings` or into a map an app method
 * builds of its inputs (`settings[params.type]`, `settings."$type"`, `devicesByType()[type]`), a
 * value compared with a device's id (`it.id == params.id`), a method name computed on an object
 * (`device."$command"()`). A path passed to an app method is held by its parameter there.
 */
function pathRoles(ir: AppIR, functions: readonly FunctionIR[], aliases: ReadonlyArray<ReadonlyMap<string, PayloadPath>>): Map<string, PathRole> {
  const held = functions.map((_, i) => new Map(aliases[i]));
  functions.forEach((f, i) => walk(f.decl, (node) => passedPaths(node, held[i], functions, held)));
  const roles = new Map<string, PathRole>();
  const give = (path: PayloadPath | undefined, role: PathRole) => {
    const key = path && roleKey(path);
    const now = key === undefined ? undefined : roles.get(key);
    if (key !== undefined && (now === undefined || ROLE_ORDER.indexOf(role) < ROLE_ORDER.indexOf(now))) roles.set(key, role);
  };
  const appMethods = new Set(ir.methods.map((m) => m.name));
  functions.forEach((f, i) =>
    walk(f.decl, (node) => {
      const chain = (e: ast.Expression) => chainOf(e, held[i]);
      if (node.kind === 'Index' && isInputMap(node.object, appMethods)) give(chain(node.index), 'input');
      if (node.kind === 'PropertyAccess' && typeof node.property !== 'string' && isInputMap(node.object, appMethods)) computedName(node.property).forEach((e) => give(chain(e), 'input'));
      const comparison = equalityComparison(node);
      if (comparison?.subjects.some((e) => e !== null && isIdRead(e))) comparison.subjects.forEach((e) => e !== null && give(chain(e), 'deviceId'));
      if (node.kind === 'MethodCall' && typeof node.method !== 'string' && node.receiver !== null && node.receiver.kind !== 'ThisExpr') computedName(node.method).forEach((e) => give(chain(e), 'command'));
    }),
  );
  return roles;
}

/** A call of one of `functions` with a path as an argument: the parameter there holds the path. */
function passedPaths(node: ast.Node, caller: ReadonlyMap<string, PayloadPath>, functions: readonly FunctionIR[], held: ReadonlyArray<Map<string, PayloadPath>>): void {
  if (node.kind !== 'MethodCall' || node.receiver !== null || typeof node.method !== 'string') return;
  const { method, args } = node;
  functions.forEach((f, j) => {
    if (f.name !== method) return;
    f.decl.params.forEach((param, k) => {
      // A parameter of variable arity holds a list of the arguments, not the path itself.
      const path = k < args.length && !param.varargs ? chainOf(args[k], caller) : undefined;
      if (path) held[j].set(param.name, path);
    });
  });
}

/** `settings`, or a call without arguments of an app method (one that builds a map of the app's inputs by name). */
function isInputMap(e: ast.Expression, appMethods: ReadonlySet<string>): boolean {
  if (e.kind === 'Identifier') return e.name === 'settings';
  return e.kind === 'MethodCall' && e.receiver === null && typeof e.method === 'string' && appMethods.has(e.method) && e.args.length === 0;
}

/** The expressions a computed name is made of: the values of `"${x}"`, or the expression itself. */
function computedName(e: ast.Expression): readonly ast.Expression[] {
  return e.kind === 'GString' ? e.values : [e];
}

/** `x.id` or `x.getId()`: a device's id. */
function isIdRead(e: ast.Expression): boolean {
  return (e.kind === 'PropertyAccess' && e.property === 'id') || (e.kind === 'MethodCall' && e.method === 'getId' && e.args.length === 0);
}

/** The app's methods that `node` calls, directly or through others (by unqualified name). */
function calledMethods(ir: AppIR, node: ast.Node): FunctionIR[] {
  const byName = new Map<string, FunctionIR[]>();
  for (const m of ir.methods) byName.set(m.name, [...(byName.get(m.name) ?? []), m]);
  const found = new Set<string>();
  const visit = (n: ast.Node) =>
    walk(n, (inner) => {
      if (inner.kind !== 'MethodCall' || inner.receiver !== null || typeof inner.method !== 'string') return;
      const name = inner.method;
      if (found.has(name) || !byName.has(name)) return;
      found.add(name);
      for (const m of byName.get(name)!) visit(m.decl);
    });
  visit(node);
  return [...found].flatMap((name) => byName.get(name)!);
}

/**
 * The longest property paths read from the roots (`resp` → `data.result`), a path that only leads
 * to a longer one left out, and the formats of those matched against a regular expression.
 * `roots`: a variable name and the path it stands for; a local declared as a path (`def json =
 * request.JSON`) becomes a root too.
 */
function readPaths(body: ast.Node, roots: ReadonlyMap<string, PayloadPath>): ReadPaths {
  const aliases = new Map(roots);
  const rootPaths = new Set([...roots.values()].map((p) => p.join('.')));
  const paths: PayloadPath[] = [];
  const formats: Record<string, string> = {};
  const iterated = new Set<string>();
  let numeric = false;
  walk(body, (node) => {
    const listed = iteratedExpression(node);
    const listPath = listed && chainOf(listed, aliases);
    if (listPath) iterated.add(listPath.join('.'));
    const converted = numberConverted(node);
    if (converted && chainOf(converted, aliases)) numeric = true;
    if (node.kind === 'VarDeclarator' && node.init) {
      const path = chainOf(node.init, aliases);
      if (path) aliases.set(node.name, path);
      return;
    }
    if (node.kind === 'Binary' && (node.operator === '=~' || node.operator === '==~') && node.right.kind === 'StringLiteral') {
      const path = chainOf(node.left, aliases);
      const format = formatOf(node.right.value);
      if (path && format !== undefined) formats[path.join('.')] = format;
    }
    const path = node.kind === 'PropertyAccess' || node.kind === 'Index' || getterOf(node) !== undefined ? chainOf(node as ast.Expression, aliases) : undefined;
    if (path && !rootPaths.has(path.join('.'))) paths.push(path);
  });
  const leaves = distinctPaths(paths).filter((p) => !paths.some((q) => q.length > p.length && p.every((k, i) => q[i] === k)));
  return { paths: leaves, formats, lists: leaves.filter((p) => iterated.has(p.join('.'))), roots: new Set(aliases.keys()), aliases, numeric };
}

/** The collection an iteration goes over: the receiver of `x.each { }` and its kin, or `for (e in x)`'s. */
function iteratedExpression(node: ast.Node): ast.Expression | undefined {
  if (node.kind === 'ForIn') return node.iterable;
  if (node.kind === 'MethodCall' && typeof node.method === 'string' && ELEMENT_ITERATIONS.has(node.method) && node.receiver !== null) return node.receiver;
  return undefined;
}

interface ReadPaths {
  paths: PayloadPath[];
  formats: PayloadFormats;
  /** The leaf paths the code iterates (`resp.data.each { hook -> }`): a list there. */
  lists: PayloadPath[];
  roots: ReadonlySet<string>;
  aliases: ReadonlyMap<string, PayloadPath>;
  /** Some path is read as a number (`params.level.toInteger()`, `resp.data.temp as Integer`). */
  numeric: boolean;
}

/** Methods that read a text as a number, called on it, or that only a number has (`resp.data.currently.time.intValue()`). */
const TO_NUMBER_METHODS: ReadonlySet<string> = new Set(['toInteger', 'toLong', 'toFloat', 'toDouble', 'toBigDecimal', 'toBigInteger', 'intValue', 'longValue', 'floatValue', 'doubleValue']);
/** `Integer.parseInt(text)` and its kin: a class and its methods that read their first argument as a number. */
const PARSE_NUMBER_CLASSES: ReadonlySet<string> = new Set(['Integer', 'Long', 'Float', 'Double']);
const PARSE_NUMBER_METHODS: ReadonlySet<string> = new Set(['parseInt', 'parseLong', 'parseFloat', 'parseDouble', 'valueOf']);
const NUMBER_TYPES: ReadonlySet<string> = new Set(['int', 'long', 'float', 'double', 'Integer', 'Long', 'Float', 'Double', 'BigDecimal', 'BigInteger', 'Number']);

/** The expression `node` reads as a number: `x` of `x.toInteger()`, `x as Integer`, `Integer.parseInt(x)`. */
function numberConverted(node: ast.Node): ast.Expression | undefined {
  if (node.kind === 'Cast') return NUMBER_TYPES.has(node.type.name) ? node.expression : undefined;
  if (node.kind !== 'MethodCall' || typeof node.method !== 'string' || node.receiver === null) return undefined;
  if (TO_NUMBER_METHODS.has(node.method) && node.args.length === 0) return node.receiver;
  const onClass = node.receiver.kind === 'Identifier' && PARSE_NUMBER_CLASSES.has(node.receiver.name);
  return onClass && PARSE_NUMBER_METHODS.has(node.method) ? node.args[0] : undefined;
}

const REGEX_SYNTAX = /[\\.[\]{}()*+?|^$]/;

/**
 * The text a regular expression of one group finds its group in, `%s` for the group: `color=(\w+)`
 * → `color=%s`; undefined when the text around the group is not plain (leading `^`/`.*` and trailing
 * `$`/`.*` aside).
 */
export function formatOf(pattern: string): string | undefined {
  const m = /^\^?(?:\.\*)?([^()]*)\([^()]*\)([^()]*?)(?:\.\*)?\$?$/.exec(pattern);
  if (!m || REGEX_SYNTAX.test(m[1]) || REGEX_SYNTAX.test(m[2])) return undefined;
  return `${m[1]}%s${m[2]}`;
}

/** The path of `root.a.b` / `root["a"]` / `root.getA().b` from a root variable, or undefined. */
function chainOf(node: ast.Expression, roots: ReadonlyMap<string, PayloadPath>): PayloadPath | undefined {
  if (node.kind === 'Identifier') return roots.get(node.name);
  const getter = getterOf(node);
  if (getter !== undefined) {
    const base = chainOf(getter.receiver, roots);
    return base && [...base, getter.property];
  }
  if (node.kind === 'PropertyAccess' && !node.spread && typeof node.property === 'string') {
    const base = chainOf(node.object, roots);
    return base && [...base, node.property];
  }
  if (node.kind === 'Index' && node.index.kind === 'StringLiteral') {
    const base = chainOf(node.object, roots);
    return base && [...base, node.index.value];
  }
  return undefined;
}

/** `x.getData()`, a getter called without arguments: its receiver and the property it reads (`data`). */
function getterOf(node: ast.Node): { receiver: ast.Expression; property: string } | undefined {
  if (node.kind !== 'MethodCall' || node.receiver === null || node.spread || node.args.length > 0 || typeof node.method !== 'string') return undefined;
  const property = getterProperty(node.method);
  return property === undefined ? undefined : { receiver: node.receiver, property };
}

/** What one step of a path is read from: `x` of `x.a`, `x[k]` or `x.getA()`; undefined for anything else. */
function pathBase(e: ast.Expression): ast.Expression | undefined {
  if (e.kind === 'PropertyAccess' || e.kind === 'Index') return e.object;
  return getterOf(e)?.receiver;
}

function distinctPaths(paths: readonly PayloadPath[]): PayloadPath[] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = p.join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What can hold a payload's value: the variables a payload is read from (`resp`, `request`, a local
 * `json = request.JSON`), and, as a local or parameter it may have been passed in, any other bare
 * name but the app's `settings`: its inputs and fields.
 */
export interface PayloadHolders {
  payloads: ReadonlySet<string>;
  settings: ReadonlySet<string>;
}

/** The app's inputs and fields: what a user configures or the app keeps, never a payload. */
function settingNames(ir: AppIR): Set<string> {
  return new Set([...ir.inputs.map((i) => i.name), ...ir.fields.flatMap((f) => f.declarations.map((d) => d.name))]);
}

/**
 * The constants compared in these bodies against something that may hold a payload's value, in
 * source order, at most MAX_ANSWERS - 1, then "something else" (a value none of them is; a number
 * when `numeric`: the code reads the payload as one).
 */
export function answersOf(bodies: readonly ast.Node[], holders: PayloadHolders, numeric = false): string[] {
  const found: string[] = [];
  const add = (e: ast.Expression | undefined) => {
    const text = e === undefined ? undefined : literalText(e);
    if (text !== undefined && !found.includes(text)) found.push(text);
  };
  const holds = (e: ast.Expression | null) => e !== null && holdsPayload(e, holders);
  for (const body of bodies) {
    walk(body, (node) => {
      const comparison = equalityComparison(node);
      // A status code (`resp.status == 200`): the modelled service always answers 200.
      if (!comparison || comparison.subjects.some((e) => e !== null && isStatus(e))) return;
      if (comparison.subjects.some(holds)) comparison.candidates.forEach((e) => add(e ?? undefined));
    });
  }
  const answers = found.slice(0, MAX_ANSWERS - 1);
  return [...answers, somethingElse(answers, numeric)];
}

/**
 * The answer none of the constants is: "other", or where the code reads a payload as a number
 * (`params.level.toInteger()`) a number, as a client sends there: OTHER_NUMBER, or the next one free.
 */
function somethingElse(answers: readonly string[], numeric: boolean): string {
  if (numeric) {
    let n = OTHER_NUMBER;
    while (answers.includes(String(n))) n++;
    return String(n);
  }
  let other = OTHER_ANSWER;
  for (let i = 2; answers.includes(other); i++) other = `${OTHER_ANSWER}${i}`;
  return other;
}

/**
 * Whether an expression may hold a payload's value: a path read from a payload variable (also
 * through getters: `resp.getJson().result`), or a bare name that is no setting, also through calls
 * without arguments (`color.toLowerCase()`).
 */
function holdsPayload(e: ast.Expression, holders: PayloadHolders): boolean {
  if (e.kind === 'MethodCall' && e.receiver !== null && e.args.length === 0) return holdsPayload(e.receiver, holders);
  if (e.kind === 'Identifier') return holders.payloads.has(e.name) || !holders.settings.has(e.name);
  if (e.kind === 'PropertyAccess' || e.kind === 'Index') {
    let root: ast.Expression = e;
    for (let base = pathBase(root); base; base = pathBase(root)) root = base;
    return root.kind === 'Identifier' && holders.payloads.has(root.name);
  }
  return false;
}

/** `x.status` or `x.getStatus()`: a response's HTTP status. */
function isStatus(e: ast.Expression): boolean {
  return (e.kind === 'PropertyAccess' && e.property === 'status') || (e.kind === 'MethodCall' && e.method === 'getStatus');
}

/** A string or number literal as the text a payload carries. */
function literalText(e: ast.Expression): string | undefined {
  if (e.kind === 'StringLiteral') return e.value;
  if (e.kind === 'NumberLiteral') return String(e.value);
  return undefined;
}
