// The constants the reference binds to inputs that are not devices (iotcheck-reference.md §2.3),
// as plain data; interp/input-bindings.ts turns an input into its binding.
import type { PlainValue } from './capabilities.js';

export const DEFAULT_MODE = 'home';

/**
 * A `time` setting as the platform hands it to the app: an ISO date-time with milliseconds and an
 * RFC 822 offset (gentle-wake-up, an official app, reads its `startTime` setting with
 * "yyyy-MM-dd'T'HH:mm:ss.SSSZ"). It is the reference's 15:00 on the day every home's clock starts,
 * in the location's zone (America/New_York, summer time).
 */
export const PLATFORM_TIME_SETTING = '2019-08-01T15:00:00.000-0400';

/** Input types a person types free text into; the reference binds them all to one text constant. */
export const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set(['text', 'string', 'paragraph', 'password', 'email']);

/**
 * What a person types into a text setting that asks for a network address (LAN bridge apps parse
 * it: `ipAddress.tokenize('.').collect { it.toInteger() }`, `port.toInteger()`), by what its title
 * or its name asks for: an address with a port, an address, or a port, on a home network. The
 * first that matches; none where the title asks for a URL (`Uri (https://host:port)`), whose
 * form these are not.
 */
export const NETWORK_TEXT_SETTINGS: readonly { readonly asks: RegExp; readonly value: string }[] = [
  { asks: /\b(ip|host|address)\b[^,;]*\bport\b|ip_?address:port/i, value: '192.168.1.10:8080' },
  { asks: /\bip\b|\bip ?addr(ess)?\b/i, value: '192.168.1.10' },
  { asks: /\bport\b/i, value: '8080' },
];

/** A title naming a URL: no network text setting's form. */
export const URL_TEXT = /\bur[il]\b|https?:/i;

/** Input types a person enters a number into. */
export const NUMBER_INPUT_TYPES: ReadonlySet<string> = new Set(['number', 'decimal']);

/** Input types whose value is a constant, with that constant. */
export const INPUT_CONSTANTS: Readonly<Record<string, PlainValue>> = {
  number: 50,
  decimal: 50,
  ...Object.fromEntries([...TEXT_INPUT_TYPES].map((type) => [type, 'This is just a text!'])),
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
 * The values the reference's global-variable extractor gives `mode` inputs (§2.3,
 * `assignDifferentModes`): App1's mode inputs in order of declaration walk the first list, App2's
 * the second (its buggy wrap yields null), so mode-setting apps target different modes.
 */
export const REFERENCE_PAIR_MODES: Readonly<Record<'App1' | 'App2', readonly (string | null)[]>> = {
  App1: ['away', 'home', 'night', null],
  App2: ['night', null, 'away', 'home'],
};

/** The full environment's `mode` inputs: different for the two apps at every position, never unset. */
export const FULL_PAIR_MODES: Readonly<Record<'App1' | 'App2', readonly string[]>> = {
  App1: ['away', 'home', 'night'],
  App2: ['night', 'away', 'home'],
};

/**
 * How far the full environment's numeric settings of App2 lie from App1's (the reference's 50
 * becomes 70): two people configure a setpoint, level or threshold differently, so that two apps
 * setting the same attribute from their settings can disagree.
 */
export const SECOND_APP_NUMBER_SHIFT = 20;

/**
 * The full environment's boolean settings on a page opened with params (a scene's "light on?"), by
 * opening of the page in turn: one scene on, the next off, as a user configures scenes to differ.
 */
export const PER_OPENING_BOOLEANS: readonly string[] = ['true', 'false'];

/**
 * The properties of the location's hub, which a `hub` input holds (as an object whose text is the
 * reference's constant `hub0`): what apps read of it, in the platform's format.
 */
export const HUB_PROPERTIES: Readonly<Record<string, PlainValue>> = {
  id: 'hub0',
  name: 'Home Hub',
  label: 'Home Hub',
  type: 'PHYSICAL',
  status: 'ACTIVE',
  localIP: '192.168.1.10',
  localSrvPortTCP: '39500',
  firmwareVersionString: '000.018.00022',
  zigbeeId: '000D6F000C0FFEE0',
  zigbeeEui: '000D6F000C0FFEE0',
};
