// Which parts of an app's own state can influence what the app does to the home: the relevance
// analysis behind the model's smaller states. A logger keeps the events it saw in `state.buffer`
// until it has ten to post; the buffer decides when the app posts, and what, but nothing the app
// does to a device, the location, its subscriptions or its timers. Two homes that differ only in
// such a part have the same futures as far as any conflict goes, so the model leaves it out of the
// state key and the accesses, as it does the dead parts (state-reads.ts). A method whose every
// effect lands in such parts changes nothing that matters (`inert`): an event that only runs inert
// handlers changes only its attribute (model/live-attributes.ts).
//
// A backward slice over a dependency graph of the app's code, flow-insensitive and conservative.
// The graph's nodes are the app's values: each method's locals and parameters (closures' included,
// by name), the script fields, each store key (`state.x`), and per method its result, its control
// (the conditions its callers call it under) and its exceptions (what a use in it that may throw
// depends on). A value depends on the values its expression reads and on the conditions it is
// assigned under. The sink `effect` depends on everything that reaches the home or decides what
// the app does next: the receiver and arguments of every call that is not one of the few known to
// change nothing (a log line, a message, a synchronous web request whose answer is the outside
// world's, a value method of a string, a number or a collection, a read of a device, a change of a
// local or of the app's own state), and the conditions it runs under. A part is relevant when
// `effect` depends on it, through any chain. Parts a stored state leaves out keep the values of
// the run that reached it (model/home-state.ts): an app still reads them, and what it does with
// them (a message, an exception) is what a run of the real app does.
//
// What keeps it conservative:
// - A change of a collection through a name (`list << x`, `map.k = v`, `list.add(x)`) changes
//   every stored value that name may share (the state key a local was read from, a parameter's
//   argument).
// - The code after a `return`, `break`, `continue` or `throw` runs under its conditions, and the
//   code after a use that may throw (a call on a value, arithmetic, a cast, a call of a method with
//   such a use) under what that use depends on; a loop's body is read twice for the iterations
//   after. A catch block runs under what the code before it depends on.
// - A call by a computed name, of a closure by value, or of anything unknown is an effect with all
//   its arguments and conditions; a computed store key or a store used as a whole reads every key.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { parameterFor } from '../parser/params.js';
import { walk } from '../parser/walk.js';
import { declaredNames } from './app-roots.js';
import { ACCESS_TOKEN_KEY, ASYNC_HTTP_API, PAGE_AND_MAPPING_DSL, PAGE_CALLS, SMARTAPP_API } from '../devices/smartapp-api.js';
import { mayBeDevice, READ_METHODS } from './attribute-reads.js';
import { ELEMENT_ITERATIONS } from './iteration.js';
import { perApp } from './per-app.js';
import { stateReads } from './state-reads.js';
import { intersection, STATE_PARTS, type PartNames, type StatePart } from './state-slots.js';
import { storeReferenced } from './store-references.js';
import { COMMANDS, ERROR_CALLS, MESSAGE_CALLS, PURE_FUNCTIONS, PURE_METHODS, SYNC_HTTP_CALLS } from './value-methods.js';
import { constantString } from '../parser/literals.js';

/** What the analysis finds of one app. */
export interface Relevance {
  /** The fields and store keys that can influence an effect (see the top). */
  parts: PartNames;
  /** The methods whose runs change nothing but irrelevant parts, callees included. */
  inert: ReadonlySet<string>;
  /**
   * The reads of a device's attribute (`sensor.contact`, `dev.currentValue("power")`,
   * `dev["humidity"]`) whose value can influence no effect: a dashboard's endpoint that lists every
   * sensor's value in its answer to a web client.
   */
  idleReads: ReadonlySet<ast.Node>;
}

/** Methods that change their receiver in place. */
const MUTATORS: ReadonlySet<string> = new Set([
  'add', 'addAll', 'leftShift', 'put', 'putAll', 'putAt', 'remove', 'removeAll', 'removeAt', 'retainAll', 'clear', 'push', 'pop',
  'sort', 'unique', 'shuffle', 'set',
  // A date, a calendar or a date format changed in place (`tf.setTimeZone(location.timeZone)`).
  'setTimeZone', 'setTime', 'clearTime',
]);
/** Mutators whose closure orders or filters the receiver's elements (a key, a comparator, a predicate). */
const ORDERING_MUTATORS: ReadonlySet<string> = new Set(['sort', 'unique', 'removeAll', 'retainAll']);
/**
 * Properties whose assignment changes the home, whatever holds the object: `location.mode = m`
 * (interp/smartthings/platform.ts `setProperty`).
 */
