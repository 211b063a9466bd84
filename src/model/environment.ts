// The environment a pair is checked in (docs/model.md, "Environments"): what the simulated home
// fires and what the two apps' settings are.
// - `reference`: the reference's model: its event list and constant values (§2.6), its input
//   constants (§2.3), and different `mode` inputs for the two apps only in a run of the location
//   mode (its global-variable extractor, §2.3, §4.5). The paper's event counts are measured here.
// - `full` (the default): a real home. Every value of a subscribed sensor attribute arrives (both
//   directions of a binary sensor even when one value is subscribed); numeric attributes also get
//   values on each side of every constant and numeric setting the two apps compare against; the two
//   apps' `mode` and number settings differ, as two people would configure them (a number starting
//   from its declared default, inside its declared range); the location has
//   the modes the apps name besides the reference's three; every periodic
//   timer fires, also one set inside a condition (the reference's scan sees only a `schedule` that
//   opens `installed()`/`initialize()`); a sensor attribute an app only reads (a door contact
//   checked before locking) changes too, as it does in a home, although no app subscribes; the web
//   services the apps poll answer and change their answers, and outside clients call the apps'
//   REST endpoints; the boolean settings of a page opened once per scene differ from scene to
//   scene; a one-off timer (`runIn`) comes due later, as an event of its own; a day can pass; a
//   setting that chooses a state for the app's devices ("set the switches to on or off") differs
//   between the two apps; a time setting is the platform's ISO text; a text setting holds its
//   default, and an optional one without a default is left blank; a required input of a device
//   type the model lacks holds a device that takes every command; a subscription an app makes
//   again is one. The reference's
//   manual-action rule (§4.4) is kept in both; in `full`, what a person's later direct action
//   sets off may also override what an earlier one set off (a person's later choice).
import { FULL_PAIR_MODES, INPUT_CONSTANTS, NETWORK_TEXT_SETTINGS, PER_OPENING_BOOLEANS, PLATFORM_TIME_SETTING, REFERENCE_PAIR_MODES, NUMBER_INPUT_TYPES, SECOND_APP_NUMBER_SHIFT, TEXT_INPUT_TYPES, URL_TEXT } from '../devices/input-defaults.js';
import { optionValue } from '../interp/input-bindings.js';
import type { Value } from '../interp/values.js';
import { capabilityOf, commandSetStates } from '../devices/capabilities.js';
import type { AppIR, InputIR } from '../ir/ir.js';
import { namedModes } from '../analysis/mode-names.js';
import { LOCATION_MODES } from './home-world.js';

export const ENVIRONMENT_NAMES = ['reference', 'full'] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];
export const DEFAULT_ENVIRONMENT: EnvironmentName = 'full';

