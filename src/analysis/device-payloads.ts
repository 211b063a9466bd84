// The payloads an outside client sends a bridge app's endpoint (docs/model.md, "The outside world"):
// IFTTT, Alfred or a dashboard lists the app's devices, then sends "run command C on device D of
// kind K". The endpoint's handler reads K as a key into `settings`, D as a device id and C as a
// command name (web-payloads.ts finds which path plays which role). A real client's payload is
// coherent: the id is one of that input's devices, the command one of its capability's. So each
// payload is one (device input, its device, one command of its capability), with the constants
// the handler compares its other paths against, at most MAX_DEVICE_PAYLOADS.
import { capabilityOf, simulatedDeviceId } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import { commandWrites } from './commands.js';

/** What a payload path stands for in a bridge app's handler. */
export type PathRole = 'input' | 'deviceId' | 'command';

/** The roles in the order a client picks them (and a payload's label names them); a path that plays several takes the first. */
export const ROLE_ORDER: readonly PathRole[] = ['input', 'deviceId', 'command'];

/**
 * At most this many payloads per endpoint: a bridge app with switches, locks and alarms has 9
 * (input, command) pairs; every payload is one more event of the pair, fired from every state.
 */
export const MAX_DEVICE_PAYLOADS = 12;

/** One payload: the value of each path with a role (by its dotted path), the answer at the others. */
export interface EndpointPayload {
  /** The event's value: the answer, or `deviceType=switches, id=switch0, command=on` (each role path's last key). */
  label: string;
  values: Readonly<Record<string, string>>;
  answer: string;
}

/** One choice of a client: a device input, the device it holds, and a command of its capability. */
interface DeviceChoice {
  input: string;
  device: string;
  command: string | undefined;
}

/**
 * The payloads of an endpoint whose paths (dotted) have these roles and whose other paths, if
 * `others`, take `answers`: with no role, one per answer (the constants-or-other payloads).
 */
export function devicePayloads(ir: AppIR, roles: ReadonlyMap<string, PathRole>, answers: readonly string[], others: boolean): EndpointPayload[] {
  if (roles.size === 0) return answers.map((answer) => ({ label: answer, values: {}, answer }));
  const constants = others && answers.length > 1 ? answers : [];
  const choices = deviceChoices(ir, [...roles.values()].includes('command'));
  const ordered = [...roles].sort(([, a], [, b]) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b));
  const payloadOf = (answer: string, choice: DeviceChoice): EndpointPayload => {
    const values = Object.fromEntries(ordered.map(([path, role]) => [path, valueOf(choice, role)]));
    const named = Object.entries(values).map(([path, value]) => `${path.split('.').pop()}=${value}`);
    return { label: [...named, ...(constants.length > 0 ? [answer] : [])].join(', '), values, answer };
  };
  // Each constant with every choice, in turns (every constant's first choice, then every second),
  // so that the cap cuts evenly: a dashboard's `type` "switch" gets switches although its first
  // constant, "thermostatHeat", has as many choices as the cap.
  const perAnswer = (constants.length > 0 ? constants : [answers[0]]).map((answer) => choices.map((choice) => payloadOf(answer, choice)));
  const payloads = new Map(inTurns(perAnswer).map((p) => [p.label, p]));
  return [...payloads.values()].slice(0, MAX_DEVICE_PAYLOADS);
}

/** The lists' elements in turns: every list's first, then every list's second, and so on. */
function inTurns<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, n) => lists.flatMap((l) => (n < l.length ? [l[n]] : []))).flat();
}

function valueOf(choice: DeviceChoice, role: PathRole): string {
  return role === 'input' ? choice.input : role === 'deviceId' ? choice.device : choice.command!;
}

/**
 * The app's modelled device inputs with their device and, when a path names a command, each
 * command of the capability that writes something (one that writes nothing cannot conflict). In
 * turns: every input's first command, then every input's second, so the cap cuts evenly.
 */
function deviceChoices(ir: AppIR, withCommand: boolean): DeviceChoice[] {
  const perInput = ir.inputs.flatMap((i): DeviceChoice[][] => {
    if (i.capability === undefined || !capabilityOf(i.capability)) return [];
    const device = simulatedDeviceId(i.capability);
    if (!withCommand) return [[{ input: i.name, device, command: undefined }]];
    const commands = [...commandWrites(i.capability)].filter(([, writes]) => writes.length > 0).map(([command]) => command);
    return commands.length === 0 ? [] : [commands.map((command) => ({ input: i.name, device, command }))];
  });
  return inTurns(perInput);
}
