// `obj.with { ... }` (DefaultGroovyMethods.with): the closure runs with obj as `it` and as its
// delegate, DELEGATE_FIRST, so an unqualified name or call that is no local variable goes to obj
// first and to the app only when obj has no such property or method, as ClosureMetaClass does.
import { describe, expect, it } from 'vitest';
import { homeFor, run, show } from './helpers.js';

const SWITCH = 'preferences { section { input "sw", "capability.switch"; input "lights", "capability.switch", multiple: true } }';

/** The commands sent to devices and the messages of `f()` of an app with a switch `sw` and a list `lights`. */
function effects(body: string, extra = ''): string[] {
  const home = homeFor(`${SWITCH}\ndef f() {\n${body}\n}\n${extra}`);
  home.app.invoke('f', []);
  return home.records.flatMap((r) => (r.kind === 'command' ? [`${r.device}.${r.command}`] : r.kind === 'message' ? [`message ${r.message.kind}`] : []));
}

describe('with: the delegate answers first', () => {
  it("reads a map's keys as names, a missing key as null (a map answers every property)", () => {
    expect(run('[name: "x"].with { name }')).toBe('x');
    expect(run('[a: 1].with { b }')).toBe(null);
    expect(run('[a: 1, b: 2].with { a + b }')).toBe(3);
  });

  it("calls the receiver's own methods unqualified, beside `it`", () => {
    expect(run('"abc".with { size() }')).toBe(3);
    expect(run('"abc".with { toUpperCase() + it }')).toBe('ABCabc');
    expect(run('[1, 2].with { size() }')).toBe(2);
    expect(show('[3, 1, 2].with { sort() }')).toBe('[1, 2, 3]');
  });

  it('reads a property of the receiver before an app field or setting of the same name', () => {
    expect(run('"abc".with { empty }')).toBe(false);
    expect(run('[name: "map"].with { name }', 'def getName() { "app" }')).toBe('map');
  });

  it('prefers the receiver\'s method to an app method of the same name', () => {
    expect(run('"abc".with { size() }', 'def size() { 99 }')).toBe(3);
  });

  it('gives the value of the closure, and null.with stays null-safe', () => {
    expect(run('def r = 5.with { it * 2 }; r')).toBe(10);
    expect(run('def x = null; x.with { it }')).toBe(null);
  });
});

describe('with: the app answers what the delegate lacks', () => {
  it("calls an app method String has not, and reads the app's state", () => {
    expect(run('"abc".with { twice(size()) }', 'def twice(n) { n * 2 }')).toBe(6);
    expect(run('state.count = 4; "abc".with { state.count + length() }')).toBe(7);
  });

  it("calls an app method the app's state has not, and the state's own methods on it", () => {
    expect(show('state.with { put("a", 1); helper() + get("a") }', 'def helper() { 10 }')).toBe('11');
  });

  it("reads the app's name when the delegate's own lookup raises a MissingPropertyException (a list spreads it over its elements)", () => {
    expect(show('[1, 2].with { limit }', '@groovy.transform.Field def limit = 5')).toBe('5');
  });

  it('reads a local variable before the delegate, even a map with that key', () => {
    expect(run('def name = "local"; [name: "map"].with { name }')).toBe('local');
  });

  it('resolves a class name as a class, not as a key of a map delegate', () => {
    expect(run('[a: 3].with { Math.max(a, 2) }')).toBe(3);
  });
});

describe('with: nesting and scope', () => {
  it('gives a closure written inside the with closure the same delegate', () => {
    expect(show('[n: 2].with { [1, 2, 3].collect { x -> x * n } }')).toBe('[2, 4, 6]');
  });

  it('lets an inner with delegate what it has and the outer one the rest', () => {
    expect(run('[a: 1].with { "xyz".with { size() + a } }')).toBe(4);
  });

  it('does not give the delegate to a method called from the closure', () => {
    expect(run('[name: "map"].with { appName() }', 'def appName() { name }\ndef getName() { "app" }')).toBe('app');
  });
});

describe('with: assignments', () => {
  it("sets a map delegate's key for a name that is no local variable", () => {
    expect(show('def m = [a: 1]; m.with { b = 2; a = a + 10 }; m')).toBe('[a:11, b:2]');
  });

  it('assigns a local variable, not the delegate', () => {
    expect(show('def x = 0; def m = [a: 1]; m.with { x = a }; [x, m]')).toBe('[1, [a:1]]');
  });

  it('leaves a name a String cannot hold to the app', () => {
    expect(run('"abc".with { saved = size() }; saved', '@groovy.transform.Field saved')).toBe(3);
  });
});

describe('with: devices', () => {
  it("sends the device's command, and a method of the app or the platform to the app", () => {
    expect(effects('sw.with { on() }')).toEqual(['switch0.on']);
    expect(effects('sw.with { off(); notify() }', 'def notify() { sendPush("off") }')).toEqual(['switch0.off', 'message push']);
    expect(effects('sw.with { on(); sendPush("on") }')).toEqual(['switch0.on', 'message push']);
  });

  it("reads the device's attributes and label as names", () => {
    expect(show('sw.with { [currentSwitch, label] }', SWITCH)).toBe('[off, switch0]');
  });

  it('sends a command to every device of a device list, and a platform method to the app', () => {
    expect(effects('lights.with { off(); sendPush("off") }')).toEqual(['switch0.off', 'message push']);
  });
});

describe('with: JsonBuilder inside', () => {
  it('fills the builder from a with closure, the map delegate answering the names', () => {
    expect(show('def j = new groovy.json.JsonBuilder(); [n: 1].with { j { count n } }; j.toString()')).toBe('{"count":1}');
    // Inside a closure within the with closure, the builder's catch-all comes before the app's
    // methods: the inner closure's owner is the outer closure, not the app (ClosureMetaClass).
    expect(show('def j = new groovy.json.JsonBuilder(); [n: 1].with { j { helper n } }; j.toString()', 'def helper(x) { "h" }')).toBe('{"helper":1}');
    expect(show('def j = new groovy.json.JsonBuilder(); j { helper 1 }; j.toString()', 'def helper(x) { "h" }')).toBe('{}');
  });
});
