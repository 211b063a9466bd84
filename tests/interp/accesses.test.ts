// What the interpreter records as a write: a store that changes the state. Re-storing a value the
// location already holds is recorded as a read (the model checker's independence relies on it).
import { describe, expect, it } from 'vitest';
import { toStr } from '../../src/interp/operators.js';
import { homeFor } from './helpers.js';

function accessesOf(body: string, extra = '') {
  const home = homeFor(`def f() {\n${body}\n}\n${extra}`);
  const log = home.transition(() => home.app.invoke('f', []));
  return log.filter((a) => a.location.startsWith('App1.state.') || a.location.startsWith('App1.field.')).map((a) => `${a.kind} ${a.location}`);
}

describe('recorded writes of app state', () => {
  it('records a write when a value changes or a key is added, and a read when the same value is stored again', () => {
    expect(accessesOf('state.mode = "a"')).toEqual(['write App1.state.mode']);
    expect(accessesOf('state.mode = "a"\nstate.mode = "a"')).toEqual(['write App1.state.mode', 'read App1.state.mode']);
    expect(accessesOf('state.n = 1\nstate.n = 1.0')).toEqual(['write App1.state.n', 'write App1.state.n']);
    expect(accessesOf('state.list = [1, 2]\nstate.list = [1, 2]')).toEqual(['write App1.state.list', 'read App1.state.list']);
  });

  it('keeps null as a missing key in a store the app only uses key by key: storing null there is a read', () => {
    expect(accessesOf('state.x = null\nstate.x = null')).toEqual(['read App1.state.x', 'read App1.state.x']);
    expect(accessesOf('state.x = 1\nstate.x = null\nstate.x = null')).toEqual(['write App1.state.x', 'write App1.state.x', 'read App1.state.x']);
    expect(accessesOf('state.remove("x")\nstate.x = 1\nstate.remove("x")')).toEqual(['read App1.state.x', 'write App1.state.x', 'write App1.state.x']);
  });

  it('keeps a null-valued key in a store the app can look at as a whole: storing null into a missing key is a write', () => {
    const iterates = 'def g() { state.each { k, v -> log.debug k } }';
    expect(accessesOf('state.x = null\nstate.x = null', iterates)).toEqual(['write App1.state.x', 'read App1.state.x']);
    const home = homeFor(`def f() { state.x = null\nstate.containsKey("x") }`);
    expect(home.app.invoke('f', [])).toBe(true);
    expect(homeFor(`def f() { state.x = null\nstate.y == null }`).app.invoke('f', [])).toBe(true);
  });

  it("records a write of the state key holding a Date the app changes in place (clearTime, setTime, date[field] = v), as Java's Date is mutable", () => {
    const today = '@groovy.transform.Field def today = new Date(1700000000000)';
    expect(accessesOf('today.clearTime()', today)).toEqual(['read App1.field.today', 'write App1.field.today']);
    expect(accessesOf('def d = today\nd[Calendar.HOUR_OF_DAY] = 3', today)).toEqual(['read App1.field.today', 'write App1.field.today']);
    // A local copy is the app's own: changing it leaves the field alone, as `new Date(d.time)` would.
    expect(accessesOf('def d = new Date(today.time)\nd.setTime(0)', today)).toEqual(['read App1.field.today']);
    expect(homeFor(`def f() { def d = new Date(1700000000000); def l = [d]; d.clearTime(); [l[0].time, d.time] }`).app.invoke('f', [])).toEqual([1699920000000, 1699920000000]);
  });

  it('applies the same rule to script fields', () => {
    expect(accessesOf('counter = 0\ncounter = 0\ncounter = 1', '@groovy.transform.Field def counter = 0')).toEqual([
      'read App1.field.counter', 'read App1.field.counter', 'write App1.field.counter',
    ]);
  });
});

describe('canonical app state and the order of state keys', () => {
  const canonical = (body: string, extra = '') => {
    const home = homeFor(`def f() {\n${body}\n}\n${extra}`);
    home.app.invoke('f', []);
    return home.app.canonicalState();
  };

  it('ignores the order keys were added in a store the app only uses key by key', () => {
    expect(canonical('state.a = 1; state.b = 2')).toBe(canonical('state.b = 2; state.a = 1'));
    expect(canonical('state.a = 1; state.b = 2')).not.toBe(canonical('state.b = 2; state.a = 3'));
  });

  it('keeps the order where the app iterates the store', () => {
    const iterates = 'def g() { state.each { k, v -> log.debug k } }';
    expect(canonical('state.a = 1; state.b = 2', iterates)).not.toBe(canonical('state.b = 2; state.a = 1', iterates));
  });
});

describe("state between executions, saved as the platform saves it (JSON)", () => {
  it('gives a Date stored in state back in the next execution as the text JsonOutput writes, and as the Date itself until its execution ends', () => {
    const home = homeFor('def store() { state.at = new Date(1564686000000); state.list = [new Date(0), 1]; state.at.time }\ndef read() { [state.at, state.at.class.simpleName, state.list] }');
    expect(home.app.invoke('store', [])).toBe(1564686000000);
    expect(home.app.invoke('read', [])).toEqual(['2019-08-01T19:00:00+0000', 'String', ['1970-01-01T00:00:00+0000', 1]]);
  });
  it("gives a map's number keys back as text and a set as a list, as JSON does", () => {
    const home = homeFor('def store() { state.levels = [:]; state.levels[1] = 50; state.ids = ["a", "a"] as Set; state.levels[1] }\ndef read() { [state.levels[1], state.levels["1"], state.ids.class.simpleName, state.ids + "a"] }');
    expect(home.app.invoke('store', [])).toBe(50);
    expect(toStr(home.app.invoke('read', []))).toBe('[null, 50, ArrayList, [a, a]]');
  });
  it("reads atomicState from its store each time: a collection changed in place is not stored, one assigned back is (the platform's State guide)", () => {
    const home = homeFor(`def f() {
  atomicState.myMap = [key1: "val1"]
  atomicState.myMap.key1 = "lost"
  atomicState.list = [1]
  atomicState.list << 2
  def temp = atomicState.myMap
  temp.key2 = "val2"
  def kept = atomicState.myMap.size()
  atomicState.myMap = temp
  temp.key3 = "after"
  [kept, atomicState.myMap, atomicState.list, atomicState.myMap.is(atomicState.myMap)]
}`);
    expect(toStr(home.app.invoke('f', []))).toBe('[1, [key1:val1, key2:val2], [1], false]');
    // state is the value itself: changed in place, it stays changed (the guide's "Working with collections").
    expect(toStr(homeFor('def f() { state.m = [k1: "one"]; state.m.k1 = "UPDATED"; state.l = [1]; state.l << 2; [state.m, state.l] }').app.invoke('f', []))).toBe('[[k1:UPDATED], [1, 2]]');
  });
  it("is not hidden by a top-level declaration of the same name, which Groovy keeps inside the script's body", () => {
    const home = homeFor('def state = []\ndef count = 1\ndef f() { state.mode = "off"; [state.mode, count] }');
    expect(toStr(home.app.invoke('f', []))).toBe('[off, 1]');
  });
  it('stops an execution that leaves a cyclic list in state at the value budget, not in a crash, as copying the state would', () => {
    expect(() => homeFor('def f() { state.l = []; state.l << state.l; 1 }').app.invoke('f', [])).toThrow(/^budget exceeded: lists or maps nested more than \d+ levels deep/);
  });
});
