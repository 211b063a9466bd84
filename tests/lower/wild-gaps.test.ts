// The parser and lowering gaps real apps hit (issue 16): statements inside `${...}`, `ifSet` and
// `ifUnset` inputs in a dynamic page, and top-level statements other than declarations and calls.
import { describe, expect, it } from 'vitest';
import { censusApp } from '../../src/pipeline/census.js';
import { lowerSource } from '../../src/pipeline/load.js';
import { show } from '../interp/helpers.js';

const HEADER = 'definition(name: "t", namespace: "t", author: "t", description: "t", category: "t")\n';

function lowered(source: string) {
  const r = lowerSource(HEADER + source, 't.groovy');
  if (!r.ok) throw new Error(`${r.error.line}:${r.error.column} ${r.error.message}`);
  return r.app;
}

describe('statements inside ${...}', () => {
  it('an if/else is the value of the branch taken, as in Groovy 2', () => {
    expect(show('def on = true\n"is ${if (on) "lit" else "dark"}."')).toBe('is lit.');
    expect(show('def on = false\n"is ${if (on) "lit" else "dark"}."')).toBe('is dark.');
  });

  it('several statements give the value of the last', () => {
    expect(show('"${ def y = 2; y * 3 } and ${1 + 1}"')).toBe('6 and 2');
  });
});

describe('ifSet and ifUnset in a dynamic page', () => {
  it('declare inputs like input does', () => {
    const app = lowered(`preferences { page(name: "main") }
def main() {
  dynamicPage(name: "main", install: true) {
    section("Devices") {
      input "light1", "capability.switch"
      ifSet "motion1", "capability.motionSensor", title: "Motion", required: false
      ifUnset "contact1", "capability.contactSensor", required: false
    }
  }
}
def installed() { subscribe(motion1, "motion.active", h) }
def h(evt) { light1.on() }`);
    expect(app.inputs.map((i) => [i.name, i.type, i.page])).toEqual([
      ['light1', 'capability.switch', 'main'], ['motion1', 'capability.motionSensor', 'main'], ['contact1', 'capability.contactSensor', 'main'],
    ]);
    expect(app.unboundInputs).toEqual([]);
  });
});

describe('top-level statements', () => {
  it('lower, and are kept for the static analyses', () => {
    const app = lowered(`preferences { section("s") { input "switch1", "capability.switch" } }
if (true) { log.debug "loaded" }
for (i in [1, 2]) { log.debug "i" }
def installed() { subscribe(switch1, "switch", h) }
def h(evt) { }`);
    expect(app.topLevel.map((s) => s.kind)).toEqual(['If', 'ForIn']);
  });
});

describe('an endless cascade of an app with itself', () => {
  it('is cut while exercising one subscription, as it is when the pair fires an event', () => {
    const app = lowered(`preferences { section("s") { input "switch1", "capability.switch" } }
def installed() { subscribe(switch1, "switch", h) }
def h(evt) { if (evt.value == "on") switch1.off() else switch1.on() }`);
    const census = censusApp({ file: 't.groovy', ir: app, source: HEADER }, 'reference');
    expect(census.runs).toBe(true);
    expect(census.blocks).toEqual([]);
    expect(census.handlerRuns).toBeGreaterThan(100); // the cascade ran until the call-depth budget cut it
  });
});

describe('device handlers', () => {
  const lowerError = (source: string) => {
    const r = lowerSource(source, 'dh.groovy');
    if (r.ok) throw new Error('expected a device handler');
    return r.error;
  };

  it('are told apart by their metadata, tiles or simulator block, or a parse(description) in a file without definition or preferences', () => {
    expect(lowerError('metadata {\n  definition(name: "x") { capability "Switch" }\n}\ndef parse(String d) { }')).toMatchObject({ kind: 'not-a-smartapp', line: 1, column: 1 });
    expect(lowerError('tiles {\n  standardTile("s", "device.switch") { }\n}')).toMatchObject({ kind: 'not-a-smartapp', message: 'not a SmartApp: a device handler (a top-level `tiles` block)' });
    expect(lowerError('def on() { }\ndef parse(description) { }')).toMatchObject({ kind: 'not-a-smartapp', line: 2 });
  });

  it('but a SmartApp with a parse(childDevice, description) of its own children, or a parse() beside preferences, lowers', () => {
    expect(lowered('preferences { }\ndef parse(childDevice, description) { }').methods.map((m) => m.name)).toEqual(['parse']);
    expect(lowerSource('preferences { }\ndef parse(description) { }', 'sa.groovy').ok).toBe(true);
  });
});
