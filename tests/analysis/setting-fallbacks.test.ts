// The numbers an app falls back on where a number setting is blank (src/analysis/setting-fallbacks.ts).
import { describe, expect, it } from 'vitest';
import { numberFallbacks } from '../../src/analysis/setting-fallbacks.js';
import { lowerSource } from '../../src/pipeline/load.js';

function fallbacksOf(source: string): Record<string, number> {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return Object.fromEntries(numberFallbacks(lowered.app));
}

const PREFERENCES = `
preferences {
  section {
    input "lights", "capability.switch"
    input "numFlashes", "number", required: false
    input "onFor", "number", required: false
    input "offset", "decimal", required: false
    input "message", "text", required: false
  }
}`;

describe('number fallbacks', () => {
  it('are the first literal an Elvis gives a number setting, read by name or through settings, negated too', () => {
    const source = `${PREFERENCES}
def installed() { flash() }
def flash() {
  def numFlashes = numFlashes ?: 3
  def onFor = settings.onFor ?: 1000
  def offset = settings["offset"] ?: -5
  def later = numFlashes ?: 7
}`;
    expect(fallbacksOf(source)).toEqual({ numFlashes: 3, onFor: 1000, offset: -5 });
  });

  it('leave out other settings, other names and fallbacks that are no literal number', () => {
    const source = `${PREFERENCES}
def installed() {
  def text = message ?: 5
  def other = state.count ?: 2
  def computed = onFor ?: 2 * 500
}`;
    expect(fallbacksOf(source)).toEqual({});
  });
});
