// The platform's asynchronous HTTP API (`asynchttp_v1`, src/interp/smartthings/builtins.ts and
// async-response.ts; docs/model.md "The outside world"): a request's call site is a web service
// like a synchronous request's, and the method the app names receives the response and the
// request's data, in an execution of its own after the one that sent it, when the environment
// answers (full), never in the reference environment. Checked on a small app of
// tests/model/fixtures/environment against the demo motion light.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webServices } from '../../src/analysis/web-payloads.js';
import { buildPairEvents, type PairEvent } from '../../src/model/events.js';
import { Home } from '../../src/model/home.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { pairEnvironment } from '../../src/pipeline/explore-pair.js';
import { loadApp } from '../../src/pipeline/load.js';
import { REPO_ROOT } from '../support/corpus.js';

const fixture = (name: string) => join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', `${name}.groovy`);
const [asyncBuildLight, asyncRepoll] = [fixture('async-build-light'), fixture('async-repoll')];
const motionLight = join(REPO_ROOT, 'apps', 'motion-light.groovy');
const SERVICE = 'App1.asynchttp_v1.get@39:5';

/** The app of `file` (App1) and the demo motion light (App2). */
function loaded(file = asyncBuildLight) {
  const [a, b] = [loadApp(file), loadApp(motionLight)];
  if (!a.ok || !b.ok) throw new Error('fixture does not load');
  return [a.app, b.app] as const;
}

function events(env: 'reference' | 'full', file = asyncBuildLight): PairEvent[] {
  const [a, b] = loaded(file);
  return buildPairEvents(a, b, pairEnvironment({ env })).events;
}

/** The installed home of the pair in `env`, with the devices its events need. */
function installedHome(env: 'reference' | 'full', file = asyncBuildLight): { home: Home; list: PairEvent[] } {
  const [a, b] = loaded(file);
  const list = events(env, file);
  const home = new Home([a.ir, b.ir], { init: true, environment: pairEnvironment({ env }) });
  home.addDevices(list.flatMap((e) => (e.capability === undefined ? [] : [e.capability])));
  home.install();
  return { home, list };
}

const poll = (list: PairEvent[]) => list.find((e) => e.kind === 'schedule' && e.handler === 'poll')!;

describe('an asynchronous request (asynchttp_v1)', () => {
  it("is a web service at its call site, whose answers are the constants its callback compares, read through getters too", () => {
    const [a] = loaded();
    const [service] = webServices(a.ir);
    expect(service).toMatchObject({ id: 'asynchttp_v1.get@39:5', api: 'asynchttp_v1.get', answers: ['FAILURE', 'SUCCESS', 'other'] });
    expect(service.paths).toEqual(expect.arrayContaining([['json', 'result'], ['status']]));
    const outside = (list: PairEvent[]) => list.filter((e) => e.type === 'web').map((e) => `${e.name}=${e.value}`);
    expect(outside(events('full'))).toEqual([`${SERVICE}=FAILURE`, `${SERVICE}=SUCCESS`, `${SERVICE}=other`]);
    expect(outside(events('reference'))).toEqual([]);
  });

  it('calls the named method with the response and the data after the requesting execution, in the full environment', () => {
    const { home, list } = installedHome('full');
    home.transition(() => home.fire(list.find((e) => e.value === 'FAILURE')!));
    const accesses = home.transition(() => home.fire(poll(list)));
    expect(accesses).toContainEqual({ kind: 'read', location: `device.webService0.${SERVICE}` });
    expect(home.attribute(home.deviceOfInput('light1')!, 'switch')).toBe('on');
    const state = home.app.state.map;
    expect(state.get('job')).toBe('nightly');
    // The callback ran once the poll had ended: it saw what the poll stored after sending.
    expect(state.get('sentBefore')).toBe(true);
    expect([state.get('status'), state.get('failed'), state.get('error') ?? null]).toEqual([200, false, null]);
    // `data` is the body as text, `json` (and getJson()) the parsed body.
    expect(state.get('body')).toBe('{"result":"FAILURE"}');
    expect(home.records.filter((r) => r.kind === 'handler').map((r) => `${r.handler} ${r.cause}`)).toEqual([
      'poll schedule timer',
      'buildResponse asynchttp_v1 response',
    ]);
  });

  it('never calls the method in the reference environment: the request is only sent', () => {
    // The reference's timers fire at once: installing ran poll().
    const { home } = installedHome('reference');
    expect(home.app.state.map.get('sent')).toBe(true);
    expect(home.app.state.map.has('job')).toBe(false);
    home.transition(() => home.app.invoke('poll', []));
    expect(home.records.map((r) => (r.kind === 'message' ? r.message.text : r.kind))).toEqual(['asynchttp_v1.get']);
    expect(home.app.state.map.has('job')).toBe(false);
  });

  it('calls a callback that asks again from itself once per transition: the chain of answers ends', () => {
    const { home, list } = installedHome('full', asyncRepoll);
    const answers = () => home.app.state.map.get('answers');
    const before = answers() as number;
    home.transition(() => home.fire(poll(list)));
    expect(answers()).toBe(before + 1);
    expect(home.records.filter((r) => r.kind === 'handler').map((r) => r.handler)).toEqual(['poll', 'answered']);
  });

  it('makes the polling app act on its answer in the full environment only: the conflict with the light app is found', () => {
    const check = (env: 'reference' | 'full') => checkPairFiles(asyncBuildLight, motionLight, { mode: 'dpor', budgetMs: 60_000, attributes: ['switch'], env });
    const conflicts = check('full').conflicts.map((c) => `${c.attribute} ${c.later.appName}=${c.later.value} over ${c.earlier.appName}=${c.earlier.value}`);
    expect(conflicts).toEqual(expect.arrayContaining(['switch async-build-light=on over motion-light=off', 'switch motion-light=on over async-build-light=off']));
    expect(check('reference').verdict).toBe('no-conflict');
  });
});
