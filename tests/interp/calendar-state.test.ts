// A Calendar, SimpleDateFormat or JsonBuilder held in a field or in `state` (src/interp/app-state.ts,
// ownership.ts): its setters change it in place, so the model checker must copy it with the
// state, see its time and zone in the canonical state, and count a setter as a write of its location.
import { describe, expect, it } from 'vitest';
import { homeFor } from './helpers.js';

const APP = `@groovy.transform.Field def cal = Calendar.getInstance(TimeZone.getTimeZone("UTC"))
@groovy.transform.Field def fmt = new java.text.SimpleDateFormat("HH:mm")
def f() { cal.add(Calendar.HOUR_OF_DAY, 1) }
def g() { fmt.setTimeZone(TimeZone.getTimeZone("America/New_York")) }
def h() { state.at = Calendar.getInstance() }
def k() { state.at.set(Calendar.MINUTE, 7) }`;

describe('a Calendar held in app state', () => {
  it('shows its time in the state key, which a setter changes', () => {
    const home = homeFor(APP);
    const key = home.stateKey();
    home.app.invoke('f', []);
    expect(home.stateKey()).not.toBe(key);
  });

  it('is restored from a snapshot, which a later setter does not reach', () => {
    const home = homeFor(APP);
    const before = home.snapshot();
    const key = home.stateKey();
    home.app.invoke('f', []);
    home.restore(before);
    expect(home.stateKey()).toBe(key);
    home.app.invoke('f', []);
    home.restore(before);
    expect(home.stateKey()).toBe(key);
  });

  it('records a write of the field or state key whose calendar or date format a setter changes', () => {
    const home = homeFor(APP);
    const writes = (method: string) =>
      home.transition(() => home.app.invoke(method, [])).filter((a) => a.kind === 'write').map((a) => a.location);
    expect(writes('f')).toEqual(['App1.field.cal']);
    expect(writes('g')).toEqual(['App1.field.fmt']);
    expect(writes('h')).toEqual(['App1.state.at']);
    expect(writes('k')).toEqual(['App1.state.at']);
  });
});

describe('a JsonBuilder held in app state', () => {
  const BUILDER = `@groovy.transform.Field def json = new groovy.json.JsonBuilder()
def fill() { json.call { count 1 } }
def text() { json.toString() }`;

  it('is filled in place: a write of its field, restored from a snapshot', () => {
    const home = homeFor(BUILDER);
    const before = home.snapshot();
    const writes = home.transition(() => home.app.invoke('fill', [])).filter((a) => a.kind === 'write').map((a) => a.location);
    expect(writes).toEqual(['App1.field.json']);
    expect(home.app.invoke('text', [])).toBe('{"count":1}');
    home.restore(before);
    expect(home.app.invoke('text', [])).toBe('null');
  });
});
