// The location modes an app names in its code. SmartThings modes are the user's own ("Home",
// "Away", "Night" by default; any others a user adds), and an app that sets or compares the mode
// against a literal name (`setLocationMode("Away")`, `location.mode == "Home / Day"`, a mode
// handler's `evt.value == "Sleep"`) was written for a home that has that mode. The full environment
// (src/model/environment.ts) gives the pair's location those modes too, so the mode can become what
// the app waits for. Static and approximate, like thresholds.ts: literals only, as written.
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import { equalityComparison } from './comparisons.js';

/** Calls that set the location mode to their first argument. */
const MODE_SETTERS: ReadonlySet<string> = new Set(['setLocationMode', 'setMode']);
/** Reads of the mode through `location`: `location.mode`, `location.currentMode`, `location.getMode()`. */
const MODE_PROPERTIES: ReadonlySet<string> = new Set(['mode', 'currentMode', 'getMode', 'getCurrentMode']);
/** Location events that carry a mode (reference §2.6 folds `position` and a bare `location` onto `mode`). */
const MODE_EVENTS: ReadonlySet<string> = new Set(['mode', 'position', 'location']);

/** The distinct mode names the app sets or compares the mode against, in source order. */
export function namedModes(ir: AppIR): string[] {
  const found: string[] = [];
  const modeHandlers = new Set(ir.subscriptions.filter((s) => s.source.kind === 'location' && MODE_EVENTS.has(s.attribute)).map((s) => s.handler));
  for (const method of ir.methods) {
    const isModeHandler = modeHandlers.has(method.name);
    // A handler of mode events and device events compares `evt.value` against device values too.
    const deviceValues = isModeHandler ? subscribedDeviceValues(ir, method.name) : new Set<string>();
    const add = (e: ast.Expression | null | undefined) => {
      if (e?.kind !== 'StringLiteral' || e.value.trim() === '' || deviceValues.has(e.value) || found.includes(e.value)) return;
      found.push(e.value);
    };
    const readsMode = (e: ast.Expression | null | undefined) => e != null && (isLocationMode(e) || (isModeHandler && isEventValue(e)));
    walk(method.decl, (node) => {
      const comparison = equalityComparison(node);
      if (comparison) {
        if (comparison.subjects.some(readsMode)) comparison.candidates.forEach(add);
      } else if (node.kind === 'Assign' && node.operator === '=' && isLocationMode(node.target)) add(node.value);
      else if (node.kind === 'MethodCall' && typeof node.method === 'string' && MODE_SETTERS.has(node.method) && (node.receiver === null || isLocation(node.receiver))) add(node.args[0]);
    });
  }
  return found;
}

function isLocation(e: ast.Expression): boolean {
  return e.kind === 'Identifier' && e.name === 'location';
}

/** `location.mode`, `location.currentMode`, `location.getMode()`, also with `.name` or `.toString()` after it. */
function isLocationMode(e: ast.Expression): boolean {
  if (e.kind === 'PropertyAccess' && typeof e.property === 'string') {
    if (isLocation(e.object)) return MODE_PROPERTIES.has(e.property);
    return e.property === 'name' && isLocationMode(e.object);
  }
  if (e.kind === 'MethodCall' && typeof e.method === 'string' && e.receiver !== null) {
    if (isLocation(e.receiver)) return MODE_PROPERTIES.has(e.method) && e.args.length === 0;
    return (e.method === 'toString' || e.method === 'getName') && isLocationMode(e.receiver);
  }
  return false;
}

/** `evt.value` or `evt.stringValue` of a handler's event parameter. */
function isEventValue(e: ast.Expression): boolean {
  return e.kind === 'PropertyAccess' && e.object.kind === 'Identifier' && (e.property === 'value' || e.property === 'stringValue');
}

/** The values of the device attributes whose events the handler also receives (`active` of motion). */
function subscribedDeviceValues(ir: AppIR, handler: string): Set<string> {
  const attributes = new Set(ir.subscriptions.filter((s) => s.handler === handler && s.source.kind !== 'location').map((s) => s.attribute));
  const values = new Set<string>();
  for (const capability of CAPABILITIES) {
    for (const attribute of capability.attributes) {
      if (attributes.has(attribute.name) && Array.isArray(attribute.domain)) attribute.domain.forEach((v) => values.add(v));
    }
  }
  return values;
}
