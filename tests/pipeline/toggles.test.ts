// The reference's toggles on real pairs of its groups (groups.json): two speech apps conflict on
// `oneUser` (speeches), two colour apps on `colorChanged` (hueLights), in both modes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import type { Mode } from '../../src/results/types.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);
const MODES: Mode[] = ['dpor', 'nodpor'];

describe.skipIf(!HAVE_CORPUS)('toggle conflicts on corpus pairs', () => {
  it('BetterLaundryMonitor × WindowOrDoorOpen (speeches, both speak()): oneUser conflicts in both modes', () => {
    for (const mode of MODES) {
      const r = checkPairFiles(corpus('BetterLaundryMonitor'), corpus('WindowOrDoorOpen'), { mode, attributes: ['level', 'oneUser'], budgetMs: 20_000 });
      expect(r.verdict, mode).toBe('conflict');
      expect(r.complete, mode).toBe(true);
      expect(r.conflicts.length).toBeGreaterThan(0);
      for (const c of r.conflicts) {
        expect(c).toMatchObject({ device: 'speechSynthesis0', attribute: 'oneUser' });
        expect(c.later.appName).not.toBe(c.earlier.appName);
        expect(c.later.value).not.toBe(c.earlier.value);
      }
      // Each app's speak() is the later write of some conflict; WindowOrDoorOpen's third one (line 595)
      // announces a restored thermostat mode, a path its saved state reaches now that a declaration
      // ending a method is the method's value.
      expect(new Set(r.conflicts.map((c) => `${c.later.appName}:${c.later.line}`))).toEqual(new Set(['BetterLaundryMonitor:174', 'WindowOrDoorOpen:273', 'WindowOrDoorOpen:595']));
    }
  });

  it('the prefilter no longer decides the speech pair: speak() writes oneUser', () => {
    const r = checkPairFiles(corpus('BetterLaundryMonitor'), corpus('WindowOrDoorOpen'), { mode: 'dpor', attributes: ['level', 'oneUser'], prefilter: true });
    expect(r).toMatchObject({ verdict: 'conflict', decidedBy: 'search' });
  });

  it('door-state-to-color-light-hue-bulb × hue-mood-lighting (hueLights, both setColor): colorChanged conflicts', () => {
    for (const mode of MODES) {
      const r = checkPairFiles(corpus('door-state-to-color-light-hue-bulb'), corpus('hue-mood-lighting'), { mode, attributes: ['colorChanged'], maxStates: 5000 });
      expect(r.verdict, mode).toBe('conflict');
      const conflict = r.conflicts.find((c) => c.later.appName === 'door-state-to-color-light-hue-bulb');
      expect(conflict, mode).toMatchObject({ device: 'colorControl0', attribute: 'colorChanged', later: { line: 133 }, earlier: { appName: 'hue-mood-lighting', line: 278 } });
      // The trace shows the setColor whose write conflicts, and no colorChanged event.
      const steps = conflict!.trace.events.flatMap((e) => e.steps);
      expect(steps.some((s) => s.kind === 'write' && s.attribute === 'colorChanged' && s.line === 133)).toBe(true);
      expect(steps.some((s) => s.kind === 'event' && s.name === 'colorChanged')).toBe(false);
    }
  });
});
