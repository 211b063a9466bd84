// The two listed corpus apps that draw from java.util.Random, Hue-Party-Mode and
// vacation-lighting-director, run in the single-app home and in pairs now that Random is modelled
// (they stopped with `unsupported: new Random()` before).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lowerFile } from '../../src/pipeline/load.js';
import { censusFile } from '../../src/pipeline/census.js';
import { DEFAULT_ENVIRONMENT } from '../../src/model/environment.js';
import { Home } from '../../src/model/home.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);

function home(name: string, init: boolean): Home {
  const r = lowerFile(corpus(name));
  if (!r.ok) throw new Error(r.error.message);
  const h = new Home(r.app, { init });
  h.install();
  return h;
}

const commands = (h: Home) => h.records.flatMap((r) => (r.kind === 'command' ? [`${r.device}.${r.command}(${r.args.join(', ')})@${r.line}`] : []));

describe.skipIf(!HAVE_CORPUS)('corpus apps that use java.util.Random', () => {
  for (const app of ['Hue-Party-Mode', 'vacation-lighting-director']) {
    it(`${app} installs and runs every subscribed handler without a failure`, () => {
      const r = censusFile(corpus(app), DEFAULT_ENVIRONMENT);
      expect(r.blocks).toEqual([]);
      expect(r.exceptions).toEqual([]);
      expect(r.handlerRuns).toBeGreaterThanOrEqual(2);
    });
  }

  it("Hue-Party-Mode's app touch sets the colour from two fresh unseeded Randoms: hue nextInt(101) = 15, saturation nextInt(51) + 50 = 76", () => {
    const h = home('Hue-Party-Mode', true);
    h.fireEvent('app', 'touch', 'touched');
    expect(commands(h)).toContain('colorControl0.setColor([hue:15, saturation:76])@104');
    const light = h.deviceOfInput('lights')!;
    expect([h.attribute(light, 'hue'), h.attribute(light, 'saturation')]).toEqual([15, 76]);
  });

  it('vacation-lighting-director turns a randomly drawn switch on when the mode becomes home with nobody present', () => {
    const h = home('vacation-lighting-director', false); // mode home, presence present
    h.fireEvent('people', 'presence', 'not present');
    h.fireEvent('location', 'mode', 'away');
    h.fireEvent('location', 'mode', 'home');
    // scheduleCheck: switches.off(), then random.nextInt(1) = 0 picks the one switch list and turns it on.
    expect(commands(h).slice(-2)).toEqual(['switch0.off()@244', 'switch0.on()@258']);
    expect(h.attribute(h.deviceOfInput('switches')!, 'switch')).toBe('on');
  });

  it('pairs with them are checked instead of being unsupported', () => {
    const budgetMs = 30_000;
    const withGoodNight = checkPairFiles(corpus('vacation-lighting-director'), corpus('good-night-house'), { mode: 'dpor', budgetMs });
    expect(withGoodNight).toMatchObject({ verdict: 'no-conflict', complete: true });
    expect(withGoodNight.states).toBeGreaterThan(0);

    // The paper's Table A.1 pair: the party mode's setColor on every touch.
    const withMoodLighting = checkPairFiles(corpus('hue-mood-lighting'), corpus('Hue-Party-Mode'), { mode: 'dpor', budgetMs });
    expect(withMoodLighting).toMatchObject({ verdict: 'no-conflict', complete: true });

    // The paper's Table A.2 pair; one conflict is the switch the random draw turns on (line 258).
    const withNightlight = checkPairFiles(corpus('smart-nightlight'), corpus('vacation-lighting-director'), { mode: 'dpor', budgetMs });
    expect(withNightlight.verdict).toBe('conflict');
    expect(withNightlight.conflicts.some((c) => c.earlier.appName === 'vacation-lighting-director' && c.earlier.line === 258)).toBe(true);
  });
});
