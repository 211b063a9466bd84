// `stcheck check` and `stcheck events` through the real entry point: text, JSON and exit codes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stcheck } from '../support/cli.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const demo = (name: string) => join(REPO_ROOT, 'apps', `${name}.groovy`);

describe('stcheck check', () => {
  it('exits 1 on a conflict and prints the verdict, the statistics and a marked trace', () => {
    // The reference's environment: its event list (two events).
    const run = stcheck('check', demo('unlock-on-arrival'), demo('relock-when-unlocked'), '--env', 'reference');
    expect(run.code).toBe(1);
    expect(run.lines[0]).toBe('dpor: conflict');
    expect(run.stdout).toMatch(/events 2, states \d+, transitions \d+, executions \d+/);
    expect(run.stdout).toContain('<== conflicting write');
    expect(run.stdout).toContain('command lock0.lock() [line 36]');
  });

  it('prints one JSON object per mode with --mode both, and exits 0 without conflicts', () => {
    const run = stcheck('check', demo('motion-light'), demo('relock-when-unlocked'), '--mode', 'both', '--json', '--no-prefilter', '--env', 'reference');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual(['dpor', 'nodpor']);
    for (const mode of ['dpor', 'nodpor']) {
      expect(json[mode]).toMatchObject({ mode, verdict: 'no-conflict', events: 3, conflicts: [] });
      expect(json[mode].states).toBeGreaterThan(0);
    }
  });

  it('decides a pair whose apps write nothing in common without a search, unless --no-prefilter', () => {
    // motion-light switches a light, relock-when-unlocked locks a door: no attribute in common.
    const run = stcheck('check', demo('motion-light'), demo('relock-when-unlocked'), '--json', '--env', 'reference');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'no-conflict', decidedBy: 'static', states: 0, events: 3, reason: 'the apps can write no tracked attribute in common' });
    const text = stcheck('check', demo('motion-light'), demo('relock-when-unlocked'));
    expect(text.lines[1]).toBe('  decided without a search: the apps can write no tracked attribute in common (--no-prefilter explores it)');
    // Two apps that write the lock are always searched.
    expect(JSON.parse(stcheck('check', demo('unlock-on-arrival'), demo('relock-when-unlocked'), '--json').stdout).decidedBy).toBe('search');
  });

  it('exits 2 on usage errors and 4 when an app cannot be read as a SmartApp', () => {
    expect(stcheck('check', demo('motion-light')).code).toBe(2);
    expect(stcheck('check', demo('motion-light'), demo('motion-light'), '--mode', 'fast').code).toBe(2);
    const missing = stcheck('check', demo('motion-light'), demo('no-such-app'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    const notGroovy = stcheck('check', demo('motion-light'), join(REPO_ROOT, 'README.md'));
    expect(notGroovy.code).toBe(4);
    expect(notGroovy.stdout).toMatch(/dpor: parse-error \(.*README\.md:\d+:\d+: parse error/);
  });

  it('--memory-mb stops an exploding state space with out-of-memory and its statistics, exit 3; above the heap limit it is a usage error', () => {
    // An app counting motion events in its state: the pair's state space never ends. Its switch
    // command never runs, but it makes the pair one that can conflict, so it is explored.
    const counter = join(mkdtempSync(join(tmpdir(), 'stcheck-check-')), 'counter.groovy');
    writeFileSync(counter, 'preferences { section("s") { input "m", "capability.motionSensor"\n input "sw", "capability.switch" } }\n'
      + 'def installed() { subscribe(m, "motion", h) }\ndef h(evt) {\nstate.n = (state.n ?: 0) + 1\nif (state.n < 0) sw.on()\n}\n');
    // The time budget is far beyond reach, so that only the heap budget can end the search, however loaded the machine.
    const run = stcheck('check', counter, demo('motion-light'), '--memory-mb', '200', '--budget-s', '3600', '--json');
    expect(run.code).toBe(3);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ verdict: 'out-of-memory', complete: false });
    expect(json.states).toBeGreaterThan(1000);
    const tooMuch = stcheck('check', demo('motion-light'), demo('motion-light'), '--memory-mb', '100000000');
    expect(tooMuch.code).toBe(2);
    expect(tooMuch.stderr).toContain("above this process's heap limit");
  });

  it('says when a budget stopped the search, and which option raises it', () => {
    const counter = join(mkdtempSync(join(tmpdir(), 'stcheck-check-')), 'counter.groovy');
    writeFileSync(counter, 'preferences { section("s") { input "m", "capability.motionSensor"\n input "sw", "capability.switch" } }\n'
      + 'def installed() { subscribe(m, "motion", h) }\ndef h(evt) {\nstate.n = (state.n ?: 0) + 1\nif (state.n < 0) sw.on()\n}\n');
    const run = stcheck('check', counter, demo('motion-light'), '--max-states', '100');
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('dpor: state-limit');
    expect(run.stdout).toContain('stopped by the state limit (--max-states) before the search ended: no conflict in the states explored, but the others may hold one');
    expect(stcheck('check', demo('motion-light'), demo('motion-light')).stdout).not.toContain('stopped by');
  });

  it.skipIf(!HAVE_CORPUS)('--group reads the tracked attributes from the corpus groups.json', () => {
    const lockOnly = stcheck('check', join(SMARTAPPS_DIR, 'enhanced-auto-lock-door.groovy'), join(SMARTAPPS_DIR, 'nfc-tag-toggle.groovy'), '--group', 'locks', '--json');
    expect(lockOnly.code).toBe(1);
    expect(new Set(JSON.parse(lockOnly.stdout).conflicts.map((c: { attribute: string }) => c.attribute))).toEqual(new Set(['lock']));
    expect(stcheck('check', demo('motion-light'), demo('motion-light'), '--group', 'nope').code).toBe(2);
  });

  it.skipIf(!HAVE_CORPUS)('--first-conflict stops at the first conflict: one conflict, fewer transitions, not complete', () => {
    const apps = [join(SMARTAPPS_DIR, 'thermostat-auto-off.groovy'), join(SMARTAPPS_DIR, 'thermostat-mode-director.groovy')];
    // In the reference's environment the whole search is 579 states (about a second); in the full
    // one, where a person also sets the thermostat's mode by hand, it passes 76,000 states. The
    // budget is one no loaded machine reaches.
    const full = stcheck('check', ...apps, '--json', '--env', 'reference', '--budget-s', '3600');
    const first = stcheck('check', ...apps, '--first-conflict', '--json', '--env', 'reference');
    expect([full.code, first.code]).toEqual([1, 1]);
    const [all, one] = [JSON.parse(full.stdout), JSON.parse(first.stdout)];
    expect(all).toMatchObject({ verdict: 'conflict', complete: true });
    expect(one).toMatchObject({ verdict: 'conflict', complete: false });
    expect(one.conflicts).toHaveLength(1);
    expect(one.transitions).toBeLessThan(all.transitions);
  }, 120_000);
});

