// Automatic pair groups by device category (issue 6): one group per actuated capability, one
// for the location mode and one for the Smart Home Monitor's status. Two apps are paired when both can write the same device: in the pair
// model every input of a capability is the one simulated device of that capability, so apps that
// both actuate a capability write the same device. Both orders, no self-pairs, as for the lists.
import { capabilityOf } from '../devices/capabilities.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import type { AppClassification } from '../analysis/classify.js';
import { crossPairs } from './lists.js';
import type { AppPair, PairGroup } from './types.js';

export const AUTO_GROUP_PREFIX = 'auto:';
/** The global-variable group: apps that write the location mode (reference `globalStateVariables`). */
export const LOCATION_MODE_GROUP = `${AUTO_GROUP_PREFIX}location.mode`;
/** The location's other global variable: apps that arm or disarm the Smart Home Monitor. */
export const ALARM_SYSTEM_STATUS_GROUP = `${AUTO_GROUP_PREFIX}location.${ALARM_SYSTEM_STATUS.attribute}`;

/** The location's global variables: the attribute each group tracks, and which apps write it. */
const LOCATION_GROUPS: ReadonlyArray<{ name: string; attribute: string; writes: (app: AppClassification) => boolean }> = [
  { name: LOCATION_MODE_GROUP, attribute: 'location.mode', writes: (a) => a.writesLocationMode },
  { name: ALARM_SYSTEM_STATUS_GROUP, attribute: `location.${ALARM_SYSTEM_STATUS.attribute}`, writes: (a) => a.writesAlarmSystemStatus },
];

/** The attributes a capability's commands write: the conflicts its group tracks. */
export function commandWrittenAttributes(capability: string): string[] {
  const commands = Object.values(capabilityOf(capability)?.commands ?? {});
  return [...new Set(commands.flatMap((c) => c.writes.map((w) => w.attribute)))];
}

function group(name: string, apps: string[], attributes: string[]): PairGroup & { pairs: AppPair[] } {
  const sorted = [...apps].sort();
  return { name, apps: sorted, attributes, pairs: crossPairs(name, sorted, sorted) };
}

/** The groups of the classified apps, sorted by name; a group may hold one app and no pairs. */
export function autoGroups(apps: readonly AppClassification[]): Array<PairGroup & { pairs: AppPair[] }> {
  const byCapability = new Map<string, string[]>();
  for (const app of apps) {
    for (const capability of app.actuates) byCapability.set(capability, [...(byCapability.get(capability) ?? []), app.app]);
  }
  const groups = [...byCapability].map(([capability, members]) => group(`${AUTO_GROUP_PREFIX}${capability}`, members, commandWrittenAttributes(capability)));
  for (const location of LOCATION_GROUPS) {
    const writers = apps.filter(location.writes).map((a) => a.app);
    if (writers.length > 0) groups.push(group(location.name, writers, [location.attribute]));
  }
  return groups.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The automatic groups two apps would share (the same rule as `autoGroups`): one per capability
 * both actuate, and each location variable both write; each with the attributes it tracks.
 */
export function sharedGroups(a: AppClassification, b: AppClassification): PairGroup[] {
  const groups: PairGroup[] = a.actuates
    .filter((capability) => b.actuates.includes(capability))
    .map((capability) => ({ name: `${AUTO_GROUP_PREFIX}${capability}`, apps: [a.app, b.app], attributes: commandWrittenAttributes(capability) }));
  for (const location of LOCATION_GROUPS) if (location.writes(a) && location.writes(b)) groups.push({ name: location.name, apps: [a.app, b.app], attributes: [location.attribute] });
  return groups;
}
