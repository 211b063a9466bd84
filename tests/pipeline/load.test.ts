// Loading an app for a pair: every failure is classified by its kind (util/error-kind.ts), never by
// its message text, and the pair's verdict follows from that kind.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { loadApp } from '../../src/pipeline/load.js';
import { REPO_ROOT } from '../support/corpus.js';

const dir = mkdtempSync(join(tmpdir(), 'stcheck-load-'));

function app(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

/** The preferences code itself throws: `limits` is null, and Groovy's null.size() raises. */
const PREFERENCES_THROW = `preferences {
  section("s") {
    input "sw", "capability.switch"
    def limits = null
    limits.size()
  }
}
def installed() { subscribe(sw, "switch", h) }
def h(evt) { sw.on() }
`;

describe('loadApp', () => {
  it('an exception raised while the preferences code runs is an error of the app, not an unsupported construct', () => {
    const r = loadApp(app('prefs-throw.groovy', PREFERENCES_THROW));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.kind).toBe('error');
    expect(r.error).toMatchObject({ kind: 'app-error', line: 5, column: 5 });
    expect(r.error.message).toMatch(/^in preferences: NullPointerException/);
  });

  it('the pair of such an app gets the verdict error', () => {
    const r = checkPairFiles(join(dir, 'prefs-throw.groovy'), join(REPO_ROOT, 'apps', 'motion-light.groovy'), { mode: 'dpor' });
    expect(r.verdict).toBe('error');
  });

  it('an unmodelled construct in preferences stays unsupported', () => {
    const r = loadApp(app('prefs-hub.groovy', 'preferences { section("s") { input "sw", "capability.switch"; parseSoapMessage(null) } }\n'));
    expect(r.ok ? null : [r.kind, r.error.kind]).toEqual(['unsupported', 'unsupported']);
  });

  it('a class declaration is unsupported, a syntax error a parse error, a missing file an io error', () => {
    const cases = [
      loadApp(app('class.groovy', 'class Helper {}\n')),
      loadApp(app('broken.groovy', 'def installed() {\n  subscribe(x, "switch", h\n}\n')),
      loadApp(join(dir, 'no-such-app.groovy')),
    ];
    expect(cases.map((r) => (r.ok ? null : [r.kind, r.error.kind]))).toEqual([
      ['unsupported', 'unsupported'],
      ['parse-error', 'parse'],
      ['error', 'io'],
    ]);
  });
});
