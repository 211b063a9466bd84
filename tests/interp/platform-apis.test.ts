// The SmartThings APIs real apps use beyond the study corpus (issue 16): each on a small app.
import { describe, expect, it } from 'vitest';
import type { TraceStep } from '../../src/model/trace-step.js';
import { toStr } from '../../src/interp/operators.js';
import { lowerSource } from '../../src/pipeline/load.js';
import { homeFor, run, show } from './helpers.js';

const kindsOf = (records: TraceStep[]) => records.filter((r) => r.kind === 'message').map((r) => (r.kind === 'message' ? r.message.kind : ''));

describe('getWeatherFeature', () => {
  it('answers each feature with the Weather Underground format, consistent with the simulated location', () => {
    expect(show('getWeatherFeature("conditions", "92617").current_observation.temp_f')).toBe('75.2');
    expect(show('getWeatherFeature("forecast").forecast.txt_forecast.forecastday[2].fcttext.toLowerCase().contains("rain")')).toBe('true');
    expect(show('def a = getWeatherFeature("astronomy", zipCode).moon_phase; "${a.sunrise.hour}:${a.sunrise.minute} ${a.sunset.hour}:${a.sunset.minute}"', 'preferences { section { input "zipCode", "text" } }')).toBe('8:56 22:59');
    expect(show('getWeatherFeature("alerts").alerts.collect { it.description }')).toBe('[Heat Advisory]');
    expect(show('getWeatherFeature("geolookup", "92617").location.zip')).toBe('92617');
  });
  it('answers an unknown feature with the service error', () => {
    expect(show('getWeatherFeature("tides").response.error.type')).toBe('unknownfeature');
  });
});

describe("The Weather Company's calls (getTwcConditions, getTwcForecast, getTwcLocation, getTwcAlerts)", () => {
  it('answer in TWC v3 format with the weather getWeatherFeature gives, whatever place is asked for', () => {
    expect(show('def obs = getTwcConditions(zipCode); [obs.temperature, obs.relativeHumidity, obs.wxPhraseLong, obs.iconCode as String, obs.dayOrNight]', 'preferences { section { input "zipCode", "text" } }')).toBe('[75, 65, Partly Cloudy, 30, D]');
    expect(show('[getTwcConditions().temperature == (getWeatherFeature("conditions").current_observation.temp_f as double).round(), getTwcConditions("10001") == getTwcConditions()]')).toBe('[true, true]');
    expect(show('def f = getTwcForecast("92617"); [f.daypart[0].precipChance[0] as Integer, f.daypart[0].daypartName[2], f.temperatureMax[1], f.daypart[0].narrative[2].contains("Rain")]')).toBe('[10, Tomorrow, 72, true]');
    expect(show('def loc = getTwcLocation("92617").location; "${loc.city}, ${loc.adminDistrictCode} ${loc.postalCode}"')).toBe('Irvine, CA 92617');
    expect(show('getTwcAlerts()*.eventDescription')).toBe('[Heat Advisory]');
  });
});

describe('messages the home records without changing state', () => {
  it('records sendEvent, hub commands and child devices', () => {
    const home = homeFor(`def f() {
  sendEvent(name: "battery", value: 50)
  def action = new physicalgraph.device.HubAction("lan discovery urn:x", physicalgraph.device.Protocol.LAN)
  action.options = [outputMsgToS3: true]
  sendHubCommand(action)
  def child = addChildDevice("ns", "Virtual Switch", "dni-1", null, [label: "x"])
  child.on()
  deleteChildDevice("dni-1")
  [getChildDevice("dni-1"), getChildDevices(), getAllChildDevices()]
}`);
    expect(home.app.invoke('f', [])).toEqual([null, [], []]);
    expect(kindsOf(home.records)).toEqual(['event', 'hub', 'child', 'child']);
    const command = home.records.find((r) => r.kind === 'command');
    expect(command).toMatchObject({ device: 'App1.child-dni-1', command: 'on' });
    expect(home.records.some((r) => r.kind === 'write')).toBe(false);
  });
  it('keeps the devices an app adds, by network id, in its state: found again until deleted, and restored with it', () => {
    const home = homeFor(`def add(dni) { addChildDevice("ns", "Irrigation Control", dni, null, [label: "Irrigation"]) }
def lookUp() { [getChildDevice("irgctrl")?.displayName, childDevices*.displayName, getChildDevice("other")] }
def remove() { deleteChildDevice("irgctrl") }`);
    const app = home.app;
    const empty = app.snapshot();
    app.invoke('add', ['irgctrl']);
    app.invoke('add', ['valve2']);
    expect(app.invoke('lookUp', [])).toEqual(['Irrigation', ['Irrigation', 'Irrigation'], null]);
    const added = app.snapshot();
    expect(app.canonicalState()).not.toBe((app.restore(empty), app.canonicalState()));
    expect(app.invoke('lookUp', [])).toEqual([null, [], null]);
    app.restore(added);
    app.invoke('remove', []);
    expect(app.invoke('lookUp', [])).toEqual([null, ['Irrigation'], null]);
  });
  it("records renaming a device and keeps its name", () => {
    const home = homeFor(`def f() {
  def child = addChildDevice("ns", "On/Off Button Tile", "dni-2", null, [label: "Button"])
  child.name = "Renamed"
  child.label = "Renamed too"
  getChildDevice("dni-2").displayName
}`);
    expect(home.app.invoke('f', [])).toBe('Button');
    expect(home.records.filter((r) => r.kind === 'message').map((r) => (r.kind === 'message' ? r.message.text : ''))).toEqual(['add Button', 'name Renamed', 'label Renamed too']);
  });
  it('gives textToSpeech the documented uri and duration', () => {
    expect(show('def s = textToSpeech("Hello there"); [s.uri.startsWith("https://"), s.duration]')).toBe('[true, 1]');
  });
});

describe('the logger', () => {
  it('logs at its five levels, and gives any other method name the app\'s MissingMethodException, as the platform does', () => {
    const home = homeFor('def f() { log.trace "t"; log.debug "d"; log.info "i"; log.warn "w"; log.error "e" }');
    home.app.invoke('f', []);
    expect(kindsOf(home.records)).toEqual(['log', 'log', 'log', 'log', 'log']);
    // smart-energy-service line 336.
    expect(show('try { log.warning "Ecored Access Token did not get refreshed!"; "logged" } catch (MissingMethodException e) { "missing" }')).toBe('missing');
    let error: unknown;
    try {
      run('log.warning "x"');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: 'app-error', javaClass: 'MissingMethodException' });
  });
  it("keeps Object's own methods on the logger", () => {
    expect(show('[log.is(log), log.with { 1 }]')).toBe('[true, 1]');
  });
});