const HOME_PROPERTIES: ReadonlySet<string> = new Set(['mode']);
/** Operators whose operands may make Groovy throw (a null, a string where a number is meant). */
const THROWING: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%', '**', '<', '<=', '>', '>=', '<=>', '<<', '>>', '>>>', '&', '|', '^', '=~', '==~']);

const EFFECT = 'effect';
const local = (method: string, name: string) => `l:${method}:${name}`;
const field = (name: string) => `f:${name}`;
const key = (part: StatePart, name: string) => (part === 'field' ? field(name) : `s:${part}:${name}`);
/** Every key of a store, read at once (a computed key, the store used whole). */
const anyKey = (store: StatePart) => `s:${store}:*`;
/** Some key of a store, written by a computed key or a whole-store change. */
const someKey = (store: StatePart) => `s:${store}:?`;
/** A store used whole: read, every key at once; changed through another name, some key. */
const wholeStore = (store: StatePart) => new Set([anyKey(store), someKey(store)]);
const result = (method: string) => `r:${method}`;
const control = (method: string) => `c:${method}`;
const exceptions = (method: string) => `x:${method}`;
const DYNAMIC_RESULT = 'r:*';

type Nodes = Set<string>;

/**
 * The dependency graph: each node's sources. A subset of the edges, `holds`, are those where the
 * target may hold the very object of its source (`def list = state.list`, a parameter, a result):
 * a change through one name is a change through the others.
 */
class Graph {
  readonly sources = new Map<string, Nodes>();
  private readonly holds = new Map<string, Nodes>();

  add(target: string, ...from: Iterable<string>[]): boolean {
    return addTo(this.sources, target, from);
  }

  /** `target` takes the value of `values` (and depends on them). */
  hold(target: string, values: Iterable<string>): void {
    this.add(target, values);
    addTo(this.holds, target, [values]);
  }

  /** Every node `from` depends on, through any chain. */
  closure(from: Iterable<string>): Nodes {
    return reach(this.sources, from);
  }

  /** Every node whose object `from` may hold. */
  shared(from: string): Nodes {
    return reach(this.holds, [from]);
  }
}

/** Adds the nodes of `from` to `target`'s in `edges`; whether any was new. */
function addTo(edges: Map<string, Nodes>, target: string, from: Iterable<string>[]): boolean {
  const set = edges.get(target) ?? new Set<string>();
  const before = set.size;
  for (const nodes of from) for (const n of nodes) if (n !== target) set.add(n);
  edges.set(target, set);
  return set.size > before;
}

function reach(edges: ReadonlyMap<string, Nodes>, from: Iterable<string>): Nodes {
  const seen = new Set<string>(from);
  const todo = [...seen];
  while (todo.length > 0) for (const n of edges.get(todo.pop()!) ?? []) if (!seen.has(n)) (seen.add(n), todo.push(n));
  return seen;
}

/** What one method's own code does, before its callees are known. */
interface MethodSummary {
  effects: boolean;
  /** The state parts it writes (store keys, fields, `someKey`). */
  writes: Nodes;
  callees: Set<string>;
}

export const relevance = perApp(analyse);

/**
 * The parts of an app's state the model keeps: those its code may read before writing them
 * (state-reads.ts) and that can influence an effect.
 */
export const liveParts = perApp((app: AppIR): PartNames => intersection(stateReads(app), relevance(app).parts));

function analyse(app: AppIR): Relevance {
  const graph = new Graph();
  const scope = new AppScope(app);
  const summaries = new Map<string, MethodSummary>();
  const mutations: Array<{ target: string; sources: Nodes }> = [];
  let closures = 0;
  const closureResult = () => `k:${closures++}`;
  const reads = new Map<ast.Node, string>();
  const readValue = (site: ast.Node): string => {
    let value = reads.get(site);
    if (value === undefined) reads.set(site, (value = `a:${reads.size}`));
    return value;
  };
  const scan = (name: string, decl: ast.MethodDecl | null, roots: readonly ast.Node[]) => {
    const s = new MethodScan(graph, scope, name, decl ? declaredNames(decl) : new Set(), mutations, closureResult, readValue);
    for (const root of roots) s.code(root);
    const known = summaries.get(name);
    summaries.set(name, known ? merge(known, s.summary) : s.summary);
  };
  for (const m of app.methods) scan(m.name, m.decl, [...m.decl.params.flatMap((p) => (p.defaultValue ? [p.defaultValue] : [])), m.decl.body]);
  scan('<fields>', null, app.fields);
  scan('<top>', null, app.topLevel);
  // A call by a computed name or of a closure by value may run any of the app's methods.
  for (const name of scope.methods.keys()) graph.add(DYNAMIC_RESULT, [result(name)]);
  shareMutations(graph, mutations, summaries);
  linkStores(graph);
  const relevant = graph.closure([EFFECT]);
  const idleReads = new Set([...reads].filter(([, value]) => !relevant.has(value)).map(([site]) => site));
  return { parts: relevantParts(relevant), inert: inertMethods(summaries, relevant), idleReads };
}

