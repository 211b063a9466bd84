// The live-state analysis (src/analysis/state-reads.ts) and the device attributes an app observes
// (src/analysis/attribute-reads.ts) on small apps: what counts as a read before a write.
import { describe, expect, it } from 'vitest';
import { observedAttributes } from '../../src/analysis/attribute-reads.js';
import { stateReads } from '../../src/analysis/state-reads.js';
import { lowerSource } from '../../src/pipeline/load.js';

function ir(source: string) {
  const lowered = lowerSource(source, 'snippet.groovy');
  if (!lowered.ok) throw new Error(lowered.error.message);
  return lowered.app;
}

const liveKeys = (source: string) => {
  const reads = stateReads(ir(source)).state;
  return reads === 'all' ? 'all' : [...reads].sort();
};

describe('the state keys an app may read before writing them', () => {
  it('leaves out a key every handler overwrites before reading it, and one only logged', () => {
    expect(liveKeys(`def h(evt) {\n state.last = state.steps\n state.steps = 1\n if (state.last < 5) log.debug "x"\n log.debug "at ${'${state.logged}'}"\n state.logged = 2\n}`)).toEqual(['steps']);
  });

  it('counts a read after a write on one branch only, in a loop, after a catch, or before a return', () => {
    expect(liveKeys(`def h() {\n if (x) { state.a = 1 }\n state.a\n}`)).toEqual(['a']);
    expect(liveKeys(`def h() {\n if (x) { state.a = 1 } else { state.a = 2 }\n state.a\n}`)).toEqual([]);
    expect(liveKeys(`def h() {\n [1].each { state.a = 1 }\n state.a\n}`)).toEqual(['a']);
    expect(liveKeys(`def h() {\n try { state.a = f() } catch (e) { }\n state.a\n}\ndef f() { 1 }`)).toEqual(['a']);
    expect(liveKeys(`def h() {\n if (x) return\n state.a = 1\n}\ndef g() {\n h()\n state.a\n}`)).toEqual(['a']);
  });

  it('credits the writes of a called method, and reads in a closure whatever came before', () => {
    expect(liveKeys(`def h() {\n reset()\n state.a\n}\ndef reset() { state.a = 0 }`)).toEqual([]);
    expect(liveKeys(`def h() {\n state.a = 0\n def c = { state.a }\n c()\n}`)).toEqual(['a']);
  });

  it('makes every key live for a computed key or a store used as a whole', () => {
    expect(liveKeys(`def h(k) { state[k] }`)).toBe('all');
    expect(liveKeys(`def h() { state.each { k, v -> log.debug k } }`)).toBe('all');
    expect(liveKeys(`def h() { log.debug "all: $state" }`)).toEqual([]);
  });

  it('credits an assignment as a field write only in a method that declares no local of that name', () => {
    const fields = (source: string) => stateReads(ir(source)).field;
    expect(fields(`def h() {\n count = 2\n count\n}`)).not.toContain('count');
    expect(fields(`def h() {\n if (x) { def count = 1 }\n count = 3\n count\n}`)).toContain('count');
  });
});

describe('the device attributes an app observes', () => {
  it('reads current values, states and subscriptions by name; a computed name observes everything', () => {
    const observed = observedAttributes(ir(`def h() {\n s.currentSwitch\n t.currentValue("level")\n l.lockState\n c.contact\n subscribe(m, "motion.active", h)\n}`));
    expect(observed === 'all' ? 'all' : [...observed].sort()).toEqual(expect.arrayContaining(['contact', 'level', 'lock', 'motion', 'switch']));
    expect(observed === 'all' ? [] : [...observed]).not.toContain('alarm');
    expect(observedAttributes(ir(`def h(a) { s.currentValue(a) }`))).toBe('all');
  });
});
