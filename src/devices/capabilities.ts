// The device capability models as data (iotcheck-reference.md §3.1-§3.2), one table: attributes
// with their value domains and the two initial values (the reference's init = true / false
// configurations), commands with the attribute writes they make, and the manual events.
// `applyCommand` (model/commands.ts) is the only place that gives commands their meaning; the
// single-app home and the pair model both use it. The other standard capabilities of the platform
// are in platform-capabilities.ts.
import { PLATFORM_CAPABILITIES } from './platform-capabilities.js';

import type { AttributeSpec, CapabilitySpec, CommandSpec, PlainValue } from './capability-types.js';

export type { AttributeDomain, AttributeSpec, CapabilitySpec, CommandSpec, CommandWrite, PlainValue } from './capability-types.js';

const ON_OFF = ['on', 'off'] as const;

function enumAttr(name: string, domain: readonly string[], initTrue: string, initFalse: string): AttributeSpec {
  return { name, domain, initTrue, initFalse };
}

function numAttr(name: string, initTrue: number, initFalse: number): AttributeSpec {
  return { name, domain: 'number', initTrue, initFalse };
}

function set(attribute: string, value: PlainValue): CommandSpec {
  return { writes: [{ attribute, value }] };
}

function fromArg(attribute: string): CommandSpec {
  return { writes: [{ attribute, arg: 0 }] };
}

/**
 * A boolean the reference's device class keeps only so that repeated commands conflict (§3.2): no
 * event, initial values from its device class (docs/model.md, "Toggles").
 */
function toggleAttr(name: string, initTrue: boolean, initFalse: boolean): AttributeSpec {
  return { name, domain: 'boolean', initTrue, initFalse, silent: true };
}

const switchCommands = { on: set('switch', 'on'), off: set('switch', 'off') };

/** Commands every device accepts without effect (capability.polling, capability.refresh). */
const NO_OPS: Readonly<Record<string, CommandSpec>> = { poll: { writes: [] }, refresh: { writes: [] } };

function sensor(name: string, attributes: AttributeSpec[], extra: Partial<CapabilitySpec> = {}): CapabilitySpec {
  return { name, attributes, commands: {}, ...extra };
}

const THERMOSTAT_MODES = ['auto', 'cool', 'emergency heat', 'emergencyHeat', 'heat', 'off'];
const FAN_MODES = ['auto', 'fanCirculate', 'circulate', 'fanOn', 'on', 'off'];
const MUSIC_STATUS = ['playing', 'paused', 'stopped'];
const playing = set('status', 'playing');

/**
 * What a three-axis sensor at rest reports on each of its six faces: gravity, about 1000 mg, along
 * one axis, + or -, and near 0 on the other two (a SmartSense Multi in a cube). The reference's one
 * value {"x":1,"y":2,"z":3} is no face: every axis is near 0.
 */
const CUBE_FACES = [
  { x: 0, y: 0, z: 1000 },
  { x: 0, y: 0, z: -1000 },
  { x: 1000, y: 0, z: 0 },
  { x: -1000, y: 0, z: 0 },
  { x: 0, y: 1000, z: 0 },
  { x: 0, y: -1000, z: 0 },
].map((face) => JSON.stringify(face));