function merge(a: MethodSummary, b: MethodSummary): MethodSummary {
  return { effects: a.effects || b.effects, writes: new Set([...a.writes, ...b.writes]), callees: new Set([...a.callees, ...b.callees]) };
}

/**
 * A change through a name changes every stored value the name may share: the store keys and
 * fields it depends on. Repeated until nothing grows, since a shared value may itself be changed.
 */
function shareMutations(graph: Graph, mutations: ReadonlyArray<{ target: string; sources: Nodes }>, summaries: Map<string, MethodSummary>): void {
  for (let grew = true; grew; ) {
    grew = false;
    for (const { target, sources } of mutations) {
      for (const shared of graph.shared(target)) {
        if (!isPart(shared) || shared === target) continue;
        grew = graph.add(shared, sources) || grew;
        for (const s of summaries.values()) if (s.writes.has(target)) s.writes.add(shared);
      }
    }
  }
}

/** A computed read reads every key; a computed write may write any key. */
function linkStores(graph: Graph): void {
  const nodes = [...graph.sources.keys(), ...[...graph.sources.values()].flatMap((s) => [...s])];
  for (const part of STATE_PARTS) {
    const keys = nodes.filter((n) => n.startsWith(key(part, '')) && n !== anyKey(part) && n !== someKey(part));
    graph.add(anyKey(part), keys, [someKey(part)]);
    for (const k of keys) graph.add(k, [someKey(part)]);
  }
}

function isPart(node: string): boolean {
  return node.startsWith('f:') || node.startsWith('s:');
}

function relevantParts(relevant: Nodes): PartNames {
  const names = (part: StatePart): ReadonlySet<string> | 'all' => {
    if (relevant.has(anyKey(part))) return 'all';
    const prefix = key(part, '');
    return new Set([...relevant].filter((n) => n.startsWith(prefix) && n !== someKey(part)).map((n) => n.slice(prefix.length)));
  };
  return { field: names('field'), state: names('state'), atomicState: names('atomicState') };
}

/** Methods with no effect that write only irrelevant parts and call only such methods. */
function inertMethods(summaries: ReadonlyMap<string, MethodSummary>, relevant: Nodes): ReadonlySet<string> {
  const inert = new Set([...summaries].filter(([, s]) => !s.effects && ![...s.writes].some((w) => relevant.has(w))).map(([name]) => name));
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of inert) {
      if ([...summaries.get(name)!.callees].some((c) => !inert.has(c))) changed = inert.delete(name);
    }
  }
  return inert;
}

/** What names mean in the app. */
class AppScope {
  readonly methods: ReadonlyMap<string, ast.MethodDecl[]>;
  readonly inputs: ReadonlySet<string>;
  /** The script fields: declared (`@Field def x`), or a bare name some method assigns without declaring it. */
  readonly fields: ReadonlySet<string>;
  /** The app's getters by the property they answer: `allOk` → `getAllOk` (the interpreter's `getters`). */
  readonly getters: ReadonlyMap<string, string>;

  constructor(app: AppIR) {
    const methods = new Map<string, ast.MethodDecl[]>();
    for (const m of app.methods) methods.set(m.name, [...(methods.get(m.name) ?? []), m.decl]);
    this.methods = methods;
    this.getters = new Map(app.methods.flatMap((m) => (m.getterProperty === undefined ? [] : [[m.getterProperty, m.name] as const])));
    this.inputs = new Set(app.inputs.map((i) => i.name));
    const fields = new Set(app.fields.flatMap((f) => f.declarations.map((d) => d.name)));
    for (const m of app.methods) {
      const locals = declaredNames(m.decl);
      walk(m.decl, (node) => {
        if (node.kind === 'Assign' && node.target.kind === 'Identifier' && !locals.has(node.target.name)) fields.add(node.target.name);
      });
    }
    this.fields = fields;
  }
}

/** Builds the graph's edges of one method (or of the fields, or the top level). */
class MethodScan {
  readonly summary: MethodSummary = { effects: false, writes: new Set(), callees: new Set() };
  /** Where a `return` and a value ending the code go: the method's result, or a closure's. */
  private returnsTo: string;
  /**
   * What decides whether the code scanned so far ran to here: the conditions of a `return`,
   * `break` or `continue`, and what a use that may throw depends on. Only grows, in code order.
   */
  private readonly stops = new Set<string>();

