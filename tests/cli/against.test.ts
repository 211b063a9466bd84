// `stcheck check APP --against DIR`: one of this repository's demo apps (outside the corpus folder)
// against the study corpus. Its partners are found by the automatic grouping; the conflicting ones
// are listed with their trace, and an app it shares the lock with but does not conflict with is not.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAgainst } from '../../src/report/against-text.js';
import { stcheck, type CliRun } from '../support/cli.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const APP = join(REPO_ROOT, 'apps', 'unlock-on-arrival.groovy');

describe.skipIf(!HAVE_CORPUS)('stcheck check --against the corpus', () => {
  // A busy machine may leave a search unfinished, which only moves that app to the unfinished list;
  // the conflict below is found within milliseconds, and good-night-house never conflicts.
  let result: CliRun;
  beforeAll(() => {
    // The reference's environment: in the full one (the default) good-night-house, which locks the
    // door at night, does conflict with an app that unlocks it on arrival (the modes differ there).
    result = stcheck('check', APP, '--against', SMARTAPPS_DIR, '--budget-s', '10', '--jobs', '2', '--json', '--env', 'reference');
  }, 600_000);

  it('lists a conflicting partner with its attribute, values and trace, ranked first, and leaves a non-conflicting one out of the conflicts', () => {
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    const partners: Array<{ app: string; groups: string[]; results: Array<{ order: string; verdict: string; conflicts: unknown[] }> }> = report.partners;
    // Every partner shares the lock (the only capability the app actuates) with it.
    for (const p of partners) expect(p.groups).toEqual(['auto:lock']);
    const verdicts = (name: string) => partners.find((p) => p.app === name)?.results.map((r) => r.verdict);
    // Both orders of every pair: the app as App1, then as App2.
    for (const p of partners) expect(p.results.map((r) => r.order)).toEqual(['app-first', 'partner-first']);
    expect(verdicts('enhanced-auto-lock-door')).toEqual(['conflict', 'conflict']);
    const conflict = partners.find((p) => p.app === 'enhanced-auto-lock-door')!.results[0].conflicts[0] as {
      attribute: string; later: { appName: string; value: string }; earlier: { appName: string; value: string }; trace: { events: unknown[] };
    };
    expect(conflict.attribute).toBe('lock');
    expect([conflict.later.value, conflict.earlier.value].sort()).toEqual(['locked', 'unlocked']);
    expect(conflict.trace.events.length).toBeGreaterThan(0);
    // good-night-house also locks the door, but only at night with every light off: no conflict.
    expect(verdicts('good-night-house')).toBeDefined();
    expect(verdicts('good-night-house')).not.toContain('conflict');
    // Conflicting partners come first.
    const firstQuiet = partners.findIndex((p) => !p.results.some((r) => r.verdict === 'conflict'));
    expect(partners.slice(firstQuiet).every((p) => !p.results.some((r) => r.verdict === 'conflict'))).toBe(true);
    // The app itself is no partner, and apps that share no device are not checked.
    expect(partners.map((p) => p.app)).not.toContain('unlock-on-arrival');
    expect(partners.map((p) => p.app)).not.toContain('whole-house-fan');
  });

  it('prints the ranked list with the shortest trace for people', () => {
    const lines = renderAgainst(JSON.parse(result.stdout));
    const text = lines.join('\n');
    expect(text).toMatch(/^conflicts with \d+ apps:$/m);
    expect(text).toMatch(/^\d+\. enhanced-auto-lock-door \(\d distinct conflicts?; groups auto:lock\)$/m);
    expect(text).toContain('<== conflicting write');
    expect(lines.filter((l) => /^\d+\. good-night-house /.test(l))).toEqual([]);
  });

  it('says which corpus files it left out: device handlers in one line, each app that does not lower with where it fails', () => {
    // Every SmartApp of the study corpus lowers, so the corpus here is a folder of three: a device
    // handler and a partner of the study (linked), and a demo app cut in the middle of its text.
    const corpus = mkdtempSync(join(tmpdir(), 'stcheck-against-'));
    for (const name of ['AeonMinimote.groovy', 'enhanced-auto-lock-door.groovy']) symlinkSync(join(SMARTAPPS_DIR, name), join(corpus, name));
    const text = readFileSync(join(REPO_ROOT, 'apps', 'relock-when-unlocked.groovy'), 'utf8');
    writeFileSync(join(corpus, 'cut-in-half.groovy'), text.slice(0, Math.floor(text.length / 2)));
    const run = stcheck('check', APP, '--against', corpus, '--budget-s', '10', '--json', '--env', 'reference');
    rmSync(corpus, { recursive: true });
    const report = JSON.parse(run.stdout);
    const handlers = report.failures.filter((f: { kind: string }) => f.kind === 'not-a-smartapp');
    const broken = report.failures.filter((f: { kind: string }) => f.kind !== 'not-a-smartapp');
    expect(handlers.map((f: { file: string }) => basename(f.file))).toEqual(['AeonMinimote.groovy']);
    expect(broken.map((f: { file: string; kind: string }) => [basename(f.file), f.kind])).toEqual([['cut-in-half.groovy', 'parse']]);
    const lines = renderAgainst(report).join('\n');
    expect(lines).toContain('1 file of the corpus left out: a device handler, not a SmartApp');
    expect(lines).not.toMatch(/AeonMinimote/);
    expect(lines).toMatch(new RegExp(`^  cut-in-half\\.groovy:${broken[0].line}:${broken[0].column}: `, 'm'));
    // The partner is still checked.
    expect(report.partners.map((p: { app: string }) => p.app)).toEqual(['enhanced-auto-lock-door']);
  });

  it('is a usage error with two apps, or a missing corpus', () => {
    expect(stcheck('check', APP, APP, '--against', SMARTAPPS_DIR).code).toBe(2);
    const missing = stcheck('check', APP, '--against', join(REPO_ROOT, 'no-such-dir'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--against: no such directory');
  });
});