const TABLE: CapabilitySpec[] = [
  {
    name: 'switch',
    attributes: [enumAttr('switch', ON_OFF, 'off', 'on'), numAttr('level', 50, 60)],
    commands: { ...switchCommands, setLevel: fromArg('level') },
  },
  {
    name: 'switchLevel',
    attributes: [enumAttr('switch', ON_OFF, 'on', 'off'), numAttr('level', 50, 60), numAttr('hue', 30, 50), numAttr('saturation', 70, 90)],
    commands: {
      ...switchCommands,
      setLevel: fromArg('level'),
      setColor: { writes: [{ attribute: 'level', mapKey: 'level' }, { attribute: 'hue', mapKey: 'hue' }, { attribute: 'saturation', mapKey: 'saturation' }] },
    },
  },
  { name: 'relaySwitch', attributes: [enumAttr('switch', ON_OFF, 'off', 'on')], commands: switchCommands },
  { name: 'outlet', attributes: [enumAttr('switch', ON_OFF, 'off', 'on')], commands: switchCommands },
  {
    name: 'lock',
    attributes: [enumAttr('lock', ['locked', 'unlocked'], 'locked', 'unlocked')],
    commands: { lock: set('lock', 'locked'), unlock: set('lock', 'unlocked') },
  },
  {
    name: 'thermostat',
    attributes: [
      numAttr('temperature', 60, 66),
      numAttr('heatingSetpoint', 35, 50),
      numAttr('coolingSetpoint', 70, 80),
      numAttr('thermostatSetpoint', 50, 60),
      enumAttr('thermostatMode', THERMOSTAT_MODES, 'off', 'off'),
      enumAttr('thermostatFanMode', FAN_MODES, 'off', 'circulate'),
      enumAttr('thermostatOperatingState', ['cooling', 'heating', 'idle', 'fan only', 'pending cool', 'pending heat', 'vent economizer'], 'cooling', 'cooling'),
    ],
    commands: {
      setHeatingSetpoint: fromArg('heatingSetpoint'),
      setCoolingSetpoint: fromArg('coolingSetpoint'),
      setThermostatMode: fromArg('thermostatMode'),
      setThermostatFanMode: fromArg('thermostatFanMode'),
      cool: set('thermostatMode', 'cool'),
      heat: set('thermostatMode', 'heat'),
      auto: set('thermostatMode', 'auto'),
      emergencyHeat: set('thermostatMode', 'emergency heat'),
      off: set('thermostatMode', 'off'),
      fanOn: set('thermostatFanMode', 'on'),
      fanAuto: set('thermostatFanMode', 'auto'),
      fanCirculate: set('thermostatFanMode', 'circulate'),
      setHold: { writes: [{ attribute: 'heatingSetpoint', arg: 0 }, { attribute: 'coolingSetpoint', arg: 1 }] },
      // The reference accepts these without an event (§3.2).
      setClimate: { writes: [] },
      setSchedule: { writes: [] },
    },
  },
  {
    name: 'colorControl',
    attributes: [
      enumAttr('switch', ON_OFF, 'off', 'on'),
      { name: 'color', domain: 'string', initTrue: 'Red', initFalse: 'Blue' },
      numAttr('hue', 30, 50),
      numAttr('saturation', 40, 50),
      numAttr('level', 20, 50),
      numAttr('colorTemperature', 10000, 15000),
      // ColorControls.colorChanged: false in both configurations.
      toggleAttr('colorChanged', false, false),
    ],
    commands: {
      ...switchCommands,
      setColor: {
        writes: [
          // First, so that it is stored before the colour events reach any handler.
          { attribute: 'colorChanged', toggle: 'ifEffective' },
          { attribute: 'color', mapKey: 'hex' },
          { attribute: 'hue', mapKey: 'hue' },
          { attribute: 'saturation', mapKey: 'saturation' },
          { attribute: 'level', mapKey: 'level' },
        ],
      },
      setHue: fromArg('hue'),
      setSaturation: fromArg('saturation'),
      setLevel: fromArg('level'),
      setColorTemperature: fromArg('colorTemperature'),
    },
  },
  {
    name: 'colorTemperature',
    attributes: [enumAttr('switch', ON_OFF, 'on', 'on'), numAttr('level', 30, 50), numAttr('colorTemperature', 10000, 15000)],
    commands: { ...switchCommands, setLevel: fromArg('level'), setColorTemperature: fromArg('colorTemperature') },
  },
  {
    name: 'alarm',
    attributes: [enumAttr('alarm', ['off', 'both', 'siren', 'strobe'], 'off', 'both')],
    commands: { both: set('alarm', 'both'), on: set('alarm', 'both'), siren: set('alarm', 'siren'), strobe: set('alarm', 'strobe'), off: set('alarm', 'off') },
  },
  {
    name: 'valve',
    attributes: [enumAttr('valve', ['open', 'closed'], 'closed', 'open')],
    commands: { open: set('valve', 'open'), close: set('valve', 'closed') },
  },
  {
    name: 'doorControl',
    attributes: [enumAttr('door', ['open', 'closed', 'opening', 'closing', 'unknown'], 'closed', 'open')],
    commands: { open: set('door', 'open'), close: set('door', 'closed') },
  },
  {
    name: 'garageDoorControl',
    attributes: [enumAttr('door', ['open', 'closed', 'opening', 'closing', 'unknown'], 'closed', 'open')],
    commands: { open: set('door', 'open'), close: set('door', 'closed') },
  },
  {
    name: 'windowShade',
    attributes: [enumAttr('windowShade', ['open', 'closed', 'partially open', 'opening', 'closing', 'unknown'], 'closed', 'open')],
    commands: { open: set('windowShade', 'open'), close: set('windowShade', 'closed'), presetPosition: set('windowShade', 'partially open') },
  },
  {
    name: 'musicPlayer',
    attributes: [
      numAttr('level', 20, 30),
      enumAttr('mute', ['muted', 'unmuted'], 'unmuted', 'muted'),
      enumAttr('status', MUSIC_STATUS, 'paused', 'playing'),
      { name: 'trackDescription', domain: 'string', initTrue: '', initFalse: '' },
      { name: 'trackData', domain: 'string', initTrue: '', initFalse: '' },
    ],
    commands: {
      play: playing,
      pause: set('status', 'paused'),
      stop: set('status', 'stopped'),
      on: playing,
      off: set('status', 'stopped'),
      mute: set('mute', 'muted'),
      unmute: set('mute', 'unmuted'),
      setLevel: fromArg('level'),
      nextTrack: playing,
      previousTrack: playing,
      resumeTrack: playing,
      restoreTrack: playing,
      setTrack: { writes: [{ attribute: 'trackData', arg: 0 }] },
      playTrack: { writes: [{ attribute: 'status', value: 'playing' }, { attribute: 'trackData', arg: 0 }] },
      playText: { writes: [{ attribute: 'status', value: 'playing' }, { attribute: 'trackDescription', arg: 0 }] },
      playTrackAndResume: { writes: [{ attribute: 'trackData', arg: 0 }] },
      playTrackAndRestore: { writes: [{ attribute: 'trackData', arg: 0 }] },
      playTextAndResume: { writes: [{ attribute: 'trackDescription', arg: 0 }] },
      playTextAndRestore: { writes: [{ attribute: 'trackDescription', arg: 0 }] },
      playSoundAndTrack: { writes: [{ attribute: 'trackData', arg: 0 }] },
      playTrackAtVolume: { writes: [{ attribute: 'trackData', arg: 0 }, { attribute: 'level', arg: 1 }] },
    },
  },
  {
    name: 'speechSynthesis',
    // SpeechSynthesises.oneUser: true with init = true, false with init = false.
    attributes: [numAttr('level', 50, 60), toggleAttr('oneUser', true, false)],
    commands: { speak: { writes: [{ attribute: 'oneUser', toggle: 'always' }] }, setLevel: fromArg('level') },
  },
  {
    name: 'imageCapture',
    attributes: [
      { name: 'image', domain: 'string', initTrue: 'imageData', initFalse: 'imageData' },
      enumAttr('alarmState', ['armed', 'not armed'], 'armed', 'not armed'),
    ],
    commands: { take: { writes: [] }, alarmOn: set('alarmState', 'armed'), alarmOff: set('alarmState', 'not armed') },
  },
  {
    // The reference's contact sensors also carry an alarm state that `on`/`off` arm and disarm.
    name: 'contactSensor',
    attributes: [enumAttr('contact', ['closed', 'open'], 'closed', 'open'), enumAttr('alarmState', ['armed', 'not armed'], 'armed', 'not armed')],
    commands: { on: set('alarmState', 'armed'), off: set('alarmState', 'not armed') },
  },
  sensor('motionSensor', [enumAttr('motion', ['inactive', 'active'], 'inactive', 'active')]),
  sensor('presenceSensor', [enumAttr('presence', ['not present', 'present'], 'not present', 'present')]),
  // A beacon's presence event says whose phone it saw (its network id) and whether it arrived ("1"):
  // the one simulated phone, which apps find among their mobilePresence inputs by that id.
  sensor('beacon', [enumAttr('presence', ['not present', 'present'], 'not present', 'present')], {
    eventData: { presence: { present: { presence: '1', dni: simulatedDeviceId('mobilePresence') }, 'not present': { presence: '0', dni: simulatedDeviceId('mobilePresence') } } },
  }),
  sensor('mobilePresence', [enumAttr('presence', ['not present', 'present'], 'not present', 'present')]),
  sensor('accelerationSensor', [enumAttr('acceleration', ['inactive', 'active'], 'inactive', 'active')]),
  sensor('smokeDetector', [
    enumAttr('smoke', ['clear', 'detected', 'tested'], 'clear', 'detected'),
    enumAttr('carbonMonoxide', ['clear', 'detected', 'tested'], 'clear', 'detected'),
    numAttr('battery', 50, 60),
  ]),
  sensor('carbonMonoxideDetector', [enumAttr('carbonMonoxide', ['clear', 'detected', 'tested'], 'clear', 'detected')]),
  sensor('waterSensor', [enumAttr('water', ['dry', 'wet'], 'dry', 'wet')]),
  sensor('temperatureMeasurement', [numAttr('temperature', 40, 60)]),
  sensor('relativeHumidityMeasurement', [numAttr('humidity', 50, 60)]),
  sensor('illuminanceMeasurement', [numAttr('illuminance', 20000, 5)]),
  sensor('powerMeter', [numAttr('power', 50, 60)]),
  { name: 'energyMeter', attributes: [numAttr('energy', 50, 60)], commands: { reset: set('energy', 0) } },
  sensor('battery', [numAttr('battery', 50, 35)]),
  sensor('sleepSensor', [enumAttr('sleeping', ['sleeping', 'not sleeping'], 'sleeping', 'not sleeping')]),
  sensor('stepSensor', [numAttr('goal', 50, 40), numAttr('steps', 35, 60)]),
  sensor('threeAxis', [{ name: 'threeAxis', domain: 'string', initTrue: '{"x":0,"y":0,"z":0}', initFalse: '{"x":1,"y":2,"z":3}', vector: true, deviceValues: CUBE_FACES }], {
    manualEvents: ['threeAxis'],
  }),
  sensor('button', [enumAttr('button', ['pushed', 'held'], 'pushed', 'held'), numAttr('numberOfButtons', 4, 4)], {
    manualEvents: ['button'],
    alwaysDispatches: true,
  }),
  sensor('aeonKeyFob', [enumAttr('button', ['pushed', 'held'], 'pushed', 'held'), numAttr('numberOfButtons', 4, 4)], {
    manualEvents: ['button'],
    alwaysDispatches: true,
  }),
  {
    name: 'momentary',
    attributes: [enumAttr('momentary', ['pushed'], 'pushed', 'pushed')],
    commands: { push: { writes: [{ attribute: 'momentary', value: 'pushed' }], alwaysEmits: true } },
  },
  sensor('touchSensor', [enumAttr('nfcTouch', ['touched'], 'touched', 'touched')], { manualEvents: ['nfcTouch'], alwaysDispatches: true }),
  // The simple sensors the reference lumps together as RemainingDevices: state only, events always dispatch.
  ...(
    [
      ['carbonDioxideMeasurement', 'carbonDioxide'],
      ['consumable', 'consumableStatus'],
      ['pHMeasurement', 'pH'],
      ['shockSensor', 'shock'],
      ['soundSensor', 'sound'],
      ['soundPressureLevel', 'soundPressureLevel'],
      ['tamperAlert', 'tamper'],
      ['ultravioletIndex', 'ultravioletIndex'],
      ['voltageMeasurement', 'voltage'],
    ] as const
  ).map(([name, attribute]) => sensor(name, [{ name: attribute, domain: 'string', initTrue: null, initFalse: null }], { alwaysDispatches: true })),
  sensor('signalStrength', [{ name: 'lqi', domain: 'number', initTrue: null, initFalse: null }, { name: 'rssi', domain: 'number', initTrue: null, initFalse: null }], {
    alwaysDispatches: true,
  }),
  sensor('sensor', [], { alwaysDispatches: true }),
  sensor('actuator', []),
];

