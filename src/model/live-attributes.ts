// The device attributes of a pair whose values can matter (issue 17): those conflict detection
// tracks, those either app can read (analysis/attribute-reads.ts), those whose events reach a
// handler that can change something or that the environment fires (an event whose value is already
// current does nothing, so the value decides whether the next one runs its handlers), and those
// whose changes decide whether a live toggle flips (an effective `setColor` flips `colorChanged`).
// The others are left out of the state key and of the accesses: two homes that differ only there
// have the same futures.
//
// An attribute no command writes, that no app reads, and whose events reach only effect-free
// handlers (analysis/effect-free.ts: FireCO2Alarm's battery handler logs and sends a message) is
// left out too, though the environment fires events on it: whether such an event runs its
// handlers changes nothing but the attribute itself, which nothing reads.
import { observedAttributes, readAttributes, subscriptionHandlers } from '../analysis/attribute-reads.js';
import { effectFreeMethods } from '../analysis/effect-free.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type { PairEvent } from './events.js';

/** Every attribute some command writes: its events come from the apps too, and its value decides what a command changes. */
const COMMAND_WRITTEN: ReadonlySet<string> = new Set(CAPABILITIES.flatMap((c) => Object.values(c.commands).flatMap((cmd) => cmd.writes.map((w) => w.attribute))));

type Handlers = ReadonlyMap<string, ReadonlySet<string>>;

/** The live attributes by name (on any device), or `all` when an app may read any of them. */
export function liveAttributes(apps: readonly AppIR[], events: readonly PairEvent[], tracked: readonly string[]): ReadonlySet<string> | 'all' {
  const live = new Set<string>(tracked);
  const handlers = apps.map((app) => subscriptionHandlers(app));
  const known = handlers.every((h): h is Handlers => h !== 'unknown');
  for (const app of apps) {
    // Without every subscription's attribute and handler known, every attribute subscribed to is live.
    const observed = known ? readAttributes(app) : observedAttributes(app);
    if (observed === 'all') return 'all';
    for (const name of observed) live.add(name);
  }
  const handled = new Set(events.flatMap((e) => (e.kind === 'device' ? [e.name] : [])));
  if (known) {
    for (const h of handlers) for (const name of h.keys()) handled.add(name);
    const free = apps.map((app) => effectFreeMethods(app));
    const harmless = (attribute: string) => handlers.every((h, i) => [...(h.get(attribute) ?? [])].every((m) => free[i].has(m)));
    for (const name of handled) if (COMMAND_WRITTEN.has(name) || !harmless(name)) live.add(name);
  } else for (const name of handled) live.add(name);
  for (const name of [...live]) for (const decides of effectiveness(name)) live.add(decides);
  return live;
}

/** The attributes whose change makes a command flip `toggle` (`ifEffective` toggles only). */
function effectiveness(toggle: string): string[] {
  return CAPABILITIES.flatMap((c) => Object.values(c.commands))
    .filter((cmd) => cmd.writes.some((w) => w.attribute === toggle && 'toggle' in w && w.toggle === 'ifEffective'))
    .flatMap((cmd) => cmd.writes.map((w) => w.attribute));
}
