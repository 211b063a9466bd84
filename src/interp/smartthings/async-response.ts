// The platform's AsyncResponse (docs.smartthings.com, "AsyncResponse"): what an asynchronous
// request's callback receives (`asynchttp_v1`). Built from the response the host gives for the call
// site, the same map a synchronous request's response closure gets (`status`, `data`, `headers` and
// the paths the code reads), with the async API on top:
// - `data` is the body as text (the JSON text of a parsed body), `json` the parsed body;
// - `hasError()` is true for a status outside 2XX, and `errorMessage` then names the status (the
//   platform's wording is not documented; the modelled services answer 200, so it stays null);
// - the getters `getStatus()`, `getData()`, `getJson()`, `getHeaders()`, `getErrorMessage()`.
// A map whose methods are closures: the interpreter calls a map's closure-valued entry as a method.
// `getErrorData()`, `getErrorJson()`, `getXml()` and `getWarnings()` are not modelled (a gap).
import { toJson } from '../java/json.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { isNumber, type GMap, type Value } from '../values.js';
import { constant, withGetters } from './http-response.js';
import { GroovyMap } from '../groovy-map.js';

export function asyncResponse(response: GMap): GMap {
  const status = response.get('status') ?? null;
  const failed = !isSuccess(status);
  const json = response.get('json') ?? response.get('data') ?? null;
  const fields: [string, Value][] = [
    ['status', status],
    ['json', json],
    ['data', json instanceof Map || Array.isArray(json) ? toJson(json) : json === null ? null : toStr(json)],
    ['headers', response.get('headers') ?? new GroovyMap()],
    ['errorMessage', failed ? `HTTP ${toStr(status)}` : null],
  ];
  const async = withGetters(new GroovyMap([...response, ...fields]), fields);
  async.set('hasError', constant(failed));
  return async;
}

/** A 2XX status: the only answers the platform hands over without an error. */
function isSuccess(status: Value): boolean {
  if (!isNumber(status)) return false;
  const code = num.toInt(status);
  return code >= 200 && code < 300;
}