  constructor(
    private readonly graph: Graph,
    private readonly scope: AppScope,
    private readonly method: string,
    private readonly locals: ReadonlySet<string>,
    private readonly mutations: Array<{ target: string; sources: Nodes }>,
    private readonly closureIds: () => string,
    /** The node of the value a device read at this site gives (one per site). */
    private readonly readValue: (site: ast.Node) => string,
  ) {
    this.returnsTo = result(method);
  }

  /** Scans a method's body, a field, or a top-level statement. */
  code(node: ast.Node): void {
    const ctx = new Set([control(this.method)]);
    if (node.kind === 'Block') this.statements(node.body, ctx, true);
    else if (isStatement(node)) this.statement(node as ast.Statement, ctx, false);
    else this.value(node as ast.Expression, ctx);
  }

  // --- statements ------------------------------------------------------------------------------

  private statements(list: readonly ast.Statement[], ctx: Nodes, tail: boolean): void {
    list.forEach((s, i) => this.statement(s, ctx, tail && i === list.length - 1));
  }

  /** A loop's body: twice, since what stops a later iteration's start is found in an earlier one's end. */
  private loop(body: ast.Statement, ctx: Nodes): void {
    this.statement(body, ctx, false);
    this.statement(body, ctx, false);
  }

  /**
   * `tail`: the statement ends the method, so its value is the method's result. It runs under
   * `ctx` and under whatever may have stopped the method before it (`stops`).
   */
  private statement(s: ast.Statement, outer: Nodes, tail: boolean): void {
    const ctx = union(outer, this.stops);
    switch (s.kind) {
      case 'Block':
        return this.statements(s.body, ctx, tail);
      case 'ExpressionStatement': {
        const v = this.value(s.expression, ctx);
        if (tail) this.write(this.returnsTo, v, ctx);
        return;
      }
      case 'VarDecl': {
        const shared = s.destructure && s.init ? this.value(s.init, ctx) : new Set<string>();
        for (const d of s.declarations) this.write(local(this.method, d.name), union(shared, d.init ? this.value(d.init, ctx) : []), ctx);
        return;
      }
      case 'If': {
        const inner = union(ctx, this.value(s.test, ctx));
        this.statement(s.consequent, inner, tail);
        if (s.alternate) this.statement(s.alternate, inner, tail);
        return;
      }
      case 'While':
      case 'DoWhile': {
        const test = this.value(s.test, ctx);
        this.mayThrow(test); // a loop that never ends is cut like an exception
        return this.loop(s.body, union(ctx, test));
      }
      case 'ForIn': {
        const items = this.value(s.iterable, ctx);
        this.write(local(this.method, s.variable), items, ctx);
        this.mayThrow(items);
        return this.loop(s.body, union(ctx, items));
      }
      case 'ForC': {
        for (const i of s.init) this.statement(i, ctx, false);
        const test = s.test ? this.value(s.test, ctx) : new Set<string>();
        this.mayThrow(test);
        const inner = union(ctx, test);
        for (const u of s.update) this.value(u, inner);
        return this.loop(s.body, inner);
      }
      case 'Switch': {
        let inner = union(ctx, this.value(s.discriminant, ctx));
        for (const c of s.cases) {
          for (const t of c.tests) inner = union(inner, this.value(t, inner));
          this.statements(c.body, inner, tail);
        }
        return;
      }
      case 'Try': {
        this.statement(s.block, ctx, tail);
        // A handler runs when something in the block threw: under what may have stopped it.
        const caught = union(ctx, this.stops);
        for (const h of s.handlers) {
          this.write(local(this.method, h.param), [], caught);
          this.statement(h.body, caught, tail);
        }
        if (s.finalizer) this.statement(s.finalizer, ctx, false);
        return;
      }
      case 'Return':
        this.write(this.returnsTo, s.argument ? this.value(s.argument, ctx) : [], ctx);
        return this.stop(ctx);
      case 'Break':
      case 'Continue':
        return this.stop(ctx);
      case 'Throw':
        return this.mayThrow(union(this.value(s.argument, ctx), ctx));
      case 'Labeled':
        return this.statement(s.body, ctx, tail);
      case 'Assert':
        return this.mayThrow(union(this.value(s.test, ctx), s.message ? this.value(s.message, ctx) : []));
      case 'Empty':
        return;
    }
  }

  // --- expressions -----------------------------------------------------------------------------

