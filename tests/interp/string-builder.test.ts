// java.lang.StringBuilder and StringBuffer in Groovy code (SonosWeatherForecast line 374 and
// talking-alarm-clock line 1115 build their spoken text with one), and a builder held in app
// state: copied with the state, part of its canonical form, a write of its location when appended to.
import { describe, expect, it } from 'vitest';
import { homeFor, run, show } from './helpers.js';

describe('StringBuilder in Groovy code', () => {
  it('appends with << and append(), each returning the builder so calls chain', () => {
    expect(show('def sb = new StringBuilder(); sb << "a" << 1; sb.append("b").append(2.5d); sb.toString()')).toBe('a1b2.5');
    expect(show('def sb = new StringBuilder("x"); def same = sb.append("y").is(sb) && (sb << "z").is(sb); [sb.toString(), same]')).toBe('[xyz, true]');
  });

  it('gives its contents to GStrings, string concatenation and casts, and counts them with length() and size()', () => {
    expect(show('def sb = new StringBuilder("ab"); ["${sb}!", "x" + sb, sb + "y", sb as String, sb.length(), sb.size(), sb.toString()]')).toBe(
      '[ab!, xab, aby, ab, 2, 2, ab]',
    );
    // `+` makes a new String and leaves the builder as it was.
    expect(show('def sb = new StringBuilder("ab"); def s = sb + "c"; [s instanceof String, sb.toString()]')).toBe('[true, ab]');
  });

  it('builds the text of a weather report the way SonosWeatherForecast does, in a closure', () => {
    const text = show(`def weather = getWeatherFeature("forecast", "92617")
def current = getWeatherFeature("conditions", "92617")
def delim = ""
def sb = new StringBuilder()
["0", "1"].each { opt ->
  if (opt == "0") { sb << "The current temperature is \${Math.round(current.current_observation.temp_f)} degrees."; delim = " " }
  else { sb << delim; sb << "Today's forecast is "; sb << weather.forecast.txt_forecast.forecastday[0].fcttext }
}
sb.toString()`);
    expect(text).toMatch(/^The current temperature is 75 degrees\. Today's forecast is \S/);
  });

  it("appends a list or map as Java's toString prints it, and is false in Groovy truth when empty", () => {
    // Printed by OpenJDK 17: new StringBuilder().append(map) for the LinkedHashMap {a=1, b=[1, x]}.
    expect(show('(new StringBuilder() << [a: 1, b: [1, "x"]]).toString()')).toBe('{a=1, b=[1, x]}');
    expect(show('[new StringBuilder() ? "y" : "n", new StringBuilder("a") ? "y" : "n"]')).toBe('[n, y]');
  });

  it('has StringBuffer too, each its own class, and refuses a constructor argument Java has no constructor for', () => {
    expect(show('def b = new StringBuffer("x"); b << "y"; [b.toString(), b instanceof StringBuffer, b instanceof CharSequence, new StringBuilder(16).length()]')).toBe(
      '[xy, true, true, 0]',
    );
    expect(show('try { new StringBuilder([1]) } catch (GroovyRuntimeException e) { "no constructor" }')).toBe('no constructor');
  });

  it('leaves methods not modelled a named gap of the tool', () => {
    expect(() => run('new StringBuilder("abc").insert(0, "x")')).toThrow(/unsupported: method insert\(\) of StringBuilder/);
  });
});

describe('a StringBuilder held in app state', () => {
  const APP = `@groovy.transform.Field def sb = new StringBuilder("a")
def f() { sb << "b" }
def g() { state.text = new StringBuilder("x") }
def h() { state.text.append("y") }`;

  it('shows its contents in the canonical state, which an append changes', () => {
    const home = homeFor(APP);
    expect(home.app.canonicalState()).toContain('sb=StringBuilder("a")');
    home.app.invoke('f', []);
    expect(home.app.canonicalState()).toContain('sb=StringBuilder("ab")');
  });

  it('is restored from a snapshot, which a later append does not reach', () => {
    const home = homeFor(APP);
    const before = home.snapshot();
    const key = home.stateKey();
    home.app.invoke('f', []);
    expect(home.stateKey()).not.toBe(key);
    home.restore(before);
    expect(home.stateKey()).toBe(key);
    home.app.invoke('f', []);
    home.restore(before);
    expect(home.stateKey()).toBe(key);
  });

  it('records a write of the field or state key whose builder is appended to', () => {
    const home = homeFor(APP);
    const writes = (method: string) =>
      home.transition(() => home.app.invoke(method, [])).filter((a) => a.kind === 'write').map((a) => a.location);
    expect(writes('f')).toEqual(['App1.field.sb']);
    expect(writes('g')).toEqual(['App1.state.text']);
    expect(writes('h')).toEqual(['App1.state.text']);
  });
});
