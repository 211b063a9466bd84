// A sound static bound on what an app can write, which the prefilter (src/conflicts/prefilter.ts)
// uses to decide pairs that cannot conflict without exploring them. A conflict needs both apps to
// write the same tracked attribute of the same device (docs/model.md, "Conflicts"). In the model an
// app writes only through three doors of the home: a command on a device (`Host.deviceCommand`,
// always the device of one of its own inputs' capabilities: one device per capability), a
// location mode change (`Host.setLocationMode`) and a location event of the Smart Home Monitor's
// status (`Host.sendLocationEvent`). So an over-approximation of an app's writes is:
// - for each capability of its device inputs, the writes of every command of that capability the
//   code names on an input of that capability, or on anything that is not certainly another input
//   (device-receivers.ts: `fans.off()` on a switch input is no thermostat's `off`);
// - every command of an input's capability when a command is called on it by a computed name
//   (`thermostat1."${mode}"()`); every command of every capability when a method of anything else
//   is (a local variable that shadows a device input's name is not seen);
// - the location mode when the code names `setLocationMode` or `setMode`, assigns a `mode`
//   property, or calls a method by a computed name on anything but a device input (on the app
//   itself, only with arguments: see `computedOnApp`);
// - the Smart Home Monitor's status when the code calls `sendLocationEvent` with that event's name
//   or a name or map it computes (`alarmStatusSent`), or calls a method by a computed name as for
//   the mode.
// If the two bounds share no tracked attribute, no search can find a conflict. A logger app, which
// issues no command at all, never conflicts.
//
// The bound is syntactic over the whole app (every method, field initialiser and top-level
// statement), so it does not depend on what a search would reach; it is only as precise as that.
import { simulatedDeviceId } from '../devices/capabilities.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import type { AppIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { commandWriteSpecs, deviceInputs } from './commands.js';
import type { CommandWrite } from '../devices/capabilities.js';
import { walkWithInputs } from './device-receivers.js';
import { perApp } from './per-app.js';

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
   * function, of which only `setLocationMode` and `sendLocationEvent` write, and it takes an
   * argument: so with arguments the location mode and the monitor's status, without them nothing
   * more (smart-alarm's button actions, `"${item.action}"()`).
   */
  computedOnApp: boolean;
  assignsMode: boolean;
  /**
   * Per method name, the arguments of its calls anywhere in the app (on any receiver), by
   * position: the texts of the literals passed there, or `ANY` when some call passes something
   * else (or an options map first, or is a method reference). A command's write of an argument
   * can store only these.
   */
  argumentTexts: Map<string, Map<number, WrittenValues> | typeof ANY>;
  /** The values assigned to a `mode` property (`location.mode = "Away"`). */
  assignedModes: WrittenValues;
  /** The statuses `sendLocationEvent` calls can give the Smart Home Monitor (none: the empty set). */
  alarmStatuses: WrittenValues;
}

/** The values an app may write to one target: the texts of the constants it can write, or any value. */
export type WrittenValues = ReadonlySet<string> | typeof ANY;
export const ANY = 'any';

/** A write target with the values the app may write there. */
export interface BoundWrite {
  target: WriteTarget;
  values: WrittenValues;
}

function union(a: WrittenValues | undefined, b: WrittenValues): WrittenValues {
  if (a === undefined) return b;
  return a === ANY || b === ANY ? ANY : new Set([...a, ...b]);
}

/** The text a literal argument is written as (a string, an integer), or `ANY` for anything else. */
function literalText(e: ast.Expression | undefined): WrittenValues {
  if (e?.kind === 'StringLiteral') return new Set([e.value]);
  if (e?.kind === 'NumberLiteral' && Number.isInteger(e.value) && !e.isDecimal) return new Set([String(e.value)]);
  return ANY;
}

function namedCalls(app: AppIR): NamedCalls {
  const found: NamedCalls = { methods: new Set(), onCapability: new Map(), computed: false, computedCommand: false, computedOn: new Set(), computedOnApp: false, assignsMode: false, argumentTexts: new Map(), assignedModes: new Set(), alarmStatuses: new Set() };
  const noteArguments = (method: string, args: readonly ast.Expression[] | undefined) => {
    const known = found.argumentTexts.get(method) ?? new Map<number, WrittenValues>();
    if (known === ANY) return;
    // An options map first (`on([delay: 1000])`) moves the positions; a reference passes anything.
    if (args === undefined || args[0]?.kind === 'MapLiteral') return void found.argumentTexts.set(method, ANY);
    args.forEach((arg, i) => known.set(i, union(known.get(i), literalText(arg))));
    found.argumentTexts.set(method, known);
  };
  const inputs = deviceInputs(app);
  walkWithInputs(app, (node, capabilityOf) => {
    if (node.kind === 'MethodCall') {
      const capability = capabilityOf(node.receiver);
      if (typeof node.method === 'string') {
        noteArguments(node.method, node.namedArgs.length > 0 ? undefined : node.args);
        const status = alarmStatusSent(node);
        if (status !== undefined) found.alarmStatuses = union(found.alarmStatuses, status);
        if (capability !== undefined && !REFLECTIVE_CALLS.has(node.method) && !MODE_SETTERS.has(node.method)) addTo(found.onCapability, capability, node.method);
        else found.methods.add(node.method);
      } else if (capability !== undefined) found.computedOn.add(capability);
      else if (node.receiver?.kind === 'Identifier' && inputs.has(node.receiver.name)) found.computedCommand = true;
      else if (node.receiver === null || node.receiver.kind === 'ThisExpr') found.computedOnApp ||= node.args.length > 0 || node.namedArgs.length > 0;
      else found.computed = true;
    } else if (node.kind === 'MethodReference') {
      found.methods.add(node.method);
      noteArguments(node.method, undefined);
    } else if (node.kind === 'Assign' && node.target.kind === 'PropertyAccess') {
      const property = node.target.property;
      if (typeof property !== 'string' || property === 'mode') {
        found.assignsMode = true;
        found.assignedModes = union(found.assignedModes, node.operator === '=' ? literalText(node.value) : ANY);
      }
    }
  });
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
  return writeBound(app).map((w) => w.target);
}

