// An endless event cascade between two apps (smart-auto-lock-unlock unlocks on `locked`,
// auto-lock-door locks on `unlocked`) is cut where the call-depth budget runs out: the pair is
// checked on, and the lock conflict inside the cascade is found, as the reference's tracker does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import type { Mode } from '../../src/results/types.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);
const MODES: Mode[] = ['dpor', 'nodpor'];

describe.skipIf(!HAVE_CORPUS)('an endless cascade between two apps', () => {
  it('is cut, not fatal: smart-auto-lock-unlock × auto-lock-door.smartapp conflicts on the lock in both modes', () => {
    for (const mode of MODES) {
      const r = checkPairFiles(corpus('smart-auto-lock-unlock'), corpus('auto-lock-door.smartapp'), { mode, attributes: ['lock'] });
      expect(r.verdict, mode).toBe('conflict');
      expect(r.complete, mode).toBe(true);
      expect(r.conflicts).toContainEqual(expect.objectContaining({
        attribute: 'lock',
        later: expect.objectContaining({ appName: 'smart-auto-lock-unlock', value: 'unlocked' }),
        earlier: expect.objectContaining({ appName: 'auto-lock-door.smartapp', value: 'locked' }),
      }));
      const cut = r.conflicts.flatMap((c) => c.trace.events.flatMap((e) => e.steps)).filter((s) => s.kind === 'error');
      expect(cut.length).toBeGreaterThan(0);
      expect(cut[0]).toMatchObject({ message: expect.stringMatching(/^event cascade cut: budget exceeded: call depth over 150/) });
    }
  });
});

describe('an endless cascade of one app through its own commands', () => {
  // toggle-follower flips its followers (inside two closures) on every change of its master switch;
  // in the model's home the master and the followers are one switch, so every flip is a change
  // again. The handler runs nest more evaluation than calls: the evaluation-nesting budget runs out
  // before the call-depth one, and that too is the cascade, cut, not the app's own recursion.
  it('is cut where evaluation nests too deep, and the pair is checked on', () => {
    const fixture = join(REPO_ROOT, 'tests', 'pipeline', 'fixtures', 'toggle-follower.groovy');
    const r = checkPairFiles(fixture, join(REPO_ROOT, 'apps', 'motion-light.groovy'), { mode: 'dpor', attributes: ['switch'] });
    expect(r.verdict).toBe('conflict');
    const cut = r.conflicts.flatMap((c) => c.trace.events.flatMap((e) => e.steps)).filter((s) => s.kind === 'error');
    expect(cut[0]).toMatchObject({ message: expect.stringMatching(/^event cascade cut: budget exceeded: evaluation nested more than 1200 levels deep in an event cascade/) });
  });
});

describe('an endless cascade that an installation starts', () => {
  // The second instance's installed() turns the switch on, which the first instance's handler
  // answers with off and on again, which it hears again: without end.
  it('is cut as one a fired event starts, and the pair is checked on', () => {
    const fixture = join(REPO_ROOT, 'tests', 'pipeline', 'fixtures', 'start-on-switch.groovy');
    const r = checkPairFiles(fixture, fixture, { mode: 'dpor', attributes: ['switch'] });
    expect(r.error).toBeUndefined();
    expect(r.verdict).toBe('conflict');
    const cut = r.conflicts.flatMap((c) => c.trace.events.flatMap((e) => e.steps)).filter((s) => s.kind === 'error');
    expect(cut[0]).toMatchObject({ message: expect.stringMatching(/^event cascade cut: budget exceeded: call depth over 150/) });
  });
});