  /** The nodes the value of `e` depends on; records the edges of what evaluating it changes. */
  private value(e: ast.Expression, ctx: Nodes): Nodes {
    switch (e.kind) {
      case 'NumberLiteral':
      case 'StringLiteral':
      case 'BooleanLiteral':
      case 'NullLiteral':
      case 'ThisExpr':
      case 'ClassLiteral':
        return new Set();
      case 'GString':
        return this.values(e.values, ctx);
      case 'Identifier': {
        const store = storeReferenced(e);
        if (store !== null && !this.locals.has(e.name)) return wholeStore(store);
        const getter = this.getterOf(e.name);
        return getter === undefined ? this.name(e.name) : this.enter(getter, ctx);
      }
      case 'ListLiteral':
        return this.values(e.elements, ctx);
      case 'MapLiteral':
        return this.entries(e.entries, ctx);
      case 'RangeExpr':
        return this.values([e.from, e.to], ctx);
      case 'Closure':
        return this.closure(e, ctx, new Set());
      case 'PropertyAccess':
        return this.property(e, ctx);
      case 'Index':
        return this.index(e, ctx);
      case 'MethodCall':
        return this.call(e, ctx);
      case 'Call':
        return this.dynamicCall([e.callee, ...e.args], e.namedArgs, ctx);
      case 'MethodReference':
        return union(this.value(e.object, ctx), [result(e.method)]);
      case 'Unary': {
        const v = this.value(e.argument, ctx);
        if (e.operator !== '!') this.mayThrow(v);
        return v;
      }
      case 'Update': {
        const v = this.value(e.argument, ctx);
        this.mayThrow(v);
        this.assignTo(e.argument, [], union(v, ctx), ctx);
        return v;
      }
      case 'Binary':
        return this.binary(e, ctx);
      case 'Logical': {
        const left = this.value(e.left, ctx);
        return union(left, this.value(e.right, union(ctx, left)));
      }
      case 'Elvis': {
        const left = this.value(e.left, ctx);
        return union(left, this.value(e.right, union(ctx, left)));
      }
      case 'Ternary': {
        const test = this.value(e.test, ctx);
        const inner = union(ctx, test);
        return union(test, this.value(e.consequent, inner), this.value(e.alternate, inner));
      }
      case 'Assign':
        return this.assign(e, ctx);
      case 'Cast':
      case 'InstanceOf': {
        const v = this.value(e.expression, ctx);
        if (e.kind === 'Cast') this.mayThrow(v);
        return v;
      }
      case 'New': {
        const v = union(this.values(e.args, ctx), this.entries(e.namedArgs, ctx));
        this.mayThrow(v);
        return v;
      }
      case 'Spread':
        return this.value(e.argument, ctx);
    }
  }

  private values(list: readonly ast.Expression[], ctx: Nodes): Nodes {
    return union(new Set(), ...list.map((x) => this.value(x, ctx)));
  }

  private entries(list: readonly ast.MapEntry[], ctx: Nodes): Nodes {
    return union(new Set(), ...list.map((x) => union(x.key ? this.value(x.key, ctx) : new Set(), this.value(x.value, ctx))));
  }

  /** A bare name: a local, a script field, or something of the platform or the user (no part). */
  private name(name: string): Nodes {
    const part = this.namedPart(name);
    return new Set(part === null ? [] : [part]);
  }

  private namedPart(name: string): string | null {
    if (this.locals.has(name)) return local(this.method, name);
    return this.scope.fields.has(name) ? field(name) : null;
  }

  /**
   * The part `e` names, if any: a local or field (`x`, `this.x`), or a store key (`state.x`,
   * `state["x"]`); a computed key names `computed` of the store (any key read, some key written).
   */
  private part(e: ast.Expression, computed: (store: StatePart) => string): string | null {
    if (e.kind === 'Identifier') return this.namedPart(e.name);
    if (e.kind === 'PropertyAccess' && e.object.kind === 'ThisExpr' && typeof e.property === 'string' && storeReferenced(e) === null) return field(e.property);
    if (e.kind !== 'PropertyAccess' && e.kind !== 'Index') return null;
    const store = storeReferenced(e.object);
    if (store === null) return null;
    const name = e.kind === 'Index' ? constantString(e.index) : typeof e.property === 'string' ? e.property : constantString(e.property);
    return name === null ? computed(store) : key(store, name);
  }

  /** The part whose value a change inside `e` changes: `list`, `state.x` of `state.x.y = 1`, a whole store. */
  private changed(e: ast.Expression): string | null {
    const store = storeReferenced(e);
    if (store !== null) return someKey(store);
    const part = this.part(e, someKey);
    if (part !== null) return part;
    return e.kind === 'PropertyAccess' || e.kind === 'Index' ? this.changed(e.object) : null;
  }

