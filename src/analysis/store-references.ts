// How app code names its persistent stores and where a value only ends up in a log line or a
// message: shared by the store-usage scan of lowering (src/lower/store-usage.ts) and the
// live-state analysis (state-reads.ts).
import type * as ast from '../parser/ast.js';
import type { StoreName } from '../ir/ir.js';
import { MESSAGE_CALLS } from './value-methods.js';

const STORES: ReadonlySet<string> = new Set<StoreName>(['state', 'atomicState']);

/** `state`, `atomicState`, `this.state`, `this.atomicState`: the store that `node` names, if any. */
export function storeReferenced(node: ast.Node): StoreName | null {
  if (node.kind === 'Identifier') return STORES.has(node.name) ? (node.name as StoreName) : null;
  if (node.kind === 'PropertyAccess' && node.object.kind === 'ThisExpr' && typeof node.property === 'string') {
    return STORES.has(node.property) ? (node.property as StoreName) : null;
  }
  return null;
}

/**
 * Whether the value of `node` only ends up in a log line or a message: `log.debug "x: $state"`,
 * `log.info "s " + state.x`, `sendPush("at ${state.t}")`: through string templates and string
 * concatenation into an argument of `log.<level>(...)` or of a message call.
 */
export function onlyLogged(node: ast.Node, parents: ReadonlyMap<ast.Node, ast.Node | null>): boolean {
  for (let parent = parents.get(node) ?? null; parent !== null; node = parent, parent = parents.get(node) ?? null) {
    if (parent.kind === 'GString' || (parent.kind === 'Binary' && parent.operator === '+')) continue;
    return parent.kind === 'MethodCall' && isSink(parent) && parent.args.includes(node as ast.Expression);
  }
  return false;
}

function isSink(call: ast.MethodCall): boolean {
  const { receiver, method } = call;
  if (receiver === null) return typeof method === 'string' && MESSAGE_CALLS.has(method);
  return receiver.kind === 'Identifier' && receiver.name === 'log';
}