/** The reference's models first; the platform's other standard capabilities after them. */
const ALL = [...TABLE, ...PLATFORM_CAPABILITIES.filter((c) => !TABLE.some((t) => t.name === c.name))];
const BY_NAME = new Map(ALL.map((c) => [c.name, c]));
/** Legacy spellings (`capability.Switch`, `capability.switch level`, `lock codes`) by folded name. */
const BY_FOLDED_NAME = new Map(ALL.map((c) => [foldName(c.name), c]));

function foldName(name: string): string {
  return name.replace(/[\s_]+/g, '').toLowerCase();
}

export const CAPABILITIES: readonly CapabilitySpec[] = ALL;

/** The capability of an input type (`capability.lock` → lock spec), or undefined if unmodelled. */
export function capabilityOf(name: string): CapabilitySpec | undefined {
  return BY_NAME.get(name) ?? BY_FOLDED_NAME.get(foldName(name));
}

const STANDARD_ATTRIBUTES: ReadonlySet<string> = new Set(ALL.flatMap((c) => c.attributes.map((a) => a.name)));

/** Whether some capability of the platform has an attribute of this name (`lock`, `contact`, ...). */
export function isStandardAttribute(name: string): boolean {
  return STANDARD_ATTRIBUTES.has(name);
}

const VECTOR_ATTRIBUTES: ReadonlySet<string> = new Set(ALL.flatMap((c) => c.attributes.filter((a) => a.vector).map((a) => a.name)));