export interface Environment {
  name: EnvironmentName;
  /** Give the two apps' `mode` inputs different values (per position among their mode inputs). */
  pairModes?: Readonly<Record<'App1' | 'App2', readonly (string | null)[]>>;
  /**
   * How far App2's `number` and `decimal` settings lie from App1's, inside the setting's declared
   * range (undefined: the same value for both, the reference's constant).
   */
  secondAppNumberShift?: number;
  /**
   * A number setting holds its declared `defaultValue` where that is a number inside its range, as
   * a person who leaves it leaves it (a humidity fan's "on at 70, off at 65"); the reference binds
   * 50 to every number input, so an app's lower and upper bounds coincide.
   */
  numbersAsLeft?: boolean;
  /** A multiple-choice `enum` or `mode` input (a restriction such as "only on these days") holds every option. */
  everyOption?: boolean;
  /** A suffixed subscription (`contact.open`) fires every value of its attribute, not only the suffix. */
  wholeDomains: boolean;
  /** Numeric events also take values on each side of the constants and settings the apps compare against. */
  thresholds: boolean;
  /** Every periodic timer an app sets (`schedule`, `runEvery*`, `runDaily`) is an event, wherever it is set. */
  everyTimer?: boolean;
  /**
   * A device attribute a command sets (a switch, a lock, a thermostat's mode), changed by the
   * environment, is a person operating the device by hand: a direct user action, like a button's.
   */
  handOperated?: boolean;
  /** The location also has the modes the apps name (`setLocationMode("Sleep")`, `location.mode == "Away"`). */
  appModes?: boolean;
  /** A sensor attribute an app reads changes even when no app subscribes to it (a door that closes). */
  readSensorsChange?: boolean;
  /** Boolean settings of the openings of a page opened with params (scenes) alternate, by opening. */
  perOpeningBooleans?: readonly string[];
  /**
   * The outside world (model/outside-world.ts): web services answer the apps' requests and change
   * their answers; outside clients call the apps' REST endpoints.
   */
  outsideWorld?: boolean;
  /**
   * A one-off timer (`runIn`, `runOnce`) whose method the app names comes due later, as an event of
   * its own that other events can come before (due-timers.ts), instead of running at once; a
   * periodic timer (`schedule`, `runEvery*`, `runDaily`) with a schedule event runs only when that
   * event comes, not also inside the call that sets it.
   */
  delayedTimers?: boolean;
  /**
   * What a person's later direct action sets off, in any app, may override what their earlier one
   * set off without a conflict: the person chose again (the manual study's direct-direct
   * interactions). The reference counts a write in a manual event's cascade like any app's.
   */
  personsChoice?: boolean;
  /**
   * What a command with a null value argument (`setThermostatMode(null)`) does: the reference
   * stores null as the attribute's value; a real device handler leaves the attribute as it is.
   */
  nullArguments?: 'stored' | 'change-nothing';
  /**
   * Time passes: once, a whole day, as an event of its own, for a pair where an app reads the
   * clock (model/home.ts, `passTime`). The reference's clock stands still.
   */
  timePasses?: boolean;
  /**
   * Night falls: once, as an event of its own, for a pair where an app acts or not by the time of
   * day against the sun (analysis/clock-reads.ts, `readsTimeOfDay`; model/home.ts, `passTime`);
   * the clock moves to half an hour after the day's sunset. Time passes once in all: a day, or
   * to the night. The reference's clock stands still.
   */
  nightFalls?: boolean;
  /**
   * `getSunriseAndSunset()` gives the sunrise and sunset of the day asked (default today), at the
   * reference's times of day; the reference gives its fixed values of 2019-07-22 whatever the day,
   * nine days before its own clock, so "now" is always after that sunset.
   */
  sunOfTheDay?: boolean;
  /**
   * App2's single-choice enum that picks a state for the app's devices (options "on" and "off" of
   * an app with a switch input) takes the second such state; App1 keeps the first option.
   */
  secondAppState?: boolean;
  /**
   * A `time` setting is the platform's text, an ISO date-time (PLATFORM_TIME_SETTING), as apps
   * that parse it with a pattern expect; the reference binds "15:00".
   */
  platformTimes?: boolean;
  /**
   * A text setting holds its declared `defaultValue`; an optional one without a default is left
   * blank (null), as a person who skips it leaves it. The reference binds "This is just a text!"
   * to every text input, which apps that expect "HH:MM" or a number in it cannot read.
   */
  textAsLeft?: boolean;
  /**
   * A required input of a device type the capability table lacks (`device.nest`,
   * `capability.mediaController`) holds a device of that type, which takes every command and
   * changes nothing the model knows of: the platform makes a person pick one. The reference binds
   * nothing (§2.3); an optional one stays unbound in both, as a person may skip it.
   */
  unknownDevices?: boolean;
  /**
   * The search's states keep, of the tracked attributes, only those both apps may write (the
   * prefilter's static write bounds), and those only on the devices a command may write them on
   * (model/live-attributes.ts): a conflict can be over no other. A speed rule: the reference keeps
   * every tracked attribute of every device in its states, as the paper's state counts were measured.
   */
  contestedOnly?: boolean;
  /**
   * Before `installed()`, each app's preferences pages run with its settings, as a person
   * configuring it runs them, and what they store is in its state (a PIN entered on a page, a
   * service manager's discovered bridges). The reference's model runs no page code (§2.3).
   */
  configuredPages?: boolean;
  /**
   * A subscription the same as one the app holds (source, event, value filter, handler) is not made
   * again, so the handler runs once per event: apps that subscribe again from a periodic
   * `initialize()` without unsubscribing (MQTT bridges, every 15 minutes) hear each event once, and
   * so does an app subscribing two inputs of one capability (an inside and an outside thermometer),
   * which share the model's one device, whose event is one sensor's report. The reference appends
   * every subscription, so its handler runs once per call made.
   */
  oneSubscriptionEach?: boolean;
}