describe('parseLanMessage', () => {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const header = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nSID: uuid:RINCON_1\r\n\r\n';
  const response = `index:17, mac:001788102A3E, ip:C0A80164, port:0050, requestId:r1, headers:${base64(header)}, body:${base64('{"1":{"name":"Hue Lamp"}}')}`;
  const ssdp =
    'devicetype:04, mac:001788102A3E, networkAddress:C0A80164, deviceAddress:0050, stringCount:04, ssdpPath:/description.xml, ssdpUSN:uuid:2f402f80-da50-11e1-9b23-001788102a3e::urn:schemas-upnp-org:device:basic:1, ssdpTerm:urn:schemas-upnp-org:device:basic:1';

  it('reads every key of the description, its value keeping colons', () => {
    expect(show(`def m = parseLanMessage('${ssdp}'); [m.mac, m.networkAddress, m.ssdpUSN, m.ssdpTerm.contains("urn:schemas-upnp-org:device:basic:1"), m.headers, m.body]`)).toBe(
      '[001788102A3E, C0A80164, uuid:2f402f80-da50-11e1-9b23-001788102a3e::urn:schemas-upnp-org:device:basic:1, true, null, null]',
    );
  });
  it('decodes headers and body: the header text, the headers by name without the status line, the status, the body and its JSON', () => {
    const m = run(`parseLanMessage('${response}')`) as Map<unknown, unknown>;
    expect([...m.keys()]).toEqual(['index', 'mac', 'ip', 'port', 'requestId', 'headers', 'body', 'header', 'status', 'json']);
    expect(show(`def m = parseLanMessage('${response}'); [m.header.split('\\n')[0].trim(), m.headers, m.status, m.body, m.json."1".name, m.xml]`)).toBe(
      '[HTTP/1.1 200 OK, [Content-Type:application/json, SID:uuid:RINCON_1], 200, {"1":{"name":"Hue Lamp"}}, Hue Lamp, null]',
    );
  });
  it('gives a body that is not JSON no json, and null or empty input an empty map', () => {
    expect(show(`parseLanMessage('headers:${base64('NOTIFY / HTTP/1.1\r\nSID: x\r\n')}, body:${base64('<e:propertyset/>')}').keySet()`)).toBe('[headers, body, header]');
    expect(show('[parseLanMessage(null), parseLanMessage("")]')).toBe('[[:], [:]]');
  });
  it('runs the SSDP discovery of HueConnect\'s locationHandler', () => {
    const home = homeFor(`def f(description) {
  def parsedEvent = parseLanMessage(description)
  parsedEvent << ["hub": "hub0"]
  if (parsedEvent?.ssdpTerm?.contains("urn:schemas-upnp-org:device:basic:1")) {
    state.bridges = [(parsedEvent.ssdpUSN.toString()): parsedEvent]
  }
  state.bridges.keySet()
}`);
    expect(home.app.invoke('f', [ssdp])).toEqual(['uuid:2f402f80-da50-11e1-9b23-001788102a3e::urn:schemas-upnp-org:device:basic:1']);
  });
});

describe('app and platform values', () => {
  it('has timeOffset in minutes or HH:MM, appSettings, app.installationState and app.getId()', () => {
    expect(show('[timeOffset("-01:30"), timeOffset(15), appSettings.clientId, app.installationState, app.getId() == app.id]')).toBe('[-5400000, 900000, null, COMPLETE, true]');
  });
  it("builds an endpoint's URL from the API server, the access token and the installation", () => {
    expect(show('createAccessToken(); buildActionUrl("login/callback")')).toBe(
      `https://graph.api.smartthings.com:443/api/token/accessToken/smartapps/installations/${'App1'}-id/login/callback`,
    );
    expect(show('createAccessToken(); buildActionUrl("").split(/api\\//).first() == apiServerUrl("/")')).toBe('true');
  });
  it('gives the API server with its port, and joins a path to it with one slash', () => {
    expect(show('apiServerUrl.substring(8, apiServerUrl.lastIndexOf(":"))')).toBe('graph.api.smartthings.com');
    expect(show('[apiServerUrl("/api/x"), apiServerUrl("api/x"), "${apiServerUrl("")}api/x"].unique().size()')).toBe('1');
  });
  it('installs no child app under a parent: the lookups find none, and an app has no parent', () => {
    expect(show('[getChildApps(), getAllChildApps(), findAllChildAppsByName("x"), findAllChildAppsByNamespace("ns"), findChildAppByName("x")]')).toBe('[[], [], [], [], null]');
    expect(show('[getParent(), app.getParent(), app.parent]')).toBe('[null, null, null]');
    expect(show('try { app.getParent().getServerURL() } catch (NullPointerException e) { e.message }')).toBe('Cannot invoke method getServerURL() on null object');
  });
  it("reads app.currentState(attribute) as null: the app's own events are recorded and change nothing, so no attribute of the app has a state", () => {
    expect(show('[app.currentState("error"), sendEvent(name: "error", value: "down"), app.currentState("error")?.value]')).toBe('[null, null, null]');
    // A preferences page that shows the state runs on to its inputs.
    const lowered = lowerSource('preferences { page(name: "p") { section { if (app.currentState("error")) { paragraph "failed" }\n input "sw", "capability.switch" } } }', 'p.groovy');
    expect(lowered.ok && lowered.app.inputs.map((i) => i.name)).toEqual(['sw']);
  });
  it("gives a child app (its definition names a parent) a parent outside the model: its own methods are recorded calls that answer null, its own settings read null", () => {
    const child = `definition(name: "Room", namespace: "ns", parent: "ns:Rooms Manager")
preferences { page(name: "main") { section { def lights = parent.getLightDevices()
  input "sw", "capability.switch" } } }
def installed() { parent.LOG("installed", 2) }
def f() { [parent.label, app.parent.name, getParent().namespace, parent.getInstallationState(), parent.childApps.size(), parent.app.label, parent.armRoutine, parent.debuggerOn(), parent == app.getParent()] }`;
    const lowered = lowerSource(child, 'child.groovy');
    expect(lowered.ok && lowered.app.inputs.map((i) => i.name)).toEqual(['sw']);
    const home = homeFor(child);
    expect(toStr(home.app.invoke('f', []))).toBe('[Rooms Manager, Rooms Manager, ns, COMPLETE, 1, Rooms Manager, null, null, true]');
    const calls = home.records.flatMap((r) => (r.kind === 'message' ? [`${r.message.kind} to ${r.message.to}: ${r.message.text}`] : []));
    expect(calls).toEqual(['child to parent: LOG()', 'child to parent: debuggerOn()']);
    // The parent's stores exist, holding nothing the child knows of: an ecobee child reads its token there.
    expect(toStr(homeFor(`${child}\ndef g() { [parent.atomicState.authToken, parent.state.size()] }`).app.invoke('g', []))).toBe('[null, 0]');
  });
  it('gives a bad offset text the platform error', () => {
    expect(show('try { timeOffset("soon") } catch (IllegalArgumentException e) { "bad" }')).toBe('bad');
  });
  it('reads an offset with its sign written out as a later time', () => {
    expect(show('[timeOffset("+00:30"), timeOffset("00:30"), timeOffset("-01:15")]')).toBe('[1800000, 1800000, -4500000]');
    expect(show('def s = getSunriseAndSunset(sunriseOffset: "+00:30"); s.sunrise.time - getSunriseAndSunset().sunrise.time')).toBe('1800000');
  });
});

