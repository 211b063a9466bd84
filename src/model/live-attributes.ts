// The device attributes of a pair whose values can matter (issue 17): those conflict detection
// tracks, those either app can observe (analysis/attribute-reads.ts), those the environment fires
// events on (an event whose value is already current does nothing), and those whose changes decide
// whether a live toggle flips (an effective `setColor` flips `colorChanged`). The others are left
// out of the state key and of the accesses: two homes that differ only there have the same futures.
import { observedAttributes } from '../analysis/attribute-reads.js';
import { CAPABILITIES } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';
import type { PairEvent } from './events.js';

/** The live attributes by name (on any device), or `all` when an app may observe any of them. */
export function liveAttributes(apps: readonly AppIR[], events: readonly PairEvent[], tracked: readonly string[]): ReadonlySet<string> | 'all' {
  const live = new Set<string>(tracked);
  for (const app of apps) {
    const observed = observedAttributes(app);
    if (observed === 'all') return 'all';
    for (const name of observed) live.add(name);
  }
  for (const e of events) if (e.kind === 'device') live.add(e.name);
  for (const name of [...live]) for (const decides of effectiveness(name)) live.add(decides);
  return live;
}

/** The attributes whose change makes a command flip `toggle` (`ifEffective` toggles only). */
function effectiveness(toggle: string): string[] {
  return CAPABILITIES.flatMap((c) => Object.values(c.commands))
    .filter((cmd) => cmd.writes.some((w) => w.attribute === toggle && 'toggle' in w && w.toggle === 'ifEffective'))
    .flatMap((cmd) => cmd.writes.map((w) => w.attribute));
}
