// Whether an app may update its own settings (`app.updateSetting(name, value)`, `app.deleteSetting(name)`): then its settings
// are part of its state, and every read of one is an access the model checker must see, since an
// update in another transition can change what the read gives. Most apps never update a setting;
// for them reads of settings record nothing (docs/interpreter.md, "Settings the app updates").
//
// Syntactic: a call of a method named `updateSetting` or `deleteSetting` on any receiver. A call by a computed name
// (`app."$m"(...)`) is not seen; the runtime refuses such an update as a gap (interp/instance.ts),
// so a missed update never makes the model checker miss a dependency.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';

const SETTING_UPDATES: ReadonlySet<string> = new Set(['updateSetting', 'deleteSetting']);

export function updatesSettings(app: AppIR): boolean {
  const roots: ast.Node[] = [...app.methods.map((m) => m.decl), ...app.fields];
  return roots.some((root) => {
    let found = false;
    walk(root, (node) => {
      if (node.kind === 'MethodCall' && node.receiver !== null && typeof node.method === 'string' && SETTING_UPDATES.has(node.method)) found = true;
    });
    return found;
  });
}
