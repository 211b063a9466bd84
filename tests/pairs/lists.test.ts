import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossPairs, readGroupAttributes, readGroups } from '../../src/pairs/lists.js';
import { CORPUS_DIR, HAVE_CORPUS, LISTS_DIR, SMARTAPPS_DIR } from '../support/corpus.js';

describe('crossPairs', () => {
  it('is the product in file order without self-pairs', () => {
    expect(crossPairs('g', ['a', 'b'], ['a', 'b', 'c'])).toEqual([
      { group: 'g', app1: 'a', app2: 'b' }, { group: 'g', app1: 'a', app2: 'c' },
      { group: 'g', app1: 'b', app2: 'a' }, { group: 'g', app1: 'b', app2: 'c' },
    ]);
  });
});

describe.skipIf(!HAVE_CORPUS)('the reference app lists (reference §1.2)', () => {
  // The body is collected even when skipped: read the corpus only when it is there.
  const groups = HAVE_CORPUS ? readGroups(join(LISTS_DIR, 'device-interaction'), readGroupAttributes(join(CORPUS_DIR, 'groups.json'))) : [];

  it('give 16 device groups, 2,526 ordered runs over 97 distinct apps', () => {
    expect(groups).toHaveLength(16);
    expect(groups.reduce((n, g) => n + g.pairs.length, 0)).toBe(2526);
    expect(new Set(groups.flatMap((g) => g.apps)).size).toBe(97);
  });

  it('match the per-group app counts and tracked attributes', () => {
    const byName = Object.fromEntries(groups.map((g) => [g.name, g]));
    expect(byName.locks.apps).toHaveLength(21);
    expect(byName.lightSwitches.pairs).toHaveLength(930);
    expect(byName.thermostats.pairs).toHaveLength(306);
    expect(byName.locks.attributes).toEqual(['lock']);
    expect(byName.hueLights.apps).not.toContain('tweet-to-hue.groovy');
  });

  it('name only apps that exist in the corpus', () => {
    for (const app of groups.flatMap((g) => g.apps)) expect(existsSync(join(SMARTAPPS_DIR, app)), app).toBe(true);
  });

  it('give the global group 39 apps and the example lists their pairs', () => {
    const all = readGroups(LISTS_DIR);
    const global = all.find((g) => g.name === 'globalStateVariables')!;
    expect(global.apps).toHaveLength(39);
    expect(global.pairs).toHaveLength(39 * 38);
    expect(all.find((g) => g.name === 'exampleConflicts')!.pairs.map((p) => `${p.app1} ${p.app2}`)).toEqual([
      'enhanced-auto-lock-door.groovy nfc-tag-toggle.groovy',
      'enhanced-auto-lock-door.groovy single-button-controller.groovy',
    ]);
  });
});
