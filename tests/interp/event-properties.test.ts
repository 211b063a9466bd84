// An event's properties as a handler reads them (src/interp/smartthings/events.ts): the platform's
// Event has a fixed set, and a name outside it is the app's own MissingPropertyException.
import { describe, expect, it } from 'vitest';
import { toStr } from '../../src/interp/operators.js';
import { GDate, GEvent } from '../../src/interp/values.js';
import { homeFor } from './helpers.js';

const modeEvent = new GEvent('mode', 'away', 'LOCATION', null, new GDate(0), null, true, false);

/** The Groovy string of `def f(evt) { <body> }` given the location's mode event. */
function withEvent(body: string): string {
  return toStr(homeFor(`def f(evt) {\n${body}\n}\n`).app.invoke('f', [modeEvent]));
}

describe('an event property', () => {
  it('of the platform is read, also by its getter', () => {
    expect(withEvent('"${evt.name}=${evt.value} ${evt.getValue()} ${evt.stringValue}"')).toBe('mode=away away away');
  });

  it("that the platform's Event lacks is a MissingPropertyException the app can catch, also when the name is computed", () => {
    expect(withEvent('try { evt.nonsense } catch (MissingPropertyException e) { "caught" }')).toBe('caught');
    expect(withEvent('try { evt."${state.field}" } catch (MissingPropertyException e) { "caught" } catch (Exception e) { "other" }')).toBe("caught");
  });

  it("is found by hasProperty when the platform's Event has it; null otherwise (a dashboard app checks `evt.hasProperty('parsedEventValue')`)", () => {
    expect(withEvent('[evt.hasProperty("value") ? "has" : "not", evt.hasProperty("parsedEventValue")]')).toBe('[has, null]');
  });
});

describe('an event method', () => {
  it("that the platform's Event lacks is a MissingMethodException the app can catch, not a gap of the tool", () => {
    expect(withEvent('try { evt.value() } catch (MissingMethodException e) { e.message }')).toBe('No signature of method: physicalgraph.app.EventWrapper.value() is applicable');
    expect(withEvent('try { evt.getNonsense() } catch (MissingMethodException e) { "caught" }')).toBe('caught');
  });

  it('of the Event, and those every object has, still answer', () => {
    expect(withEvent('[evt.getName(), evt.isPhysical(), evt.isStateChange(), evt.toString(), evt.is(evt), evt.with { it.value }]')).toBe('[mode, false, true, Event(mode: away), true, away]');
  });
});

describe("an event's JSON value", () => {
  const jsonEvent = new GEvent('trackData', '{"artist":"A","level":5}', 'DEVICE', null, new GDate(0), null, true, false);
  const read = (body: string) => toStr(homeFor(`def f(evt) {\n${body}\n}\n`).app.invoke('f', [jsonEvent]));

  it('is the parsed value (jsonValue), and text that is not JSON fails as on the platform', () => {
    expect(read('[evt.jsonValue.artist, evt.jsonValue.level]')).toBe('[A, 5]');
    expect(withEvent('try { evt.jsonValue } catch (e) { "not JSON" }')).toBe('not JSON');
  });
});

describe("an event's date value", () => {
  const read = (value: string, body: string) => toStr(homeFor(`def f(evt) {\n${body}\n}\n`).app.invoke('f', [new GEvent('sunsetTime', value, 'LOCATION', null, new GDate(0), null, true, false)]));

  it('is the value as a Date when it is an ISO date-time, and null otherwise, as the Event reference says', () => {
    expect(read('2019-08-01T23:59:00.000Z', 'evt.dateValue.time')).toBe(String(Date.UTC(2019, 7, 1, 23, 59)));
    expect(read('away', 'evt.dateValue == null')).toBe('true');
    expect(read('away', 'evt.dateValue ? "a date" : evt.date.time')).toBe('0');
  });
});
