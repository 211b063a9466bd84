// With --first-conflict the pair's events whose handlers can write a tracked attribute come first,
// the two apps' writers alternating (src/model/event-priority.ts).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writersFirst } from '../../src/model/event-priority.js';
import { buildPairEvents } from '../../src/model/events.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

function app(name: string): LoadedApp {
  const loaded = loadApp(join(SMARTAPPS_DIR, `${name}.groovy`));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.app;
}

describe.skipIf(!HAVE_CORPUS)('the order of events for --first-conflict', () => {
  it('puts the events that can write a tracked attribute first, the apps alternating, and keeps every event once', () => {
    const [a, b] = [app('enhanced-auto-lock-door'), app('nfc-tag-toggle')];
    const events = buildPairEvents(a, b).events;
    const ordered = writersFirst([a.ir, b.ir], events, ['lock']);
    const describe = (e: (typeof events)[number]) => `${e.kind} ${e.capability ?? ''}.${e.name}=${e.value}`;
    expect(ordered.map(describe).sort()).toEqual(events.map(describe).sort());
    expect(ordered.map((e) => e.id)).toEqual(events.map((_, i) => i));
    // enhanced-auto-lock-door locks and unlocks on lock and contact events; nfc-tag-toggle on a touch.
    expect(describe(ordered[0])).toMatch(/^device (lock|contactSensor)\./);
    expect(describe(ordered[1])).toBe('device touchSensor.nfcTouch=touched');
  });
});
