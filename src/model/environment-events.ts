// What the environment can fire: for each event type an app can subscribe to, the values the
// reference's event simulator delivers (reference §2.6, and §5.7 for the DPOR variant where a
// suffixed subscription such as "switch.on" is an event of its own carrying only that value).
// Values are constants, as in the reference: there is no choice over payloads.

/** The values one subscribed event type expands to, in the reference's case order. */
export interface EventTypeSpec {
  /** The event name delivered to handlers (`evt.name`). */
  name: string;
  values: readonly string[];
}

/** Types whose bare name expands to several values; each `type.value` suffix is one event. */
const MULTI_VALUED: Record<string, readonly string[]> = {
  lock: ['locked', 'unlocked'],
  contact: ['closed', 'open'],
  switch: ['on', 'off'],
  button: ['held', 'pushed'],
  presence: ['present', 'not present'],
  motion: ['active', 'inactive'],
  acceleration: ['active', 'inactive'],
  water: ['dry', 'wet'],
  smoke: ['clear', 'detected', 'tested'],
  carbonMonoxide: ['clear', 'detected', 'tested'],
  thermostatMode: ['auto', 'cool', 'emergencyHeat', 'heat', 'off'],
  thermostatFanMode: ['auto', 'fanCirculate', 'circulate', 'fanOn', 'on'],
  thermostatOperatingState: ['auto', 'cool', 'off', 'emergencyHeat', 'heat'],
  temperature: ['55', '45'],
  illuminance: ['0', '100'],
  humidity: ['70', '30'],
  power: ['70', '30'],
  status: ['playing', 'stopped', 'paused'],
  mute: ['unmuted', 'muted'],
  alarm: ['both', 'siren', 'strobe', 'off'],
  doorState: ['open', 'closed'],
  sleeping: ['sleeping', 'not sleeping'],
  goal: ['70', '40'],
  steps: ['100', '50'],
  // The reference's table gives `tamper.tampered` two events (reference §5.7): tampered and clear.
  tamper: ['tampered', 'clear'],
  mode: ['home', 'away', 'night'],
};

/** Single-valued types: one event with a fixed value. */
const SINGLE_VALUED: Record<string, string> = {
  nfcTouch: 'touched',
  app: 'touched',
  touched: 'touched',
  battery: '50',
  energy: '45',
  level: '45',
  heatingSetpoint: '40',
  coolingSetpoint: '60',
  thermostatSetpoint: '50',
  color: 'red',
  hue: '50',
  saturation: '50',
  colorTemperature: '50',
  trackDescription: 'Track description',
  trackData: '{"station":"stcheck"}',
  threeAxis: '{"x":1,"y":2,"z":3}',
  sunrise: 'sunrise',
  sunset: 'sunset',
  sunriseTime: 'sunriseTime',
  sunsetTime: 'sunsetTime',
  carbonDioxide: '400',
  consumableStatus: 'good',
  pH: '7',
  pressure: '1000',
  shock: 'clear',
  lqi: '50',
  rssi: '-50',
  sound: 'detected',
  soundPressureLevel: '50',
  ultravioletIndex: '5',
  voltage: '120',
  windowShade: 'open',
};

/** Per capability, a different constant for the same attribute (reference §2.6: battery, level). */
const CAPABILITY_VALUE: Record<string, Record<string, string>> = {
  smokeDetector: { battery: '5' },
  musicPlayer: { level: '36' },
  colorControl: { level: '50' },
};

/** Event names that the reference folds onto another name before delivery. */
const ALIASES: Record<string, string> = {
  fanMode: 'thermostatFanMode',
  position: 'mode',
  location: 'mode',
};

/**
 * The values an event type token expands to (`switch` → on, off; `switch.on` → on), or undefined
 * when the environment has no model of it. `capability` picks per-device constants.
 */
export function expandEventType(token: string, capability?: string): EventTypeSpec | undefined {
  const dot = token.indexOf('.');
  const rawName = dot < 0 ? token : token.slice(0, dot);
  const name = ALIASES[rawName] ?? rawName;
  const multi = MULTI_VALUED[name];
  if (dot >= 0) {
    const suffix = token.slice(dot + 1);
    // The reference's tokenizer splits "presence.not present" at the space: accept both spellings.
    const value = multi?.find((v) => v === suffix || v.split(' ')[0] === suffix);
    if (value === undefined) return undefined;
    return { name, values: name === 'tamper' ? multi! : [value] };
  }
  if (multi) return { name, values: multi };
  const single = (capability && CAPABILITY_VALUE[capability]?.[name]) ?? SINGLE_VALUED[name];
  return single === undefined ? undefined : { name, values: [single] };
}

