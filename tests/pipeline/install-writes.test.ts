// Writes an app makes while it is installed count for conflicts, as in the reference's tracker:
// turn-on-by-zip-code turns the lights on in installed() (its schedule fires at once) and has no
// event of its own; an app that turns them off on an event conflicts with it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import type { Mode } from '../../src/results/types.js';
import { INSTALLATION } from '../../src/pipeline/trace.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);
const MODES: Mode[] = ['dpor', 'nodpor'];

describe.skipIf(!HAVE_CORPUS)('writes made while installing', () => {
  it('an install-time switch on conflicts with a later off on an event, in both orders and modes, with the installation in the trace', () => {
    for (const mode of MODES) {
      for (const [app1, app2] of [['turn-on-by-zip-code', 'let-there-be-dark'], ['let-there-be-dark', 'turn-on-by-zip-code']]) {
        const r = checkPairFiles(corpus(app1), corpus(app2), { mode, attributes: ['switch'] });
        expect(r.verdict, `${mode} ${app1} × ${app2}`).toBe('conflict');
        const c = r.conflicts.find((x) => x.earlier.appName === 'turn-on-by-zip-code')!;
        expect(c).toMatchObject({ device: 'switch0', attribute: 'switch', later: { appName: 'let-there-be-dark', value: 'off' }, earlier: { value: 'on', line: 76 } });
        expect(c.trace.events[0].event).toBe(INSTALLATION);
        expect(c.trace.events.map((e) => e.event).slice(1)).toEqual(['contactSensor.contact = open']);
        expect(c.trace.events[0].steps).toContainEqual(expect.objectContaining({ kind: 'write', appName: 'turn-on-by-zip-code', attribute: 'switch', value: 'on' }));
      }
    }
  });

  it('an installation that writes nothing stays out of the trace', () => {
    const r = checkPairFiles(corpus('enhanced-auto-lock-door'), corpus('nfc-tag-toggle'), { mode: 'dpor', attributes: ['lock'] });
    expect(r.verdict).toBe('conflict');
    for (const c of r.conflicts) expect(c.trace.events[0].event).not.toBe(INSTALLATION);
  });
});