  /** A property's value: a part, a whole store, or what its object and name depend on. */
  private property(e: ast.PropertyAccess, ctx: Nodes): Nodes {
    const getter = e.object.kind === 'ThisExpr' && typeof e.property === 'string' ? this.getterOf(e.property) : undefined;
    if (getter !== undefined) return this.enter(getter, ctx);
    const name = typeof e.property === 'string' ? new Set<string>() : this.value(e.property, ctx);
    const part = this.part(e, anyKey);
    if (part !== null) return union(name, [part]);
    const store = storeReferenced(e);
    if (store !== null) return wholeStore(store);
    const object = this.value(e.object, ctx);
    this.mayThrow(object);
    return union(object, name, mayBeDevice(e.object) ? [this.readValue(e)] : []);
  }

  private index(e: ast.Index, ctx: Nodes): Nodes {
    const index = this.value(e.index, ctx);
    const part = this.part(e, anyKey);
    if (part !== null) return union(index, [part]);
    const v = union(this.value(e.object, ctx), index);
    this.mayThrow(v);
    return e.index.kind === 'StringLiteral' ? union(v, [this.readValue(e)]) : v;
  }

  private binary(e: ast.Binary, ctx: Nodes): Nodes {
    const left = this.value(e.left, ctx);
    const right = this.value(e.right, ctx);
    if (THROWING.has(e.operator)) this.mayThrow(union(left, right));
    if (e.operator === '<<') this.mutate(e.left, right, ctx);
    return union(left, right);
  }

  private assign(e: ast.Assign, ctx: Nodes): Nodes {
    const v = this.value(e.value, ctx);
    const old = e.operator === '=' ? new Set<string>() : this.value(e.target, ctx);
    if (e.operator !== '=') this.mayThrow(union(old, v));
    this.assignTo(e.target, e.operator === '=' ? v : [], union(v, old, ctx), ctx);
    return union(v, old);
  }

  /**
   * Assigning to `target` (a part, something inside a part, or the home: an effect) the object of
   * `value`, where the assigned value depends on `deps`.
   */
  private assignTo(target: ast.Expression, value: Iterable<string>, deps: Nodes, ctx: Nodes): void {
    if (target.kind === 'ListLiteral') return target.elements.forEach((t) => this.assignTo(t, value, deps, ctx));
    const inner = target.kind === 'Index' ? this.value(target.index, ctx) : target.kind === 'PropertyAccess' && typeof target.property !== 'string' ? this.value(target.property, ctx) : [];
    const part = this.part(target, someKey);
    if (part !== null) return this.write(part, value, union(deps, inner));
    const setsHome = target.kind === 'PropertyAccess' && typeof target.property === 'string' && HOME_PROPERTIES.has(target.property);
    if ((target.kind === 'PropertyAccess' || target.kind === 'Index') && !setsHome && this.changed(target.object) !== null) return this.mutate(target.object, value, union(deps, inner));
    this.effect([deps, inner, target.kind === 'PropertyAccess' || target.kind === 'Index' ? this.value(target.object, ctx) : []]);
  }

  // --- calls -----------------------------------------------------------------------------------

  private call(e: ast.MethodCall, ctx: Nodes): Nodes {
    if (typeof e.method !== 'string') return this.dynamicCall([...(e.receiver ? [e.receiver] : []), e.method, ...e.args], e.namedArgs, ctx);
    const { receiver, method } = e;
    const own = (receiver === null || receiver.kind === 'ThisExpr') && this.scope.methods.has(method);
    if (own) return this.ownCall(e, method, ctx);
    if (receiver === null) return this.functionCall(e, method, ctx);
    if (receiver.kind === 'Identifier' && receiver.name === 'log' && !this.locals.has('log')) return this.inertCall(e.args, e.namedArgs, ctx);
    const store = storeReferenced(receiver);
    if (store !== null) return this.storeCall(e, store, ctx);
    const target = this.value(receiver, ctx);
    const args = union(this.values(e.args.filter((a) => a.kind !== 'Closure'), ctx), this.entries(e.namedArgs, ctx));
    const inner = union(ctx, target, args);
    // A closure an iteration runs sees each element of the receiver.
    const element = ELEMENT_ITERATIONS.has(method) ? target : new Set<string>();
    const closures = union(new Set(), ...e.args.filter((a): a is ast.Closure => a.kind === 'Closure').map((c) => this.closure(c, inner, element)));
    const all = union(target, args, closures);
    if (MUTATORS.has(method) && !COMMANDS.has(method) && this.changed(receiver) !== null) {
      // `list.sort { state.order[it] }`: the closure's result decides the order, the list does not hold it.
      if (ORDERING_MUTATORS.has(method)) this.mutate(receiver, args, union(ctx, closures));
      else this.mutate(receiver, union(args, closures), ctx);
      this.mayThrow(target);
    } else if (!isAsyncRequest(receiver) && (isStaticCall(receiver, this.locals, this.scope) || READ_METHODS.has(method) || (PURE_METHODS.has(method) && !COMMANDS.has(method)))) {
      this.mayThrow(target);
    } else {
      this.effect([all, ctx]);
    }
    return READ_METHODS.has(method) ? union(all, [this.readValue(e)]) : all;
  }

