// Which parts of an app's own state can influence it: the live-state analysis behind the model's
// smaller states (issue 17). A script field or a key of `state`/`atomicState` that no code of the
// app reads before it overwrites it, or reads only to format it into a log line or a message, cannot
// influence what the app does: two states that differ only there have the same futures. The model
// leaves such dead parts out of the state key and out of the transitions' accesses.
//
// A part is live when some method may read it before writing it (every method counts as a place a
// transition can start: handlers, timers, and methods run by name). Why that suffices: within a
// transition, the first access to a dead part in time is a write, since a read first would be a
// read before any write on the path of the method making it (nested handler runs are methods too).
//
// The analysis is syntactic and conservative. A read is any mention of the name other than as the
// target of a plain assignment (`x = v`, `state.x = v`, `state.put("x", v)`) or in a log line or
// message. Only such a statement-level assignment counts as a write that must happen, and only on
// paths that reach the end of the statement: branches intersect, loops and switches may write
// nothing, a `return`, `break`, `continue` or `throw` ends the path, a `catch` may start after any
// part of its `try`. A call of the app's own method reads what that method may read before its own
// writes and writes what it must write; a recursive call, a closure's body, and a method named in a
// string or reference (a timer, a subscription) read everything they may read, anywhere. A computed
// key (`state[k]`), a store used as a whole (`storesReadWhole`) or reflective access (`getProperty`,
// `this."$x"`, `binding`) makes every key of that store or every field live.
import type { AppIR, FunctionIR, StoreName } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { declaredNames } from './app-roots.js';
import type { PartNames, StatePart } from './state-slots.js';
import { onlyLogged, storeReferenced } from './store-references.js';
import { constantString } from '../parser/literals.js';

/** Per part of the app's state, the names its code may read before writing them, or `all`. */
export type StateReads = PartNames;

/** Store methods that read the key given as their first argument. */
const KEY_READS: ReadonlySet<string> = new Set(['get', 'getAt', 'remove']);
/** Store methods that only store under the key given: `state.put("x", v)`. */
const KEY_WRITES: ReadonlySet<string> = new Set(['put', 'putAt']);
/** Names through which code reaches fields by a name computed at run time. */
const REFLECTIVE: ReadonlySet<string> = new Set(['getProperty', 'setProperty', 'invokeMethod', 'metaClass', 'binding', 'properties', 'getBinding']);

/** A part of the state: `field\0name`, `state\0key`. */
type Slot = string;
const slot = (part: StatePart, name: string): Slot => `${part}\u0000${name}`;

/** The slots written on every path so far; `null` where no path gets (after a `return`). */
type Written = ReadonlySet<Slot> | null;

const union = (a: Written, more: Iterable<Slot>): Written => (a === null ? null : new Set([...a, ...more]));
const meet = (a: Written, b: Written): Written => (a === null ? b : b === null ? a : new Set([...a].filter((s) => b.has(s))));

class Reads {
  readonly names: Record<StatePart, Set<string> | 'all'> = { field: new Set(), state: new Set(), atomicState: new Set() };

  add(part: StatePart, name: string): void {
    const names = this.names[part];
    if (names !== 'all') names.add(name);
  }

  all(part: StatePart): void {
    this.names[part] = 'all';
  }
}

/** The live fields and store keys of the app (see the file comment). */
export function stateReads(app: AppIR): StateReads {
  const live = new Reads();
  for (const store of app.storesReadWhole) live.all(store);
  const analysis = new Analysis(app, live);
  for (const m of app.methods) analysis.writes(m);
  for (const root of [...app.fields, ...app.topLevel]) new MethodFlow(analysis, live, new Set()).node(root, new Set());
  return live.names;
}

class Analysis {
  /** What each method analysed so far writes on every path that returns. */
  private readonly written = new Map<FunctionIR, Written>();
  private readonly running = new Set<FunctionIR>();
  private readonly byName = new Map<string, FunctionIR[]>();

  constructor(
    app: AppIR,
    /** Every read before a write, of any method: the live parts. */
    private readonly live: Reads,
  ) {
    for (const m of app.methods) this.byName.set(m.name, [...(this.byName.get(m.name) ?? []), m]);
  }

  /** Analyses `m` once (its reads go to the live parts) and returns what it writes on every path that returns. */
  writes(m: FunctionIR): Written {
    if (this.written.has(m)) return this.written.get(m)!;
    if (this.running.has(m)) return new Set();
    this.running.add(m);
    const flow = new MethodFlow(this, this.live, declaredNames(m.decl));
    for (const p of m.decl.params) if (p.defaultValue) flow.node(p.defaultValue, new Set());
    const end = flow.statements(m.decl.body.body, new Set());
    const written = meet(end, flow.returned);
    this.running.delete(m);
    this.written.set(m, written);
    return written;
  }

  /** What a call of the app's method `name` writes on every path that returns (every overload). */
  callWrites(name: string): Written {
    const methods = this.byName.get(name) ?? [];
    if (methods.length === 0) return new Set();
    return methods.map((m) => this.writes(m)).reduce((a, b) => (a === null ? b : b === null ? a : meet(a, b)));
  }
}

/** The flow through one method's body: reads before writes go to `reads`. */
class MethodFlow {
  /** What is written on every path that has returned so far. */
  returned: Written = null;
  private parents = new Map<ast.Node, ast.Node | null>();

  constructor(
    private readonly analysis: Analysis,
    private readonly reads: Reads,
    /** Names declared as locals or parameters anywhere in the method: assigning them writes no field. */
    private readonly locals: ReadonlySet<string>,
  ) {}

  statements(list: readonly ast.Statement[], written: Written): Written {
    for (const s of list) written = this.statement(s, written);
    return written;
  }

