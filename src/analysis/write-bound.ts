// A sound static bound on what an app can write, which the prefilter (src/conflicts/prefilter.ts)
// uses to decide pairs that cannot conflict without exploring them. A conflict needs both apps to
// write the same tracked attribute of the same device (docs/model.md, "Conflicts"). In the model an app writes only through two doors of the home:
// a command on a device (`Host.deviceCommand`, always the device of one of its own inputs' capabilities:
// one device per capability) and a location mode change (`Host.setLocationMode`). So an
// over-approximation of an app's writes is: for each capability of its device inputs, the writes
// of every command of that capability the app's code names anywhere (any command when the code
// calls a method by a computed name), and the location mode when the code names `setLocationMode`
// or `setMode`, assigns a `mode` property, or calls a method by a computed name on anything but a
// device input (a computed command on an input, `thermostat1."${mode}"()`, runs a device command;
// a local variable that shadows a device input's name with the app or the location is not seen). If the two bounds share no tracked attribute, no
// search can find a conflict. A logger app, which issues no command at all, never conflicts.
//
// The bound is syntactic over the whole app (every method, field initialiser and top-level
// statement), so it does not depend on what a search would reach; it is only as precise as that.
import { simulatedDeviceId } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { commandWrites, deviceInputs } from './commands.js';

/** A device attribute (or `location`/`mode`) an app may write. */
export interface WriteTarget {
  device: string;
  attribute: string;
}

export const targetKey = (t: WriteTarget) => `${t.device}.${t.attribute}`;

/** Calls that run a method whose name is only known at run time. */
const REFLECTIVE_CALLS = new Set(['invokeMethod', 'setProperty', 'metaClass']);
const MODE_SETTERS = new Set(['setLocationMode', 'setMode']);

/** What the app's code names: method names called or referenced, and whether any name is computed. */
interface NamedCalls {
  methods: Set<string>;
  /** A method of any object, the app's own included, is called by a computed name. */
  computed: boolean;
  /** A device command is called by a computed name on a device input (`thermostat1."${mode}"()`): any command, never the app's own methods. */
  computedCommand: boolean;
  assignsMode: boolean;
}

function namedCalls(app: AppIR): NamedCalls {
  const found: NamedCalls = { methods: new Set(), computed: false, computedCommand: false, assignsMode: false };
  const inputs = deviceInputs(app);
  const visit = (node: ast.Node): void => {
    if (node.kind === 'MethodCall') {
      if (typeof node.method === 'string') found.methods.add(node.method);
      else if (node.receiver?.kind === 'Identifier' && inputs.has(node.receiver.name)) found.computedCommand = true;
      else found.computed = true;
    } else if (node.kind === 'MethodReference') {
      found.methods.add(node.method);
    } else if (node.kind === 'Assign' && node.target.kind === 'PropertyAccess') {
      const property = node.target.property;
      if (typeof property !== 'string' || property === 'mode') found.assignsMode = true;
    }
  };
  for (const m of app.methods) walk(m.decl, visit);
  for (const f of app.fields) walk(f, visit);
  for (const s of app.topLevel) walk(s, visit);
  if ([...REFLECTIVE_CALLS].some((name) => found.methods.has(name))) found.computed = true;
  return found;
}

/** Every device attribute and location attribute the app may write (see the file comment). */
export function possibleWrites(app: AppIR): WriteTarget[] {
  const calls = namedCalls(app);
  const targets = new Map<string, WriteTarget>();
  const add = (device: string, attribute: string) => targets.set(targetKey({ device, attribute }), { device, attribute });
  const capabilities = new Set(deviceInputs(app).values());
  for (const capability of capabilities) {
    const device = simulatedDeviceId(capability);
    for (const [command, attributes] of commandWrites(capability)) {
      if (!calls.computed && !calls.computedCommand && !calls.methods.has(command)) continue;
      for (const attribute of attributes) add(device, attribute);
    }
  }
  if (calls.computed || calls.assignsMode || [...MODE_SETTERS].some((name) => calls.methods.has(name))) add('location', 'mode');
  return [...targets.values()];
}
