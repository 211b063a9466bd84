// Which methods can change nothing in the home (src/analysis/effect-free.ts), and the handlers of
// each attribute's events (src/analysis/attribute-reads.ts), on small apps.
import { describe, expect, it } from 'vitest';
import { readAttributes, subscriptionHandlers } from '../../src/analysis/attribute-reads.js';
import { effectFreeMethods } from '../../src/analysis/effect-free.js';
import { lowerSource } from '../../src/pipeline/load.js';

function ir(source: string) {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

const free = (source: string) => [...effectFreeMethods(ir(source))].sort();

describe('effect-free methods', () => {
  it('allows locals, logs, messages, value methods and calls of effect-free methods of the app', () => {
    const source = `
def battery(evt) {
  int level = evt.integerValue
  String text
  if (level < 10) { text = "low: \${evt.displayName}".toUpperCase(); notify(text) }
  [1, 2].each { n -> def twice = n * 2; log.debug "\$twice" }
}
private notify(msg) { log.info msg; sendPush(msg) }`;
    expect(free(source)).toEqual(['battery', 'notify']);
  });

  it('counts commands, state and field writes, timers, undeclared names and callers of such methods as effects', () => {
    const source = `
def command(evt) { sw.on() }
def stored(evt) { state.last = evt.value }
def entry(evt) { state.seen[evt.deviceId] = 1 }
def timer(evt) { runIn(60, "command") }
def script(evt) { count = 1 }
def counter(evt) { def n = 0; n++; state.n++ }
def caller(evt) { log.debug "x"; stored(evt) }
def byValue(evt) { def c = { sw.off() }; c() }
def http(evt) { httpPost("https://example.com", "x") }`;
    expect(free(source)).toEqual([]);
  });

  it('counts an asynchronous request as an effect (its callback runs), though `get` is a value method of maps', () => {
    expect(free(`def poll(evt) { asynchttp_v1.get("answered", [uri: "https://example.com"]) }\ndef answered(response, data) { log.debug "ok" }`)).toEqual(['answered']);
  });

  it('counts updating a setting as an effect', () => {
    expect(free(`def keep(evt) { app.updateSetting("level", 5) }`)).toEqual([]);
  });
});

describe('the handlers of an attribute\'s events', () => {
  it('names the handlers and value filters per attribute; a subscription by computed name or to every event of a device makes them unknown', () => {
    const handlers = subscriptionHandlers(ir(`def installed() { subscribe(s, "battery", batteryHandler); subscribe(c, "contact.open", "openHandler"); subscribe(location, "mode", modeHandler) }\ndef batteryHandler(e) {}\ndef openHandler(e) {}\ndef modeHandler(e) {}`));
    expect(handlers === 'unknown' ? 'unknown' : Object.fromEntries(handlers)).toEqual({
      battery: [{ handler: 'batteryHandler' }], contact: [{ value: 'open', handler: 'openHandler' }], mode: [{ handler: 'modeHandler' }],
    });
    expect(subscriptionHandlers(ir(`def installed() { subscribe(s, attr, h) }\ndef h(e) {}`))).toBe('unknown');
    expect(subscriptionHandlers(ir(`def installed() { subscribe(s, h) }\ndef h(e) {}`))).toBe('unknown');
  });

  it('a subscription alone is no read of the attribute', () => {
    const read = readAttributes(ir(`def installed() { subscribe(s, "battery", h) }\ndef h(e) { log.debug e.value }`));
    expect(read === 'all' ? 'all' : [...read]).not.toContain('battery');
  });
});
