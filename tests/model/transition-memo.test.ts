// Transitions remembered by the parts of the state they touched (src/model/transition-memo.ts): a
// transition is recalled only from a state that agrees on every part it touched, and a search with
// remembered transitions explores the same graph as one that runs every transition. On real pairs,
// each recalled transition is also run again and compared (`memo: 'verify'` throws on a difference).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, type CheckOptions } from '../../src/check/check.js';
import { CLOCK } from '../../src/interp/access.js';
import { enablementLocation } from '../../src/check/check.js';
import type { EnvironmentName } from '../../src/model/environment.js';
import { PartLayout } from '../../src/model/state-parts.js';
import type { MemoUse } from '../../src/model/pair-system.js';
import { pairSystem } from '../../src/pipeline/explore-pair.js';
import { TransitionMemo } from '../../src/model/transition-memo.js';
import { checkPair } from '../../src/pipeline/check-pair.js';
import { loadApp, type LoadedApp } from '../../src/pipeline/load.js';
import { readPaperTables } from '../../src/report/paper.js';
import { HAVE_CORPUS, PAPER_DIR, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const layout = new PartLayout(['lock0', 'switch0'], ['App1', 'App2']);

describe('the parts of a state', () => {
  it('puts each access location in the part of the state that holds it', () => {
    expect(layout.positionOf('device.switch0.switch')).toBe(1);
    expect(layout.positionOf('device.lock0.lock')).toBe(0);
    expect(layout.positionOf('location.mode')).toBe(layout.location);
    expect(layout.positionOf(CLOCK)).toBe(layout.location);
    expect(layout.positionOf(enablementLocation(3))).toBe(layout.timers);
    expect(layout.positionOf('App1.timer.lockIt')).toBe(layout.timers);
    expect(layout.positionOf('App2.subscription.onMotion')).toBe(layout.subscriptions);
    expect(layout.positionOf('App1.state.count')).toBe(layout.firstApp);
    expect(layout.positionOf('App2.field.last')).toBe(layout.firstApp + 1);
    expect(layout.positionOf('App2.setting.level')).toBe(layout.firstApp + 1);
    // A device the state does not have: the transition cannot be remembered by its parts.
    expect(layout.positionOf('device.valve0.valve')).toBeUndefined();
  });
});

describe('a remembered transition', () => {
  // Parts: lock0, switch0, location, subscriptions, timers, App1, App2.
  const state = (parts: number[], at = layout) => ({ parts, layout: at });
  const transition = { changes: [{ position: 1, number: 9, part: null }], result: 'switch on' };

  it('is recalled from a state that differs only in parts it did not touch', () => {
    const memo = new TransitionMemo<string>();
    const touched = [layout.subscriptions, layout.firstApp + 1, 1];
    memo.remember(state([0, 1, 2, 3, 4, 5, 6]), 7, touched, transition);
    expect(memo.recall(state([8, 1, 8, 3, 8, 8, 6]), 7)?.result).toBe('switch on');
    expect(memo.recalled).toBe(1);
  });

  it('is not recalled where a part it touched differs, for another event, or in another layout', () => {
    const memo = new TransitionMemo<string>();
    memo.remember(state([0, 1, 2, 3, 4, 5, 6]), 7, [layout.subscriptions, layout.firstApp + 1, 1], transition);
    expect(memo.recall(state([0, 2, 2, 3, 4, 5, 6]), 7)).toBeUndefined();
    expect(memo.recall(state([0, 1, 2, 3, 4, 5, 7]), 7)).toBeUndefined();
    expect(memo.recall(state([0, 1, 2, 3, 4, 5, 6]), 6)).toBeUndefined();
    const other = new PartLayout(['lock0', 'switch0'], ['App1', 'App2']);
    expect(memo.recall(state([0, 1, 2, 3, 4, 5, 6], other), 7)).toBeUndefined();
    expect(memo.recalled).toBe(0);
  });

  it('keeps apart transitions of one event that touched different parts after a part that differed', () => {
    const memo = new TransitionMemo<string>();
    // The switch was off (1): the handler read the lock too; it was on (2): it stopped there.
    memo.remember(state([0, 1, 2, 3, 4, 5, 6]), 0, [layout.subscriptions, 1, 0], { ...transition, result: 'read the lock' });
    memo.remember(state([0, 2, 2, 3, 4, 5, 6]), 0, [layout.subscriptions, 1], { ...transition, result: 'stopped' });
    expect(memo.recall(state([5, 2, 2, 3, 4, 5, 6]), 0)?.result).toBe('stopped');
    expect(memo.recall(state([0, 1, 9, 3, 4, 5, 6]), 0)?.result).toBe('read the lock');
    expect(memo.recall(state([5, 1, 2, 3, 4, 5, 6]), 0)).toBeUndefined();
  });
});

function explore(apps: readonly [LoadedApp, LoadedApp], env: EnvironmentName, memo: MemoUse, maxStates: number, search: Pick<CheckOptions<unknown>, 'strategy' | 'order'> = { strategy: 'dpor' }) {
  // As a check builds it: every actuator attribute tracked, so the states leave out the values no app reads.
  const system = pairSystem(apps[0], apps[1], { env, memo });
  const result = check(system, { ...search, maxStates });
  const transitions = Array.from({ length: result.graph.transitionCount }, (_, t) => {
    const { src, dst, event } = result.graph.transition(t);
    return `${result.graph.key(src)} ${event} ${result.graph.key(dst)}`;
  });
  return { complete: result.complete, transitions, recalled: system.recalledTransitions };
}

/** Every pair of the paper's tables (reference environment) and every study app against each demo app (full environment), as far as `maxStates`. */
function* realPairs(): Generator<{ apps: [LoadedApp, LoadedApp]; env: EnvironmentName; name: string }> {
  const loaded = new Map<string, LoadedApp | null>();
  const load = (file: string) => {
    if (!loaded.has(file)) {
      const l = loadApp(file);
      loaded.set(file, l.ok ? l.app : null);
    }
    return loaded.get(file)!;
  };
  for (const row of readPaperTables(PAPER_DIR)) {
    const apps = [load(join(SMARTAPPS_DIR, `${row.app1}.groovy`)), load(join(SMARTAPPS_DIR, `${row.app2}.groovy`))];
    if (apps[0] && apps[1]) yield { apps: apps as [LoadedApp, LoadedApp], env: 'reference', name: `${row.app1} × ${row.app2}` };
  }
  const demos = readdirSync(join(REPO_ROOT, 'apps')).filter((f) => f.endsWith('.groovy'));
  for (const file of readdirSync(SMARTAPPS_DIR).filter((f) => f.endsWith('.groovy')).slice(0, 25)) {
    for (const demo of demos) {
      const apps = [load(join(SMARTAPPS_DIR, file)), load(join(REPO_ROOT, 'apps', demo))];
      if (apps[0] && apps[1]) yield { apps: apps as [LoadedApp, LoadedApp], env: 'full', name: `${file} × ${demo}` };
    }
  }
}

describe.skipIf(!HAVE_CORPUS)('remembered transitions on real pairs', () => {
  it('explore the same graph as running every transition, and each recalled one is what running it gives', () => {
    let compared = 0;
    let recalled = 0;
    for (const { apps, env, name } of realPairs()) {
      let ran;
      try {
        ran = explore(apps, env, 'off', 600);
      } catch {
        continue; // an app that fails while installing: checked elsewhere
      }
      const remembered = explore(apps, env, 'verify', 600);
      expect(remembered.complete, name).toBe(ran.complete);
      expect(remembered.transitions, name).toEqual(ran.transitions);
      compared++;
      recalled += remembered.recalled;
    }
    expect(compared).toBeGreaterThan(250);
    expect(recalled).toBeGreaterThan(10_000);
    process.stderr.write(`transition-memo: ${compared} pairs compared, ${recalled} transitions recalled\n`);
  }, 900_000);
});

const WILD_DIR = join(REPO_ROOT, '..', 'shared', 'corpus', 'wild');

describe.skipIf(!existsSync(WILD_DIR) || !HAVE_CORPUS)('a command that changes a value no app reads', () => {
  // SonosWeatherForecast's timer plays a track on the speaker: the command reads the speaker's
  // `trackData`, which no app reads and so is no location, to tell whether it changed. The speaker
  // is a part the transition uses: from a state where the speaker differs (bose-soundtouch-control
  // set its level), the recalled transition recorded a write that running it did not make.
  it('touches its device: recalled only where the device is the same', () => {
    const load = (file: string) => {
      const l = loadApp(file);
      if (!l.ok) throw new Error(l.error.message);
      return l.app;
    };
    const [app1, app2] = [load(join(WILD_DIR, 'smartThings-contexIoT__smartThings-contextIoT-official-and-third-party__SonosWeatherForecast.txt.groovy')), load(join(SMARTAPPS_DIR, 'bose-soundtouch-control.groovy'))];
    // As the pair census checks it: the full environment, stopping at a first conflict (a plain
    // breadth-first probe first), every attribute tracked.
    const run = (memo: MemoUse) => {
      const r = checkPair(app1, app2, { mode: 'dpor', firstConflict: true, env: 'full', maxStates: 3000, memo });
      return { verdict: r.verdict, error: r.error, states: r.states, transitions: r.transitions };
    };
    const ran = run('off');
    expect(ran.verdict).not.toBe('error');
    expect(run('verify')).toEqual(ran);
  }, 120_000);
});
