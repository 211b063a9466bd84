// The location modes an app names (src/analysis/mode-names.ts), on small apps.
import { describe, expect, it } from 'vitest';
import { namedModes } from '../../src/analysis/mode-names.js';
import { lowerSource } from '../../src/pipeline/load.js';

function modesOf(source: string): string[] {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return namedModes(lowered.app);
}

describe('named modes', () => {
  it('are the literals the app sets the mode to or compares the mode against', () => {
    const source = `
def installed() { subscribe(motion, "motion", moved) }
def moved(evt) {
  if (location.mode == "Home / Day" || location.currentMode.name != "Sleep") setLocationMode("Away")
  if (location.mode in ["Vacation", "Away"]) location.setMode("Guests")
  switch (location.currentMode) { case "Party": break }
}`;
    expect(modesOf(source)).toEqual(['Home / Day', 'Sleep', 'Away', 'Vacation', 'Guests', 'Party']);
  });

  it("include a mode handler's event values, but not the device values the same handler receives", () => {
    const source = `
preferences { section { input "motion", "capability.motionSensor"; input "lights", "capability.switch" } }
def installed() { subscribe(location, "mode", changed); subscribe(motion, "motion", changed) }
def changed(evt) {
  if (evt.value == "active") return
  if (evt.value == "Sleep") lights.off()
}
def other(evt) { if (evt.value == "Dinner") lights.on() }`;
    expect(modesOf(source)).toEqual(['Sleep']);
  });

  it('leave out settings, computed names and empty text', () => {
    expect(modesOf('def f() { if (location.mode == awayMode || location.mode == "") setLocationMode("${homeMode}") }')).toEqual([]);
  });
});
