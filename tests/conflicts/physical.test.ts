// Physical-medium warnings on real corpus apps and on the demo apps: the acting app must command
// the actuator, and the warning goes only from the app that acts to the app that senses.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { physicalWarnings } from '../../src/conflicts/physical.js';
import type { AppIR } from '../../src/ir/ir.js';
import { loadApp } from '../../src/pipeline/load.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

function ir(file: string): AppIR {
  const loaded = loadApp(file);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.app.ir;
}

const corpusApp = (name: string): AppIR => ir(join(SMARTAPPS_DIR, `${name}.groovy`));

/** The warning messages of the pair, with each app named by its file. */
function messages(app1: string, app2: string, load = corpusApp): string[] {
  return physicalWarnings(load(app1), load(app2), { App1: app1, App2: app2 }).map((w) => w.message);
}

describe.skipIf(!HAVE_CORPUS)('physical warnings on corpus apps', () => {
  it('warn that a light app can change what an illuminance subscriber senses, in that direction only', () => {
    // light-up-the-night subscribes to illuminance (and switches lights itself); let-there-be-dark
    // turns lights off when a door opens and senses no light.
    const expected = ['light: let-there-be-dark actuates switch, which can change the illuminance light-up-the-night senses'];
    expect(messages('light-up-the-night', 'let-there-be-dark')).toEqual(expected);
    expect(messages('let-there-be-dark', 'light-up-the-night')).toEqual(expected);
  });

  it('count reading an illuminance sensor (latestValue) as sensing light', () => {
    // lighting-director never subscribes to illuminance; it checks `A_luxSensors.latestValue("illuminance")`.
    expect(messages('lighting-director', 'let-there-be-dark')).toEqual(['light: let-there-be-dark actuates switch, which can change the illuminance lighting-director senses']);
  });

  it('give no light warning for an app that has a switch input but never commands it', () => {
    // notify-me-when takes switches only to notify on their events; the old input-based rule warned here.
    expect(corpusApp('notify-me-when').inputs.some((i) => i.capability === 'switch')).toBe(true);
    expect(messages('light-up-the-night', 'notify-me-when')).toEqual([]);
    expect(messages('notify-me-when', 'light-up-the-night')).toEqual([]);
  });

  it('warn that a door an app opens and closes can move what an acceleration sensor feels', () => {
    expect(messages('nfc-tag-toggle', 'it-moved')).toEqual(['motion: nfc-tag-toggle actuates doorControl, which can change the acceleration it-moved senses']);
  });
});

describe('physical warnings on the demo apps', () => {
  const demoDir = join(REPO_ROOT, 'apps');
  const demos = readdirSync(demoDir).filter((f) => f.endsWith('.groovy'));
  const demo = (file: string): AppIR => ir(join(demoDir, file));

  it('are none for any pair: none of them senses a medium another one changes', () => {
    expect(demos).toContain('motion-light.groovy');
    for (const a of demos) for (const b of demos) if (a !== b) expect(messages(a, b, demo), `${a} × ${b}`).toEqual([]);
  });
});
