// Which of an app's persistent stores (`state`, `atomicState`) its code can look at as a whole.
// Most apps only ever use a store one key at a time (`state.x`, `state[k]`, `state.put(k, v)`):
// such an app cannot tell a key that holds null from a key that is missing, so the interpreter
// may keep "null" as "missing" and a store of null into a missing key changes nothing (it is a
// read for the model checker, and the two states are one). An app that iterates a store, prints
// it, passes it around or asks whether a key is present sees the difference; its stores keep
// every key exactly. Printing a store to the log (`log.debug "state: $state"`, common in the
// corpus) or into a message does not count: what the log shows cannot influence what the app does next.
import type * as ast from '../parser/ast.js';
import type { StoreName } from '../ir/ir.js';
import { walk } from '../parser/walk.js';
import { onlyLogged, storeReferenced } from '../analysis/store-references.js';

/** Calls on a store that touch one key and cannot reveal whether it was there. */
const KEYED_METHODS: ReadonlySet<string> = new Set(['get', 'getAt', 'put', 'putAt', 'remove']);

/**
 * The stores some code of `program` uses other than one key at a time. Conservative: a local
 * variable named `state` used as a whole counts too.
 */
export function storesReadWhole(program: ast.Node): StoreName[] {
  const parents = new Map<ast.Node, ast.Node | null>();
  const references: [ast.Node, StoreName][] = [];
  walk(program, (node, parent) => {
    parents.set(node, parent);
    const store = storeReferenced(node);
    if (store) references.push([node, store]);
  });
  const whole = new Set<StoreName>();
  for (const [ref, store] of references) if (!keyedUse(ref, parents.get(ref) ?? null) && !onlyLogged(ref, parents)) whole.add(store);
  return [...whole];
}

/** Whether the store reference `ref` is used for one key: `ref.k`, `ref[k]`, `ref.get(k)`, ... */
function keyedUse(ref: ast.Node, parent: ast.Node | null): boolean {
  if (parent === null) return false;
  if (parent.kind === 'PropertyAccess') return parent.object === ref && !parent.spread;
  if (parent.kind === 'Index') return parent.object === ref;
  if (parent.kind === 'MethodCall') {
    return parent.receiver === ref && !parent.spread && typeof parent.method === 'string' && KEYED_METHODS.has(parent.method);
  }
  return false;
}