describe('subscription forms', () => {
  const app = (body: string, methods = '') => `preferences { section { input "door", "capability.contactSensor" } }
def installed() {
${body}
}
${methods}`;
  const handlers = (source: string, methods = '') => homeFor(app(source, methods)).activeSubscriptions.map((s) => `${s.target.kind}:${s.attribute}:${s.handler}`);
  it('calls appTouch for subscribe(app) and changedLocationMode for subscribe(location)', () => {
    expect(handlers('subscribe(app)\nsubscribe(location)', 'def appTouch(evt) {}\ndef changedLocationMode(evt) {}')).toEqual(['app:null:appTouch', 'location:null:changedLocationMode']);
  });
  it('subscribes nothing with one argument when the app lacks the conventional handler', () => {
    expect(handlers('subscribe(app)\nsubscribe(location)\nsubscribe(door.contact)')).toEqual([]);
  });
  it('takes the Location class as the location, and handlers as strings, GStrings or method references', () => {
    const n = 1;
    expect(handlers(`subscribe(Location, "sunset", h)\nsubscribe(door, "contact.open", "h")\nsubscribe(door, "contact", "h\${${n}}")\nsubscribe(door, "contact.closed", this.&h)`, 'def h(evt) {}\ndef h1(evt) {}')).toEqual([
      'location:sunset:h', 'device:contact:h', 'device:contact:h1', 'device:contact:h',
    ]);
  });
  it('subscribes nothing to a capitalised name the app never declares: an unset setting, null, not a class', () => {
    expect(handlers('subscribe(Noacceleration, "acceleration", h)\nsubscribe(door, "contact", h)', 'def h(evt) {}')).toEqual(['device:contact:h']);
  });
  it("subscribes by the id of a device of the app's settings (ProvThings' SpyAllEvents walks its settings), and to no other id", () => {
    expect(handlers('settings.each { k, v -> subscribe(v.id, "contact.open", h) }', 'def h(evt) {}')).toEqual(['device:contact:h']);
    expect(() => handlers('subscribe("door9", "contact", h)', 'def h(evt) {}')).toThrow(/^unsupported: subscribe to door9/);
  });
  it('lists the one-argument forms among the app\'s static subscriptions', () => {
    const home = homeFor(app('subscribe(app)\nsubscribe(location)', 'def appTouch(evt) {}\ndef changedLocationMode(evt) {}'));
    expect(home.app.ir.subscriptions.map((s) => `${s.source.kind}:${s.attribute}:${s.handler}`)).toEqual(['app:app:appTouch', 'location:location:changedLocationMode']);
  });
});

describe('devices', () => {
  const prefs = (inputs: string) => `preferences { section { ${inputs} } }`;
  it('sends a command the capability does not define to the device, recorded without effect', () => {
    const home = homeFor(`${prefs('input "lock1", "capability.lock"\ninput "sw", "capability.switch"\ninput "t", "capability.thermostat"\ninput "mode", "enum", options: ["emergencyHeat"]')}
def f() { lock1.setCode(1, "1234"); sw.setHue(20); t.usercodechange(); t."$mode"(); [lock1.currentLock, sw.currentSwitch, t.currentThermostatMode] }`);
    expect(home.app.invoke('f', [])).toEqual(['locked', 'off', 'emergency heat']);
    expect(home.records.filter((r) => r.kind === 'command').map((r) => (r.kind === 'command' ? r.command : ''))).toEqual(['setCode', 'setHue', 'usercodechange', 'emergencyHeat']);
    expect(home.records.filter((r) => r.kind === 'write').map((r) => (r.kind === 'write' ? r.attribute : ''))).toEqual(['thermostatMode']);
  });
  it('gives a command name that cannot be a method the app\'s MissingMethodException, as the platform does', () => {
    expect(show('try { t."emergency heat"() } catch (MissingMethodException e) { "missing" }', prefs('input "t", "capability.thermostat"'))).toBe('missing');
  });
  it('reads an attribute written as a device property, null when the device lacks it', () => {
    const home = homeFor(`${prefs('input "door", "capability.contactSensor"')}\ndef f() { [door.contact, door.currentContact, door.lock] }`);
    expect(home.app.invoke('f', [])).toEqual(['closed', 'closed', null]);
  });
  it('reads a name the app never declares as null, as SmartThings does, so calling a method on it is a NullPointerException', () => {
    expect(show('[undeclared, undeclared == "Pause"]')).toBe('[null, false]');
    expect(show('try { foo.boom() } catch (NullPointerException e) { "npe" }')).toBe('npe');
  });
  it('gives a command read as a property the app\'s MissingPropertyException', () => {
    expect(show('try { sw.on } catch (MissingPropertyException e) { "missing" }', prefs('input "sw", "capability.switch"'))).toBe('missing');
  });
  it('binds the standard capabilities outside the reference\'s models, and legacy spellings', () => {
    const home = homeFor(`${prefs('input "codes", "capability.lockCodes"\ninput "beeper", "capability.tone"\ninput "r", "capability.refresh"\ninput "old", "capability.Switch"')}
def f() { codes.setCode(3, "1234", "guest"); beeper.beep(); r.refresh(); old.on(); [codes.currentCodeChanged, old.currentSwitch, old.hasCommand("off")] }`);
    expect(home.app.invoke('f', [])).toEqual(['3', 'on', true]);
    const writes = home.records.filter((r) => r.kind === 'write').map((r) => (r.kind === 'write' ? `${r.device}.${r.attribute}=${r.value}` : ''));
    expect(writes).toEqual(['lockCodes0.codeChanged=3', 'switch0.switch=on']);
  });
});

