// Which device attributes (and the location mode) each method of an app may write, through the
// methods it calls: what `--first-conflict` uses to try first the events whose handlers can write a
// tracked attribute (model/event-priority.ts, issue 17), and which one-off timers come due later in
// the full environment (model/events.ts). A heuristic for those choices, never for soundness, so it
// may be imprecise; it follows write-bound.ts: commands of the app's input capabilities named in
// the method, `setLocationMode`/`setMode`, and the methods it calls or names (timers included). A
// command called by a computed name on an object (`device."$command"()`, a bridge app running the
// command an outside client names) may be any command of those capabilities.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { commandWrites, deviceInputs } from './commands.js';

const MODE_SETTERS: ReadonlySet<string> = new Set(['setLocationMode', 'setMode']);

/** Method name → the attributes it may write (`location.mode` for the mode), callees included. */
export function methodWrites(app: AppIR): ReadonlyMap<string, ReadonlySet<string>> {
  const commands = new Map<string, string[]>();
  for (const capability of new Set(deviceInputs(app).values())) {
    for (const [command, attributes] of commandWrites(capability)) commands.set(command, [...(commands.get(command) ?? []), ...attributes]);
  }
  const anyCommand = [...new Set([...commands.values()].flat())];
  const methods = new Set(app.methods.map((m) => m.name));
  const direct = new Map<string, Set<string>>();
  const calls = new Map<string, Set<string>>();
  for (const m of app.methods) {
    const writes = direct.get(m.name) ?? new Set<string>();
    const callees = calls.get(m.name) ?? new Set<string>();
    walk(m.decl, (node: ast.Node) => {
      if (isComputedCommand(node)) anyCommand.forEach((attribute) => writes.add(attribute));
      const name = node.kind === 'MethodCall' && typeof node.method === 'string' ? node.method
        : node.kind === 'StringLiteral' ? node.value : node.kind === 'Identifier' ? node.name : node.kind === 'MethodReference' ? node.method : undefined;
      if (name === undefined) return;
      for (const attribute of node.kind === 'MethodCall' ? commands.get(name) ?? [] : []) writes.add(attribute);
      if (node.kind === 'MethodCall' && MODE_SETTERS.has(name)) writes.add('location.mode');
      if (methods.has(name)) callees.add(name);
    });
    direct.set(m.name, writes);
    calls.set(m.name, callees);
  }
  // Close over the call graph (small: a few dozen methods).
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, callees] of calls) {
      const writes = direct.get(name)!;
      for (const callee of callees) for (const attribute of direct.get(callee) ?? []) if (!writes.has(attribute)) { writes.add(attribute); changed = true; }
    }
  }
  return direct;
}

/**
 * `x."$name"()` on an object: a command whose name is known only at run time. Not on the app
 * itself (`"$name"()`, `this."$name"()`), which calls one of its own methods.
 */
function isComputedCommand(node: ast.Node): boolean {
  return node.kind === 'MethodCall' && typeof node.method !== 'string' && node.receiver !== null && node.receiver.kind !== 'ThisExpr';
}