describe('stcheck events --group', () => {
  const fixture = (name: string) => join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', `${name}.groovy`);
  const pair = [fixture('pause-heat-when-open'), fixture('thermostat-off-on-smoke')];
  const groups = join(mkdtempSync(join(tmpdir(), 'stcheck-groups-')), 'groups.json');
  writeFileSync(groups, JSON.stringify({ groups: { heat: { attributes: ['thermostatMode'] }, lights: { attributes: ['switch'] } } }));
  const eventCount = (command: 'events' | 'check', group: string) => {
    const run = stcheck(command, ...pair, '--groups', groups, '--group', group, '--json');
    const json = JSON.parse(run.stdout);
    return json.events;
  };

  it("lists the events `check` fires with the same group: a thermostat's mode a person sets by hand only when the group tracks it", () => {
    expect(eventCount('events', 'heat')).toBe(eventCount('check', 'heat'));
    expect(eventCount('events', 'lights')).toBe(eventCount('check', 'lights'));
    expect(eventCount('events', 'heat')).toBeGreaterThan(eventCount('events', 'lights'));
  });

  it('rejects an unknown group with a usage error', () => {
    const run = stcheck('events', ...pair, '--groups', groups, '--group', 'nope');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--group: no group nope');
  });
});

describe.skipIf(!HAVE_CORPUS)('stcheck events', () => {
  it('lists the pair\'s events and the reference count', () => {
    const run = stcheck('events', join(SMARTAPPS_DIR, 'enhanced-auto-lock-door.groovy'), join(SMARTAPPS_DIR, 'nfc-tag-toggle.groovy'), '--json', '--env', 'reference');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ events: 6, referenceEvents: 6 });
    expect(json.list.map((e: { name: string; value: string }) => `${e.name}=${e.value}`)).toEqual(
      ['lock=locked', 'lock=unlocked', 'nfcTouch=touched', 'contact=open', 'app=touched', 'contact=closed']);
  });
});
