// The relational comparisons an app makes and the attributes whose values reach them
// (src/analysis/thresholds.ts), on small apps.
import { describe, expect, it } from 'vitest';
import { comparisons, type Comparison } from '../../src/analysis/thresholds.js';
import { lowerSource } from '../../src/pipeline/load.js';

function comparisonsOf(source: string): Array<{ numbers: Comparison['numbers']; attributes: string[] | 'any' }> {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return comparisons(lowered.app).map((c) => ({ numbers: c.numbers, attributes: c.attributes === 'any' ? 'any' : [...c.attributes].sort() }));
}

const PREFERENCES = `
preferences {
  section {
    input "meter", "capability.powerMeter"
    input "lights", "capability.colorControl"
    input "sensor", "capability.temperatureMeasurement"
    input "startAbove", "number"
    input "minutes", "number"
  }
}`;

describe('compared numbers', () => {
  it("reach the attributes read into the other side: a power threshold does not reach the lights' level the app saves", () => {
    const source = `${PREFERENCES}
def installed() { subscribe(meter, "power", powered) }
def powered(evt) {
  def latestPower = meter.currentValue("power")
  if (latestPower > startAbove) {
    state.previous = [level: lights.currentValue("level"), hue: lights.currentValue("hue")]
    lights.setLevel(100)
  }
}`;
    expect(comparisonsOf(source)).toEqual([{ numbers: ['setting'], attributes: ['power'] }]);
  });

  it("reach a handler's event value as the attributes it is subscribed to, through conversions", () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  if (evt.doubleValue < 30) lights.on()
  if (evt.value.toInteger() >= -5) lights.off()
  def t = evt.integerValue as Integer
  if (t > (startAbove ?: 10)) lights.on()
}`;
    expect(comparisonsOf(source)).toEqual([
      { numbers: [30], attributes: ['temperature'] },
      { numbers: [-5], attributes: ['temperature'] },
      { numbers: ['setting'], attributes: ['temperature'] },
    ]);
  });

  it('reach no attribute through a store field that holds a time, and a literal inside arithmetic is no threshold', () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  state.lastRun = now()
  if (now() - state.lastRun > minutes * 60 * 1000) lights.off()
}`;
    expect(comparisonsOf(source)).toEqual([{ numbers: ['setting'], attributes: [] }]);
  });

  it("reach every attribute where a side is not known (a parameter, another method's result), with the app's setting", () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) { check(evt.value) }
def check(value) {
  if (value > 75) lights.off()
  if (reading() < 3) lights.on()
}
def reading() { 2 }`;
    expect(comparisonsOf(source)).toEqual([
      { numbers: [75, 'setting'], attributes: 'any' },
      { numbers: [3, 'setting'], attributes: 'any' },
    ]);
  });

  it('treat a store the app writes by a computed key as unknown', () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  state["last" + evt.name] = evt.value
  if (state.lasttemperature < 50) lights.on()
}`;
    expect(comparisonsOf(source)).toEqual([{ numbers: [50, 'setting'], attributes: 'any' }]);
  });

  it('follow a store field assigned an attribute in one method and compared in another', () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) { state.last = evt.doubleValue }
def later() { if (state.last >= 80) lights.off() }`;
    expect(comparisonsOf(source)).toEqual([{ numbers: [80], attributes: ['temperature'] }]);
  });

  it('leave out comparisons of no number, and an app without numeric settings adds no setting', () => {
    const source = `
preferences { section { input "sensor", "capability.temperatureMeasurement"; input "other", "capability.temperatureMeasurement" } }
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  if (evt.doubleValue > other.currentTemperature) log.debug "warmer"
  if (unknownThing() > 5) log.debug "five"
}`;
    expect(comparisonsOf(source)).toEqual([{ numbers: [5], attributes: 'any' }]);
  });
});