  /** A call of one of the app's methods: arguments into parameters, the call's conditions into its control. */
  private ownCall(e: ast.MethodCall, method: string, ctx: Nodes): Nodes {
    const named = this.entries(e.namedArgs, ctx);
    const args = e.args.map((a) => this.value(a, ctx));
    for (const decl of this.scope.methods.get(method)!) {
      decl.params.forEach((p) => this.graph.add(local(method, p.name), named, ctx));
      args.forEach((a, i) => {
        const p = parameterFor(decl.params, i);
        if (p) this.graph.hold(local(method, p.name), a);
      });
    }
    return this.enter(method, ctx);
  }

  /** A run of one of the app's methods under `ctx`: its control, its exceptions here, its result. */
  private enter(method: string, ctx: Nodes): Nodes {
    this.summary.callees.add(method);
    this.graph.add(control(method), ctx);
    this.mayThrow([exceptions(method)]);
    return new Set([result(method)]);
  }

  /**
   * The getter a bare name runs (`allOk` runs `getAllOk()`, as in the interpreter's lookup), where
   * it names no local, field or setting; taken for a call even where a platform object of that
   * name comes first, which only adds dependencies.
   */
  private getterOf(name: string): string | undefined {
    if (this.locals.has(name) || this.scope.fields.has(name) || this.scope.inputs.has(name)) return undefined;
    return this.scope.getters.get(name);
  }

  /** An unqualified call of the platform (or of a name the app does not define). */
  private functionCall(e: ast.MethodCall, method: string, ctx: Nodes): Nodes {
    // A page's closure runs only while a person configures the app, before the home's first event:
    // what it reads and the methods it calls (under its conditions) decide nothing in a run.
    if (PAGE_CALLS.has(method)) return this.unshownPage(e, ctx);
    // The rest of the DSL shows the user settings or declares an endpoint: it changes nothing.
    if (MESSAGE_CALLS.has(method) || PAGE_AND_MAPPING_DSL.has(method)) return this.inertCall(e.args, e.namedArgs, ctx);
    if (ERROR_CALLS.has(method)) {
      this.mayThrow(union(this.values(e.args, ctx), ctx));
      return new Set();
    }
    if (PURE_FUNCTIONS.has(method)) {
      const v = this.values(e.args, ctx);
      this.mayThrow(v);
      return v;
    }
    if (method === 'createAccessToken') {
      // The token goes into `state` (interp/smartthings/builtins.ts), not into the home.
      const token = key('state', ACCESS_TOKEN_KEY);
      this.write(token, [], ctx);
      return new Set([token]);
    }
    if (SYNC_HTTP_CALLS.has(method)) {
      // The request is a message; its closure runs with the outside world's answer, which no
      // part of the request decides (model/outside-world.ts), but a request that throws does.
      const params = union(this.values(e.args.filter((a) => a.kind !== 'Closure'), ctx), this.entries(e.namedArgs, ctx));
      this.mayThrow(params);
      for (const c of e.args) if (c.kind === 'Closure') this.closure(c, ctx, new Set());
      return new Set();
    }
    // The platform's API (`subscribe`, `runIn`, `getChildDevice`): an effect whose result is the
    // platform's (a device, a value), never one of the app's methods'.
    if (SMARTAPP_API.has(method)) return this.effectCall(e.args, e.namedArgs, ctx);
    return this.dynamicCall(e.args, e.namedArgs, ctx);
  }

  /**
   * A page's options are read; its closure is scanned apart, into a graph of its own, so that its
   * device reads are known (and idle) but nothing it does joins the app's dependencies.
   */
  private unshownPage(e: ast.MethodCall, ctx: Nodes): Nodes {
    const body = new MethodScan(new Graph(), this.scope, this.method, this.locals, [], this.closureIds, this.readValue);
    for (const c of e.args) if (c.kind === 'Closure') body.value(c, new Set());
    return this.inertCall(e.args.filter((a) => a.kind !== 'Closure'), e.namedArgs, ctx);
  }

  /** A log line or a message: what it shows changes nothing. */
  private inertCall(args: readonly ast.Expression[], named: readonly ast.MapEntry[], ctx: Nodes): Nodes {
    this.values(args, ctx);
    this.entries(named, ctx);
    return new Set();
  }