  statement(s: ast.Statement, written: Written): Written {
    if (written === null) return null;
    switch (s.kind) {
      case 'Block':
        return this.statements(s.body, written);
      case 'ExpressionStatement':
        this.node(s.expression, written);
        return this.assigned(s.expression, written);
      case 'If': {
        this.node(s.test, written);
        return meet(this.statement(s.consequent, written), s.alternate ? this.statement(s.alternate, written) : written);
      }
      case 'Labeled':
        return this.statement(s.body, written);
      case 'Return':
        if (s.argument) this.node(s.argument, written);
        this.returned = meet(this.returned, written);
        return null;
      case 'Break':
      case 'Continue':
        return null;
      case 'Throw':
        this.node(s.argument, written);
        return null;
      case 'Try': {
        const after = this.statement(s.block, written);
        // A handler, and the finally block, may start after any part of the block.
        const handled = s.handlers.reduce<Written>((w, h) => meet(w, this.statement(h.body, written)), after);
        if (!s.finalizer) return handled;
        this.node(s.finalizer, written);
        return handled === null ? null : this.statement(s.finalizer, handled);
      }
      default:
        // Loops, switches, declarations, assertions: every read counts, no write must happen.
        this.node(s, written);
        return written;
    }
  }

  /** Records every read under `root`; a closure's body reads whatever was written before it. */
  node(root: ast.Node, written: Written): void {
    if (written === null) return;
    const parents = new Map<ast.Node, ast.Node | null>();
    const inClosure = new Set<ast.Node>();
    walk(root, (node, parent) => {
      parents.set(node, parent);
      if (parent !== null && (parent.kind === 'Closure' || inClosure.has(parent))) inClosure.add(node);
    });
    this.parents = parents;
    for (const node of parents.keys()) this.visit(node, inClosure.has(node) ? new Set() : written);
  }

  /** After a statement-level plain assignment, `state.put("k", v)` or a call of the app's method. */
  private assigned(e: ast.Expression, written: Written): Written {
    if (e.kind === 'Assign' && e.operator === '=') {
      const target = this.target(e.target);
      return target ? union(written, [target]) : written;
    }
    if (e.kind !== 'MethodCall' || typeof e.method !== 'string') return written;
    if (e.receiver === null || e.receiver.kind === 'ThisExpr') {
      const callee = this.analysis.callWrites(e.method);
      return callee === null ? null : union(written, callee);
    }
    const store = storeReferenced(e.receiver);
    const key = e.args.length > 0 ? constantString(e.args[0]) : null;
    return store && key !== null && KEY_WRITES.has(e.method) && !e.spread ? union(written, [slot(store, key)]) : written;
  }

  private target(t: ast.Expression): Slot | null {
    if (t.kind === 'Identifier') return this.locals.has(t.name) ? null : slot('field', t.name);
    if (t.kind === 'PropertyAccess' && t.object.kind === 'ThisExpr' && typeof t.property === 'string') return slot('field', t.property);
    const store = t.kind === 'PropertyAccess' || t.kind === 'Index' ? storeReferenced(t.object) : null;
    if (store === null) return null;
    if (t.kind === 'PropertyAccess') return typeof t.property === 'string' && !t.spread ? slot(store, t.property) : null;
    const key = t.kind === 'Index' ? constantString(t.index) : null;
    return key === null ? null : slot(store, key);
  }

  private visit(node: ast.Node, written: Written): void {
    const parent = this.parents.get(node) ?? null;
    const store = storeReferenced(node);
    if (store !== null) return this.storeUse(store, node, parent, written);
    if (node.kind === 'Identifier') {
      if (REFLECTIVE.has(node.name)) this.reads.all('field');
      else this.readName('field', node.name, node, written);
    } else if (node.kind === 'PropertyAccess' && node.object.kind === 'ThisExpr') {
      if (typeof node.property !== 'string') this.reads.all('field');
      else this.readName('field', node.property, node, written);
    } else if (node.kind === 'MethodCall' && typeof node.method === 'string' && REFLECTIVE.has(node.method)) {
      this.reads.all('field');
    }
  }

  /** A reference to a store: one key read (or only stored), or the store used as a whole. */
  private storeUse(store: StoreName, ref: ast.Node, parent: ast.Node | null, written: Written): void {
    if (parent?.kind === 'PropertyAccess' && parent.object === ref && !parent.spread) {
      const key = typeof parent.property === 'string' ? parent.property : constantString(parent.property);
      return key === null ? this.reads.all(store) : this.readName(store, key, parent, written);
    }
    if (parent?.kind === 'Index' && parent.object === ref) {
      const key = constantString(parent.index);
      return key === null ? this.reads.all(store) : this.readName(store, key, parent, written);
    }
    if (parent?.kind === 'MethodCall' && parent.receiver === ref && !parent.spread && typeof parent.method === 'string') {
      const key = parent.args.length > 0 ? constantString(parent.args[0]) : null;
      if (KEY_WRITES.has(parent.method) && key !== null) return;
      if (KEY_READS.has(parent.method) && key !== null) return this.readName(store, key, parent, written);
    }
    // Used whole: a log line or message does not count (as for storesReadWhole).
    if (!onlyLogged(ref, this.parents)) this.reads.all(store);
  }

  /** `name` is read at `node` unless written before, the target of a plain assignment, or only logged. */
  private readName(part: StatePart, name: string, node: ast.Node, written: Written): void {
    if (written === null || written.has(slot(part, name))) return;
    const parent = this.parents.get(node) ?? null;
    if (parent?.kind === 'Assign' && parent.operator === '=' && parent.target === node) return;
    if (onlyLogged(node, this.parents)) return;
    this.reads.add(part, name);
  }
}

