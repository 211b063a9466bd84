// The full environment's outside world (src/model/outside-world.ts, docs/model.md "The outside
// world"): a web service the app polls answers and changes its answer; an outside client calls the
// app's REST endpoints. Checked on two small apps of tests/model/fixtures/environment against the
// demo motion light, in both environments: the reference's has no outside world.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPairEvents, type PairEvent } from '../../src/model/events.js';
import { Home } from '../../src/model/home.js';
import { liveAttributes } from '../../src/model/live-attributes.js';
import { endpointRequest, serviceResponse } from '../../src/model/outside-world.js';
import { UNKNOWN_HEADER_VALUE } from '../../src/interp/smartthings/http-response.js';
import { endpoints, OTHER_NUMBER, webServices } from '../../src/analysis/web-payloads.js';
import { MAX_DEVICE_PAYLOADS } from '../../src/analysis/device-payloads.js';
import { methodWrites } from '../../src/analysis/method-writes.js';
import { possibleWrites } from '../../src/analysis/write-bound.js';
import { lowerSource } from '../../src/pipeline/load.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { pairEnvironment } from '../../src/pipeline/explore-pair.js';
import { loadApp } from '../../src/pipeline/load.js';
import type { PairResult } from '../../src/results/types.js';
import { stcheck } from '../support/cli.js';
import { HAVE_CORPUS, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';

const fixture = (name: string) => join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', `${name}.groovy`);
const [buildLight, remoteLight, motionLight] = [fixture('build-light'), fixture('remote-light'), join(REPO_ROOT, 'apps', 'motion-light.groovy')];
const [deviceBridge, switchOnAtHome] = [fixture('device-bridge'), fixture('switch-on-at-home')];

function check(file1: string, file2: string, env: 'reference' | 'full'): PairResult {
  return checkPairFiles(file1, file2, { mode: 'dpor', budgetMs: 60_000, attributes: ['switch'], env });
}

function conflicts(result: PairResult): string[] {
  return result.conflicts.map((c) => `${c.attribute} ${c.later.appName}=${c.later.value} over ${c.earlier.appName}=${c.earlier.value}`).sort();
}

function events(file1: string, file2: string, env: 'reference' | 'full'): PairEvent[] {
  const [a, b] = [loadApp(file1), loadApp(file2)];
  if (!a.ok || !b.ok) throw new Error('fixture does not load');
  return buildPairEvents(a.app, b.app, pairEnvironment({ env })).events;
}

const outside = (list: PairEvent[]) => list.filter((e) => e.type === 'web' || e.type === 'endpoint').map((e) => `${e.app} ${e.kind} ${e.name}=${e.value}`);

function ir(source: string) {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

describe('a web service the app polls', () => {
  it('is an environment-controlled value: one event per answer the response closure compares against, and "something else"', () => {
    expect(outside(events(buildLight, motionLight, 'full'))).toEqual([
      'App1 device App1.httpGet@36:5=FAILURE',
      'App1 device App1.httpGet@36:5=SUCCESS',
      'App1 device App1.httpGet@36:5=other',
    ]);
    expect(outside(events(buildLight, motionLight, 'reference'))).toEqual([]);
  });

  it('makes the polling app act on its answer in the full environment only: the conflict with the light app is found', () => {
    expect(conflicts(check(buildLight, motionLight, 'full'))).toEqual(expect.arrayContaining(['switch build-light=on over motion-light=off', 'switch motion-light=on over build-light=off']));
    expect(check(buildLight, motionLight, 'reference').verdict).toBe('no-conflict');
  });

  it('is a live attribute: the state key keeps the answer, which no scan of device reads sees', () => {
    const [a, b] = [loadApp(buildLight), loadApp(motionLight)];
    if (!a.ok || !b.ok) throw new Error('fixture does not load');
    const list = buildPairEvents(a.app, b.app, pairEnvironment({ env: 'full' })).events;
    const { live } = liveAttributes([a.app.ir, b.app.ir], list, ['switch']);
    expect(live === 'all' || live.has('App1.httpGet@36:5')).toBe(true);
    expect(live).not.toBe('all');
  });

  it('is read at the poll: the answer is part of the state, and the read and the change are accesses of one location', () => {
    const [a, b] = [loadApp(buildLight), loadApp(motionLight)];
    if (!a.ok || !b.ok) throw new Error('fixture does not load');
    const list = buildPairEvents(a.app, b.app, pairEnvironment({ env: 'full' })).events;
    const home = new Home([a.app.ir, b.app.ir], { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.addDevices(list.flatMap((e) => (e.capability === undefined ? [] : [e.capability])));
    home.install();
    const before = home.stateKey();
    const failure = list.find((e) => e.value === 'FAILURE')!;
    const answer = home.transition(() => home.fire(failure));
    expect(home.stateKey()).not.toBe(before);
    expect(answer).toContainEqual({ kind: 'write', location: 'device.webService0.App1.httpGet@36:5' });
    const poll = list.find((e) => e.kind === 'schedule' && e.handler === 'poll')!;
    const accesses = home.transition(() => home.fire(poll));
    expect(accesses).toContainEqual({ kind: 'read', location: 'device.webService0.App1.httpGet@36:5' });
    expect(home.attribute(home.deviceOfInput('light1')!, 'switch')).toBe('on');
  });
});

describe('an endpoint of the app', () => {
  it('is called by an outside client with each payload its handler compares against; endpoints that write nothing are left out', () => {
    expect(outside(events(remoteLight, motionLight, 'full'))).toEqual(['App1 endpoint PUT /light=on', 'App1 endpoint PUT /light=off', 'App1 endpoint PUT /light=other']);
    expect(outside(events(remoteLight, motionLight, 'reference'))).toEqual([]);
  });

  it("runs its handler with request.JSON holding the payload; the client is a person, so the light app's later write conflicts, never the call's", () => {
    expect(conflicts(check(remoteLight, motionLight, 'full'))).toEqual(expect.arrayContaining(['switch motion-light=off over remote-light=on', 'switch motion-light=on over remote-light=off']));
    expect(conflicts(check(remoteLight, motionLight, 'full')).filter((c) => c.startsWith('switch remote-light'))).toEqual([]);
    expect(check(remoteLight, motionLight, 'reference').verdict).toBe('no-conflict');
  });

  it('is listed by `stcheck events` in the full environment', () => {
    const run = stcheck('events', remoteLight, buildLight);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('App1  endpoint: a client calls PUT /light with off (setLight())');
    expect(run.stdout).toContain('App2  webService: App2.httpGet@36:5=FAILURE');
    expect(stcheck('events', remoteLight, buildLight, '--env', 'reference').stdout).not.toContain('endpoint');
  });
});

describe('payloads', () => {
  it('hold the answer at every path read, in the format a regular expression finds it in, under request.JSON and request.JSONObject', () => {
    const [endpoint] = endpoints(ir(`mappings {\n  path("/t") { action: [POST: "t"] }\n}\ndef t() {\n  def text = request.JSON.text\n  def c = (text =~ /color=(\\w+)/)[0][1]\n  if (c == "red" && params.level == 5) log.debug c\n}`));
    const { request, params } = endpointRequest(endpoint, 'red');
    expect((request.get('JSON') as Map<string, unknown>).get('text')).toBe('color=red');
    expect(request.get('JSONObject')).toBe(request.get('JSON'));
    expect(params.get('level')).toBe('red');
    // Parameters of a path or a query are text on the platform: `params.level == 5` never holds there.
    expect(endpointRequest(endpoint, '5').params.get('level')).toBe('5');
    const [json] = endpoints(ir(`mappings {\n  path("/l") { action: [POST: "l"] }\n}\ndef l() {\n  if (request.JSON.level == 5) log.debug "five"\n}`));
    expect((endpointRequest(json, '5').request.get('JSON') as Map<string, unknown>).get('level')).toBe(5);
  });

  it('of a web service answer 200 with the answer at the paths read; no answer yet is "something else"', () => {
    const [service] = webServices(ir(`def p() {\n  httpGet("u") { r -> if (r.data.build.result == "OK") log.debug "ok" }\n}`));
    const response = serviceResponse(service, 'OK');
    expect(response.get('status')).toBe(200);
    expect(((response.get('data') as Map<string, unknown>).get('build') as Map<string, unknown>).get('result')).toBe('OK');
    expect(((serviceResponse(service, null).get('data') as Map<string, unknown>).get('build') as Map<string, unknown>).get('result')).toBe('other');
  });

  it('of a web service read as a number hold a number before any answer, the "something else" of such a service', () => {
    const [service] = webServices(ir(`def p() {\n  httpGet("u") { r -> state.t = r.data.currently.time.intValue() }\n}`));
    expect(((serviceResponse(service, null).get('data') as Map<string, unknown>).get('currently') as Map<string, unknown>).get('time')).toBe(OTHER_NUMBER);
  });
});

describe('a response the closure hands on or iterates', () => {
  it('has an empty JSON object as its data, whose fields read as null, where the closure reads no path of it', () => {
    // Life360 Connect keeps the response in a local and reads `result.data?.hookUrl` after the
    // call; Quirky Connect passes it to a callback. Text there made every such read a
    // MissingPropertyException of the app's that no service could cause.
    const app = ir(`def probe() {
  def result = null
  httpPost(uri: "https://example.com/hooks", body: "url=x") { response -> result = response }
  [result.status, result.data?.hookUrl, result.data.size()]
}`);
    const home = new Home([app], { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    expect(home.app.invoke('probe', [])).toEqual([200, null, 0]);
  });

  it('has an empty list where the closure iterates a path, as a service that lists nothing', () => {
    // particle-monitor: `response.data.each { hook -> if (hook.url == ...) }`; as text, each went
    // over its characters and `hook.url` was a MissingPropertyException of the app's.
    const app = ir(`def probe() {
  def urls = []
  httpGet(uri: "https://example.com/webhooks") { response -> response.data.each { hook -> urls << hook.url } }
  def names = []
  httpGet(uri: "https://example.com/devices") { resp -> for (d in resp.data.devices) names << d.name }
  [urls, names]
}`);
    expect(webServices(app).map((s) => s.lists.map((p) => p.join('.')))).toEqual([['data'], ['data.devices']]);
    const home = new Home([app], { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    expect(home.app.invoke('probe', [])).toEqual([[], []]);
  });

  it('has an empty JSON object as its data where the closure keeps it whole and compares it against nothing', () => {
    // A camera app keeps a login's answer (`state.auth_params = response.data`) and reads
    // `state.auth_params.access_token` in its next request; as the answer's text, that read was a
    // MissingPropertyException no service could cause. A closure that compares the data keeps it.
    const app = ir(`def probe() {
  httpPost(uri: "https://example.com/login", body: "user=x") { response -> state.auth = response.data }
  def ok = null
  httpGet(uri: "https://example.com/ping") { response -> ok = response.data == "pong" }
  [state.auth.access_token, state.auth instanceof Map, ok]
}`);
    const [kept, compared] = webServices(app);
    expect([kept.paths, kept.answers.length, compared.paths, compared.answers]).toEqual([[['data']], 1, [['data']], ['pong', 'other']]);
    const home = new Home([app], { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    expect(home.app.invoke('probe', [])).toEqual([null, true, false]);
  });

  it("has the getters of the platform's response, and the header an app asks for by name, of a value the model does not know", () => {
    // A camera app logs in and keeps the cookie: `response.getHeaders('Set-Cookie')[0].getValue()`;
    // a bed app joins every Set-Cookie's first part. With no header at all, both were stopped.
    const app = ir(`def probe() {
  def out = []
  httpPost(uri: "https://example.com/login", body: "user=x") { response ->
    out << response.getStatus() << (response.getData() == response.data)
    out << response.getHeaders('Set-Cookie')[0].getValue()
    out << response.getHeaders('Set-Cookie').collect { it.name + "=" + it.value.split(';')[0] }
    out << response.getHeaders().size()
  }
  out
}`);
    const home = new Home([app], { init: true, environment: pairEnvironment({ env: 'full' }) });
    home.install();
    expect(home.app.invoke('probe', [])).toEqual([200, true, UNKNOWN_HEADER_VALUE, [`Set-Cookie=${UNKNOWN_HEADER_VALUE}`], 0]);
  });
});

describe('a bridge endpoint that runs the command a client names on the device it picks', () => {
  it('may write any command of its inputs\' capabilities (device."$command"()), in the write bound too', () => {
    const app = loadApp(deviceBridge);
    if (!app.ok) throw new Error('fixture does not load');
    expect([...(methodWrites(app.app.ir).get('update') ?? [])]).toEqual(expect.arrayContaining(['switch', 'lock']));
    expect(possibleWrites(app.app.ir).map((t) => `${t.device}.${t.attribute}`)).toEqual(expect.arrayContaining(['switch0.switch', 'lock0.lock']));
  });

  it('is called with coherent payloads: an input\'s name, the id of its device, a command of its capability', () => {
    expect(outside(events(deviceBridge, switchOnAtHome, 'full'))).toEqual([
      'App1 endpoint PUT /:type/:id=type=switches, id=switch0, command=on',
      'App1 endpoint PUT /:type/:id=type=locks, id=lock0, command=lock',
      'App1 endpoint PUT /:type/:id=type=switches, id=switch0, command=off',
      'App1 endpoint PUT /:type/:id=type=locks, id=lock0, command=unlock',
      'App1 endpoint PUT /:type/:id=type=switches, id=switch0, command=setLevel',
    ]);
    const [endpoint] = endpoints(loadIr(deviceBridge));
    const { request, params } = endpointRequest(endpoint, 'type=locks, id=lock0, command=unlock');
    expect(params.get('type')).toBe('locks');
    expect(params.get('id')).toBe('lock0');
    expect((request.get('JSON') as Map<string, unknown>).get('command')).toBe('unlock');
  });

  it('conflicts with an app that turns the same switch on in the full environment, never in the reference one', () => {
    expect(conflicts(check(deviceBridge, switchOnAtHome, 'full'))).toEqual(expect.arrayContaining(['switch switch-on-at-home=on over device-bridge=off']));
    expect(check(deviceBridge, switchOnAtHome, 'reference').verdict).toBe('no-conflict');
  });
});

describe('a dashboard endpoint whose tile kind the handler compares against constants', () => {
  const dashboard = fixture('tile-dashboard');

  it('gets each constant in turns with the device choices, so the cap leaves no constant out', () => {
    const [endpoint] = endpoints(loadIr(dashboard));
    // The thermostat's commands alone make more choices than the cap.
    expect(endpoint.payloads.length).toBe(MAX_DEVICE_PAYLOADS);
    expect(new Set(endpoint.payloads.map((p) => p.answer))).toEqual(new Set(endpoint.answers));
    expect(endpoint.payloads.map((p) => p.label)).toContain('device=switch0, command=on, switch');
  });

  it('toggles the switch a person taps, which an app that turns it on at an arrival then overrides', () => {
    expect(conflicts(check(dashboard, switchOnAtHome, 'full'))).toContain('switch switch-on-at-home=on over tile-dashboard=off');
  });
});

describe.skipIf(!HAVE_CORPUS)('the study\'s IFTTT bridge (skipped without ../shared: the corpus is not here)', () => {
  it('gets one payload per switch, alarm or lock command, each naming the input, its device and the command, at most MAX_DEVICE_PAYLOADS', () => {
    const update = endpoints(loadIr(join(SMARTAPPS_DIR, 'ifttt.groovy'))).find((e) => e.handler === 'update')!;
    expect(update.payloads.length).toBe(MAX_DEVICE_PAYLOADS);
    expect(update.payloads.slice(0, 4).map((p) => p.label)).toEqual([
      'deviceType=switches, id=switch0, command=on',
      'deviceType=contactSensors, id=contactSensor0, command=on',
      'deviceType=alarms, id=alarm0, command=both',
      'deviceType=locks, id=lock0, command=lock',
    ]);
    expect(update.payloads.map((p) => p.label)).toEqual(expect.arrayContaining(['deviceType=switches, id=switch0, command=off', 'deviceType=locks, id=lock0, command=unlock']));
    expect(update.payloads.every((p) => Object.keys(p.values).sort().join(' ') === 'params.deviceType params.id request.JSON.command')).toBe(true);
  });

  it('leaves an endpoint without such paths its constants-or-other payloads', () => {
    const list = endpoints(loadIr(join(SMARTAPPS_DIR, 'ifttt.groovy'))).find((e) => e.handler === 'listSubscriptions')!;
    expect(list.payloads.map((p) => p.label)).toEqual(list.answers);
  });
});

function loadIr(file: string) {
  const app = loadApp(file);
  if (!app.ok) throw new Error(`${file} does not load`);
  return app.app.ir;
}