/** Whether the attribute of this name is a vector, read as an `{x, y, z}` map (`threeAxis`). */
export function isVectorAttribute(name: string): boolean {
  return VECTOR_ATTRIBUTES.has(name);
}

/** The values a real device of the capability reports for the attribute, where the table lists them. */
export function deviceValuesOf(capability: string | undefined, attribute: string): readonly string[] | undefined {
  return capability === undefined ? undefined : capabilityOf(capability)?.attributes.find((a) => a.name === attribute)?.deviceValues;
}

export function attributeNames(spec: CapabilitySpec): string[] {
  return spec.attributes.map((a) => a.name);
}

/** Every command some capability of the table has (`on`, `lock`, `setLevel`, ...). */
export const DEVICE_COMMANDS: ReadonlySet<string> = new Set(ALL.flatMap((spec) => Object.keys(spec.commands)));

export function commandNames(spec: CapabilitySpec): string[] {
  return [...Object.keys(spec.commands), ...Object.keys(NO_OPS).filter((c) => !(c in spec.commands))];
}

export function initialValues(spec: CapabilitySpec, init: boolean): Map<string, PlainValue> {
  return new Map(spec.attributes.map((a) => [a.name, init ? a.initTrue : a.initFalse]));
}

/** The data an event of the device carries (`evt.data`): the table's, a button's number, or none. */
export function eventDataOf(spec: CapabilitySpec | undefined, attribute: string, value: string): Readonly<Record<string, PlainValue>> | null {
  return spec?.eventData?.[attribute]?.[value] ?? (attribute === 'button' ? BUTTON_DATA : null);
}

