// Physical-medium interactions (reference §4.6): one app's actuator can change what another app's
// sensor measures (a light and an illuminance sensor, a valve and a water sensor). They are
// warnings, not conflicts, as in the reference, but computed as the reference meant them: the
// sensing app must subscribe to the medium's attribute and the other app must have an input of an
// actuator that changes it (the reference warns whenever App1 has an illuminance sensor, and for
// any motion sensor at all).
import type { AppIR } from '../lower/ir.js';

interface Medium {
  name: string;
  /** The attribute a sensing app subscribes to. */
  sensed: string;
  /** Capabilities whose commands change the medium. */
  actuators: readonly string[];
}

const MEDIA: readonly Medium[] = [
  { name: 'light', sensed: 'illuminance', actuators: ['switch', 'switchLevel', 'colorControl', 'colorTemperature'] },
  { name: 'temperature', sensed: 'temperature', actuators: ['thermostat'] },
  { name: 'water', sensed: 'water', actuators: ['valve'] },
  { name: 'sound', sensed: 'sound', actuators: ['musicPlayer', 'alarm', 'speechSynthesis'] },
];

export interface PhysicalWarning {
  kind: 'physical';
  message: string;
}

/** Warnings for both directions of the pair. `names` maps App1/App2 to app names for the message. */
export function physicalWarnings(app1: AppIR, app2: AppIR, names: { App1: string; App2: string }): PhysicalWarning[] {
  const warnings: PhysicalWarning[] = [];
  const pairs: Array<[AppIR, string, AppIR, string]> = [[app1, names.App1, app2, names.App2], [app2, names.App2, app1, names.App1]];
  for (const [sensing, sensingName, acting, actingName] of pairs) {
    for (const medium of MEDIA) {
      const senses = sensing.subscriptions.some((s) => s.attribute === medium.sensed);
      const actuator = acting.inputs.find((i) => i.capability !== undefined && medium.actuators.includes(i.capability));
      if (senses && actuator) {
        warnings.push({ kind: 'physical', message: `${medium.name}: ${actingName} controls ${actuator.name} (${actuator.capability}), which can change what ${sensingName} senses through its ${medium.sensed} subscription` });
      }
    }
  }
  return warnings;
}
