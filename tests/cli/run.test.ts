// `stcheck run` through the real entry point: an event naming a device input the app does not have
// is the app run's error (kind no-device-input), reported like any app error, not a crash.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const motionLight = join(REPO_ROOT, 'apps', 'motion-light.groovy');

describe('stcheck run', () => {
  it('reports an event on a device input the app lacks as an error, with the run so far', () => {
    const run = stcheck('run', motionLight, '--event', 'nosuch.switch=on');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: no device input named nosuch\n');
    expect(run.stdout).toContain('motion-light (App1) runs installed(install)');
  });

  it('gives that error in the JSON object', () => {
    const run = stcheck('run', motionLight, '--event', 'nosuch.switch=on', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toBe('no device input named nosuch');
  });
});