describe('java.util.Calendar and dates', () => {
  it('reads and moves the fields of a calendar in its zone', () => {
    // The model's now is Thursday 2019-08-01 17:14:40 in New York.
    expect(show('def c = Calendar.getInstance(TimeZone.getTimeZone("America/New_York")); def d = [c.get(Calendar.DAY_OF_WEEK), c.get(Calendar.HOUR_OF_DAY)]; c.add(Calendar.DATE, 1); d << c.get(Calendar.DAY_OF_WEEK); c.set(Calendar.HOUR_OF_DAY, 6); d << c.time.format("yyyy-MM-dd HH:mm", c.timeZone); d')).toBe(
      '[5, 17, 6, 2019-08-02 06:14]',
    );
    expect(show('def c = Calendar.getInstance(); c.setTimeZone(location.timeZone); c.get(Calendar.HOUR_OF_DAY)')).toBe('17');
    expect(show('[Calendar.instance.time.time == now(), Calendar.getInstance().get(Calendar.HOUR_OF_DAY), Calendar.SATURDAY, Calendar.MINUTE]')).toBe('[true, 21, 7, 12]');
  });
  it("encodes as Java's URLEncoder and Grails' MD5 codec do", () => {
    expect(show('URLEncoder.encode("a b&c=d/é!*~", "UTF-8")')).toBe('a+b%26c%3Dd%2F%C3%A9%21*%7E');
    expect(show('"abc".encodeAsMD5()')).toBe('900150983cd24fb0d6963f7d28e17f72'); // RFC 1321's test vector
  });
  it("applies Grails' Base64 and MD5 codecs to any object: a byte[] as its bytes, anything else as its text", () => {
    // Grails' Base64Codec: `theTarget instanceof byte[]` encodes the bytes, else `theTarget.toString().bytes`.
    expect(show('["abc".bytes.encodeAsBase64(), [1, 2].encodeAsBase64(), 5.encodeAsBase64(), "abc".bytes.encodeAsMD5()]')).toBe('[YWJj, WzEsIDJd, NQ==, 900150983cd24fb0d6963f7d28e17f72]');
    expect(show('location.hubs[0].encodeAsBase64() == location.hubs[0].toString().encodeAsBase64()')).toBe('true');
  });

  it('parses dates with a pattern and clears the time of a date', () => {
    expect(show('Date.parse("yyyy-MM-dd", "2019-08-02").time')).toBe(String(Date.UTC(2019, 7, 2)));
    // The static method called on an instance, as Groovy allows (talking-alarm-clock's parseDate).
    expect(show('new Date().parse("yyyy-MM-dd", "2019-08-02").time')).toBe(String(Date.UTC(2019, 7, 2)));
    expect(show('new java.text.SimpleDateFormat("yyyy-MM-dd\'T\'HH:mm:ss.SSSZ").parse("2019-08-01T12:30:00.000-0400").time')).toBe(String(Date.UTC(2019, 7, 1, 16, 30)));
    expect(show('new Date(now()).clearTime().format("yyyy-MM-dd HH:mm:ss")')).toBe('2019-08-01 00:00:00');
  });

  it('suspends an execution that waits past the platform\'s 20 s in pause(), as its rate limits say, and the app cannot catch it', () => {
    expect(show('pause(19000); "ran"')).toBe('ran');
    expect(() => run('def n = 0; while (true) { pause(3000); n++ }')).toThrow(/ExecutionSuspended: the platform suspends an execution that runs past 20 seconds/);
    expect(() => run('try { 7.times { pause(3000) } } catch (e) { "caught" }')).toThrow(/ExecutionSuspended/);
  });

  it('ends only the execution that waited too long: a home keeps what it did, and the next one starts its own 20 s', () => {
    const home = homeFor('def poll() { pause(15000); state.polls = (state.polls ?: 0) + 1; pause(15000); state.after = true }\ndef seen() { [state.polls, state.after] }');
    for (let i = 0; i < 2; i++) expect(() => home.app.invoke('poll', [])).toThrow(/ExecutionSuspended/);
    expect(toStr(home.app.invoke('seen', []))).toBe('[2, null]');
  });

  it("spells a date in the platform's format with toSystemFormat(), which its time-setting pattern reads back", () => {
    expect(show('new Date(0).toSystemFormat()')).toBe('1970-01-01T00:00:00.000+0000');
    expect(show('def d = new Date(); Date.parse("yyyy-MM-dd\'T\'HH:mm:ss.SSSZ", d.toSystemFormat()).time == d.time')).toBe('true');
  });

  it('reads a date in that format back with toSystemDate(), and gives a Date its own (an official garage-door app calls both)', () => {
    expect(show('def d = new Date(); def text = d.toSystemFormat(); [text.toSystemDate().time == d.time, d.toSystemDate().is(d)]')).toBe('[true, true]');
    expect(show('"2019-08-01T12:30:00.000-0400".toSystemDate().time')).toBe(String(Date.UTC(2019, 7, 1, 16, 30)));
    expect(show('try { "yesterday".toSystemDate() } catch (java.text.ParseException e) { "unparseable" }')).toBe('unparseable');
  });

  it("writes and reads zone names as SimpleDateFormat does (ecobee apps format a date with zzz and parse it back)", () => {
    expect(show('new Date().format("zzz", location.timeZone)')).toBe('EDT');
    expect(show('new Date().format("zzzz", location.timeZone)')).toBe('Eastern Daylight Time');
    expect(show('new Date().format("z", TimeZone.getTimeZone("Asia/Tokyo"))')).toBe('GMT+09:00');
    const midnight = String(Date.UTC(2019, 7, 1, 4));
    for (const zone of ['EDT', 'GMT-04:00', 'GMT-4', '-0400']) {
      expect(show(`new java.text.SimpleDateFormat("yyyy-MM-dd HH:mm zzz").parse("2019-08-01 00:00 ${zone}").time`), zone).toBe(midnight);
    }
    expect(show('def f = new java.text.SimpleDateFormat("yyyy-MM-dd HH:mm zzz"); f.parse(new Date().format("yyyy-MM-dd", location.timeZone) + " 00:00 " + new Date().format("zzz", location.timeZone)).time')).toBe(midnight);
    expect(() => show('new java.text.SimpleDateFormat("HH:mm zzz").parse("00:00 Mars")')).toThrow(/ParseException/);
  });

  it('converts temperatures as the SmartApp API does, to Java doubles', () => {
    expect(show('[celsiusToFahrenheit(10), fahrenheitToCelsius(50), fahrenheitToCelsius("212")]')).toBe('[50.0, 10.0, 100.0]');
  });

  it("gives a time setting's own zone (the platform's timeZone), and reads Java's custom zone ids", () => {
    // gentle-wake-up line 918: the setting's time of day, written in the setting's zone.
    expect(show('def t = "2019-08-01T15:00:00.000-0400"; new Date().parse("yyyy-MM-dd\'T\'HH:mm:ss.SSSZ", t).format("h:mm a", timeZone(t))')).toBe('3:00 PM');
    expect(show('timeZone("2019-08-01T15:00:00.000+0530").ID')).toBe('GMT+05:30');
    expect(show('new Date(0).format("HH:mm z", TimeZone.getTimeZone("GMT-4"))')).toBe('20:00 GMT-04:00');
    // Java's getTimeZone answers GMT for an id it does not know, rather than throwing.
    expect(show('TimeZone.getTimeZone("Nowhere/Else").ID')).toBe('GMT');
  });

  it("leaves the JVM's zone at UTC when an app sets the default zone: TimeZone.setDefault is void and changes nothing", () => {
    expect(show('[TimeZone.setDefault(TimeZone.getTimeZone("America/New_York")), TimeZone.getDefault().ID, Calendar.getInstance().get(Calendar.HOUR_OF_DAY), new Date(0).format("HH:mm")]')).toBe(
      '[null, UTC, 21, 00:00]',
    );
  });

  it("gives a Date's getTimezoneOffset() in minutes of the JVM's zone, UTC: 0, also after TimeZone.setDefault", () => {
    expect(show('def d = new Date(); TimeZone.setDefault(location.timeZone); [d.getTimezoneOffset(), new Date(0).timezoneOffset, location.timeZone.getOffset(d.time) + d.getTimezoneOffset() * 60000]')).toBe(
      '[0, 0, -14400000]',
    );
  });
});

describe('subscribeToCommand', () => {
  it('runs the handler whenever the command is sent to the device, by any app', () => {
    const home = homeFor(`preferences { section { input "sw", "capability.switch" } }
def installed() { subscribeToCommand(sw, "on", onCommand) }
def onCommand(evt) { state.heard = "\${evt.name}:\${evt.value}" }
def f() { sw.off(); def before = state.heard; sw.on(); [before, state.heard] }`);
    expect(home.activeSubscriptions.map((s) => `${s.attribute}:${s.handler}:${s.command}`)).toEqual(['on:onCommand:true']);
    expect(home.app.invoke('f', [])).toEqual([null, 'command:on']);
  });
});

describe("a device's State", () => {
  it("has the platform State's properties: the value in each form, and a three-axis value as a map (garage-door-monitor reads threeAxisState.xyzValue.z)", () => {
    const prefs = 'preferences { section { input "multi", "capability.threeAxis"; input "meter", "capability.powerMeter" } }';
    expect(show('def s = multi.threeAxisState; [s.name, s.xyzValue instanceof Map, s.xyzValue.keySet() as List]', prefs)).toBe('[threeAxis, true, [x, y, z]]');
    expect(show('def s = meter.currentState("power"); [s.longValue == s.integerValue, s.floatValue == s.doubleValue, s.numericValue == s.numberValue, s.xyzValue, s.isoDate == s.date.format("yyyy-MM-dd\'T\'HH:mm:ss.SSS\'Z\'", TimeZone.getTimeZone("UTC"))]', prefs)).toBe('[true, true, true, null, true]');
  });
  it('has getters for its properties (a SmartAppZoo app counts lights with `latestState("switch")?.getValue() == "on"`)', () => {
    const prefs = 'preferences { section { input "lights", "capability.switch", multiple: true } }';
    expect(show('def s = lights[0].latestState("switch"); [s.getValue() == s.value, s.getName(), s.getDate() == s.date, lights.count { it.latestState("switch")?.getValue() == s.value }]', prefs)).toBe('[true, switch, true, 1]');
  });
});