/**
 * The write bound with the values: per target, the texts of the constants the app's commands can
 * store there (a lock's `unlock()` stores "unlocked"; `setThermostatMode("off")`, called only with
 * that literal anywhere in the app, "off"), or `ANY`. Two apps that can store only one and the
 * same value in a target never conflict there: a conflict needs a different value.
 */
export const writeBound: (app: AppIR) => readonly BoundWrite[] = perApp(boundOf);

function boundOf(app: AppIR): readonly BoundWrite[] {
  const calls = namedCalls(app);
  const bound = new Map<string, BoundWrite>();
  const add = (device: string, attribute: string, values: WrittenValues) => {
    const key = targetKey({ device, attribute });
    bound.set(key, { target: { device, attribute }, values: union(bound.get(key)?.values, values) });
  };
  const capabilities = new Set(deviceInputs(app).values());
  for (const capability of capabilities) {
    const device = simulatedDeviceId(capability);
    const anyCommand = calls.computed || calls.computedCommand || calls.computedOn.has(capability);
    for (const [command, writes] of commandWriteSpecs(capability)) {
      if (!anyCommand && !calls.methods.has(command) && !calls.onCapability.get(capability)?.has(command)) continue;
      for (const w of writes) add(device, w.attribute, writtenValues(w, anyCommand ? ANY : (calls.argumentTexts.get(command) ?? ANY)));
    }
  }
  const monitor = ALARM_SYSTEM_STATUS.attribute;
  if (calls.computed || calls.computedOnApp) {
    add('location', 'mode', ANY);
    add('location', monitor, ANY);
  }
  if (calls.alarmStatuses === ANY || calls.alarmStatuses.size > 0) add('location', monitor, calls.alarmStatuses);
  if (calls.assignsMode) add('location', 'mode', calls.assignedModes);
  for (const setter of MODE_SETTERS) if (calls.methods.has(setter)) add('location', 'mode', argumentAt(calls.argumentTexts.get(setter) ?? ANY, 0));
  return [...bound.values()];
}

/**
 * What a call can set the Smart Home Monitor's status to, if it is a `sendLocationEvent` that may
 * send that event: the literal `value` it passes, or `ANY` (a computed value, or an event map built
 * elsewhere). Undefined for any other call, and for an event with another literal name.
 */
export function alarmStatusSent(call: ast.MethodCall): WrittenValues | undefined {
  if (call.method !== 'sendLocationEvent') return undefined;
  const first = call.args[0];
  const entries = [...call.namedArgs, ...(first?.kind === 'MapLiteral' ? first.entries : [])];
  const entry = (key: string) => entries.find((e) => e.key !== null && entryKeyText(e.key) === key);
  const name = entry('name');
  if (name === undefined) return ANY;
  const names = literalText(name.value);
  if (names !== ANY && !names.has(ALARM_SYSTEM_STATUS.attribute)) return undefined;
  return literalText(entry('value')?.value);
}

/** A map key as written: `name:` and `"name":` are both "name". */
function entryKeyText(key: ast.Expression): string | undefined {
  if (key.kind === 'Identifier') return key.name;
  return key.kind === 'StringLiteral' ? key.value : undefined;
}

/**
 * What one write of a command can store: its constant; for an argument, the literals the app's
 * calls pass at that position (`args`; `ANY` when the command may be called by a computed name or
 * referenced); anything for a map key or a toggle.
 */
function writtenValues(w: CommandWrite, args: ReadonlyMap<number, WrittenValues> | typeof ANY): WrittenValues {
  if ('value' in w) return new Set([String(w.value)]);
  if ('arg' in w) return argumentAt(args, w.arg);
  return ANY;
}

/** The texts passed at one position; a position no call fills writes nothing, so it is left to `ANY` too (never wrong). */
function argumentAt(args: ReadonlyMap<number, WrittenValues> | typeof ANY, position: number): WrittenValues {
  return args === ANY ? ANY : (args.get(position) ?? ANY);
}
