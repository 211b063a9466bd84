// The platform's synchronous HTTP response (groovyx.net.http.HttpResponseDecorator): what the
// closure of `httpGet`, `httpPost` and the like receives. The answer's map (`status`, `data`,
// `headers` and the paths the code reads: model/outside-world.ts) with the decorator's getters on
// top, as closures (the interpreter calls a map's closure-valued entry as a method):
// `getStatus()`, `getData()`, and `getHeaders(name)`, the headers of that name.
//
// The model knows no service's headers. A header an app asks for by name is there once, with a
// value the model does not know (`UNKNOWN_HEADER_VALUE`), as the service the app was written for
// sends it (a login answers with its `Set-Cookie`); asked for every header (`getHeaders()`), none.
import { toStr } from '../operators.js';
import { GClosure, PlatformRecord, type GMap, type Value } from '../values.js';

export const UNKNOWN_HEADER_VALUE = 'other';

export function httpResponse(response: GMap): GMap {
  const decorated: GMap = new Map(response);
  decorated.set('getStatus', new GClosure(() => response.get('status') ?? null, 0));
  decorated.set('getData', new GClosure(() => response.get('data') ?? null, 0));
  decorated.set('getHeaders', new GClosure((args) => (args.length === 0 || args[0] === null ? [] : [header(toStr(args[0]))]), 1));
  return decorated;
}

function header(name: string): Value {
  return new PlatformRecord([['name', name], ['value', UNKNOWN_HEADER_VALUE]], 'org.apache.http.Header');
}