describe('the getters of location and app', () => {
  it('read the properties (location.getZipCode() is location.zipCode)', () => {
    expect(show('[location.getName() == location.name, location.getZipCode() == location.zipCode, location.getMode() == location.mode, location.getTimeZone().ID, app.getLabel() == app.label, app.getInstallationState()]')).toBe('[true, true, true, America/New_York, true, COMPLETE]');
  });
});

describe("a device's properties", () => {
  it('read the same through their getters, which are no commands to the device', () => {
    const prefs = 'preferences { section { input "sw", "capability.switch" } }';
    expect(show('[sw.status, sw.getStatus(), sw.manufacturerName, sw.getModelName(), sw.lastActivity, sw.getLabel()]', prefs)).toBe('[ONLINE, ONLINE, null, null, null, switch0]');
    const home = homeFor(`${prefs}\ndef f() { sw.getStatus(); sw.getManufacturerName(); sw.getFirmware() }`);
    home.app.invoke('f', []);
    // Only a getter of no property the model knows is taken for a command of the user's device handler.
    expect(home.records.filter((r) => r.kind === 'command').map((r) => (r.kind === 'command' ? r.command : ''))).toEqual(['getFirmware']);
  });
});

describe("a device's capabilities", () => {
  it('carry the platform name and their commands and attributes, as bridge apps read them to validate a command', () => {
    const prefs = 'preferences { section { input "dimmer", "capability.switchLevel"; input "door", "capability.lock" } }';
    expect(show('dimmer.capabilities*.name', prefs)).toBe('[Switch Level]');
    expect(show('def c = dimmer.capabilities.find { it.name == "Switch Level" }; [c.commands*.name.contains("setLevel"), c.attributes*.name.contains("level")]', prefs)).toBe('[true, true]');
    expect(show('door.capabilities.first().commands*.name.containsAll(["lock", "unlock"])', prefs)).toBe('true');
  });

  it('and their commands and attributes, and the supported ones, read by their getters as the platform objects they are', () => {
    const prefs = 'preferences { section { input "dimmer", "capability.switchLevel"; input "door", "capability.doorControl" } }';
    expect(show('dimmer.capabilities.collect { c -> [c.getName(), c.getCommands()*.getName().contains("setLevel"), c.getAttributes()*.getName().contains("level")] }', prefs)).toBe('[[Switch Level, true, true]]');
    // A door monitor closes a door that supports `close`: `for (command in door.supportedCommands) if ("close" == command.getName())`.
    expect(show('[door.supportedCommands.any { "close" == it.getName() }, door.supportedAttributes*.getName().contains("door")]', prefs)).toBe('[true, true]');
  });

  it('have no methods but their getters: any other is a MissingMethodException, on a State too', () => {
    const prefs = 'preferences { section { input "dimmer", "capability.switchLevel"; input "motion", "capability.motionSensor" } }';
    expect(() => show('dimmer.capabilities[0].getMaker()', prefs)).toThrow(/MissingMethodException: No signature of method: physicalgraph\.device\.Capability\.getMaker\(\)/);
    // A heater app asks `motionSensor.currentState("motion").contains("inactive")`.
    expect(() => show('motion.currentState("motion").contains("inactive")', prefs)).toThrow(/MissingMethodException: No signature of method: physicalgraph\.device\.State\.contains\(\)/);
  });
});

describe('a page method called while the app runs', () => {
  it('builds a page no one sees: its options come back, its body is not run, and the preferences still read its inputs', () => {
    const home = homeFor(`preferences { page(name: "listDevices") }
def listDevices() {
  dynamicPage(name: "listDevices", title: "Choose devices", install: true) {
    section("Devices") { input "sw", "capability.switch", title: "Switches" }
  }
}
def installed() { state.page = listDevices() }
def f() { [state.page.name, state.page.title, sw != null] }`);
    expect(home.app.invoke('f', [])).toEqual(["listDevices", "Choose devices", true]);
  });
});

describe('calls the platform cannot resolve', () => {
  it('are the app\'s MissingMethodException for a name it never declares, a gap for an API of the platform', () => {
    expect(show('try { defaultState() } catch (MissingMethodException e) { "app bug" }')).toBe('app bug');
    expect(() => show('parseSoapMessage("x")')).toThrow(/^unsupported: method parseSoapMessage\(\)/);
  });
  it('give a handler that is no method name (arguments swapped) the app\'s MissingMethodException, a closure handler stays a gap', () => {
    expect(show('try { runIn(h, 60) } catch (MissingMethodException e) { "swapped" }', 'def h() { 60 }')).toBe('swapped');
    expect(() => show('runIn(60, { -> 1 })')).toThrow(/^unsupported: runIn with a handler that is not a method name/);
  });
});

describe('a hub input and properties of strings', () => {
  it('holds the location\'s hub, whose text is the reference\'s hub0', () => {
    expect(show('[theHub.name, theHub.localIP, theHub.getId(), "$theHub", settings.theHub.id]', 'preferences { section { input "theHub", "hub" } }')).toBe('[Home Hub, 192.168.1.10, hub0, hub0, hub0]');
  });
  it('gives a String only its empty property; any other is the app\'s MissingPropertyException', () => {
    expect(show('["".empty, "x".empty]')).toBe('[true, false]');
    // A String's private `value` (Java 8's char array, which Groovy prints as the string).
    expect(show('def modes = ["Away", "Night"]; modes.collect { "awayExit${it.value}" }')).toBe('[awayExitAway, awayExitNight]');
    expect(show('try { "abc".size } catch (MissingPropertyException e) { "missing" }')).toBe('missing');
  });
});

describe("the platform's getters as properties", () => {
  it('reads childApps, parent and childDevices through getChildApps(), getParent() and getChildDevices(), as Groovy reads a getter', () => {
    // A parent app's `childApps.size()` (the child apps the person installed: none in the model).
    expect(show('[childApps.size(), parent, childDevices, allChildDevices]')).toBe('[0, null, [], []]');
  });
  it("keeps an app's own getter first", () => {
    expect(show('childApps', 'def getChildApps() { ["mine"] }')).toBe('[mine]');
  });
  it("reads a setting as a property of `app` (SmartThings' SmartBlock Notifier: `app.\"${pageName}WantsPush\"`), null while unset", () => {
    const prefs = 'preferences { section { input "sw", "capability.switch"; input "pushOn", "bool" } }';
    expect(show('def page = "push"; [app.sw, app."${page}On", app.neverSet, app.label, app.childApps, app.getAllChildApps()]', prefs)).toBe('[switch0, true, null, App1, [], []]');
    // InstalledSmartApp's own subscriptions are not modelled: a gap, not a setting.
    expect(() => run('app.subscriptions', prefs)).toThrow(/^unsupported: property subscriptions of app/);
  });
});

