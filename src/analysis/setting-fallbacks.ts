// The numbers an app falls back on where one of its number settings is left blank:
// `def numFlashes = numFlashes ?: 3`, `settings.delay ?: 5`. The app's author wrote them as the
// setting's default, as a `defaultValue` declares one; a person who leaves the field blank gets
// them. The full environment gives such a setting that number (model/environment.ts,
// `numberSetting`), where the reference binds 50 to every number input.
//
// Syntactic: the first `name ?: literal` (also `settings.name`, `settings["name"]`, a negated or
// cast literal) in the app's code per number input; a local that shadows the setting's name is not told
// apart (in `def n = n ?: 3` the right side's `n` is the setting, as Groovy resolves it).
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { NUMBER_INPUT_TYPES } from '../devices/input-defaults.js';
import { constantNumber } from '../parser/literals.js';
import { walkApp } from './app-roots.js';
import { perApp } from './per-app.js';

/** Per number input's name, the number the app's code falls back on when it is blank. */
export const numberFallbacks: (app: AppIR) => ReadonlyMap<string, number> = perApp((app) => {
  const numbers = new Set(app.inputs.filter((i) => NUMBER_INPUT_TYPES.has(i.type)).map((i) => i.name));
  const fallbacks = new Map<string, number>();
  walkApp(app, (node) => {
    if (node.kind !== 'Elvis') return;
    const name = settingName(node.left);
    const fallback = constantNumber(node.right);
    if (name !== undefined && numbers.has(name) && fallback !== undefined && !fallbacks.has(name)) fallbacks.set(name, fallback);
  });
  return fallbacks;
});

/** The setting an expression reads by name: `x`, `settings.x`, `settings["x"]`. */
function settingName(e: ast.Expression): string | undefined {
  if (e.kind === 'Identifier') return e.name;
  const onSettings = (object: ast.Expression) => object.kind === 'Identifier' && object.name === 'settings';
  if (e.kind === 'PropertyAccess' && typeof e.property === 'string' && onSettings(e.object)) return e.property;
  if (e.kind === 'Index' && e.index.kind === 'StringLiteral' && onSettings(e.object)) return e.index.value;
  return undefined;
}
