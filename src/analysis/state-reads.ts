// Which parts of an app's own state its code can read: the live-state analysis behind the model's
// smaller states (issue 17). A script field or a key of `state`/`atomicState` that the code only
// ever assigns, or reads only to format it into a log line or a message, cannot influence what
// the app does: two states that differ only there have the same futures. The model leaves such
// dead parts out of the state key and out of the transitions' accesses.
//
// The analysis is syntactic over the whole app (every method, field initialiser and top-level
// statement) and conservative: a name is read wherever it appears other than as the target of a
// plain assignment (`x = v`, `state.x = v`), outside a log or message argument. A computed key
// (`state[k]`, `state."$k"`), a store used as a whole (iterated, passed around: `storesReadWhole`)
// or reflective access (`getProperty`, `this."$x"`, `binding`) makes every key of that store or
// every field live.
import type { AppIR, StoreName } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { onlyLogged, storeReferenced } from './store-references.js';

export type StatePart = 'field' | StoreName;

/** Per part of the app's state, the names its code may read, or `all`. */
export type StateReads = Readonly<Record<StatePart, ReadonlySet<string> | 'all'>>;

/** Store methods that read the key given as their first argument. */
const KEY_READS: ReadonlySet<string> = new Set(['get', 'getAt', 'remove']);
/** Store methods that only store under the key given: `state.put("x", v)`. */
const KEY_WRITES: ReadonlySet<string> = new Set(['put', 'putAt']);
/** Names through which code reaches fields by a name computed at run time. */
const REFLECTIVE: ReadonlySet<string> = new Set(['getProperty', 'setProperty', 'invokeMethod', 'metaClass', 'binding', 'properties', 'getBinding']);

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

/** What the app's code may read of its fields and stores (see the file comment). */
export function stateReads(app: AppIR): StateReads {
  const reads = new Reads();
  for (const store of app.storesReadWhole) reads.all(store);
  const roots: ast.Node[] = [...app.methods.map((m) => m.decl), ...app.fields, ...app.topLevel];
  for (const root of roots) {
    const parents = new Map<ast.Node, ast.Node | null>();
    walk(root, (node, parent) => parents.set(node, parent));
    for (const node of parents.keys()) visit(node, parents, reads);
  }
  return reads.names;
}

function visit(node: ast.Node, parents: ReadonlyMap<ast.Node, ast.Node | null>, reads: Reads): void {
  const parent = parents.get(node) ?? null;
  const store = storeReferenced(node);
  if (store !== null) return storeUse(store, node, parent, parents, reads);
  if (node.kind === 'Identifier') {
    if (REFLECTIVE.has(node.name)) reads.all('field');
    else readName('field', node.name, node, parents, reads);
  } else if (node.kind === 'PropertyAccess' && node.object.kind === 'ThisExpr') {
    if (typeof node.property !== 'string') reads.all('field');
    else readName('field', node.property, node, parents, reads);
  } else if (node.kind === 'MethodCall' && typeof node.method === 'string' && REFLECTIVE.has(node.method)) {
    reads.all('field');
  }
}

/** A reference to a store: one key read (or only stored), or the store used as a whole. */
function storeUse(store: StoreName, ref: ast.Node, parent: ast.Node | null, parents: ReadonlyMap<ast.Node, ast.Node | null>, reads: Reads): void {
  if (parent?.kind === 'PropertyAccess' && parent.object === ref && !parent.spread) {
    if (typeof parent.property === 'string') return readName(store, parent.property, parent, parents, reads);
    return literalKey(parent.property) === null ? reads.all(store) : readName(store, literalKey(parent.property)!, parent, parents, reads);
  }
  if (parent?.kind === 'Index' && parent.object === ref) {
    const key = literalKey(parent.index);
    return key === null ? reads.all(store) : readName(store, key, parent, parents, reads);
  }
  if (parent?.kind === 'MethodCall' && parent.receiver === ref && !parent.spread && typeof parent.method === 'string') {
    const key = parent.args.length > 0 ? literalKey(parent.args[0]) : null;
    if (KEY_WRITES.has(parent.method) && key !== null) return;
    if (KEY_READS.has(parent.method) && key !== null) return readName(store, key, parent, parents, reads);
  }
  // Used whole: a log line or message does not count (as for storesReadWhole).
  if (!onlyLogged(ref, parents)) reads.all(store);
}

/** `name` is read at `node` unless `node` is the target of a plain assignment or only logged. */
function readName(part: StatePart, name: string, node: ast.Node, parents: ReadonlyMap<ast.Node, ast.Node | null>, reads: Reads): void {
  const parent = parents.get(node) ?? null;
  if (parent?.kind === 'Assign' && parent.operator === '=' && parent.target === node) return;
  if (onlyLogged(node, parents)) return;
  reads.add(part, name);
}

/** The key a string literal names (a GString without values counts); null when computed. */
function literalKey(e: ast.Expression): string | null {
  if (e.kind === 'StringLiteral') return e.value;
  if (e.kind === 'GString' && e.values.length === 0) return e.strings.join('');
  return null;
}
