// What a device stores for an environment event: the platform's typed value, not the event's text.
import { describe, expect, it } from 'vitest';
import { homeFor } from '../interp/helpers.js';

const installed = (body: string) =>
  homeFor(`definition(name: "t", namespace: "t", author: "t", description: "t", category: "t")
preferences { section("s") { input "sensor", "capability.temperatureMeasurement"; input "light1", "capability.switch" } }
${body}`);

describe("a numeric attribute's event", () => {
  it('with a decimal reading is stored as a number: sums and comparisons of currentValue work, as on the platform', () => {
    // fan-automation-like averaging (`double measure = 0.0; measure += sensor.currentValue(...)`).
    const home = installed(`def installed() { subscribe(sensor, "temperature", h) }
def h(evt) {
  double measure = 0.0
  measure += sensor.currentValue("temperature")
  state.average = measure / 1
  if (sensor.currentTemperature < 50) light1.on() else light1.off()
}`);
    home.fireEvent('sensor', 'temperature', '49.5');
    expect(home.records.filter((r) => r.kind === 'error')).toEqual([]);
    expect(home.attribute(home.deviceOfInput('light1')!, 'switch')).toBe('on');
  });
});
