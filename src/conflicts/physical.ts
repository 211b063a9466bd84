// Physical-medium interactions (reference §4.6): one app's actuator can change what another app's
// sensor measures (a light and an illuminance sensor, a valve and a water sensor). They are
// warnings, not conflicts, as in the reference, but computed as the reference meant them: the
// sensing app must subscribe to the medium's attribute or read its sensor, and the other app must
// actually actuate (issue a command on) a capability that changes the medium, as
// src/analysis/classify.ts finds it. Merely having such an input is not enough: a logger that takes
// a switch only to record it turns no light on. (The reference warns whenever App1 has an
// illuminance sensor, and for any motion sensor at all.)
import type { AppIR } from '../ir/ir.js';
import { classifyApp } from '../analysis/classify.js';

interface Medium {
  name: string;
  /** The attribute whose events sense the medium, from whatever device reports it (a thermostat reports temperature too). */
  sensed: string;
  /** The sensor capability that measures the medium: reading it senses the medium just as subscribing does. */
  sensor: string;
  /** Capabilities whose commands change the medium. */
  actuators: readonly string[];
}

const MEDIA: readonly Medium[] = [
  { name: 'light', sensed: 'illuminance', sensor: 'illuminanceMeasurement', actuators: ['switch', 'switchLevel', 'colorControl', 'colorTemperature'] },
  { name: 'temperature', sensed: 'temperature', sensor: 'temperatureMeasurement', actuators: ['thermostat'] },
  { name: 'water', sensed: 'water', sensor: 'waterSensor', actuators: ['valve'] },
  { name: 'sound', sensed: 'sound', sensor: 'soundSensor', actuators: ['musicPlayer', 'alarm', 'speechSynthesis'] },
  // Doors and shades are the modelled actuators that move something; an acceleration sensor
  // mounted on them (the usual garage-door tilt/vibration sensor) feels it. A PIR motion sensor
  // sees warm bodies, not a moving door, so `motion` is not this medium's attribute.
  { name: 'motion', sensed: 'acceleration', sensor: 'accelerationSensor', actuators: ['doorControl', 'garageDoorControl', 'windowShade'] },
];

export interface PhysicalWarning {
  kind: 'physical';
  message: string;
}

/** An app with the classification physical warnings need, computed once per app for both directions. */
interface Side {
  name: string;
  ir: AppIR;
  /** Capabilities it issues commands on. */
  actuates: readonly string[];
  /** Capabilities it subscribes to or reads without commanding them (every sensor it uses). */
  readsOnly: readonly string[];
}

function side(ir: AppIR, name: string): Side {
  const { actuates, readsOnly } = classifyApp(ir);
  return { name, ir, actuates, readsOnly };
}

function senses(app: Side, medium: Medium): boolean {
  return app.ir.subscriptions.some((s) => s.attribute === medium.sensed) || app.readsOnly.includes(medium.sensor);
}

/** The warnings for `acting` changing a medium `sensing` senses (one direction). */
function warningsFor(sensing: Side, acting: Side): PhysicalWarning[] {
  return MEDIA.flatMap((medium) => {
    const actuated = acting.actuates.filter((c) => medium.actuators.includes(c));
    if (actuated.length === 0 || !senses(sensing, medium)) return [];
    return [{ kind: 'physical' as const, message: `${medium.name}: ${acting.name} actuates ${actuated.join(', ')}, which can change the ${medium.sensed} ${sensing.name} senses` }];
  });
}

/** Warnings for both directions of the pair. `names` maps App1/App2 to app names for the message. */
export function physicalWarnings(app1: AppIR, app2: AppIR, names: { App1: string; App2: string }): PhysicalWarning[] {
  const one = side(app1, names.App1);
  const two = side(app2, names.App2);
  return [...warningsFor(one, two), ...warningsFor(two, one)];
}