/** Every button event is of button 1, as the reference's snippets (§2.6). */
const BUTTON_DATA = { buttonNumber: 1 };

export function isManualEvent(spec: CapabilitySpec | undefined, attribute: string): boolean {
  return spec?.manualEvents?.includes(attribute) ?? false;
}

/**
 * Whether a command of the capability sets the attribute to a value (not a conflict-only toggle):
 * what an app can command, a person can also set on the device itself (a wall switch, a lock's
 * thumb turn, a thermostat's buttons).
 */
export function isCommandSet(spec: CapabilitySpec | undefined, attribute: string): boolean {
  if (!spec) return false;
  return Object.values(spec.commands).some((command) => command.writes.some((w) => w.attribute === attribute && !('toggle' in w)));
}

/**
 * The value sets of the attributes a command of the capability sets to one of a few named states
 * (a switch's on and off, a lock's locked and unlocked, a thermostat's modes).
 */
export function commandSetStates(spec: CapabilitySpec | undefined): (readonly string[])[] {
  if (!spec) return [];
  return spec.attributes.flatMap((a) => (Array.isArray(a.domain) && isCommandSet(spec, a.name) ? [a.domain as readonly string[]] : []));
}

/**
 * Whether a command's write counts as a write of the attribute for conflict detection: it changed
 * the value, or it is a `switch` command storing the value already current (the reference's
 * Switches write their mirror field unconditionally, reference §3.2 and §7.1 item 3). The model
 * reports such a write to the checker as a write access too: which app wrote last decides later
 * conflicts, so two such writes do not commute even when neither changes the value.
 */
export function countsAsWrite(write: { readonly attribute: string; readonly changed: boolean }): boolean {
  return write.changed || write.attribute === 'switch';
}

/** The command of a capability, with the no-op commands every device accepts. */
export function commandOf(spec: CapabilitySpec, command: string): CommandSpec | undefined {
  return spec.commands[command] ?? NO_OPS[command];
}

/** The id of the simulated device of a capability: one per capability, shared by every input of it. */
export function simulatedDeviceId(capability: string): string {
  return `${capability}0`;
}
