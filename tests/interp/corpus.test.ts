// Behaviour of real corpus apps in the single-app home, and the issue's acceptance run over the
// 116 apps of the reference's lists.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowerFile } from '../../src/pipeline/load.js';
import { Home } from '../../src/model/home.js';
import { censusFile } from '../../src/pipeline/census.js';
import { DEFAULT_ENVIRONMENT } from '../../src/model/environment.js';
import { readAppList } from '../../src/pairs/lists.js';
import { HAVE_CORPUS, LISTS_DIR, SMARTAPPS_DIR } from '../support/corpus.js';
import { readdirSync } from 'node:fs';

function home(name: string, init: boolean): Home {
  const r = lowerFile(join(SMARTAPPS_DIR, name));
  if (!r.ok) throw new Error(r.error.message);
  const h = new Home(r.app, { init });
  h.install();
  return h;
}

/** The 116 apps of the device-interaction and global-variable lists (AppList2 files are copies). */
function listedApps(): string[] {
  const dirs = ['device-interaction', 'global-state-variable-interaction'].map((d) => join(LISTS_DIR, d));
  const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('AppList')).map((f) => join(d, f)));
  return [...new Set(files.flatMap(readAppList))].sort();
}

describe.skipIf(!HAVE_CORPUS)('corpus apps in the single-app home', () => {
  it('lock-it-when-i-leave locks the lock when the presence sensor reports "not present"', () => {
    const h = home('lock-it-when-i-leave.groovy', false); // init = false: present, unlocked
    const lock = h.deviceOfInput('lock1')!;
    expect(h.attribute(lock, 'lock')).toBe('unlocked');
    h.fireEvent('presence1', 'presence', 'not present');
    expect(h.attribute(lock, 'lock')).toBe('locked');
    const handler = h.records.find((r) => r.kind === 'handler' && r.handler === 'presence');
    expect(handler?.kind === 'handler' && handler.accesses).toContainEqual({ kind: 'write', location: 'device.lock0.lock' });
    expect(h.records).toContainEqual(expect.objectContaining({ kind: 'command', app: 'App1', device: 'lock0', command: 'lock', args: [], depth: 1 }));
  });

  it('a command that does not change the value emits no event', () => {
    const h = home('lock-it-when-i-leave.groovy', false);
    h.fireEvent('presence1', 'presence', 'not present');
    const events = h.records.filter((r) => r.kind === 'event' && r.name === 'lock');
    expect(events).toHaveLength(1);
  });

  it('enhanced-auto-lock-door re-locks the door after an unlock while the contact is closed (nested, re-entrant delivery)', () => {
    const h = home('enhanced-auto-lock-door.groovy', true); // locked, contact closed
    h.fireEvent('lock1', 'lock', 'unlocked');
    expect(h.attribute(h.deviceOfInput('lock1')!, 'lock')).toBe('locked');
    // runIn fired lockDoor at once; its lock() delivered lock=locked back to doorHandler.
    const handlers = h.records.filter((r) => r.kind === 'handler').map((r) => (r.kind === 'handler' ? r.handler : ''));
    expect(handlers).toEqual(['installed', 'doorHandler', 'lockDoor', 'doorHandler']);
  });

  it('records state accesses per app and restores snapshots', () => {
    const h = home('lock-it-when-i-leave.groovy', true);
    const before = h.app.snapshot();
    const text = h.app.canonicalState();
    h.app.state.map.set('x', [1]);
    expect(h.app.canonicalState()).not.toBe(text);
    h.app.restore(before);
    expect(h.app.canonicalState()).toBe(text);
  });

  it('installs and runs every subscribed handler of at least 95% of the 116 listed apps without unsupported', () => {
    const apps = listedApps();
    expect(apps).toHaveLength(116);
    const results = apps.map((a) => censusFile(join(SMARTAPPS_DIR, a), DEFAULT_ENVIRONMENT));
    const failing = results.filter((r) => !r.runs);
    const lines = failing.map((r) => `  ${r.file.replace(/^.*\//, '')}: ${r.blocks.map((b) => `${b.cause} at ${b.line}:${b.column}`).join('; ')}`);
    const rate = (apps.length - failing.length) / apps.length;
    process.stdout.write(`116-app acceptance: ${apps.length - failing.length}/${apps.length} = ${(rate * 100).toFixed(1)}%\n${lines.join('\n')}\n`);
    expect(rate).toBeGreaterThanOrEqual(0.95);
    // Every listed app runs: Hue-Party-Mode (new Random()) since java.util.Random is modelled,
    // smart-alarm since its device.pushbullet input, a type the reference does not model, is
    // unbound (null) as there, so its `settings.pushbullet` guards skip the push.
    expect(failing.map((r) => r.file.replace(/^.*\//, ''))).toEqual([]);
  });
});
