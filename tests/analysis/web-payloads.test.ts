// What the outside world can send an app (src/analysis/web-payloads.ts), derived from its IR: the
// web services it calls with the paths their response closures read, its endpoints with the paths
// their handlers read of `request.JSON` and `params`, and the answers: the constants compared
// against, then "something else".
import { describe, expect, it } from 'vitest';
import { answersOf, endpoints, formatOf, MAX_ANSWERS, OTHER_ANSWER, OTHER_NUMBER, webServices } from '../../src/analysis/web-payloads.js';
import { lowerSource } from '../../src/pipeline/load.js';

function ir(source: string) {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

describe('web services', () => {
  it('are the http calls with a response closure, one per call site, with the paths read and the constants compared (not status codes: the service answers 200)', () => {
    const services = webServices(ir(`def poll() {\n  httpGet(uri: "http://ci") { resp ->\n    if (resp.data.result == "FAILURE") on()\n    else if (resp.status == 200 && resp.data.result == "SUCCESS") off()\n  }\n  httpPost("http://log", "x")\n}\ndef on() {}\ndef off() {}`));
    expect(services).toEqual([{ id: 'httpGet@2:3', api: 'httpGet', line: 2, column: 3, paths: [['data', 'result'], ['status']], lists: [], formats: {}, answers: ['FAILURE', 'SUCCESS', OTHER_ANSWER] }]);
  });

  it('follow the implicit `it`, a local holding a path, and the methods the closure calls', () => {
    const [service] = webServices(ir(`def poll() {\n  httpPostJson(uri: "u", body: [:]) {\n    def weather = it.data.current\n    act(weather.condition)\n  }\n}\ndef act(c) {\n  switch (c) {\n    case "rain": break\n    case "snow": break\n  }\n}`));
    expect(service.paths).toEqual([['data', 'current', 'condition']]);
    expect(service.answers).toEqual(['rain', 'snow', OTHER_ANSWER]);
  });

  it('answer a number where the closure reads a path as one, also with a method only numbers have', () => {
    // erv-timed-operation: `response.data.currently.time.intValue()` of a weather service.
    const [service] = webServices(ir(`def poll() {\n  httpGet("u") { r -> state.t = r.data.currently.time.intValue() }\n}`));
    expect(service.answers).toEqual([String(OTHER_NUMBER)]);
  });

  it('answer only "something else" when the closure compares nothing', () => {
    expect(webServices(ir(`def poll() {\n  httpGet("u") { r -> log.debug r.data }\n}`))[0].answers).toEqual([OTHER_ANSWER]);
  });
});

describe('endpoints', () => {
  it('are the mapped handlers that exist, one per handler, with the paths read of request.JSON and params', () => {
    const app = ir(`mappings {\n  path("/hue") { action: [PUT: "postHue", POST: "postHue"] }\n  path("/x/:cmd") { action: [GET: "byParam"] }\n  path("/gone") { action: [GET: "missing"] }\n}\ndef postHue() {\n  def json = request.JSON\n  if (json?.value == "red") log.debug "red"\n}\ndef byParam() {\n  if (params.cmd in ["on", "off"]) log.debug params.cmd\n}`);
    expect(endpoints(app)).toEqual([
      { label: 'PUT /hue', handler: 'postHue', jsonPaths: [['value']], paramPaths: [], formats: {}, answers: ['red', OTHER_ANSWER], payloads: plain(['red', OTHER_ANSWER]) },
      { label: 'GET /x/:cmd', handler: 'byParam', jsonPaths: [], paramPaths: [['cmd']], formats: {}, answers: ['on', 'off', OTHER_ANSWER], payloads: plain(['on', 'off', OTHER_ANSWER]) },
    ]);
  });
});

describe('payloads read as numbers', () => {
  it('answer a number as "something else", one none of the constants is, where the handler reads a path as a number', () => {
    const level = ir(`mappings {\n  path("/dim/:level") { action: [PUT: "dim"] }\n}\ndef dim() {\n  lights.setLevel(params.level.toInteger())\n}`);
    expect(endpoints(level)[0].answers).toEqual([String(OTHER_NUMBER)]);
    const taken = ir(`mappings {\n  path("/dim/:level") { action: [PUT: "dim"] }\n}\ndef dim() {\n  def l = params.level as Integer\n  if (params.level == "${OTHER_NUMBER}") return\n  lights.setLevel(l)\n}`);
    expect(endpoints(taken)[0].answers).toEqual([String(OTHER_NUMBER), String(OTHER_NUMBER + 1)]);
    const parsed = webServices(ir(`def poll() {\n  httpGet("u") { resp -> state.t = Integer.parseInt(resp.data.temp) }\n}`));
    expect(parsed[0].answers).toEqual([String(OTHER_NUMBER)]);
  });

  it('keep "other" where nothing read is converted to a number', () => {
    expect(endpoints(ir(`mappings {\n  path("/x/:cmd") { action: [GET: "run"] }\n}\ndef run() {\n  lights."\${params.cmd}"()\n  state.n = "5".toInteger()\n}`))[0].answers).toEqual([OTHER_ANSWER]);
  });
});

/** The payloads of an endpoint whose paths play no device role: one per answer, the answer at every path. */
function plain(answers: string[]) {
  return answers.map((answer) => ({ label: answer, values: {}, answer }));
}

describe('payload formats', () => {
  it('put the answer where a regular expression of one group finds it in a path read', () => {
    const [endpoint] = endpoints(ir(`mappings {\n  path("/tweet") { action: [POST: "tweet"] }\n}\ndef tweet() {\n  def text = request.JSON.text\n  def color = (text =~ /color=(\\w+)/)[0][1]\n  if (color == "red") log.debug "red"\n}`));
    expect(endpoint.formats).toEqual({ 'request.JSON.text': 'color=%s' });
    expect(endpoint.jsonPaths).toEqual([['text']]);
  });

  it('exist only for plain text around the group', () => {
    expect(formatOf('color=(\\w+)')).toBe('color=%s');
    expect(formatOf('^.*temp:(\\d+)F$')).toBe('temp:%sF');
    expect(formatOf('(a|b)+x')).toBeUndefined();
    expect(formatOf('a(b)c(d)')).toBeUndefined();
    expect(formatOf('a.b(c)')).toBeUndefined();
  });
});

describe('answers', () => {
  const answers = (body: string) => answersOf([ir(`def h(x) {\n${body}\n}`).methods[0].decl], { payloads: new Set(['resp']), settings: new Set(['mode1']) });

  it('take ==, !=, equals, in-lists and switch cases, in source order, each once', () => {
    expect(answers(`if (x != "a" && "b".equals(x) && x.equalsIgnoreCase("c") && x in ["d", "a"]) {}\nswitch (x) { case "e": break }`)).toEqual(['a', 'b', 'c', OTHER_ANSWER]);
    expect(answers(`if (x == 5 || x == "f") {}`)).toEqual(['5', 'f', OTHER_ANSWER]);
  });

  it('are compared against what may hold a payload: a path read from one, a local or parameter; not a setting, an event or a stored value', () => {
    expect(answers(`if (resp.data.x == "a" || x.trim() == "b" || mode1 == "c" || evt.value == "d" || state.s == "e" || it.kind == "f") {}`)).toEqual(['a', 'b', OTHER_ANSWER]);
    expect(answers(`switch (mode1) { case "a": break }\nif (mode1 in ["b"]) {}`)).toEqual([OTHER_ANSWER]);
  });

  it(`keep at most ${MAX_ANSWERS}, "something else" included, which matches no constant`, () => {
    expect(answers(`if (x == "other" || x == "other2") {}`)).toEqual(['other', 'other2', 'other3']);
    expect(answers(`switch (x) { case "a": case "b": case "c": case "d": case "e": break }`)).toHaveLength(MAX_ANSWERS);
  });
});
