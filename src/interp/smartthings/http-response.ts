// The platform's synchronous HTTP response (groovyx.net.http.HttpResponseDecorator): what the
// closure of `httpGet`, `httpPost` and the like receives. The answer's map (`status`, `data`,
// `headers` and the paths the code reads: model/outside-world.ts) with the decorator's getters on
// top, as closures (the interpreter calls a map's closure-valued entry as a method):
// `getStatus()`, `getData()`, and `getHeaders(name)`, the headers of that name.
//
// The model knows no service's headers. A header an app asks for by name is there once, with a
// value the model does not know (`UNKNOWN_HEADER_VALUE`), as the service the app was written for
// sends it (a login answers with its `Set-Cookie`); asked for every header (`getHeaders()`), none.
import { getterOf } from '../../parser/accessors.js';
import { toStr } from '../operators.js';
import { GClosure, PlatformRecord, type GMap, type Value } from '../values.js';
import { GroovyMap } from '../groovy-map.js';

export const UNKNOWN_HEADER_VALUE = 'other';

export function httpResponse(response: GMap): GMap {
  const decorated = withGetters(new GroovyMap(response), [['status', response.get('status') ?? null], ['data', response.get('data') ?? null]]);
  decorated.set('getHeaders', new GClosure((args) => (args.length === 0 || args[0] === null ? [] : [header(toStr(args[0]))]), 1));
  return decorated;
}

/** `map` with a getter of each field's value (`getStatus()` for `status`), as a closure-valued entry. */
export function withGetters(map: GMap, fields: readonly [string, Value][]): GMap {
  for (const [name, value] of fields) map.set(getterOf(name), constant(value));
  return map;
}

/** A closure of no parameters that gives `value`. */
export function constant(value: Value): GClosure {
  return new GClosure(() => value, 0);
}

function header(name: string): Value {
  return new PlatformRecord([['name', name], ['value', UNKNOWN_HEADER_VALUE]], 'org.apache.http.Header');
}
