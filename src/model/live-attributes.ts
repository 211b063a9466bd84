// The device attributes of a pair whose values can matter (issue 17): those conflict detection
// tracks, those either app can read where the value can influence what it does
// (analysis/heeded-reads.ts; a dashboard's answer to a web client is no such read) or a web request
// reads (a web service's answer, model/outside-world.ts), those a command of either app may write
// where the change's event can run a handler that changes something, and those whose events can
// run such a handler (an event whose value is already current does nothing, so the value decides
// whether the next one runs its handlers), plus those whose changes decide whether a live toggle
// flips (an effective `setColor` flips `colorChanged`). The others are left out of the state key
// and of the accesses: two homes that differ only there have the same futures.
//
// All of it holds per device (one device per capability). A read, a subscription or a command
// whose receiver is certainly one of the app's device inputs is of that input's device
// (analysis/device-receivers.ts; a command may write only the devices of its app's inputs,
// analysis/write-bound.ts), and an event fires on one device; a read through anything else keeps
// the attribute on every device. So a logger's subscription to every switch keeps no relay switch
// in the states when the other app commands and reads only a dimmer's `switch`.
//
// Of an attribute of a device no command writes and no app reads, only the gate matters. When every
// value the environment fires on it reaches only inert handlers (analysis/relevance.ts:
// FireCO2Alarm's battery handler compares the level and logs; a logger's handler adds the event to
// a buffer that decides nothing else), whether an event runs them changes nothing but the attribute
// and app state the states leave out: it is left out (`silent`). When some fired value reaches only
// such handlers (no subscription takes `motion.inactive`), it is left out too and its events always
// run their handlers (`alwaysDispatched`): the environment can fire that unheard value first, which
// changes nothing but the attribute, so an event delivered at its current value is one delivered
// after it. The explored graphs then have the same sequences of writes (the unheard events write
// nothing), so the same conflicts and last writers (tests/model/live-state.test.ts); a trace may
// show the same sensor value twice in a row where the real home had the unheard one in between.
import { ANY_DEVICE, observedAttributes, subscriptionHandlers, type AttributeSubscription } from '../analysis/attribute-reads.js';
import { heededReadDevices } from '../analysis/heeded-reads.js';
import { relevance } from '../analysis/relevance.js';
import { possibleWrites } from '../analysis/write-bound.js';
import { CAPABILITIES, simulatedDeviceId } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type { PairEvent } from './events.js';
import { WEB_ANSWER_EVENT } from './outside-world.js';


type Subscriptions = ReadonlyMap<string, readonly AttributeSubscription[]>;

/**
 * What the pair's states keep of its devices' attributes: `live`, the attributes whose values can
 * matter on every device, and `liveOn`, those that matter on one device only; `alwaysDispatched`,
 * attributes of a device left out of the states whose events run their handlers whatever the
 * current value (see the top). The per-device sets hold `deviceAttributeKey`s.
 */
export interface AttributeLiveness {
  live: ReadonlySet<string> | 'all';
  liveOn: ReadonlySet<string>;
  alwaysDispatched: ReadonlySet<string>;
  /**
   * Attributes of a device left out whose every fired value reaches only inert handlers: an
   * environment event on one leads back to the state it left (the key leaves out all it changes),
   * so the pair need not fire it.
   */
  silent: ReadonlySet<string>;
}

/** An attribute of one device, as the per-device sets of `AttributeLiveness` hold it. */
export const deviceAttributeKey = (device: string, attribute: string) => `${device}.${attribute}`;

/** Whether an environment event is on a silent attribute of its device: it is never fired. */
export function isSilentEvent(liveness: AttributeLiveness, e: PairEvent): boolean {
  return e.kind === 'device' && e.capability !== undefined && liveness.silent.has(deviceAttributeKey(simulatedDeviceId(e.capability), e.name));
}

/** Whether the states keep the attribute of the device. */
export function isLive(liveness: AttributeLiveness, device: string, attribute: string): boolean {
  return liveness.live === 'all' || liveness.live.has(attribute) || liveness.liveOn.has(deviceAttributeKey(device, attribute));
}

/**
 * The live attributes: by name (on any device) those an app may read where it matters and the web
 * answers; by device those an app reads on that device, those a command may write there where a
 * handler that changes something may hear the change, and those whose events there run such a
 * handler; or `all` when an app may read any of them. The tracked attributes are live everywhere
 * (`trackedEverywhere`, the reference's states) or where a command may write them: a conflict is
 * over a write, and whether a command's write changes the value decides whether it is one.
 */