  /** `state.put("k", v)`, `state.get("k")`, `state.remove("k")`; any other use of the store whole. */
  private storeCall(e: ast.MethodCall, store: StatePart, ctx: Nodes): Nodes {
    const args = e.args.map((a) => this.value(a, ctx));
    const name = e.args.length > 0 ? constantString(e.args[0]) : null;
    const method = e.method as string;
    if (name !== null && (method === 'put' || method === 'putAt')) {
      this.write(key(store, name), args[1] ?? [], ctx);
      return new Set();
    }
    if (name !== null && ['get', 'getAt', 'containsKey'].includes(method)) return new Set([key(store, name)]);
    if (name !== null && method === 'remove') {
      this.write(key(store, name), [], ctx);
      return new Set([key(store, name)]);
    }
    this.write(someKey(store), union(...args), ctx);
    return new Set([anyKey(store)]);
  }

  /** A call the analysis cannot follow: an effect, with whatever any method may return. */
  private dynamicCall(parts: readonly (ast.Expression | string)[], named: readonly ast.MapEntry[], ctx: Nodes): Nodes {
    return union(this.effectCall(parts, named, ctx), [DYNAMIC_RESULT]);
  }

  /** A call that is an effect with all its parts; its value is what they are. */
  private effectCall(parts: readonly (ast.Expression | string)[], named: readonly ast.MapEntry[], ctx: Nodes): Nodes {
    const v = union(this.entries(named, ctx), ...parts.map((p) => (typeof p === 'string' ? new Set<string>() : this.value(p, ctx))));
    this.effect([v, ctx]);
    return v;
  }

  /** A closure's body, run under `ctx`; its parameters hold `element`. Its value is its result. */
  private closure(c: ast.Closure, ctx: Nodes, element: Nodes): Nodes {
    for (const name of c.params === null ? ['it'] : c.params.map((p) => p.name)) this.write(local(this.method, name), element, []);
    const outer = this.returnsTo;
    this.returnsTo = this.closureIds();
    this.statements(c.body, ctx, true);
    const value = new Set([this.returnsTo]);
    // A closure may be called by value anywhere: what it returns is a possible dynamic result.
    this.graph.add(DYNAMIC_RESULT, value);
    this.returnsTo = outer;
    return value;
  }

  // --- edges -----------------------------------------------------------------------------------

  /** `target` takes the object of `value`, under `deps` (what decides it besides). */
  private write(target: string, value: Iterable<string>, deps: Iterable<string>): void {
    this.graph.hold(target, value);
    this.graph.add(target, deps);
    if (isPart(target)) this.summary.writes.add(target);
  }

  /** A change inside the value `e` names (`list << x`, `map.k = v`): it then holds `value` too. */
  private mutate(e: ast.Expression, value: Iterable<string>, deps: Iterable<string>): void {
    // A list or map written out here is a new value nothing else holds (`["a"] << keys`).
    if (e.kind === 'ListLiteral' || e.kind === 'MapLiteral') return;
    const target = this.changed(e);
    if (target === null) return this.effect([value, deps, this.value(e, new Set())]);
    const all = union(value, deps);
    this.write(target, value, deps);
    this.mutations.push({ target, sources: all });
  }

  private effect(sources: Iterable<string>[]): void {
    this.summary.effects = true;
    this.graph.add(EFFECT, ...sources);
  }

  /** What the code after this point runs under: it may not get there. */
  private stop(decides: Iterable<string>): void {
    for (const n of decides) this.stops.add(n);
  }

  /** A use that may throw: the exception ends the method here, and the callers' code after the call. */
  private mayThrow(sources: Iterable<string>): void {
    this.stop(sources);
    this.graph.add(exceptions(this.method), sources);
  }
}

/** `asynchttp_v1.get(...)`: a request whose answer runs a method of the app later, not a map's `get`. */
function isAsyncRequest(receiver: ast.Expression): boolean {
  return receiver.kind === 'Identifier' && receiver.name === ASYNC_HTTP_API;
}

/** `Math.max(a, b)`, `Integer.parseInt(s)`, `TimeZone.getTimeZone(z)`: a static method of a class. */
function isStaticCall(receiver: ast.Expression, locals: ReadonlySet<string>, scope: AppScope): boolean {
  return receiver.kind === 'Identifier' && /^[A-Z]/.test(receiver.name) && !locals.has(receiver.name) && !scope.inputs.has(receiver.name);
}


function isStatement(node: ast.Node): boolean {
  return ['Block', 'VarDecl', 'ExpressionStatement', 'If', 'While', 'DoWhile', 'ForIn', 'ForC', 'Switch', 'Try', 'Return', 'Break', 'Continue', 'Throw', 'Labeled', 'Assert', 'Empty'].includes(node.kind);
}

/** A new set of all the nodes. */
function union(...sets: Iterable<string>[]): Nodes {
  const all = new Set<string>();
  for (const s of sets) for (const n of s) all.add(n);
  return all;
}
