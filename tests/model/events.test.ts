import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPairEvents, referenceChoiceCount } from '../../src/model/events.js';
import { referenceTokens, scanPairTypes } from '../../src/model/reference-scan.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { readPaperTables } from '../../src/report/paper.js';
import { HAVE_CORPUS, PAPER_DIR, SMARTAPPS_DIR } from '../support/corpus.js';

const cache = new Map<string, LoadedApp>();
function app(name: string): LoadedApp {
  if (!cache.has(name)) {
    const loaded = loadApp(join(SMARTAPPS_DIR, `${name}.groovy`));
    if (!loaded.ok) throw new Error(`${name}: ${loaded.error.message}`);
    cache.set(name, loaded.app);
  }
  return cache.get(name)!;
}

describe('the reference token scan', () => {
  it('splits at its special characters and white space, and reads \\r\\n as a newline', () => {
    expect(referenceTokens('subscribe(x, "presence.not present", h)\r\n')).toEqual(
      ['subscribe', '(', 'x', ',', '"', 'presence.not', 'present', '"', ',', 'h', ')']);
  });

  it('counts a commented-out schedule placed after `// installed()`, as the adapted corpus intends', () => {
    const source = 'input "s", "capability.switch"\ndef installed() {\n  log.debug "x"\n  // installed()\n  schedule(t, "tick")\n}\n';
    expect(scanPairTypes(source, '')).toEqual([{ type: 'schedule', app: 'App1', handler: 'tick' }]);
  });

  it('adds a type again for a new capability only, and location types once per pair', () => {
    const a = 'input "s", "capability.switch"\ninput "d", "capability.switchLevel"\nsubscribe(s, "switch", h)\nsubscribe(d, "switch", h)\nsubscribe(location, "mode", m)\n';
    const b = 'input "t", "capability.switch"\nsubscribe(t, "switch", h)\nsubscribe(location, "mode", m)\nsubscribe(app, h)\n';
    expect(scanPairTypes(a, b).map((t) => `${t.app}:${t.type}`)).toEqual(['App1:switch', 'App1:switch', 'App1:mode', 'App2:app']);
  });
});

describe.skipIf(!HAVE_CORPUS)('pair event lists on the corpus', () => {
  it('enhanced-auto-lock-door × nfc-tag-toggle: six events, App1 and App2 interleaved (reference §2.4)', () => {
    const { events } = buildPairEvents(app('enhanced-auto-lock-door'), app('nfc-tag-toggle'));
    expect(events.map((e) => `${e.app} ${e.name}=${e.value}`)).toEqual([
      'App1 lock=locked', 'App1 lock=unlocked', 'App2 nfcTouch=touched', 'App1 contact=open', 'App2 app=touched', 'App1 contact=closed',
    ]);
    expect(events.find((e) => e.name === 'nfcTouch')?.capability).toBe('touchSensor');
  });

  it('give the paper\'s event count (Evt.) for at least 95% of the 298 pairs of Tables A.1 and A.2', () => {
    const rows = readPaperTables(PAPER_DIR);
    const mismatches: string[] = [];
    for (const row of rows) {
      const { events } = buildPairEvents(app(row.app1), app(row.app2));
      const count = referenceChoiceCount(events.filter((e) => !e.extra).length);
      if (count !== row.events) mismatches.push(`${row.table} #${row.no} ${row.app1} × ${row.app2}: paper ${row.events}, ours ${count}`);
    }
    if (mismatches.length > 0) process.stdout.write(`event count mismatches:\n${mismatches.join('\n')}\n`);
    expect(rows).toHaveLength(298);
    expect(mismatches.length).toBeLessThanOrEqual(Math.floor(rows.length * 0.05));
  });

  it('adds the subscriptions the scan misses as extra events, without repeating a value', () => {
    const { events } = buildPairEvents(app('unlock-it-when-i-arrive'), app('initial-state-event-sender'));
    const presence = events.filter((e) => e.name === 'presence' && e.capability === 'presenceSensor');
    expect(presence.map((e) => `${e.value}${e.extra ? ' (extra)' : ''}`)).toEqual(['present', 'not present (extra)']);
  });
});