export function liveAttributes(apps: readonly AppIR[], events: readonly PairEvent[], tracked: readonly string[], trackedEverywhere = true): AttributeLiveness {
  const live = new Set<string>(trackedEverywhere ? tracked : []);
  const liveOn = new Set<string>();
  const alwaysDispatched = new Set<string>();
  const silent = new Set<string>();
  const keepOn = (device: string, name: string) => {
    for (const attribute of [name, ...effectiveness(name)]) liveOn.add(deviceAttributeKey(device, attribute));
  };
  const subscriptions = apps.map((app) => subscriptionHandlers(app));
  const known = subscriptions.every((h): h is Subscriptions => h !== 'unknown');
  for (const app of apps) {
    // Without every subscription's attribute and handler known, every attribute subscribed to is live.
    const observed = known ? heededReadDevices(app) : observedAttributes(app);
    if (observed === 'all') return { live: 'all', liveOn, alwaysDispatched, silent };
    for (const [name, devices] of readsByDevice(observed)) for (const device of devices) if (device === ANY_DEVICE) live.add(name); else keepOn(device, name);
  }
  // A web service's answer is read by the app's request (model/outside-world.ts), which the
  // static scan of attribute reads does not see: it is live wherever the environment changes it.
  for (const e of events) if (e.type === WEB_ANSWER_EVENT) live.add(e.name);
  // An event with no capability goes to whichever device has the attribute or to an app's child
  // device (model/home.ts): its attribute is live on every device.
  for (const e of events) if (e.kind === 'device' && e.capability === undefined) live.add(e.name);
  const free = known ? apps.map((app) => relevance(app).inert) : [];
  /** Whether an event of `attribute` on `device` (with `value`, or any) may run a handler that is not inert. */
  const heard = (device: string, attribute: string, value?: string) =>
    !known || subscriptions.some((subs, i) => (subs.get(attribute) ?? []).some((s) => !isInert(free[i], s.handler) && mayReach(s.device, device) && (value === undefined || mayMatch(s.value, value))));
  // An attribute an app's command may write on a device (one of its inputs' capabilities':
  // analysis/write-bound.ts bounds the writes soundly, as the prefilter relies on). Its value
  // decides whether the command changes it, so whether the change's event runs the handlers.
  for (const app of apps) {
    for (const w of possibleWrites(app)) {
      if (w.device !== 'location' && ((!trackedEverywhere && tracked.includes(w.attribute)) || heard(w.device, w.attribute))) keepOn(w.device, w.attribute);
    }
  }
  const fired = firedValues(events);
  for (const [name, perDevice] of fired) {
    for (const [device, values] of perDevice) {
      const here = deviceAttributeKey(device, name);
      if (live.has(name) || liveOn.has(here)) continue;
      if (values.every((v) => !heard(device, name, v))) silent.add(here);
      else if (values.some((v) => !heard(device, name, v))) alwaysDispatched.add(here);
      else keepOn(device, name);
    }
  }
  for (const name of [...live]) for (const decides of effectiveness(name)) live.add(decides);
  // What a later attribute's effectiveness made live is no longer left out.
  for (const [name, perDevice] of fired) {
    for (const device of perDevice.keys()) {
      const here = deviceAttributeKey(device, name);
      if (!live.has(name) && !liveOn.has(here)) continue;
      silent.delete(here);
      alwaysDispatched.delete(here);
    }
  }
  return { live, liveOn, alwaysDispatched, silent };
}

/** Reads by device; reads known by name only are of any device. */
function readsByDevice(reads: ReadonlyMap<string, ReadonlySet<string>> | ReadonlySet<string>): Iterable<[string, ReadonlySet<string>]> {
  return reads instanceof Map ? reads : [...(reads as ReadonlySet<string>)].map((name) => [name, new Set([ANY_DEVICE])]);
}

/** Per attribute, per device (its capability's: one device per capability), the values the environment fires. */
function firedValues(events: readonly PairEvent[]): Map<string, Map<string, string[]>> {
  const fired = new Map<string, Map<string, string[]>>();
  for (const e of events) {
    if (e.kind !== 'device' || e.capability === undefined) continue;
    const device = simulatedDeviceId(e.capability);
    const perDevice = fired.get(e.name) ?? new Map<string, string[]>();
    fired.set(e.name, perDevice.set(device, [...(perDevice.get(device) ?? []), e.value]));
  }
  return fired;
}

/**
 * Whether a subscription's value filter may take an event of `value`; a filter of several words
 * may be matched by its first word alone (the reference's tokenizer splits at the space).
 */
function mayMatch(filter: string | undefined, value: string): boolean {
  return filter === undefined || filter === value || filter.split(' ')[0] === value.split(' ')[0];
}

/** Whether a subscription's handler is one of the app's inert methods; a handler named at run time may be any method. */
function isInert(inert: ReadonlySet<string>, handler: string | undefined): boolean {
  return handler !== undefined && inert.has(handler);
}

/** Whether a subscription made on `subscribed` (a device, or any) hears the events of `device`. */
function mayReach(subscribed: string, device: string): boolean {
  return subscribed === ANY_DEVICE || subscribed === device;
}

/** The attributes whose change makes a command flip `toggle` (`ifEffective` toggles only). */
function effectiveness(toggle: string): string[] {
  return CAPABILITIES.flatMap((c) => Object.values(c.commands))
    .filter((cmd) => cmd.writes.some((w) => w.attribute === toggle && 'toggle' in w && w.toggle === 'ifEffective'))
    .flatMap((cmd) => cmd.writes.map((w) => w.attribute));
}
