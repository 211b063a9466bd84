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
    expect(comparisonsOf(source)).toEqual([{ numbers: [{ setting: 'startAbove' }], attributes: ['power'] }]);
  });

  it("reach a handler's event value as the attributes it is subscribed to, through conversions", () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  if (evt.doubleValue < 30) lights.on()
  if (evt.value.toInteger() >= -5) lights.off()
  def t = evt.integerValue as Integer
  if (t > (startAbove ?: 10)) lights.on()
  def text = "\${evt.value}"
  if (text.toInteger() > 40) lights.off()
}`;
    expect(comparisonsOf(source)).toEqual([
      { numbers: [30], attributes: ['temperature'] },
      { numbers: [-5], attributes: ['temperature'] },
      { numbers: [{ setting: 'startAbove' }], attributes: ['temperature'] },
      { numbers: [40], attributes: ['temperature'] },
    ]);
  });

  it('reach no attribute through a store field that holds a time, and a literal inside arithmetic is no threshold', () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  state.lastRun = now()
  if (now() - state.lastRun > minutes * 60 * 1000) lights.off()
}`;
    expect(comparisonsOf(source)).toEqual([{ numbers: [{ setting: 'minutes' }], attributes: [] }]);
  });

  it("follow values into the app's own methods and out of them: arguments into parameters, results into calls", () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) { check(evt.value, startAbove) }
def check(value, limit) {
  if (value > 75) lights.off()
  if (reading() < limit) lights.on()
}
def reading() { def r = meter.currentValue("power"); return r }`;
    expect(comparisonsOf(source)).toEqual([
      { numbers: [75], attributes: ['temperature'] },
      { numbers: [{ setting: 'startAbove' }], attributes: ['power'] },
    ]);
  });

  it("reach every attribute where a side is not known (a timer's or an endpoint's parameter, a result the analysis does not follow), with every numeric setting of the app", () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
mappings { path("/level") { action: [PUT: "setLevel"] } }
def changed(evt) { runIn(60, later, [data: [t: evt.value]]); later(evt.value); setLevel(evt.value) }
def later(data) { if (data > 75) lights.off() }
def setLevel(level) { if (level < 20) lights.on() }
def loop() { if (total() < 3) lights.on() }
def total() { def n = 0; for (x in [1, 2]) { n += x } }`;
    expect(comparisonsOf(source)).toEqual([
      { numbers: [75, { setting: 'startAbove' }, { setting: 'minutes' }], attributes: 'any' },
      { numbers: [20, { setting: 'startAbove' }, { setting: 'minutes' }], attributes: 'any' },
      { numbers: [3, { setting: 'startAbove' }, { setting: 'minutes' }], attributes: 'any' },
    ]);
  });

  it('take times and counts for what they are: no attribute reaches them', () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  def start = timeToday("15:00", location.timeZone).time
  if (new Date().time > start + 5) lights.off()
  if (lights.findAll { it }.size() >= 2) lights.on()
}`;
    // The first compares two times and no number; the second a count with 2.
    expect(comparisonsOf(source)).toEqual([{ numbers: [2], attributes: [] }]);
  });

  it('follow what a store holds under keys computed at run time into every read of the store', () => {
    const source = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  state["last" + evt.name] = evt.value
  if (state.lasttemperature < 50) lights.on()
}`;
    expect(comparisonsOf(source)).toEqual([{ numbers: [50], attributes: ['temperature'] }]);
    // A rate limit keeps a time per device: no attribute reaches its comparison with the setting.
    const rateLimit = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  def lastTime = state[evt.deviceId]
  if (lastTime == null || now() - lastTime >= minutes * 60000) { lights.on(); state[evt.deviceId] = now() }
}`;
    expect(comparisonsOf(rateLimit)).toEqual([{ numbers: [{ setting: 'minutes' }], attributes: [] }]);
    // Under a computed key, any field may be written: a read of a named field gives it too; the
    // field `last` is not the key `temperature`.
    const byName = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed); subscribe(meter, "power", powered) }
def changed(evt) { state.put(evt.name, evt.value) }
def powered(evt) { state.last = evt.value; if (state.last > 80 || state.get("temperature") > 50) lights.off() }`;
    expect(comparisonsOf(byName)).toEqual([
      { numbers: [80], attributes: ['power', 'temperature'] },
      { numbers: [50], attributes: ['temperature'] },
    ]);
  });

  it('treat a store changed other than by storing under a key as unknown: the whole store, or the field changed inside', () => {
    const merged = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  state << [last: evt.value]
  if (state.last < 50) lights.on()
}`;
    expect(comparisonsOf(merged)).toEqual([{ numbers: [50, { setting: 'startAbove' }, { setting: 'minutes' }], attributes: 'any' }]);
    const inside = `${PREFERENCES}
def installed() { subscribe(sensor, "temperature", changed) }
def changed(evt) {
  state.readings.add(evt.value)
  state.count = 2
  if (state.readings[0] < 50 || state.count > 1) lights.on()
}`;
    expect(comparisonsOf(inside)).toEqual([
      { numbers: [50, { setting: 'startAbove' }, { setting: 'minutes' }], attributes: 'any' },
      { numbers: [1], attributes: [] },
    ]);
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
