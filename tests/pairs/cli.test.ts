// `stcheck pairs`: JSON shape, --group, --lists, skipped apps and usage errors, through the real entry point.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stcheck as run } from '../support/cli.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAVE_CORPUS, LISTS_DIR, SMARTAPPS_DIR } from '../support/corpus.js';

function stcheck(...args: string[]) {
  return run('pairs', ...args);
}

describe('stcheck pairs usage errors', () => {
  it('exits 2 naming a missing corpus directory', () => {
    const missing = join(tmpdir(), 'stcheck-no-such-corpus');
    const run = stcheck('--corpus', missing);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--corpus: no such directory: ${missing}`);
    expect(run.stdout).toBe('');
  });

  it('exits 2 without --corpus', () => {
    const run = stcheck();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("required option '--corpus <dir>'");
  });

  it('prints its options with --help and exits 0', () => {
    const run = stcheck('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--lists <dir>');
    expect(run.stdout).toContain('--group <name>');
  });
});

describe.skipIf(!HAVE_CORPUS)('stcheck pairs on corpus apps', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stcheck-pairs-'));
    for (const app of ['enhanced-auto-lock-door.groovy', 'lock-it-when-i-leave.groovy', 'initial-state-event-sender.groovy', 'scheduled-mode-change.groovy']) {
      copyFileSync(join(SMARTAPPS_DIR, app), join(dir, app));
    }
    writeFileSync(join(dir, 'broken.groovy'), 'def f() {\n  foo(a b)\n}\n');
  });

  it('--json gives the groups with their pairs, the classifications, and the apps it skipped', () => {
    const run = stcheck('--corpus', dir, '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`^${join(dir, 'broken.groovy')}:2:9: parse error: `, 'm'));
    const out = JSON.parse(run.stdout);
    expect(out.source).toBe('auto');
    expect(out.groups.map((g: { name: string }) => g.name)).toEqual(['auto:location.mode', 'auto:lock']);
    expect(out.groups[1]).toEqual({
      name: 'auto:lock',
      apps: ['enhanced-auto-lock-door.groovy', 'lock-it-when-i-leave.groovy'],
      attributes: ['lock'],
      pairs: [
        { group: 'auto:lock', app1: 'enhanced-auto-lock-door.groovy', app2: 'lock-it-when-i-leave.groovy' },
        { group: 'auto:lock', app1: 'lock-it-when-i-leave.groovy', app2: 'enhanced-auto-lock-door.groovy' },
      ],
    });
    expect(out.apps).toHaveLength(4);
    expect(out.apps.find((a: { app: string }) => a.app === 'initial-state-event-sender.groovy').actuates).toEqual([]);
    expect(out.failures).toEqual([expect.objectContaining({ file: join(dir, 'broken.groovy'), line: 2, column: 9 })]);
  });

  it('--group keeps one group; the text form gives apps, attributes and pair counts', () => {
    const run = stcheck('--corpus', dir, '--group', 'auto:lock');
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      'auto:lock: 2 apps, 2 ordered pairs, attributes lock',
      '  enhanced-auto-lock-door.groovy lock-it-when-i-leave.groovy',
      '1 groups, 2 ordered pairs (1 apps skipped: they do not parse or lower)',
    ]);
  });

  it('exits 2 for an unknown group, naming the groups there are', () => {
    const run = stcheck('--corpus', dir, '--group', 'locks');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no group named locks (groups: auto:location.mode, auto:lock)');
  });

  it('--lists reads the reference lists with the attributes of groups.json', () => {
    const run = stcheck('--corpus', SMARTAPPS_DIR, '--lists', join(LISTS_DIR, 'device-interaction'), '--group', 'thermostats', '--json');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.source).toBe('lists');
    expect(out.groups).toHaveLength(1);
    expect(out.groups[0].apps).toHaveLength(18);
    expect(out.groups[0].pairs).toHaveLength(306);
    expect(out.groups[0].attributes).toEqual(['heatingSetpoint', 'thermostatSetpoint', 'coolingSetpoint', 'thermostatOperatingState', 'thermostatFanMode', 'thermostatMode']);
  });
});
