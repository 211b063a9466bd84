// The reference study's published outcomes per group, in unordered pairs (iotcheck-data's automation
// sheets, as summarised in iotcheck-reference.md §1.7): what `stcheck report --table groups` puts
// beside a run's own counts. "Non-terminated" there covers timeouts, out-of-memory and other errors.

export interface StudyOutcome {
  /** The study's name for the row. */
  label: string;
  /** The app-list groups (appLists/.../<group>AppList) the row covers. */
  groups: readonly string[];
  conflict: number;
  noConflict: number;
  unfinished: number;
}

export const STUDY_OUTCOMES: readonly StudyOutcome[] = [
  { label: 'Alarms', groups: ['alarms'], conflict: 9, noConflict: 1, unfinished: 35 },
  { label: 'Cameras', groups: ['cameras'], conflict: 0, noConflict: 1, unfinished: 0 },
  { label: 'Dimmers', groups: ['dimmers'], conflict: 6, noConflict: 0, unfinished: 39 },
  { label: 'Lights Hue', groups: ['hueLights'], conflict: 22, noConflict: 3, unfinished: 3 },
  { label: 'Lights Non-hue', groups: ['nonHueLights'], conflict: 7, noConflict: 0, unfinished: 48 },
  { label: 'Locks', groups: ['locks'], conflict: 75, noConflict: 15, unfinished: 120 },
  { label: 'Music players', groups: ['musicPlayers'], conflict: 0, noConflict: 0, unfinished: 10 },
  { label: 'Relay switches', groups: ['relaySwitches'], conflict: 0, noConflict: 0, unfinished: 10 },
  { label: 'Speech', groups: ['speeches'], conflict: 3, noConflict: 0, unfinished: 0 },
  { label: 'Switches general', groups: ['switches'], conflict: 172, noConflict: 37, unfinished: 1 },
  { label: 'Switches light', groups: ['lightSwitches'], conflict: 401, noConflict: 55, unfinished: 9 },
  // The study counts these three small switch groups as one row.
  { label: 'Switches other (ac/fan/heater + vent + camera)', groups: ['acfanheaterSwitches', 'ventfanSwitches', 'cameraSwitches'], conflict: 6, noConflict: 1, unfinished: 0 },
  { label: 'Thermostats', groups: ['thermostats'], conflict: 16, noConflict: 21, unfinished: 116 },
  { label: 'Valves', groups: ['valves'], conflict: 0, noConflict: 0, unfinished: 21 },
  // Over 820 pairs of 41 apps; the current lists give 741 pairs of 39 apps (reference §1.5).
  { label: 'Global variable (820 pairs)', groups: ['globalStateVariables'], conflict: 114, noConflict: 318, unfinished: 388 },
];
