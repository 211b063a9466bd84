// A sound static bound on what an app can write, which the prefilter (src/conflicts/prefilter.ts)
// uses to decide pairs that cannot conflict without exploring them. A conflict needs both apps to
// write the same tracked attribute of the same device (docs/model.md, "Conflicts"). In the model an
// app writes only through two doors of the home: a command on a device (`Host.deviceCommand`,
// always the device of one of its own inputs' capabilities: one device per capability) and a
// location mode change (`Host.setLocationMode`). So an over-approximation of an app's writes is:
// - for each capability of its device inputs, the writes of every command of that capability the
//   code names on an input of that capability, or on anything that is not certainly another input
//   (device-receivers.ts: `fans.off()` on a switch input is no thermostat's `off`);
// - every command of an input's capability when a command is called on it by a computed name
//   (`thermostat1."${mode}"()`); every command of every capability when a method of anything else
//   is (a local variable that shadows a device input's name is not seen);
// - the location mode when the code names `setLocationMode` or `setMode`, assigns a `mode`
//   property, or calls a method by a computed name on anything but a device input (on the app
//   itself, only with arguments: see `computedOnApp`).
// If the two bounds share no tracked attribute, no search can find a conflict. A logger app, which
// issues no command at all, never conflicts.
//
// The bound is syntactic over the whole app (every method, field initialiser and top-level
// statement), so it does not depend on what a search would reach; it is only as precise as that.
import { simulatedDeviceId } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { commandWrites, deviceInputs } from './commands.js';
import { ReceiverResolver, shadowingNames } from './device-receivers.js';

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
  /** Names called or referenced on anything but a known device input (any capability's command). */
  methods: Set<string>;
  /** Per capability, the commands called on one of its inputs (device-receivers.ts). */
  onCapability: Map<string, Set<string>>;
  /** A method of any object, the app's own included, is called by a computed name. */
  computed: boolean;
  /** A device command is called by a computed name on a device input (`thermostat1."${mode}"()`): any command, never the app's own methods. */
  computedCommand: boolean;
  /** The capabilities of the inputs a computed command is called on, when the input is certain. */
  computedOn: Set<string>;
  /**
   * The app itself is called by a computed name with arguments (`"${action}"(mode)`). Such a call
   * runs one of the app's own methods (whose writes this scan counts anyway) or a platform
   * function, of which only `setLocationMode` writes, and it takes an argument: so with arguments
   * the location mode, without them nothing more (smart-alarm's button actions, `"${item.action}"()`).
   */
  computedOnApp: boolean;
  assignsMode: boolean;
}

function namedCalls(app: AppIR): NamedCalls {
  const found: NamedCalls = { methods: new Set(), onCapability: new Map(), computed: false, computedCommand: false, computedOn: new Set(), computedOnApp: false, assignsMode: false };
  const inputs = deviceInputs(app);
  const shadowed = shadowingNames(app);
  const scan = (root: ast.Node) => {
    const receivers = new ReceiverResolver(root, inputs, shadowed);
    walk(root, (node) => {
      if (node.kind === 'MethodCall') {
        const input = node.receiver === null ? undefined : receivers.inputOf(node.receiver);
        const capability = input === undefined ? undefined : inputs.get(input);
        if (typeof node.method === 'string') {
          if (capability !== undefined && !REFLECTIVE_CALLS.has(node.method) && !MODE_SETTERS.has(node.method)) addTo(found.onCapability, capability, node.method);
          else found.methods.add(node.method);
        } else if (capability !== undefined) found.computedOn.add(capability);
        else if (node.receiver?.kind === 'Identifier' && inputs.has(node.receiver.name)) found.computedCommand = true;
        else if (node.receiver === null || node.receiver.kind === 'ThisExpr') found.computedOnApp ||= node.args.length > 0 || node.namedArgs.length > 0;
        else found.computed = true;
      } else if (node.kind === 'MethodReference') {
        found.methods.add(node.method);
      } else if (node.kind === 'Assign' && node.target.kind === 'PropertyAccess') {
        const property = node.target.property;
        if (typeof property !== 'string' || property === 'mode') found.assignsMode = true;
      }
    });
  };
  for (const m of app.methods) scan(m.decl);
  for (const f of app.fields) scan(f);
  for (const s of app.topLevel) scan(s);
  if ([...REFLECTIVE_CALLS].some((name) => found.methods.has(name))) found.computed = true;
  return found;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(value);
  map.set(key, set);
}

/** Every device attribute and location attribute the app may write (see the file comment). */
export function possibleWrites(app: AppIR): WriteTarget[] {
  const calls = namedCalls(app);
  const targets = new Map<string, WriteTarget>();
  const add = (device: string, attribute: string) => targets.set(targetKey({ device, attribute }), { device, attribute });
  const capabilities = new Set(deviceInputs(app).values());
  for (const capability of capabilities) {
    const device = simulatedDeviceId(capability);
    const anyCommand = calls.computed || calls.computedCommand || calls.computedOn.has(capability);
    for (const [command, attributes] of commandWrites(capability)) {
      if (!anyCommand && !calls.methods.has(command) && !calls.onCapability.get(capability)?.has(command)) continue;
      for (const attribute of attributes) add(device, attribute);
    }
  }
  if (calls.computed || calls.computedOnApp || calls.assignsMode || [...MODE_SETTERS].some((name) => calls.methods.has(name))) add('location', 'mode');
  return [...targets.values()];
}
