// The device attributes of a pair whose values can matter (issue 17): those conflict detection
// tracks, those either app can read where the value can influence what it does
// (analysis/heeded-reads.ts; a dashboard's answer to a web client is no such read) or a web request reads (a web
// service's answer, model/outside-world.ts), those a command of either app may write, and
// those whose events can run a handler that changes something (an event whose value is already
// current does nothing, so the value decides whether the next one runs its handlers), plus those
// whose changes decide whether a live toggle flips (an effective `setColor` flips `colorChanged`).
// The others are left out of the state key and of the accesses: two homes that differ only there
// have the same futures.
//
// Of an attribute no command writes and no app reads, only the gate matters. When every value the
// environment fires on it reaches only inert handlers (analysis/relevance.ts: FireCO2Alarm's
// battery handler compares the level and logs; a logger's handler adds the event to a buffer that
// decides nothing else), whether an event runs them changes nothing but the attribute and app state
// the states leave out: it is left out. When, on each device, some fired value reaches only such handlers (no
// subscription takes `motion.inactive`), it is left out too and its events always run their
// handlers (`alwaysDispatched`): the environment can fire that unheard value first, which changes
// nothing but the attribute, so an event delivered at its current value is one delivered after it.
// The explored graphs then have the same sequences of writes (the unheard events write nothing),
// so the same conflicts and last writers (tests/model/live-state.test.ts); a trace may show the
// same sensor value twice in a row where the real home had the unheard one in between.
import { observedAttributes, subscriptionHandlers, type AttributeSubscription } from '../analysis/attribute-reads.js';
import { heededReads } from '../analysis/heeded-reads.js';
import { relevance } from '../analysis/relevance.js';
import { possibleWrites } from '../analysis/write-bound.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type { PairEvent } from './events.js';
import { WEB_ANSWER_EVENT } from './outside-world.js';


type Subscriptions = ReadonlyMap<string, readonly AttributeSubscription[]>;

/**
 * What the pair's states keep of its devices' attributes: `live`, the attributes whose values can
 * matter, and `alwaysDispatched`, attributes left out of the states whose events run their
 * handlers whatever the current value (see the top).
 */
export interface AttributeLiveness {
  live: ReadonlySet<string> | 'all';
  alwaysDispatched: ReadonlySet<string>;
  /**
   * Attributes left out whose every fired value reaches only inert handlers: an environment event
   * on one leads back to the state it left (the key leaves out all it changes), so the pair need
   * not fire it.
   */
  silent: ReadonlySet<string>;
}

/** The live attributes by name (on any device), or `all` when an app may read any of them. */
export function liveAttributes(apps: readonly AppIR[], events: readonly PairEvent[], tracked: readonly string[]): AttributeLiveness {
  const live = new Set<string>(tracked);
  const alwaysDispatched = new Set<string>();
  const silent = new Set<string>();
  const subscriptions = apps.map((app) => subscriptionHandlers(app));
  const known = subscriptions.every((h): h is Subscriptions => h !== 'unknown');
  for (const app of apps) {
    // Without every subscription's attribute and handler known, every attribute subscribed to is live.
    const observed = known ? heededReads(app) : observedAttributes(app);
    if (observed === 'all') return { live: 'all', alwaysDispatched, silent };
    for (const name of observed) live.add(name);
  }
  // A web service's answer is read by the app's request (model/outside-world.ts), which the
  // static scan of attribute reads does not see: it is live wherever the environment changes it.
  for (const e of events) if (e.type === WEB_ANSWER_EVENT) live.add(e.name);
  const fired = firedValues(events);
  // An attribute an app's command may write: its events come from the apps too, and its value
  // decides what the command changes (analysis/write-bound.ts bounds the writes soundly).
  const commanded = new Set(apps.flatMap((app) => possibleWrites(app).map((w) => w.attribute)));
  if (known) {
    const free = apps.map((app) => relevance(app).inert);
    /** Whether an event of `attribute` with `value` runs only inert handlers. */
    const unheard = (attribute: string, value: string) => subscriptions.every((subs, i) => (subs.get(attribute) ?? []).every((s) => free[i].has(s.handler) || !mayMatch(s.value, value)));
    const handled = new Set([...fired.keys(), ...subscriptions.flatMap((subs) => [...subs.keys()])]);
    for (const name of handled) {
      const values = [...(fired.get(name)?.values() ?? [])];
      if (live.has(name) || commanded.has(name)) live.add(name);
      else if (values.every((perDevice) => perDevice.every((v) => unheard(name, v)))) silent.add(name);
      else if (values.length > 0 && values.every((perDevice) => perDevice.some((v) => unheard(name, v)))) alwaysDispatched.add(name);
      else live.add(name);
    }
  } else for (const name of fired.keys()) live.add(name);
  for (const name of [...live]) for (const decides of effectiveness(name)) live.add(decides);
  return { live, alwaysDispatched, silent };
}

/** Per attribute, per capability, the values the environment fires. */
function firedValues(events: readonly PairEvent[]): Map<string, Map<string, string[]>> {
  const fired = new Map<string, Map<string, string[]>>();
  for (const e of events) {
    if (e.kind !== 'device') continue;
    const perDevice = fired.get(e.name) ?? new Map<string, string[]>();
    fired.set(e.name, perDevice.set(e.capability ?? '', [...(perDevice.get(e.capability ?? '') ?? []), e.value]));
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

/** The attributes whose change makes a command flip `toggle` (`ifEffective` toggles only). */
function effectiveness(toggle: string): string[] {
  return CAPABILITIES.flatMap((c) => Object.values(c.commands))
    .filter((cmd) => cmd.writes.some((w) => w.attribute === toggle && 'toggle' in w && w.toggle === 'ifEffective'))
    .flatMap((cmd) => cmd.writes.map((w) => w.attribute));
}
