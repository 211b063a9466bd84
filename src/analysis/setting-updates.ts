// Whether an app may update its own settings (`app.updateSetting(name, value)`): then its settings
// are part of its state, and every read of one is an access the model checker must see, since an
// update in another transition can change what the read gives. Most apps never update a setting;
// for them reads of settings record nothing (docs/interpreter.md, "Settings the app updates").
//
// Syntactic: a call of a method named `updateSetting` on any receiver. A call by a computed name
// (`app."$m"(...)`) is not seen; the runtime refuses such an update as a gap (interp/instance.ts),
// so a missed update never makes the model checker miss a dependency.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';

export const UPDATE_SETTING = 'updateSetting';

export function updatesSettings(app: AppIR): boolean {
  const roots: ast.Node[] = [...app.methods.map((m) => m.decl), ...app.fields];
  return roots.some((root) => {
    let found = false;
    walk(root, (node) => {
      if (node.kind === 'MethodCall' && node.receiver !== null && node.method === UPDATE_SETTING) found = true;
    });
    return found;
  });
}
