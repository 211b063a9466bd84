// `stcheck apps` on a small folder with one app of each outcome: it runs, it runs but raises an
// exception of its own, a gap while running (an API the tool does not model), a budget, a parse
// error, a device handler, a gap while lowering. Each gets its kind, cause and position.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppCensus, CensusSummary } from '../../src/pipeline/census.js';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const FIXTURES = join(REPO_ROOT, 'tests', 'census', 'fixtures');

describe('stcheck apps', () => {
  const run = stcheck('apps', FIXTURES, '--json');
  const { apps, summary } = JSON.parse(run.stdout) as { apps: AppCensus[]; summary: CensusSummary };
  const app = (name: string) => apps.find((a) => a.file.endsWith(`${name}.groovy`))!;

  it('exits 4 (an app cannot be run) when some app does not run, and lists every app', () => {
    expect(run.code).toBe(4);
    expect(apps.map((a) => a.file.replace(/^.*\//, '')).sort()).toEqual(
      ['app-exception', 'budget', 'device-handler', 'gap', 'lower-gap', 'parse-error', 'runs'].map((n) => `${n}.groovy`),
    );
  });

  it('an app that runs every handler from both initial configurations', () => {
    const r = app('runs');
    expect(r).toMatchObject({ runs: true, blocks: [], exceptions: [] });
    expect(r.events).toBeGreaterThan(0);
    expect(r.handlerRuns).toBeGreaterThanOrEqual(4); // installed() and the handler, in each configuration
  });

  it("an exception of the app's own is listed with handler and line, and the app still runs", () => {
    const r = app('app-exception');
    expect(r.runs).toBe(true);
    expect(r.exceptions).toEqual([expect.objectContaining({ handler: 'openHandler', exception: 'NullPointerException', line: 15 })]);
  });

  it('a gap while running names the API, the handler and the position', () => {
    expect(app('gap').blocks[0]).toEqual({
      stage: 'run', kind: 'unsupported', cause: 'unsupported: method parseXml()',
      message: 'unsupported: method parseXml()', line: 12, column: 20, handler: 'presenceHandler',
    });
  });

  it('an endless loop is a budget block in its handler', () => {
    expect(app('budget').blocks[0]).toMatchObject({ stage: 'run', kind: 'budget', cause: 'budget', handler: 'switchHandler', line: 13 });
  });

  it('broken Groovy gets a positioned parse error, a device handler is said to be one, a lowering gap names the construct', () => {
    expect(app('parse-error').blocks).toEqual([expect.objectContaining({ stage: 'parse', kind: 'parse', cause: 'parse', line: 14, column: 1 })]);
    expect(app('device-handler').blocks).toEqual([expect.objectContaining({ stage: 'lower', kind: 'not-a-smartapp', line: 2, column: 1 })]);
    expect(app('device-handler').blocks[0].message).toMatch(/^not a SmartApp: a device handler/);
    expect(app('lower-gap').blocks).toEqual([expect.objectContaining({ stage: 'lower', kind: 'unsupported', cause: 'unsupported: class declaration Helper', line: 8 })]);
  });

  it('summarises by blocking cause', () => {
    expect(summary).toMatchObject({ apps: 7, runs: 2, runsWithExceptions: 1 });
    expect(summary.causes.map((c) => [c.cause, c.apps])).toEqual([
      ['budget', 1], ['not-a-smartapp', 1], ['parse', 1], ['unsupported: class declaration Helper', 1], ['unsupported: method parseXml()', 1],
    ]);
  });

  it('prints one line per app and the summary as text, and exits 0 when every app runs', () => {
    const text = stcheck('apps', join(FIXTURES, 'runs.groovy'), join(FIXTURES, 'app-exception.groovy'));
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('app-exception.groovy: runs (');
    expect(text.stdout).toMatch(/exception in openHandler line 15: NullPointerException/);
    expect(text.stdout).toContain('2/2 apps run every handler (1 of them raise an exception of their own somewhere)');
  });

  it('exits 2 for a missing path', () => {
    const missing = stcheck('apps', join(FIXTURES, 'nosuch'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file or directory/);
  });

  it("runs the apps in the checks' environment: full by default (a time setting is the platform's ISO text), the reference's with --env reference", () => {
    const arrival = join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', 'lights-on-at-arrival-time.groovy');
    const census = (...env: string[]) => (JSON.parse(stcheck('apps', arrival, '--json', ...env).stdout) as { apps: AppCensus[] }).apps[0];
    expect(census().exceptions).toEqual([]);
    expect(census('--env', 'reference').exceptions).toEqual([expect.objectContaining({ handler: 'presenceChanged', exception: 'ParseException' })]);
    const bad = stcheck('apps', arrival, '--env', 'home');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('stcheck apps: --env: expected reference or full, not home');
  });
});
