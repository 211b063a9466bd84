// The values the reference binds to inputs (iotcheck-reference.md §2.3), as data: a device input
// gets the one simulated device of its capability; the other types get constants.
import { toStr } from '../interp/operators.js';
import { capabilityOf } from '../model/capabilities.js';
import type { Value } from '../interp/values.js';
import type { InputIR } from './ir.js';

export type InputBinding = { kind: 'device'; capability: string } | { kind: 'value'; value: Value };

export const DEFAULT_MODE = 'home';

/** Input types whose value is a constant, with that constant. */
const CONSTANTS: Readonly<Record<string, Value>> = {
  number: 50,
  decimal: 50,
  text: 'This is just a text!',
  string: 'This is just a text!',
  paragraph: 'This is just a text!',
  password: 'This is just a text!',
  email: 'This is just a text!',
  time: '15:00',
  // The reference binds booleans to the *string* "true" (§2.3); kept, so `if (flag)` is truthy.
  bool: 'true',
  boolean: 'true',
  phone: 9495379373,
  contact: 'AJ',
  mode: DEFAULT_MODE,
  icon: 'st.Lighting.light1',
  hub: 'hub0',
};

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
  if (Object.hasOwn(CONSTANTS, input.type)) return { kind: 'value', value: CONSTANTS[input.type] };
  return { kind: 'value', value: null };
}

/**
 * The first option of an enum: a map option (`[key: label]`) gives its key, as SmartThings does;
 * a list option is stringified, as the reference does (nfc-tag-toggle compares `"[" + it.id + "]"`
 * with the option `[(it.id)]`, an adaptation made for exactly that).
 */
function firstOption(options: unknown[] | undefined): Value {
  const first = options?.[0];
  if (first === undefined) return null;
  if (first instanceof Map) return (first.keys().next().value as Value) ?? null;
  if (Array.isArray(first)) return toStr(first as Value);
  return first as Value;
}
