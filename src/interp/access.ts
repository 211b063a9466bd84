// Shared-state locations and the accesses recorded on them. One naming scheme for the whole tool,
// so the interpreter (app state), the home (devices, location, subscriptions) and the model checker
// (independence of transitions) agree on what a location is.
//
//   <app>.field.<name>              an app's script field (`@Field def x`, or a binding variable)
//   <app>.state.<key>               a key of the app's `state`
//   <app>.atomicState.<key>         a key of the app's `atomicState`
//   <app>.state.*                   the whole map (iteration, `clear()`, passing `state` around)
//   device.<deviceId>.<attribute>   a device attribute, e.g. `device.lock0.lock`
//   location.mode                   the location mode
//   location.alarmSystemStatus      the Smart Home Monitor's status
//   <app>.subscription.<handler>    the enabled flag of the app's subscriptions with that handler
//                                   (written by subscribe/unsubscribe, read by event delivery)
//   <app>.timer.<handler>           a pending timer (runIn, schedule, unschedule)
//   <app>.setting.<name>            a setting (preference) of an app that updates its settings
//                                   (`app.updateSetting`): the update writes it, reading the input
//                                   name reads it; `<app>.setting.*` is the whole `settings` map
//
// <app> is the app instance id (`App1`, `App2`). A write of `<app>.state.*` conflicts with every
// key of that store: a checker must treat `*` as a wildcard.

import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';

export type AccessKind = 'read' | 'write';

export interface Access {
  kind: AccessKind;
  location: string;
}

export type AppStore = 'field' | 'state' | 'atomicState';

export const WHOLE_STORE = '*';

export function appStoreLocation(appId: string, store: AppStore, key: string): string {
  return `${appId}.${store}.${key}`;
}

export function deviceAttributeLocation(deviceId: string, attribute: string): string {
  return `device.${deviceId}.${attribute}`;
}

/** A location attribute's location: `location.mode`, `location.alarmSystemStatus`. */
export function locationAttributeLocation(attribute: string): string {
  return `location.${attribute}`;
}

export const LOCATION_MODE = locationAttributeLocation('mode');

export const ALARM_SYSTEM_STATUS_LOCATION = locationAttributeLocation(ALARM_SYSTEM_STATUS.attribute);

/** The home's clock: the time passing writes it; `now()`, `new Date()` and an event's date read it. */
export const CLOCK = 'clock';

export function subscriptionLocation(appId: string, handler: string): string {
  return `${appId}.subscription.${handler}`;
}

/** The devices an app created (`addChildDevice`): adding or deleting one writes it, looking them up reads it. */
export function childDevicesLocation(appId: string): string {
  return `${appId}.childDevices`;
}

export function settingLocation(appId: string, name: string): string {
  return `${appId}.setting.${name}`;
}

export function timerLocation(appId: string, handler: string): string {
  return `${appId}.timer.${handler}`;
}
