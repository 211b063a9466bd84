// The whole pair pipeline on real apps: the reference's example pairs, the demo apps in apps/,
// traces that replay to the conflicting writes, and the verdicts for bad input and budgets.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import type { Mode, PairResult } from '../../src/results/types.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);
const demo = (name: string) => join(REPO_ROOT, 'apps', `${name}.groovy`);
const MODES: Mode[] = ['dpor', 'nodpor'];

function conflictSet(r: PairResult): string[] {
  return r.conflicts.map((c) => `${c.device}.${c.attribute} ${c.later.app}=${c.later.value} over ${c.earlier.app}=${c.earlier.value}`).sort();
}

describe.skipIf(!HAVE_CORPUS)('the reference\'s example pairs (reference §1.6)', () => {
  for (const other of ['nfc-tag-toggle', 'single-button-controller']) {
    it(`enhanced-auto-lock-door × ${other}: a lock conflict in both modes, the later write not manual`, () => {
      const results = MODES.map((mode) => checkPairFiles(corpus('enhanced-auto-lock-door'), corpus(other), { mode, attributes: ['lock'] }));
      for (const r of results) {
        expect(r.verdict).toBe('conflict');
        expect(r.conflicts.every((c) => c.attribute === 'lock' && !c.later.manual && c.later.app !== c.earlier.app)).toBe(true);
        // The README's conflict: App2's direct unlock, then App1's lockDoor locks again.
        expect(conflictSet(r)).toContain('lock0.lock App1=locked over App2=unlocked');
      }
      expect(conflictSet(results[0])).toEqual(conflictSet(results[1]));
      expect(results[0].states).toBeLessThanOrEqual(results[1].states);
    });

    it(`good-night-house × ${other}: no conflict`, () => {
      for (const mode of MODES) expect(checkPairFiles(corpus('good-night-house'), corpus(other), { mode, attributes: ['lock'] }).verdict).toBe('no-conflict');
    });
  }

  it('gives a trace whose last event shows the touch, the unlock, the door handler and the lock command with lines', () => {
    const r = checkPairFiles(corpus('enhanced-auto-lock-door'), corpus('nfc-tag-toggle'), { mode: 'dpor', attributes: ['lock'] });
    const conflict = r.conflicts.find((c) => c.later.value === 'locked')!;
    expect(conflict.trace.events).toHaveLength(1);
    const steps = conflict.trace.events[0].steps;
    expect(conflict.trace.events[0].event).toBe('touchSensor.nfcTouch = touched');
    const kinds = steps.map((s) => (s.kind === 'handler' ? `${s.app}.${s.handler}` : s.kind === 'command' ? `${s.app} ${s.command}@${s.line}` : s.kind));
    expect(kinds).toEqual(expect.arrayContaining(['App2.touchHandler', 'App2 unlock@128', 'App1.doorHandler', 'App1.lockDoor', 'App1 lock@51']));
    expect(kinds.indexOf('App2 unlock@128')).toBeLessThan(kinds.indexOf('App1 lock@51'));
    expect(conflict.later.line).toBe(51);
    expect(conflict.earlier).toMatchObject({ appName: 'nfc-tag-toggle', value: 'unlocked', manual: true, line: 128 });
  });
});

describe('the demo apps', () => {
  it('unlock-on-arrival × relock-when-unlocked conflict on the lock, in both directions and both orders', () => {
    for (const [a, b] of [['unlock-on-arrival', 'relock-when-unlocked'], ['relock-when-unlocked', 'unlock-on-arrival']]) {
      const r = checkPairFiles(demo(a), demo(b), { mode: 'dpor' });
      expect(r.verdict).toBe('conflict');
      expect(r.conflicts.map((c) => `${c.later.appName}=${c.later.value}`).sort()).toEqual(['relock-when-unlocked=locked', 'unlock-on-arrival=unlocked']);
    }
  });

  it('comfort-thermostat × window-eco-thermostat conflict on the heating setpoint; motion-light × relock-when-unlocked do not conflict', () => {
    const thermostats = checkPairFiles(demo('comfort-thermostat'), demo('window-eco-thermostat'), { mode: 'dpor' });
    expect(thermostats.conflicts.map((c) => c.attribute)).toEqual(['heatingSetpoint', 'heatingSetpoint']);
    const unrelated = checkPairFiles(demo('motion-light'), demo('relock-when-unlocked'), { mode: 'nodpor' });
    expect(unrelated).toMatchObject({ verdict: 'no-conflict', conflicts: [] });
    expect(unrelated.states).toBeGreaterThan(2);
  });

  it('tracks only the given attributes', () => {
    const r = checkPairFiles(demo('unlock-on-arrival'), demo('relock-when-unlocked'), { mode: 'dpor', attributes: ['switch'] });
    expect(r.verdict).toBe('no-conflict');
  });

  it('--first-conflict keeps the conflict with the shortest trace', () => {
    const all = checkPairFiles(demo('unlock-on-arrival'), demo('relock-when-unlocked'), { mode: 'dpor' });
    const first = checkPairFiles(demo('unlock-on-arrival'), demo('relock-when-unlocked'), { mode: 'dpor', firstConflict: true });
    expect(first.conflicts).toHaveLength(1);
    expect(first.conflicts[0].trace.events.flatMap((e) => e.steps).length).toBe(Math.min(...all.conflicts.map((c) => c.trace.events.flatMap((e) => e.steps).length)));
  });
});

describe('verdicts for bad input and budgets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stcheck-pair-'));

  it('an app that does not parse gives parse-error with file:line:col', () => {
    writeFileSync(join(dir, 'broken.groovy'), 'def installed() {\n  subscribe(x, "switch", h\n}\n');
    const r = checkPairFiles(join(dir, 'broken.groovy'), demo('motion-light'), { mode: 'dpor' });
    expect(r.verdict).toBe('parse-error');
    expect(r.error).toMatch(/broken\.groovy:3:1: parse error: /);
  });

  it('an unmodelled API in a handler gives unsupported with its position', () => {
    writeFileSync(join(dir, 'hub.groovy'), 'preferences { section("s") { input "sw", "capability.switch" } }\ndef installed() { subscribe(sw, "switch", h) }\ndef h(evt) { parseSoapMessage(evt) }\n');
    const r = checkPairFiles(join(dir, 'hub.groovy'), demo('motion-light'), { mode: 'dpor' });
    expect(r.verdict).toBe('unsupported');
    expect(r.error).toMatch(/parseSoapMessage.*hub\.groovy:3:/);
  });

  it('an unbounded counter is stopped by the state budget', () => {
    // The count comes before a call that can change the home (analysis/relevance.ts): it matters.
    writeFileSync(join(dir, 'counter.groovy'), 'preferences { section("s") { input "m", "capability.motionSensor" } }\ndef installed() { subscribe(m, "motion", h) }\ndef h(evt) { state.n = (state.n ?: 0) + 1\n unschedule() }\n');
    const r = checkPairFiles(join(dir, 'counter.groovy'), demo('motion-light'), { mode: 'dpor', maxStates: 200 });
    expect(r.verdict).toBe('state-limit');
    expect(r.states).toBeLessThanOrEqual(200);
  });
});
