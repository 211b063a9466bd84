// Independence as the model checker sees it on real apps: the accesses of two transitions from
// the same state conflict only where the apps really interact. A logger app that re-stores a
// setting on every event (initial-state-event-sender stores `atomicState.bucketName = null`)
// must not make all its events dependent.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Access } from '../../src/interp/access.js';
import { pairSystem } from '../../src/pipeline/explore-pair.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

function app(name: string): LoadedApp {
  const r = loadApp(join(SMARTAPPS_DIR, `${name}.groovy`));
  if (!r.ok) throw new Error(r.error.message);
  return r.app;
}

function conflicting(a: readonly Access[], b: readonly Access[]): string[] {
  return a.filter((x) => b.some((y) => x.location === y.location && (x.kind === 'write' || y.kind === 'write'))).map((x) => x.location);
}

describe.skipIf(!HAVE_CORPUS)('independence of a pair’s events', () => {
  // Built on first use, not while the file is collected (a clone without the corpus skips these).
  let built: ReturnType<typeof pairSystem> | undefined;
  const pair = () => (built ??= pairSystem(app('thermostat'), app('initial-state-event-sender')));
  const eventNamed = (description: string) => {
    const system = pair();
    const e = Array.from({ length: system.eventCount }, (_, i) => i).find((i) => system.describeEvent(i) === description);
    if (e === undefined) throw new Error(`no event ${description}`);
    return e;
  };

  it('the logger’s events on different devices are independent in the initial state', () => {
    const system = pair();
    const [initial] = system.initialStates();
    const acceleration = system.execute(initial, eventNamed('accelerationSensor.acceleration = active'));
    const lock = system.execute(initial, eventNamed('lock.lock = unlocked'));
    expect(conflicting(acceleration.accesses, lock.accesses)).toEqual([]);
  });

  it('events that both drive the thermostat stay dependent', () => {
    const system = pair();
    const [initial] = system.initialStates();
    const heat = system.execute(initial, eventNamed('thermostat.thermostatMode = heat'));
    const smoke = system.execute(heat.state, eventNamed('smokeDetector.smoke = detected'));
    const cool = system.execute(heat.state, eventNamed('thermostat.thermostatMode = cool'));
    expect(conflicting(smoke.accesses, cool.accesses)).toContain('device.thermostat0.thermostatMode');
  });

  // brighten-my-path turns the switch on at motion, let-there-be-light on at an open contact and
  // off at a closed one. An `on` while the switch is already on changes nothing, yet it is a write
  // for conflicts (which app wrote last decides whether a later `off` conflicts), so the checker
  // must see it as a write too, or it would let two such writes commute.
  it('every write that counts for conflicts is a write access, also one storing the current value', () => {
    const system = pairSystem(app('brighten-my-path'), app('let-there-be-light'));
    const events = Array.from({ length: system.eventCount }, (_, i) => i);
    const firstStates = system.initialStates().flatMap((s) => events.map((e) => system.execute(s, e).state));
    const steps = firstStates.flatMap((from) => events.map((e) => ({ from, step: system.execute(from, e) })));
    const storingCurrent = steps.filter(({ from, step }) => step.info!.writes.some((w) => from.snapshot.devices.get(w.device)?.get(w.attribute) === w.value));
    expect(storingCurrent.length).toBeGreaterThan(0);
    for (const { step } of steps) {
      const written = step.accesses.filter((a) => a.kind === 'write').map((a) => a.location);
      for (const w of step.info!.writes) expect(written).toContain(`device.${w.device}.${w.attribute}`);
    }
  });
});
