// The values the reference binds to inputs (iotcheck-reference.md §2.3): a device input gets the
// one simulated device of its capability; the other types get the constants of
// devices/input-defaults.ts; an enum gets its first option.
import { capabilityOf } from '../devices/capabilities.js';
import { INPUT_CONSTANTS } from '../devices/input-defaults.js';
import type { InputIR } from '../ir/ir.js';
import { toStr } from './operators.js';
import { BuiltinObject, type Value } from './values.js';

export type InputBinding = { kind: 'device'; capability: string } | { kind: 'value'; value: Value };

/**
 * The binding of one input; `capability.X` and `device.X` inputs are devices of capability X when
 * the capability table models X. Other device types (`device.pushbullet`, `capability.mediaController`)
 * get nothing, as in the reference (§2.3), so `if (settings.pushbullet)` guards skip them.
 */
export function defaultBinding(input: InputIR): InputBinding {
  if (input.capability !== undefined) {
    return capabilityOf(input.capability) ? { kind: 'device', capability: input.capability } : { kind: 'value', value: null };
  }
  if (input.type === 'enum') return { kind: 'value', value: firstOption(input.options) };
  if (input.type === 'hub') return { kind: 'value', value: new BuiltinObject('hub', toStr(INPUT_CONSTANTS.hub)) };
  if (Object.hasOwn(INPUT_CONSTANTS, input.type)) return { kind: 'value', value: INPUT_CONSTANTS[input.type] };
  return { kind: 'value', value: null };
}

/**
 * The first option of an enum: a map option (`[key: label]`) gives its key, as SmartThings does;
 * a list option is stringified, as the reference does (nfc-tag-toggle compares `"[" + it.id + "]"`
 * with the option `[(it.id)]`, an adaptation made for exactly that).
 */
function firstOption(options: unknown[] | undefined): Value {
  return options === undefined || options.length === 0 ? null : optionValue(options[0]);
}

/** One enum option as the app sees it when chosen: a map option's key, a list stringified, else itself. */
export function optionValue(option: unknown): Value {
  if (option instanceof Map) return (option.keys().next().value as Value) ?? null;
  if (Array.isArray(option)) return toStr(option as Value);
  return option as Value;
}
