// `stcheck run` through the real entry point: an event the app cannot receive (no such device
// input, attribute or value) is a usage error found before the app is installed; an app's own
// failure while running is exit 4.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';

const motionLight = join(REPO_ROOT, 'apps', 'motion-light.groovy');
const unlockOnArrival = join(REPO_ROOT, 'apps', 'unlock-on-arrival.groovy');

describe('stcheck run', () => {
  it('delivers valid events and exits 0', () => {
    const run = stcheck('run', motionLight, '--event', 'motion1.motion=active');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('command switch0.on() [line 38]');
  });

  it('refuses an event on a device input the app lacks before installing it, naming the inputs it has', () => {
    const run = stcheck('run', motionLight, '--event', 'nosuch.switch=on');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^stcheck run: --event nosuch\.switch=on: no device input named nosuch \(the app's device inputs: motion1, light1\)/);
  });

  it('refuses a value outside the attribute\'s domain and an attribute the capability lacks', () => {
    const banana = stcheck('run', unlockOnArrival, '--event', 'lock1.lock=banana');
    expect(banana.code).toBe(2);
    expect(banana.stdout).toBe('');
    expect(banana.stderr).toMatch(/lock1\.lock is one of .*locked.*unlocked.*, not banana/);
    const attribute = stcheck('run', unlockOnArrival, '--event', 'lock1.colour=red');
    expect(attribute.code).toBe(2);
    expect(attribute.stderr).toMatch(/has no attribute colour \(its attributes: lock/);
  });

  it("installs the app with the environment's settings: the full one's by default, the reference's with --env reference", () => {
    const arrival = join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', 'lights-on-at-arrival-time.groovy');
    const full = stcheck('run', arrival, '--event', 'person.presence=present');
    expect(full.code).toBe(0);
    expect(full.stdout).toContain('command switch0.on()');
    const reference = stcheck('run', arrival, '--env', 'reference', '--event', 'person.presence=present');
    expect(reference.stdout).not.toContain('command switch0.on()');
    expect(reference.stdout).toMatch(/ParseException: Unparseable date: "15:00"/);
  });
});
