// The outside world of the full environment (docs/model.md, "The outside world"): the web services
// the apps poll and the clients that call the apps' REST endpoints.
// - A web service's current answer is part of the home's state: an attribute of one pseudo-device,
//   `webService0`, named `<app>.<api>@<line>:<column>` after the call site, so the state key, the
//   accesses and the live-attribute filter treat it as a sensor of the outside world. The
//   environment event "the service now answers X" sets it; the app's call reads it (an unset answer
//   is "something else") and calls the response closure with it (or, for `asynchttp_v1`, hands it
//   to the callback the app names).
// - An endpoint call is an environment event that runs the mapped handler with `request` and
//   `params` holding one payload; it leaves nothing behind but what the handler does.
import { endpoints, JSON_ROOT, OTHER_ANSWER, webServices, type Endpoint, type PayloadPath, type WebService } from '../analysis/web-payloads.js';
import { methodWrites } from '../analysis/method-writes.js';
import type { EndpointPayload } from '../analysis/device-payloads.js';
import type { GMap, Value } from '../interp/values.js';
import type { AppIR } from '../ir/ir.js';
import { GroovyMap } from '../interp/groovy-map.js';

/** The type of the environment events "the service now answers X" (device events of the web-service device). */
export const WEB_ANSWER_EVENT = 'web';

/** The capability of the pseudo-device holding the services' answers (no capability of the table). */
export const WEB_SERVICE_CAPABILITY = 'webService';

/** The attribute of the web-service device that holds this service's answer. */
export function serviceAttribute(app: string, service: Pick<WebService, 'id'>): string {
  return `${app}.${service.id}`;
}

/** What the environment can send one app. */
export interface AppOutsideWorld {
  services: WebService[];
  /** Only the endpoints whose handler may write a device attribute or the mode (method-writes.ts). */
  endpoints: Endpoint[];
}

export function appOutsideWorld(ir: AppIR): AppOutsideWorld {
  const writes = methodWrites(ir);
  return { services: webServices(ir), endpoints: endpoints(ir).filter((e) => (writes.get(e.handler)?.size ?? 0) > 0) };
}

/** The services whose answer can change what the app does: those it compares against a constant. */
export function changingServices(world: AppOutsideWorld): WebService[] {
  return world.services.filter((s) => s.answers.length > 1);
}

/** The payloads an endpoint can receive, by label: one per payload, or one empty one when the handler reads none. */
export function endpointPayloads(endpoint: Endpoint): string[] {
  return endpoint.jsonPaths.length + endpoint.paramPaths.length === 0 ? [''] : endpoint.payloads.map((p) => p.label);
}

/** The response a service gives with this answer (null: none yet, "something else"). */
export function serviceResponse(service: WebService, answer: string | null): GMap {
  // No answer yet is "something else": a number where the code reads the payload as one.
  const text = answer ?? service.answers.at(-1) ?? OTHER_ANSWER;
  // A path the closure iterates holds a list: an empty one, as a service that lists nothing.
  const lists = new Set(service.lists.map((p) => p.join('.')));
  // The whole `data`, kept (`state.auth = response.data`) or handed on and compared against
  // nothing, is a JSON object as where the closure reads no path of it (below).
  const paths = service.answers.length > 1 ? service.paths : service.paths.filter((p) => p.join('.') !== 'data');
  const response = payloadMap(paths, (path) => (lists.has(path.join('.')) ? [] : formatted(service.formats[path.join('.')], text)));
  // A service that answers answers successfully. Where the closure reads no path of `data` (the
  // response goes to a callback, or to a local read after the call), the answer is an empty JSON
  // object: its fields read as null, as those of a service's answer that lacks them. Text would
  // make the app's every read of a field a MissingPropertyException no service could cause.
  response.set('status', 200);
  if (!response.has('data')) response.set('data', new GroovyMap());
  if (!response.has('headers')) response.set('headers', new GroovyMap());
  return response;
}

/**
 * `request` and `params` of an outside client's call with the payload of this label (a label no
 * payload has is taken as the answer at every path).
 */
export function endpointRequest(endpoint: Endpoint, label: string): { request: GMap; params: GMap } {
  const payload: Pick<EndpointPayload, 'values' | 'answer'> = endpoint.payloads.find((p) => p.label === label) ?? { values: {}, answer: label };
  const leaf = (prefixes: readonly string[]) => (path: PayloadPath): Value =>
    payload.values[`${prefixes[0]}.${path.join('.')}`] ?? formatted(prefixes.map((p) => endpoint.formats[[p, ...path].join('.')]).find((f) => f !== undefined), payload.answer);
  const json = payloadMap(endpoint.jsonPaths, leaf([JSON_ROOT, 'request.JSONObject']));
  const request: GMap = new GroovyMap([['JSON', json], ['JSONObject', json], ['headers', new GroovyMap()]]);
  // A path's and a query's parameters arrive as text (`/device/:id`, `?level=50`); JSON keeps numbers.
  const param = leaf(['params']);
  return { request, params: payloadMap(endpoint.paramPaths, (path) => String(param(path))) };
}

/** A nested map with the value `leaf` gives at every leaf path. */
function payloadMap(paths: readonly PayloadPath[], leaf: (path: PayloadPath) => Value): GMap {
  const root: GMap = new GroovyMap();
  for (const path of paths) {
    if (path.length === 0) continue;
    let map = root;
    for (const key of path.slice(0, -1)) {
      const next = map.get(key);
      if (next instanceof Map) map = next;
      else map.set(key, (map = new GroovyMap()));
    }
    map.set(path[path.length - 1], leaf(path));
  }
  return root;
}

/** The answer in a path's format if it has one (`color=%s`), else as itself. */
function formatted(format: string | undefined, answer: string): Value {
  return format === undefined ? answerValue(answer) : format.replace('%s', answer);
}

/** A numeric constant arrives as a number (`resp.data.code == 2`), any other as text. */
function answerValue(answer: string): Value {
  return /^-?\d+(\.\d+)?$/.test(answer) ? Number(answer) : answer;
}
