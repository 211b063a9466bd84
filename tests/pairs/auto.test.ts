// Automatic groups over a handful of real corpus apps.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALARM_SYSTEM_STATUS_GROUP, autoGroups, commandWrittenAttributes, LOCATION_MODE_GROUP, sharedGroups } from '../../src/pairs/auto.js';
import type { AppClassification } from '../../src/analysis/classify.js';
import { classifyFiles } from '../../src/pairs/classify.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

describe('commandWrittenAttributes', () => {
  it('are the attributes the capability table says its commands write', () => {
    expect(commandWrittenAttributes('lock')).toEqual(['lock']);
    expect(commandWrittenAttributes('switch')).toEqual(['switch', 'level']);
    expect(commandWrittenAttributes('thermostat')).toEqual(['heatingSetpoint', 'coolingSetpoint', 'thermostatMode', 'thermostatFanMode']);
    expect(commandWrittenAttributes('motionSensor')).toEqual([]);
  });
});

describe("the Smart Home Monitor's group", () => {
  const app = (name: string, writesAlarmSystemStatus: boolean): AppClassification => ({ app: name, actuates: [], readsOnly: [], writesLocationMode: false, writesAlarmSystemStatus });
  const apps = [app('arm.groovy', true), app('disarm.groovy', true), app('reader.groovy', false)];

  it('holds the apps that arm or disarm the monitor, tracking its status', () => {
    expect(autoGroups(apps)).toEqual([expect.objectContaining({ name: ALARM_SYSTEM_STATUS_GROUP, apps: ['arm.groovy', 'disarm.groovy'], attributes: ['location.alarmSystemStatus'] })]);
  });

  it('is shared by two writers only', () => {
    expect(sharedGroups(apps[0], apps[1]).map((g) => g.name)).toEqual([ALARM_SYSTEM_STATUS_GROUP]);
    expect(sharedGroups(apps[0], apps[2])).toEqual([]);
  });
});

describe.skipIf(!HAVE_CORPUS)('autoGroups on corpus apps', () => {
  const names = [
    'enhanced-auto-lock-door.groovy',
    'lock-it-when-i-leave.groovy',
    'single-button-controller.groovy',
    'initial-state-event-sender.groovy',
    'scheduled-mode-change.groovy',
    'smart-home-ventilation.groovy',
  ];
  const { apps, failures } = classifyFiles(names.map((n) => join(SMARTAPPS_DIR, n)));
  const groups = autoGroups(apps);
  const byName = Object.fromEntries(groups.map((g) => [g.name, g]));

  it('classify every app', () => {
    expect(failures).toEqual([]);
    expect(apps.map((a) => a.app)).toEqual(names);
  });

  it('form one group per actuated capability and one for the location mode', () => {
    expect(groups.map((g) => g.name)).toEqual(['auto:location.mode', 'auto:lock', 'auto:musicPlayer', 'auto:switch']);
    expect(byName['auto:lock'].apps).toEqual(['enhanced-auto-lock-door.groovy', 'lock-it-when-i-leave.groovy', 'single-button-controller.groovy']);
    expect(byName['auto:lock'].attributes).toEqual(['lock']);
    expect(byName['auto:switch'].apps).toEqual(['single-button-controller.groovy', 'smart-home-ventilation.groovy']);
    expect(byName[LOCATION_MODE_GROUP]).toMatchObject({ apps: ['scheduled-mode-change.groovy', 'single-button-controller.groovy'], attributes: ['location.mode'] });
  });

  it('leave out the logger that actuates nothing', () => {
    expect(groups.flatMap((g) => g.apps)).not.toContain('initial-state-event-sender.groovy');
  });

  it('pair apps of a group in both orders, never with themselves', () => {
    const lockPairs = byName['auto:lock'].pairs.map((p) => `${p.app1} ${p.app2}`);
    expect(lockPairs).toHaveLength(6);
    expect(lockPairs).toContain('enhanced-auto-lock-door.groovy single-button-controller.groovy');
    expect(lockPairs).toContain('single-button-controller.groovy enhanced-auto-lock-door.groovy');
    expect(byName['auto:lock'].pairs.every((p) => p.app1 !== p.app2 && p.group === 'auto:lock')).toBe(true);
    expect(byName['auto:musicPlayer'].pairs).toEqual([]);
  });
});