export const REFERENCE_ENVIRONMENT: Environment = { name: 'reference', wholeDomains: false, thresholds: false };

/**
 * The environment of a name. `locationModeRun`: the run tracks only the location mode, where the
 * reference gives the apps different modes too.
 */
export function environmentOf(name: EnvironmentName, locationModeRun: boolean): Environment {
  if (name === 'reference') return locationModeRun ? { ...REFERENCE_ENVIRONMENT, pairModes: REFERENCE_PAIR_MODES } : REFERENCE_ENVIRONMENT;
  return {
    name,
    pairModes: FULL_PAIR_MODES,
    secondAppNumberShift: SECOND_APP_NUMBER_SHIFT,
    numbersAsLeft: true,
    everyOption: true,
    wholeDomains: true,
    thresholds: true,
    everyTimer: true,
    handOperated: true,
    readSensorsChange: true,
    appModes: true,
    perOpeningBooleans: PER_OPENING_BOOLEANS,
    outsideWorld: true,
    delayedTimers: true,
    personsChoice: true,
    nullArguments: 'change-nothing',
    timePasses: true,
    nightFalls: true,
    sunOfTheDay: true,
    secondAppState: true,
    platformTimes: true,
    textAsLeft: true,
    unknownDevices: true,
    contestedOnly: true,
    configuredPages: true,
    oneSubscriptionEach: true,
  };
}

/**
 * The options of an enum that are states of one attribute of the app's devices, in the enum's
 * order (["on", "off"] for a "set these switches to" setting of an app with a switch input);
 * empty when fewer than two options are.
 */
function deviceStateOptions(input: InputIR, inputs: readonly InputIR[]): Value[] {
  const options = (input.options ?? []).map(optionValue);
  const domains = inputs.flatMap((i) => commandSetStates(i.capability === undefined ? undefined : capabilityOf(i.capability)));
  for (const domain of domains) {
    const states = options.filter((o) => typeof o === 'string' && domain.includes(o));
    if (states.length >= 2) return states;
  }
  return [];
}

/**
 * A text setting as a person leaves it: its default, else blank when optional, else what a person
 * types where it asks for a network address (`networkText`); undefined keeps the constant.
 */
function textAsLeft(input: InputIR): { value: Value } | undefined {
  const declared = input.defaultValue;
  if (typeof declared === 'string' || typeof declared === 'number') return { value: String(declared) };
  if (!input.required) return { value: null };
  const network = networkText(input);
  return network === undefined ? undefined : { value: network };
}

/**
 * The address or port a person types into a text setting whose title or name asks for one: the
 * address the title gives as an example (`IP address (ex. 192.168.29.101:8080)`), else the form
 * NETWORK_TEXT_SETTINGS names; undefined for any other text setting, and where the title asks for a URL.
 */
function networkText(input: InputIR): string | undefined {
  if (URL_TEXT.test(input.title ?? '')) return undefined;
  const asked = `${input.title ?? ''} ${input.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ')}`;
  const example = /\b(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?)\b/.exec(input.title ?? '')?.[1];
  return example ?? NETWORK_TEXT_SETTINGS.find((s) => s.asks.test(asked))?.value;
}

/** The location's modes: the reference's three, and in the full environment every mode the apps name. */
export function locationModes(env: Environment, apps: readonly AppIR[]): readonly string[] {
  return env.appModes ? [...new Set([...LOCATION_MODES, ...apps.flatMap(namedModes)])] : LOCATION_MODES;
}

