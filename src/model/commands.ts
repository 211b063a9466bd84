// The meaning of a device command on interpreter values: the writes of the capability table
// (devices/capabilities.ts) applied to a device's current attribute values.
import { commandOf, type AttributeDomain, type CapabilitySpec } from '../devices/capabilities.js';
import { toStr } from '../interp/operators.js';
import { Decimal, Double, type Value } from '../interp/values.js';

/** One attribute write of a command: whether it changes the attribute, and whether the device sends an event. */
export interface AttributeChange {
  attribute: string;
  value: Value;
  /**
   * The device stores the value: it differs from the current one, or the command always acts
   * (momentary `push`). False is the reference's idempotence guard: nothing is stored or sent.
   */
  changed: boolean;
  /** The device sends the attribute's event: the write changed it and the attribute is not silent. */
  sendsEvent: boolean;
}

/** Numeric arguments keep their number; strings that hold integers become numbers (setLevel("50")). */
function normaliseArgument(domain: AttributeDomain, v: Value): Value {
  if (domain === 'number') {
    if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
    if (v instanceof Decimal || v instanceof Double) return Number.isInteger(v.value) ? v.value : v;
    return v;
  }
  return v === null || typeof v === 'string' ? v : toStr(v);
}

/**
 * The meaning of `command(args)` on a device with `spec` whose attributes are `current`: the
 * attribute writes in the table's order, each with whether it changes the value and whether the
 * device sends an event for it. Returns undefined for a command the capability does not have.
 */
export function applyCommand(
  spec: CapabilitySpec,
  current: ReadonlyMap<string, Value>,
  command: string,
  args: readonly Value[],
  nullChangesNothing = false,
): AttributeChange[] | undefined {
  const cmd = commandOf(spec, command);
  if (!cmd) return undefined;
  // A leading options map (`on([delay: 1000])`) is not an argument of the command itself.
  const positional = args.length && args[0] instanceof Map && !cmd.writes.some((w) => 'mapKey' in w) ? args.slice(1) : args;
  const changes: (AttributeChange | undefined)[] = cmd.writes.map((w) => {
    if ('toggle' in w) return undefined; // decided below, once the other writes are known
    let raw: Value | undefined;
    if ('value' in w) raw = w.value;
    else if ('arg' in w) raw = positional[w.arg];
    else {
      const m = positional[0];
      raw = m instanceof Map && m.has(w.mapKey) ? (m.get(w.mapKey) ?? null) : undefined;
    }
    if (raw === undefined || (raw === null && nullChangesNothing)) return undefined;
    const attribute = spec.attributes.find((a) => a.name === w.attribute);
    const value = normaliseArgument(attribute?.domain ?? 'string', raw);
    const old = current.get(w.attribute) ?? null;
    const same = old === value || (old !== null && value !== null && toStr(old) === toStr(value));
    const changed = cmd.alwaysEmits === true || !same;
    return { attribute: w.attribute, value, changed, sendsEvent: changed && attribute?.silent !== true };
  });
  const effective = changes.some((c) => c?.changed);
  cmd.writes.forEach((w, i) => {
    if (!('toggle' in w) || (w.toggle === 'ifEffective' && !effective)) return;
    const attribute = spec.attributes.find((a) => a.name === w.attribute);
    const value = current.get(w.attribute) !== true;
    changes[i] = { attribute: w.attribute, value, changed: true, sendsEvent: attribute?.silent !== true };
  });
  return changes.filter((c): c is AttributeChange => c !== undefined);
}
