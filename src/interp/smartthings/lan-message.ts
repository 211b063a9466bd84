// `parseLanMessage(description)`: the hub's description of a LAN message ("mac:0A1B2C3D4E5F,
// ip:C0A80101, port:0050, headers:<base64>, body:<base64>", or an SSDP answer's "ssdpTerm:...,
// ssdpUSN:...") as the platform's documented map: every key of the description with its value,
// `headers` and `body` decoded from base64, `header` (the header text as sent, its first line the
// status or request line), `headers` as a map of header name to value (without that line),
// `status` (of an HTTP status line) and `json` (the body parsed, when it is JSON). The tool has no
// XML model, so `xml` is left out: an app reads null there, as it does for a body that is not XML.
import { GroovyError } from '../errors.js';
import { parseJson } from '../java/json-parse.js';
import { toStr } from '../operators.js';
import type { GMap, Value } from '../values.js';
import { GroovyMap } from '../groovy-map.js';

export function parseLanMessage(description: Value): GMap {
  const message: GMap = new GroovyMap();
  if (description === null) return message;
  for (const [key, value] of descriptionEntries(toStr(description))) message.set(key, value);
  const headers = message.get('headers');
  if (typeof headers === 'string') addHeaders(message, decodeBase64(headers));
  const body = message.get('body');
  if (typeof body === 'string') addBody(message, decodeBase64(body));
  return message;
}

/**
 * `stringToMap("mac:0A1B, ip:C0A8")`: the `key:value` entries of a comma-separated text as a map
 * of strings, which apps use to read a LAN or SSDP description field by field (foscam-connect).
 */
export function stringToMap(text: Value): GMap {
  return new GroovyMap(text === null ? [] : descriptionEntries(toStr(text)));
}

/** The `key:value` entries of a description, split at commas; a value may hold colons (`uuid:...::urn:...`). */
function descriptionEntries(description: string): [string, string][] {
  return description
    .split(',')
    .map((entry) => /^\s*([^:]+?)\s*:(.*)$/s.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2].trim()]);
}

/** The hub sends headers and body as base64 of their bytes, UTF-8 text. */
function decodeBase64(text: string): string {
  return Buffer.from(text, 'base64').toString('utf8');
}

function addHeaders(message: GMap, header: string): void {
  const [firstLine, ...lines] = header.split(/\r?\n/);
  const fields: GMap = new GroovyMap();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  message.set('header', header);
  message.set('headers', fields);
  const status = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\b/.exec(firstLine);
  if (status) message.set('status', Number(status[1]));
}

function addBody(message: GMap, body: string): void {
  message.set('body', body);
  try {
    message.set('json', parseJson(body));
  } catch (e) {
    // A body that is not JSON simply has no `json`.
    if (!(e instanceof GroovyError)) throw e;
  }
}