describe('Java and Groovy classes of unseen community apps', () => {
  it('builds JSON with JsonBuilder and an instance of JsonOutput, and pretty-prints it as Groovy does', () => {
    expect(show('new groovy.json.JsonBuilder([a: 1, b: [true, "x"]]).toString()')).toBe('{"a":1,"b":[true,"x"]}');
    expect(show('def j = new groovy.json.JsonBuilder([a: 1.50]); "${j}"')).toBe('{"a":1.50}');
    expect(show('new groovy.json.JsonBuilder([a: [1, 2]]).toPrettyString()')).toBe('{\n    "a": [\n        1,\n        2\n    ]\n}');
    expect(show('new groovy.json.JsonBuilder([k: "v:{,}"]).content.k')).toBe('v:{,}');
    expect(show('new groovy.json.JsonOutput().toJson([x: null])')).toBe('{"x":null}');
    // parse(stream) of a response body: the model holds a body as its JSON, parsed or as text.
    expect(show('def s = new groovy.json.JsonSlurper(); [s.parse(\'{"a":[1]}\').a, s.parse([b: 2]).b]')).toBe('[[1], 2]');
  });
  it("fills a JsonBuilder with call(content) and with its closure DSL, as Groovy's JsonBuilder and JsonDelegate do", () => {
    expect(show('def j = new groovy.json.JsonBuilder(); def before = j.toString(); j.call("jsonrpc": "2.0", id: 1); [before, j.toString()]')).toBe('[null, {"jsonrpc":"2.0","id":1}]');
    expect(show('def j = new groovy.json.JsonBuilder(); j { name "x"; address { zip 92617 }; tags([1, 2]) }; j.toString()')).toBe('{"name":"x","address":{"zip":92617},"tags":[1,2]}');
    expect(show('def j = new groovy.json.JsonBuilder(); j.person(id: 7) { name "x" }; j.content.person.id')).toBe('7');
    expect(show('def j = new groovy.json.JsonBuilder(); j(["a", "b"]) { s -> label s.toUpperCase(); n items.size() }; j.toString()', '@groovy.transform.Field def items = [1]')).toBe('[{"label":"A","n":1},{"label":"B","n":1}]');
    // An unqualified call in the closure is an entry unless it names a method of the app: the
    // delegate's catch-all comes after the owner's methods (ClosureMetaClass, DELEGATE_FIRST); a
    // method called from the closure runs as itself, outside the DSL.
    expect(show('def j = new groovy.json.JsonBuilder(); j { helper(); value this.viaMethod(); schedule "daily" }; j.toString()', 'def helper() { "h" }\ndef viaMethod() { helper() }')).toBe('{"value":"h","schedule":"daily"}');
    expect(show('def j = new groovy.json.JsonBuilder(); j { helper 2 }; j.toString()', 'def helper() { "h" }')).toBe('{"helper":2}');
    // Groovy's methods of every object are found before the builder's own dispatch: `each` goes over
    // the builder itself, `with` runs its closure, and neither is a root key.
    expect(show('def j = new groovy.json.JsonBuilder([a: 1]); def n = 0; j.each { n++ }; j.findAll { true }; [n, j.with { 5 }, j.toString()]')).toBe('[1, 5, {"a":1}]');
  });
  it("names a value's class as Java does: `e.class.name` of a caught exception, getClass() and simpleName of any value", () => {
    expect(show('try { null.x() } catch (e) { "${e.class.name}: ${e.message}" }')).toBe('java.lang.NullPointerException: Cannot invoke method x() on null object');
    expect(show('try { throw new IllegalStateException("x") } catch (e) { [e.getClass().getName(), e.class.simpleName] }')).toBe('[java.lang.IllegalStateException, IllegalStateException]');
    expect(show('["a".class.name, 5.getClass().name, 1.5.class.name, [1, 2].class.name, [a: 1].getClass().simpleName, new Date().class.name, String.name]')).toBe(
      '[java.lang.String, java.lang.Integer, java.math.BigDecimal, java.util.ArrayList, LinkedHashMap, java.util.Date, java.lang.String]',
    );
    // A map's `class` is its key, as in Groovy; a class whose Java name the platform does not document is a gap.
    expect(show('[a: 1].class')).toBe('null');
    expect(() => run('sw.class.name', 'preferences { section { input "sw", "capability.switch" } }')).toThrow(/^unsupported: property name of Device/);
  });
  it("signs and hashes as the JVM does: javax.crypto.Mac with a SecretKeySpec, MessageDigest, commons-codec's Base64 (an OAuth 1 signature)", () => {
    const sign = 'def key = new javax.crypto.spec.SecretKeySpec("key".getBytes(), "HmacSHA1"); def mac = javax.crypto.Mac.getInstance("HmacSHA1"); mac.init(key)';
    // RFC 2104's HMAC-SHA1 of the pangram under "key" (openssl dgst -sha1 -hmac key).
    expect(show(`${sign}; org.apache.commons.codec.binary.Base64.encodeBase64String(mac.doFinal("The quick brown fox jumps over the lazy dog".getBytes()))`)).toBe('3nybhbi3iqa8ino29wqQcBydtNk=');
    // Imported by simple name; doFinal starts over, so a second code of the same text is the same.
    expect(show('def m = Mac.getInstance("HmacSHA256"); m.init(new SecretKeySpec("k".bytes, "HmacSHA256")); m.update("a".bytes); def one = m.doFinal("b".bytes); one == m.doFinal("ab".bytes)', 'import javax.crypto.Mac\nimport javax.crypto.spec.SecretKeySpec')).toBe('true');
    expect(show('java.security.MessageDigest.getInstance("MD5").digest("abc".bytes).encodeHex().toString()')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(show('def md = java.security.MessageDigest.getInstance("SHA-256"); md.update("a".bytes); md.update("bc".bytes); md.digest().encodeHex().toString()')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(show('new String(org.apache.commons.codec.binary.Base64.decodeBase64("YWJj"))')).toBe('abc');
    expect(() => run('javax.crypto.Mac.getInstance("HmacSHA1").doFinal("x".bytes)')).toThrow(/^IllegalStateException: MAC not initialized/);
    expect(show('try { java.security.MessageDigest.getInstance("MD4") } catch (java.security.NoSuchAlgorithmException e) { "none" }')).toBe('none');
  });
  it("writes a number in hex with Integer's and Long's toHexString, a negative one as its two's complement", () => {
    expect(show('[Integer.toHexString(255), Long.toHexString((0.5 * 0x100000).round()), Integer.toHexString(-1), Long.toHexString(-1)]')).toBe('[ff, 80000, ffffffff, ffffffffffffffff]');
    expect(show('[Integer.toBinaryString(10), Integer.toOctalString(8), Integer.toBinaryString(-1).size()]')).toBe('[1010, 10, 32]');
  });
  // Expected values are what Groovy 3.0.9 on Java 17 printed for the same expressions.
  it("prints a hash or a number in hex through java.math.BigInteger, as connect apps do, with Java's errors", () => {
    expect(show('def md = java.security.MessageDigest.getInstance("MD5"); md.update("abc".bytes); new java.math.BigInteger(1, md.digest()).toString(16).padLeft(32, "0")')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(show('[new BigInteger(Math.round(254.6d).toString()).toString(16), new BigInteger(-1, [1, 2] as byte[]).toString(16), new BigInteger([-1, 1] as byte[]), new BigInteger("ff", 16), new BigInteger("255").toString(40)]')).toBe('[ff, -102, -255, 255, 255]');
    expect(show('def big = new BigInteger("99999999999999999999"); [big, big.intValue(), big.negate().signum(), big.class.name, big instanceof Number]')).toBe('[99999999999999999999, 1661992959, -1, java.math.BigInteger, true]');
    expect(show('["abc", "", "zz"].collect { s -> try { new BigInteger(s, s == "zz" ? 16 : 10) } catch (NumberFormatException e) { e.message } }')).toBe('[For input string: "abc", Zero length BigInteger, For input string: "zz" under radix 16]');
  });
  it('compares a BigInteger with numbers by value for ==, by class for equals, and leaves its arithmetic a gap', () => {
    expect(show('[new BigInteger("5") == 5, new BigInteger("5") == 5.0, new BigInteger("5").equals(5), new BigInteger("5").equals(new BigInteger("5")), new BigInteger("5") < 6, [new BigInteger("3"), 2, 1.5].max()]')).toBe('[true, true, false, true, true, 3]');
    expect(() => show('new BigInteger("12") + 1')).toThrow(/^unsupported: operator \+ on BigInteger/);
  });
  it("sets a Calendar's day of the year and its 12-hour hour as Java does, and leaves a week or another unmodelled field a gap (Groovy 3.0.9's values)", () => {
    const cal = 'def c = Calendar.getInstance(TimeZone.getTimeZone("UTC")); c.setTimeInMillis(1700000000000)';
    expect(show(`${cal}; c.set(Calendar.DAY_OF_YEAR, 100); c.set(Calendar.HOUR, 3); [c.get(Calendar.MONTH), c.get(Calendar.DAY_OF_MONTH), c.get(Calendar.HOUR_OF_DAY)]`)).toBe('[3, 10, 15]');
    expect(() => show('def d = new Date(0); d[Calendar.WEEK_OF_YEAR] = 3')).toThrow(/^unsupported: setting a Calendar week/);
    expect(() => show(`${cal}; c.set(Calendar.AM_PM, 1)`)).toThrow(/^unsupported: Calendar field 9/);
    expect(() => show(`${cal}; c.get(99)`)).toThrow(/^ArrayIndexOutOfBoundsException/);
  });
  it("reads Calendar's constants through an instance too, as Java lets a static field be read (`Calendar.instance.WEDNESDAY`)", () => {
    expect(show('[Calendar.instance.WEDNESDAY, Calendar.getInstance().JANUARY]')).toBe('[4, 0]');
  });
  it("takes a Locale for a Calendar and names its day and month in English, and orders calendars by their instant (Groovy 3.0.9's values)", () => {
    const cal = 'def c = Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.US); c.setTimeInMillis(1700000000000)';
    expect(show(`${cal}; [c.getDisplayName(Calendar.DAY_OF_WEEK, Calendar.LONG, Locale.US), c.getDisplayName(Calendar.MONTH, Calendar.SHORT, Locale.ENGLISH), c.timeZone.ID, "\${Locale.US}"]`)).toBe('[Tuesday, Nov, UTC, en_US]');
    expect(show(`${cal}; def d = c.clone(); d.add(Calendar.YEAR, 1); [c.get(Calendar.YEAR), d.get(Calendar.YEAR), c.before(d), d.after(c), c.compareTo(d), c.after(new Date(0))]`)).toBe('[2023, 2024, true, true, -1, false]');
    // The model has English names only: another locale's is a gap, not a wrong name.
    expect(() => show(`${cal}; c.getDisplayName(Calendar.DAY_OF_WEEK, Calendar.LONG, Locale.FRANCE)`)).toThrow(/^unsupported/);
  });
  it('makes a GregorianCalendar as Calendar.getInstance() does (mailman: new GregorianCalendar(), then setTime)', () => {
    expect(show('def c = new GregorianCalendar(); c.setTime(new Date(0)); [c.time.time, GregorianCalendar.MONDAY == Calendar.MONDAY, new GregorianCalendar(TimeZone.getTimeZone("America/New_York")).timeZone.ID]')).toBe('[0, true, America/New_York]');
  });
  it("turns a Date into a Calendar with Groovy's toCalendar(): that instant in the JVM's zone (UTC), a copy the date does not share", () => {
    expect(show('def c = new Date(86400000L * 3 + 3600000).toCalendar(); [c.get(Calendar.DAY_OF_MONTH), c.get(Calendar.HOUR_OF_DAY), c.timeZone.ID]')).toBe('[4, 1, UTC]');
    expect(show('def d = new Date(0); def c = d.toCalendar(); c.add(Calendar.DATE, 1); [d.time, c.timeInMillis]')).toBe('[0, 86400000]');
  });
  it('gives UUID.randomUUID() one fixed id, as text', () => {
    expect(show('def u = UUID.randomUUID().toString(); [u.length(), u == UUID.randomUUID().toString()]')).toBe('[36, true]');
  });
  it("names a time zone as Java's getDisplayName does, in its standard time whatever the date", () => {
    expect(show('[TimeZone.getTimeZone("America/New_York").getDisplayName(), TimeZone.getTimeZone("America/New_York").getDisplayName(true, 0), TimeZone.getTimeZone("UTC").displayName]')).toBe('[Eastern Standard Time, EDT, Coordinated Universal Time]');
  });
  it("tells daylight saving time as Java does: the raw offset is standard time, also south of the equator (checked against Groovy 4)", () => {
    expect(show('["Australia/Sydney", "Europe/Dublin", "America/New_York", "Pacific/Auckland"].collect { TimeZone.getTimeZone(it).rawOffset }')).toBe('[36000000, 0, -18000000, 43200000]');
    expect(show('def z = TimeZone.getTimeZone("America/Chicago"); [z.useDaylightTime(), z.inDaylightTime(new Date(1000000000000L)), z.inDaylightTime(new Date(0)), TimeZone.getTimeZone("America/Phoenix").useDaylightTime()]')).toBe('[true, true, false, false]');
    // A lock-code app names the zone it is in now: getDisplayName(inDaylightTime(now), TimeZone.SHORT).
    expect(show('def z = TimeZone.getTimeZone("America/Chicago"); z.getDisplayName(z.inDaylightTime(new Date(1000000000000L)), TimeZone.SHORT)')).toBe('CDT');
  });
  it("calls Throwable's methods on an exception, and gives any other method the app's MissingMethodException (checked against Groovy 3.0.9)", () => {
    // An app's catch block reads an HTTP error's response from what was a NullPointerException.
    expect(show('try { null.foo() } catch (e) { try { e.getResponse() } catch (MissingMethodException m) { "missing" } }')).toBe('missing');
    expect(show('try { throw new Exception("m") } catch (e) { e.printStackTrace(); [e.getLocalizedMessage(), e.getCause(), e.getStackTrace().size(), e.toString()] }')).toBe('[m, null, 0, java.lang.Exception: m]');
  });
  it("reads an exception's message, and gives any other property of it the app's MissingPropertyException", () => {
    expect(show('try { throw new IllegalStateException("boom") } catch (e) { [e.message, e.localizedMessage, e.cause] }')).toBe('[boom, boom, null]');
    // call-webservice-when-open: `$e.response.contentType` in a catch of a MissingPropertyException.
    expect(show('try { try { null.x } catch (e) { e.response } } catch (MissingPropertyException m) { "missing" }')).toBe('missing');
  });
  it('adds a list of map entries to a map (rheem-econet: `[uri: u] + apiParams` with apiParams = [])', () => {
    expect(show('[a: 1] + []')).toBe('[a:1]');
    expect(show('[a: 1] + [b: 2].entrySet().toList()')).toBe('[a:1, b:2]');
  });
  it("rounds a BigDecimal with setScale and a RoundingMode or BigDecimal's legacy int, exactly on its decimal digits", () => {
    expect(show('[1.25.setScale(1, RoundingMode.HALF_UP), 1.25.setScale(1, RoundingMode.HALF_EVEN), 1.15.setScale(1, java.math.RoundingMode.HALF_EVEN), 1.15.setScale(1, RoundingMode.HALF_DOWN)]')).toBe('[1.3, 1.2, 1.2, 1.1]');
    expect(show('[-1.21, 1.21].collect { x -> [RoundingMode.UP, RoundingMode.DOWN, RoundingMode.CEILING, RoundingMode.FLOOR].collect { x.setScale(1, it) } }')).toBe('[[-1.3, -1.2, -1.2, -1.3], [1.3, 1.2, 1.3, 1.2]]');
    expect(show('[2.5.setScale(0, BigDecimal.ROUND_HALF_EVEN), 2.5.setScale(0, BigDecimal.ROUND_HALF_UP), 2.5.setScale(3, BigDecimal.ROUND_DOWN), BigDecimal.ROUND_HALF_UP]')).toBe('[2, 3, 2.500, 4]');
    expect(show('"${RoundingMode.HALF_UP} ${RoundingMode.HALF_UP == java.math.RoundingMode.HALF_UP} ${RoundingMode.HALF_UP == RoundingMode.UP}"')).toBe('HALF_UP true false');
    expect(show('try { 1.25.setScale(1, RoundingMode.UNNECESSARY) } catch (ArithmeticException e) { e.message }')).toBe('Rounding necessary');
    // Without a mode, Java's setScale does not round: it only pads (1.2.setScale(3) is 1.200).
    expect(show('try { 1.25.setScale(1) } catch (ArithmeticException e) { e.message }')).toBe('Rounding necessary');
  });
  it("decodes base64 to a byte[] that new String reads back as text, as the LAN apps do with parsedEvent.body.decodeBase64()", () => {
    expect(show('"aMOpbGxv".decodeBase64()')).toBe('[104, -61, -87, 108, 108, 111]');
    expect(show('[new String("aMOpbGxv".decodeBase64()), new String("aMOpbGxv".decodeBase64(), "UTF-8"), new String("aMOpbGxv".decodeBase64(), "ISO-8859-1")]')).toBe('[héllo, héllo, hÃ©llo]');
    expect(show('new String("x €".bytes.encodeBase64().toString().decodeBase64())')).toBe('x €');
    expect(show('new String("abc".toCharArray())')).toBe('abc');
  });
  it('decodes form-encoded text with URLDecoder.decode, the inverse of URLEncoder.encode: `+` is a space, %XX runs are UTF-8', () => {
    expect(show('[URLDecoder.decode("a%20b+c%C3%A9%e2%82%AC!"), java.net.URLDecoder.decode("x+y", "UTF-8"), URLDecoder.decode("a%E9", "ISO-8859-1")]')).toBe('[a b cé€!, x y, aé]');
    expect(show('URLDecoder.decode(URLEncoder.encode("x y/é?&=€~", "UTF-8"), "UTF-8")')).toBe('x y/é?&=€~');
    expect(show('["a%4", "a%zz"].collect { try { URLDecoder.decode(it) } catch (IllegalArgumentException e) { e.message } }')).toBe(
      '[URLDecoder: Incomplete trailing escape (%) pattern, URLDecoder: Illegal hex characters in escape (%) pattern]',
    );
  });
  it("reads Double's and Float's NaN and infinities, which compare as Java's Double.compare (NaN above every number, equal to itself)", () => {
    expect(show('[Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Float.NaN, Double.NaN.isNaN(), Float.POSITIVE_INFINITY.isInfinite()]')).toBe('[NaN, Infinity, -Infinity, NaN, true, true]');
    expect(show('[Double.NaN == Double.NaN, Double.NaN > 5, Double.NaN == 5, 5 < Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY < -1e300]')).toBe('[true, true, false, true, true]');
    expect(show('[0.0d / 0 == Double.NaN, [Double.NaN, 1.0d, 0.5d].sort()]')).toBe('[true, [0.5, 1.0, NaN]]');
  });
  it("reads a device's `device` as the device itself (ecobee-open-contacts: stat.device.deviceNetworkId)", () => {
    expect(show('[sensor.device.id == sensor.id, sensor.device.deviceNetworkId]', 'preferences { section { input "sensor", "capability.motionSensor" } }')).toBe('[true, motionSensor0]');
  });
});

describe('httpError', () => {
  it("throws the documented SmartAppException: the endpoint's execution ends there unless the app catches it", () => {
    const home = homeFor('def f() { httpError(404, "Device not found"); state.after = true }');
    let error: unknown;
    try {
      home.app.invoke('f', []);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: 'app-error', javaClass: 'SmartAppException' });
    expect(kindsOf(home.records)).toEqual(['http']);
    expect(show('try { httpError(400, "bad"); "went on" } catch (e) { e.message }')).toBe('400 bad');
  });
});

describe('a property of a number or a boolean', () => {
  it("is the app's MissingPropertyException, as in Groovy (a JSON text that parses to a number: `json.type`)", () => {
    expect(show('try { new groovy.json.JsonSlurper().parseText("1").type } catch (MissingPropertyException e) { e.message }')).toBe('No such property: type for class: java.lang.Integer');
    expect(show('try { true.x } catch (MissingPropertyException e) { "missing" }')).toBe('missing');
    expect(show('1.class')).toBe('class Integer');
  });
});

describe('app.namespace', () => {
  it("is the definition's namespace, where a service manager creates its devices (addChildDevice(app.namespace, ...))", () => {
    expect(show('app.namespace', 'definition(name: "Tasmota", namespace: "BrettSheleski", author: "a", description: "d", category: "c")')).toBe('BrettSheleski');
  });
});

describe("the location's hub", () => {
  it('is in location.hubs and behind every device, with no data values (the model runs no device handler)', () => {
    // influxdb-logger's hub properties; a service manager's `location.hubs[0].id`.
    expect(show('def h = location.hubs[0]; [location.hubs.size(), h.id, h.type, h.hub.getDataValue("uptime"), sensor.hub.id, sensor.getDataValue("MSR")]', 'preferences { section { input "sensor", "capability.temperatureMeasurement" } }')).toBe('[1, hub0, PHYSICAL, null, hub0, null]');
  });
});

describe('stringToMap', () => {
  it("reads a description's key:value entries as strings, a value keeping its colons (foscam-connect reads the SSDP answer with it)", () => {
    expect(show('def m = stringToMap("mac:0A1B2C3D4E5F, ip:C0A80101,ssdpUSN:uuid:1::urn:x, junk"); [m.mac, m.ip, m.ssdpUSN, m.size(), stringToMap(null)]')).toBe('[0A1B2C3D4E5F, C0A80101, uuid:1::urn:x, 3, [:]]');
  });
});

describe('a device command called on a plain value', () => {
  it("is the app's MissingMethodException, as String, numbers and booleans have no such method (a bridge app's `device = \"\"` then `device.\"$command\"()`)", () => {
    expect(show('def device = ""; def command = "on"; try { device."$command"() } catch (MissingMethodException e) { e.message }')).toBe('No signature of method: java.lang.String.on() is applicable');
    expect(show('try { 5.lock() } catch (MissingMethodException e) { "missing" }')).toBe('missing');
  });
  it('stays a gap of the tool for any other method the model does not know', () => {
    expect(() => run('"x".frobnicate()')).toThrow(/^unsupported: method frobnicate\(\) of/);
  });
});
