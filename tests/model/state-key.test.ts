// The short key of a captured state (the numbers of its parts, `Home.capture`) names exactly the
// canonical text of the home it was taken from (`Home.stateKey`, printed in full from the live
// home): equal keys for equal texts, different keys for different ones. `capture` keeps the parts
// of the state it restored that a transition left equal without printing them again, so this is
// checked right after real transitions of real pairs, before the key could be trusted.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Home, type HomeSnapshot } from '../../src/model/home.js';
import { buildPairEvents } from '../../src/model/events.js';
import { INITIAL_CONFIGURATIONS } from '../../src/model/pair-system.js';
import { loadApp, loadSource, type LoadedApp } from '../../src/pipeline/load.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

function app(name: string): LoadedApp {
  const r = loadApp(join(SMARTAPPS_DIR, `${name}.groovy`));
  if (!r.ok) throw new Error(r.error.message);
  return r.app;
}

/**
 * Explores the pair breadth first from both initial configurations, up to `limit` states, and
 * returns every (short key, full text) seen right after a transition.
 */
function keysAndTexts(name1: string, name2: string, limit: number): Array<[string, string]> {
  const [app1, app2] = [app(name1), app(name2)];
  const events = buildPairEvents(app1, app2).events;
  const home = new Home([app1.ir, app2.ir], { init: INITIAL_CONFIGURATIONS[0] });
  home.addDevices(events.flatMap((e) => (e.capability === undefined ? [] : [e.capability])));
  home.load();
  const loaded = home.snapshot();
  const seen = new Map<string, HomeSnapshot>();
  const queue: HomeSnapshot[] = [];
  const pairs: Array<[string, string]> = [];
  const reach = () => {
    const text = home.stateKey();
    const { snapshot, key } = home.capture();
    pairs.push([key, text]);
    if (!seen.has(key) && seen.size < limit) {
      seen.set(key, snapshot);
      queue.push(snapshot);
    }
  };
  for (const init of INITIAL_CONFIGURATIONS) {
    home.restore(loaded);
    home.configure(init);
    home.transition(() => home.installApps());
    reach();
  }
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const event of events) {
      home.restore(state);
      home.transition(() => home.fire(event));
      reach();
    }
  }
  return pairs;
}

describe.skipIf(!HAVE_CORPUS)('short state keys', () => {
  it.each([
    ['lighting-director', 'circadian-daylight'], // colour maps, many devices
    ['vacation-lighting-director', 'smart-security'], // java.util.Random in state
    ['thermostat', 'initial-state-event-sender'], // a logger's key-by-key store
    ['keep-me-cozy', 'thermostat-mode-director'],
  ])('%s × %s: equal keys exactly for equal canonical texts', (name1, name2) => {
    const pairs = keysAndTexts(name1, name2, 400);
    const textOf = new Map<string, string>();
    const keyOf = new Map<string, string>();
    for (const [key, text] of pairs) {
      expect(textOf.get(key) ?? text).toBe(text);
      expect(keyOf.get(text) ?? key).toBe(key);
      textOf.set(key, text);
      keyOf.set(text, key);
    }
    // The walk did reach many states, and most transitions left some parts as they were.
    expect(textOf.size).toBeGreaterThan(100);
  });
});

describe('the subscriptions in a state', () => {
  // Each app subscribes to the door once a switch of its own turns on: App1's relay, App2's outlet
  // (one device per capability: the door is the same contact sensor).
  const app = (name: string, capability: string) => {
    const loaded = loadSource(`${name}.groovy`, `definition(name: "${name}")
preferences { section { input "trigger", "${capability}"; input "door", "capability.contactSensor" } }
def installed() { subscribe(trigger, "switch.on", armed) }
def armed(evt) { subscribe(door, "contact", heard) }
def heard(evt) { log.debug "door \${evt.value}" }`);
    if (!loaded.ok) throw new Error(loaded.error.message);
    return loaded.app;
  };
  const apps = [app('relay-door', 'capability.relaySwitch'), app('outlet-door', 'capability.outlet')] as const;
  const events = buildPairEvents(apps[0], apps[1]).events;
  const on = (capability: string) => events.find((e) => e.capability === capability && e.value === 'on')!;
  const open = events.find((e) => e.capability === 'contactSensor' && e.value === 'open')!;

  const home = new Home([apps[0].ir, apps[1].ir], { init: INITIAL_CONFIGURATIONS[0] });
  home.addDevices(events.flatMap((e) => (e.capability === undefined ? [] : [e.capability])));
  home.load();
  home.transition(() => home.installApps());
  const installed = home.snapshot();

  /** The state after the switches turn on in this order (its key, its text), and the handlers a door opening then runs. */
  function after(order: readonly string[]) {
    home.restore(installed);
    for (const capability of order) home.transition(() => home.fire(on(capability)));
    const { key } = home.capture();
    const text = home.stateKey();
    home.transition(() => home.fire(open));
    const heard = home.records.flatMap((r) => (r.kind === 'handler' ? [`${r.app}.${r.handler}`] : []));
    return { key, text, heard };
  }

  it('are each app\'s in the order it made them: the order between the apps changes no future, so it is no part of the key', () => {
    const relayFirst = after(['relaySwitch', 'outlet']);
    const outletFirst = after(['outlet', 'relaySwitch']);
    expect(relayFirst.heard).toEqual(['App2.heard', 'App1.heard']);
    expect(outletFirst.heard).toEqual(relayFirst.heard);
    expect(outletFirst.text).toBe(relayFirst.text);
    expect(outletFirst.key).toBe(relayFirst.key);
    // Only one app subscribed: another state.
    expect(after(['relaySwitch']).key).not.toBe(relayFirst.key);
  });
});
