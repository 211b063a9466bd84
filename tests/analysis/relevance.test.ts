// Which parts of an app's state can influence what it does to the home, and which methods change
// nothing that matters (src/analysis/relevance.ts), and the handlers of each attribute's events
// (src/analysis/attribute-reads.ts), and the reads of attributes whose value can matter
// (src/analysis/heeded-reads.ts), on small apps.
import { describe, expect, it } from 'vitest';
import { ANY_DEVICE, readAttributes, subscriptionHandlers } from '../../src/analysis/attribute-reads.js';
import { heededReads } from '../../src/analysis/heeded-reads.js';
import { liveParts, relevance } from '../../src/analysis/relevance.js';
import { lowerSource } from '../../src/pipeline/load.js';

function ir(source: string) {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

const inert = (source: string) => [...relevance(ir(source)).inert].filter((m) => !m.startsWith('<')).sort();
const names = (set: ReadonlySet<string> | 'all') => (set === 'all' ? 'all' : [...set].sort());
/** The relevant keys of `state`. */
const relevantKeys = (source: string) => names(relevance(ir(source)).parts.state);

describe('inert methods', () => {
  it('allows locals, logs, messages, value methods and calls of inert methods of the app', () => {
    const source = `
def battery(evt) {
  int level = evt.integerValue
  String text
  if (level < 10) { text = "low: \${evt.displayName}".toUpperCase(); notify(text) }
  [1, 2].each { n -> def twice = n * 2; log.debug "\$twice" }
}
private notify(msg) { log.info msg; sendPush(msg) }`;
    expect(inert(source)).toEqual(['battery', 'notify']);
  });

  it('counts commands, timers, subscriptions, closures called by value and callers of such methods as effects', () => {
    const source = `
def command(evt) { sw.on() }
def timer(evt) { runIn(60, "command") }
def caller(evt) { log.debug "x"; command(evt) }
def byValue(evt) { def c = { sw.off() }; c() }
def pressed(evt) { def b = buttons; b.push() }
def mode(evt) { location.mode = "Away" }`;
    expect(inert(source)).toEqual([]);
  });

  it('counts an asynchronous request as an effect (its callback runs), though `get` is a value method of maps', () => {
    expect(inert(`def poll(evt) { asynchttp_v1.get("answered", [uri: "https://example.com"]) }\ndef answered(response, data) { log.debug "ok" }`)).toEqual(['answered']);
  });

  it('counts updating a setting as an effect', () => {
    expect(inert(`def keep(evt) { app.updateSetting("level", 5) }`)).toEqual([]);
  });

  it('takes a method that writes only parts nothing relevant reads as inert, and one that writes a relevant part as not', () => {
    const source = `
def stored(evt) { state.last = evt.value }
def counted(evt) { state.n = (state.n ?: 0) + 1 }
def decides(evt) { if (state.n > 3) sw.off() }`;
    expect(inert(source)).toEqual(['stored']);
  });
});

describe('relevant parts of the state', () => {
  it('leaves out a buffer a logger fills and posts, and keeps a counter that decides a command', () => {
    const logger = `
def handler(evt) {
  def buffer = state.buffer ?: []
  buffer << [name: evt.name, value: evt.value, at: now()]
  if (buffer.size() >= 10) {
    state.buffer = []
    httpPostJson([uri: "https://example.com/events", body: buffer]) { resp -> if (resp.status >= 400) log.error "failed" }
  } else {
    state.buffer = buffer
  }
}`;
    expect(relevantKeys(logger)).toEqual([]);
    expect(inert(logger)).toEqual(['handler']);
    expect(relevantKeys(`def h(evt) { state.n = (state.n ?: 0) + 1\n if (state.n > 3) sw.off() }`)).toEqual(['n']);
  });

  it('keeps what decides an early return, and what reaches a condition through a parameter or a result', () => {
    expect(relevantKeys(`def h(evt) { if (state.paused) return\n sw.on() }`)).toEqual(['paused']);
    expect(relevantKeys(`def h(evt) { if (above(state.level)) sw.on() }\ndef above(x) { x > 5 }`)).toEqual(['level']);
    expect(relevantKeys(`def h(evt) { sw.setLevel(level()) }\ndef level() { return state.saved }`)).toEqual(['saved']);
  });

  it('follows a change through a name into the stored value it shares', () => {
    const source = `
def h(evt) { def m = state.m\n m.x = state.source }
def g(evt) { if (state.m.x) sw.on() }`;
    expect(relevantKeys(source)).toEqual(['m', 'source']);
  });

  it('keeps what a use that may throw depends on when an effect comes after it, not before', () => {
    expect(relevantKeys(`def h(evt) { def n = state.text.toInteger()\n sw.on() }`)).toEqual(['text']);
    expect(relevantKeys(`def h(evt) { sw.on()\n def n = state.text.toInteger() }`)).toEqual([]);
  });

  it('keeps what the location mode is set to, and makes every key relevant for a computed key an effect reads', () => {
    expect(relevantKeys(`def h(evt) { location.mode = state.next }`)).toEqual(['next']);
    expect(relevantKeys(`def h(evt) { sw.setLevel(state[evt.name]) }`)).toBe('all');
  });

  it('keeps in the model only parts both read before written and relevant', () => {
    const source = `def h(evt) { state.before = state.last\n state.last = evt.value\n if (state.before == "on") sw.off()\n state.log = (state.log ?: []) + evt.value }`;
    expect(names(liveParts(ir(source)).state)).toEqual(['last']);
  });
});

describe('the handlers of an attribute\'s events', () => {
  it('names the handlers and value filters per attribute; a subscription by computed name or to every event of a device makes them unknown', () => {
    const handlers = subscriptionHandlers(ir(`def installed() { subscribe(s, "battery", batteryHandler); subscribe(c, "contact.open", "openHandler"); subscribe(location, "mode", modeHandler) }\ndef batteryHandler(e) {}\ndef openHandler(e) {}\ndef modeHandler(e) {}`));
    expect(handlers === 'unknown' ? 'unknown' : Object.fromEntries(handlers)).toEqual({
      battery: [{ handler: 'batteryHandler', device: ANY_DEVICE }], contact: [{ value: 'open', handler: 'openHandler', device: ANY_DEVICE }], mode: [{ handler: 'modeHandler', device: ANY_DEVICE }],
    });
    // A subscription made on an input is made on that input's device (one device per capability).
    const onInput = subscriptionHandlers(ir(`preferences { section("s") { input "door", "capability.contactSensor" } }\ndef installed() { subscribe(door, "contact", h) }\ndef h(e) {}`));
    expect(onInput === 'unknown' ? 'unknown' : onInput.get('contact')).toEqual([{ handler: 'h', device: 'contactSensor0' }]);
    expect(subscriptionHandlers(ir(`def installed() { subscribe(s, attr, h) }\ndef h(e) {}`))).toBe('unknown');
    expect(subscriptionHandlers(ir(`def installed() { subscribe(s, h) }\ndef h(e) {}`))).toBe('unknown');
    // A handler named at run time is some method, of a known attribute.
    const computed = subscriptionHandlers(ir(`def installed() { subscribe(s, "contact.open", "opened\${i}") }\ndef opened0(e) {}`));
    expect(computed === 'unknown' ? 'unknown' : Object.fromEntries(computed)).toEqual({ contact: [{ value: 'open', handler: undefined, device: ANY_DEVICE }] });
    // An app's own `subscribe()` method, called without arguments, is no subscription.
    const own = subscriptionHandlers(ir(`def installed() { subscribe() }\ndef subscribe() { subscribe(s, "motion", h) }\ndef h(e) {}`));
    expect(own === 'unknown' ? 'unknown' : [...own.keys()]).toEqual(['motion']);
  });

  it('takes a command called by a computed name, or a name computed on settings, for no read of an attribute', () => {
    const reads = (body: string) => {
      const read = readAttributes(ir(`def h(evt) { ${body} }`));
      return read === 'all' ? 'all' : [...read].filter((a) => a !== 'each');
    };
    expect(reads('switches.each { it."$command"() }')).not.toBe('all');
    expect(reads('thermostat?."cool"()')).not.toBe('all');
    expect(reads('dimmer."set${what}"(50)')).not.toBe('all');
    expect(reads('def s = settings."sensor$i"')).not.toBe('all');
    expect(reads('def v = sensor."current${name}"')).toBe('all');
    expect(reads('def v = sensor."$attribute"')).toBe('all');
    expect(reads('def v = sensor."$how"("temperature")')).toBe('all');
  });

  it('a subscription alone is no read of the attribute', () => {
    const read = readAttributes(ir(`def installed() { subscribe(s, "battery", h) }\ndef h(e) { log.debug e.value }`));
    expect(read === 'all' ? 'all' : [...read]).not.toContain('battery');
  });
});

describe('relevant parts through a store used whole', () => {
  it('follows a change of a key through a name that holds the whole store', () => {
    expect(relevantKeys(`def h(evt) { def s = state\n s.x = state.y }\ndef g(evt) { if (state.x) sw.on() }`)).toEqual(['x', 'y']);
  });
});

describe('reads of a device attribute whose value matters', () => {
  const heeded = (source: string) => names(heededReads(ir(source)));

  it('leaves out reads that reach only an endpoint answer, a log line or a message', () => {
    const source = `
mappings { path("/data") { action: [GET: "listDevices"] } }
def listDevices() { [temperature: thermometers.collect { [id: it.id, value: it.currentTemperature] }, door: door.currentValue("contact"), humid: meter["humidity"]] }
def h(evt) { log.debug "power \${meter.currentPower}"; sendPush("battery \${meter.battery}") }`;
    for (const attribute of ['temperature', 'contact', 'humidity', 'power', 'battery']) expect(heeded(source)).not.toContain(attribute);
    // All of them are reads by name all the same.
    expect(names(readAttributes(ir(source)))).toEqual(expect.arrayContaining(['temperature', 'contact', 'humidity', 'power', 'battery']));
  });

  it('keeps a read that decides a command, reaches one through the state, or may throw before one', () => {
    expect(heeded(`def h(evt) { if (sensor.currentTemperature > 80) fan.on() }`)).toContain('temperature');
    expect(heeded(`def h(evt) { state.last = door.currentValue("contact") }\ndef g(evt) { if (state.last == "open") lock1.lock() }`)).toContain('contact');
    expect(heeded(`def h(evt) { def level = meter.currentPower.toInteger()\n light.on() }`)).toContain('power');
    expect(heeded(`def h(evt) { dimmer.setLevel(meter.currentValue("illuminance")) }`)).toContain('illuminance');
  });

  it('marks the idle reads by their expressions, not by the attribute', () => {
    const app = ir(`def h(evt) { log.debug "\${sensor.currentTemperature}"; if (sensor.currentTemperature > 80) fan.on() }`);
    expect(relevance(app).idleReads.size).toBeGreaterThan(0);
    expect(names(heededReads(app))).toContain('temperature');
  });
});

describe('calls that change nothing in the home', () => {
  it('takes a page for what the user sees while configuring: what it shows is not relevant', () => {
    const source = `
def h(evt) { state.last = evt.value }
def mainPage() { dynamicPage(name: "mainPage") { section("Last") { paragraph "last: \${state.last}" } } }`;
    expect(inert(source)).toEqual(['h', 'mainPage']);
    expect(relevantKeys(source)).toEqual([]);
  });

  it('takes the conditions inside a page for none of a run: a method the page calls runs there only while a person configures the app', () => {
    // A dashboard: its page shows the URL once the app has state; `initialize` sends the same URL
    // before it subscribes, so whether `urlOf` may throw decides the subscriptions.
    const dashboard = (page: string) => `
def mainPage() { dynamicPage(name: "mainPage") { ${page} } }
def initialize() { sendSms(phone, urlOf("ui")[0]); subscribe(sensors, "contact", handler) }
def handler(evt) { state.ts = now() }
def urlOf(path) { if (!state.accessToken) createAccessToken(); ["https://example.com/$path", "?access_token=\${state.accessToken}"] }`;
    const shown = dashboard('if (state) { section() { href url: "${urlOf("list").join()}" } }');
    expect(relevantKeys(shown)).toEqual(['accessToken']);
    expect(inert(shown)).toEqual(expect.arrayContaining(['handler', 'mainPage']));
    // The same call outside a page does run, under its condition: every key decides it.
    const run = dashboard('').replace('def handler(evt) {', 'def handler(evt) { if (state) urlOf("list");');
    expect(relevantKeys(run)).toBe('all');
    expect(inert(run)).not.toContain('handler');
    // What a page reads of a device is idle, as before.
    const reads = `def mainPage() { dynamicPage(name: "mainPage") { section("\${door.currentContact}") { } } }\ndef h(evt) { lock1.lock() }`;
    expect(relevance(ir(reads)).idleReads.size).toBe(1);
  });

  it('keeps the token `createAccessToken()` stores as a key of the state, not an effect', () => {
    expect(inert(`def h(evt) { if (!state.accessToken) createAccessToken() }`)).toEqual(['h']);
    const used = `def h(evt) { createAccessToken() }\ndef g(evt) { if (state.accessToken) sw.on() }`;
    expect(inert(used)).toEqual([]);
    expect(relevantKeys(used)).toEqual(['accessToken']);
  });

  it('changes only the new value when a list written out is changed, and only the receiver when a date format is', () => {
    expect(inert(`def h(evt) { log.debug((["a"] << evt.value).flatten().encodeAsJSON()) }`)).toEqual(['h']);
    expect(inert(`def h(evt) { def f = new java.text.SimpleDateFormat("h:mm a")\n f.setTimeZone(location.timeZone)\n log.debug f.format(new Date()) }`)).toEqual(['h']);
  });

  it('does not take a list sorted by a key of the state for that key: a change of the list is not one of the key', () => {
    const source = `def h(evt) { def data = []\n data.sort { state.rank }\n data << state.other\n log.debug data }\ndef g(evt) { if (state.rank) sw.on() }`;
    expect(relevantKeys(source)).toEqual(['rank']);
  });
});

describe('what a call runs and gives', () => {
  it('runs an app getter for a bare name, as the interpreter does: its reads, effects and exceptions count', () => {
    expect(names(heededReads(ir(`def getSomeoneHome() { people.any { it.currentPresence == "present" } }\ndef h(evt) { if (someoneHome) sw.on() }`)))).toContain('presence');
    expect(names(heededReads(ir(`def getDark() { meter.currentIlluminance < 30 }\ndef h(evt) { if (this.dark) sw.on() }`)))).toContain('illuminance');
    expect(inert(`def getLit() { sw.on(); true }\ndef h(evt) { def done = lit }`)).toEqual([]);
  });

  it('takes the result of a platform call for the platform\'s, not for any method\'s of the app', () => {
    expect(relevantKeys(`def h(evt) { def d = getChildDevice("x")\n d.on() }\ndef count() { state.count }`)).toEqual([]);
    // A call the analysis cannot name may run any method: what they return matters.
    expect(relevantKeys(`def h(evt) { def d = "$name"()\n d.on() }\ndef count() { state.count }`)).toEqual(['count']);
  });
});
