// The shape of a capability model: attributes with their value domains and initial values, commands
// with the attribute writes they make (capabilities.ts and platform-capabilities.ts hold the data).

/** A value in the table: plain data, so the table is read without the interpreter. */
export type PlainValue = string | number | boolean | null;

export type AttributeDomain = readonly string[] | 'number' | 'string' | 'boolean';

export interface AttributeSpec {
  name: string;
  domain: AttributeDomain;
  /** Initial value in the reference's init = true configuration. */
  initTrue: PlainValue;
  /** Initial value in the init = false configuration. */
  initFalse: PlainValue;
  /**
   * The device sends no event when the attribute changes: the value is stored (it is part of the
   * state, conflicts and DPOR see the write) but no handler hears of it. The reference's
   * conflict-only fields `colorChanged` and `oneUser` (§3.2) are silent.
   */
  silent?: boolean;
  /**
   * The attribute is a vector (the platform's VECTOR3: a three-axis sensor's acceleration), its
   * value the JSON text of an `{x, y, z}` map: `currentValue` gives the map, as `evt.xyzValue` does.
   */
  vector?: boolean;
  /**
   * The values a real device reports where the reference fires one constant (§2.6): the full
   * environment fires each of them (docs/model.md, "Environments").
   */
  deviceValues?: readonly string[];
}

/**
 * When a toggle write flips its boolean: on every call of the command (`speak` flips `oneUser`), or
 * only when the command changes some attribute with its other writes (an effective `setColor(map)`
 * flips `colorChanged`).
 */
export type ToggleWhen = 'always' | 'ifEffective';

/**
 * One attribute write of a command: a constant, a positional argument, a key of a map argument, or
 * the negation of the attribute's current (boolean) value.
 */
export type CommandWrite =
  | { attribute: string; value: PlainValue }
  | { attribute: string; arg: number }
  | { attribute: string; mapKey: string }
  | { attribute: string; toggle: ToggleWhen };

export interface CommandSpec {
  writes: readonly CommandWrite[];
  /** The command emits its event even when the value does not change (momentary `push`). */
  alwaysEmits?: boolean;
}

export interface CapabilitySpec {
  /** As written after `capability.` or `device.` in an input type. */
  name: string;
  attributes: readonly AttributeSpec[];
  commands: Readonly<Record<string, CommandSpec>>;
  /** Events of these attributes are direct user actions ("manual", reference §4.4). */
  manualEvents?: readonly string[];
  /** The environment's events of this device dispatch even when the value is unchanged. */
  alwaysDispatches?: boolean;
  /** The data (`evt.data`) an event of the device carries, by attribute and value. */
  eventData?: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, PlainValue>>>>>>;
}