/**
 * The value the environment gives an app's input instead of the reference's constant, or undefined
 * to keep it. `inputs`: all the app's inputs, for the position of a mode input among them;
 * `allModes`: the location's modes (`locationModes`).
 */
export function pairSetting(env: Environment, app: string, input: InputIR, inputs: readonly InputIR[], allModes: readonly string[] = LOCATION_MODES, numberFallback?: number): { value: Value } | undefined {
  if (app !== 'App1' && app !== 'App2') return undefined;
  if (env.everyOption && input.multiple && input.type === 'mode') return { value: [...allModes] };
  if (env.everyOption && input.multiple && input.type === 'enum' && input.options !== undefined) return { value: input.options.map(optionValue) };
  if (input.type === 'mode' && env.pairModes) {
    const modes = env.pairModes[app];
    // The full environment's multiple mode inputs hold every mode: positions count the single ones.
    const position = inputs.filter((i) => i.type === 'mode' && !(env.everyOption && i.multiple)).indexOf(input);
    return { value: modes[position % modes.length] };
  }
  if ((input.type === 'boolean' || input.type === 'bool') && input.pageOpening !== undefined && env.perOpeningBooleans) {
    return { value: env.perOpeningBooleans[input.pageOpening % env.perOpeningBooleans.length] };
  }
  if (env.secondAppState && app === 'App2' && input.type === 'enum' && !input.multiple) {
    const second = deviceStateOptions(input, inputs)[1];
    if (second !== undefined) return { value: second };
  }
  if (input.type === 'time' && env.platformTimes) return { value: PLATFORM_TIME_SETTING };
  if (env.textAsLeft && TEXT_INPUT_TYPES.has(input.type)) return textAsLeft(input);
  // A phone number is text on the platform (apps split a list of them: `sms.split("\\+")`).
  if (env.textAsLeft && input.type === 'phone') return textAsLeft(input) ?? { value: String(INPUT_CONSTANTS.phone) };
  if (NUMBER_INPUT_TYPES.has(input.type)) return { value: numberSetting(env, app, input, numberFallback) };
  return undefined;
}

/**
 * The value of an app's number setting: App1's is its default as a person leaves it
 * (`numbersAsLeft`): the declared `defaultValue`, else the number the app's code falls back on
 * when it is blank (`fallback`: `numFlashes ?: 3`, analysis/setting-fallbacks.ts), else the
 * reference's constant; App2's lies `secondAppNumberShift` above App1's, or below where the
 * declared range stops it there.
 */
export function numberSetting(env: Environment, app: string, input: InputIR, fallback?: number): number {
  const range = declaredRange(input.range);
  const declared = env.numbersAsLeft ? (numberIn(input.defaultValue, range) ?? numberIn(fallback, range)) : undefined;
  const first = declared ?? (INPUT_CONSTANTS.number as number);
  const shift = env.secondAppNumberShift;
  if (app !== 'App2' || shift === undefined) return first;
  return [first + shift, first - shift, range.max, range.min].find((v) => v !== first && Number.isFinite(v) && inRange(v, range)) ?? first;
}

interface NumberRange {
  min: number;
  max: number;
}

/** A declared range (`"1..60"`, `"(0..99)"`, `"*..0"`, `*` unbounded); unbounded when absent or unreadable. */
function declaredRange(range: string | undefined): NumberRange {
  const bounds = /^\(?\s*(\*|-?\d+(?:\.\d+)?)\s*\.\.\s*(\*|-?\d+(?:\.\d+)?)\s*\)?$/.exec(range?.trim() ?? '');
  if (!bounds) return { min: -Infinity, max: Infinity };
  const bound = (text: string, unbounded: number) => (text === '*' ? unbounded : Number(text));
  return { min: bound(bounds[1], -Infinity), max: bound(bounds[2], Infinity) };
}

const inRange = (v: number, range: NumberRange) => v >= range.min && v <= range.max;

/** A declared default as a number (`5`, `"5"`, `5.0`) inside the range; undefined otherwise. */
function numberIn(value: unknown, range: NumberRange): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && inRange(n, range) ? n : undefined;
}

