// Traces in bounded, folded form: repeated runs of events and of steps are kept once with their
// count, a trace stops at its conflicting write when printed, and an endless cascade between two
// real apps gives a trace a person can read.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceStep } from '../../src/model/trace-step.js';
import { boundedTrace, MAX_EVENT_STEPS, MAX_TRACE_STEPS } from '../../src/pipeline/bound-trace.js';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { renderConflict } from '../../src/report/trace-text.js';
import type { Trace } from '../../src/results/trace.js';
import type { ConflictReport } from '../../src/results/types.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

const write = (device: string, value: string, app = 'App1'): TraceStep => ({ kind: 'write', depth: 0, app, appName: app === 'App1' ? 'a' : 'b', device, attribute: 'switch', value, changed: true, manual: false, line: 3 });
const event = (name: string, steps: TraceStep[]) => ({ event: name, steps });
const isConflicting = (s: TraceStep) => s.kind === 'write' && s.app === 'App2' && s.value === 'off';

function report(trace: Trace): ConflictReport {
  return {
    device: 'switch0', attribute: 'switch', trace,
    later: { app: 'App2', appName: 'b', value: 'off', manual: false, line: 3 },
    earlier: { app: 'App1', appName: 'a', value: 'on', manual: false, line: 3 },
  };
}

describe('boundedTrace', () => {
  it('folds a cycle of 3 events fired 141 times into one with its count, and numbers the events after it as fired', () => {
    const cycle = [event('m.motion = active', [write('switch0', 'on')]), event('m.motion = inactive', []), event('c.contact = open', [])];
    const events = [...Array.from({ length: 141 }, () => cycle).flat(), event('b.button = pushed', [write('switch0', 'off', 'App2')])];
    const bounded = boundedTrace({ init: true, events }, isConflicting);
    expect(bounded.events.map((e) => e.event)).toEqual([...cycle.map((e) => e.event), 'b.button = pushed']);
    expect(bounded.events[2].repeated).toEqual({ length: 3, times: 140 });
    const lines = renderConflict(report(bounded));
    expect(lines).toContain('  ... the same 3 events 140 more times');
    expect(lines).toContain('  424. b.button = pushed');
    expect(lines.at(-1)).toMatch(/write switch0.switch = off \[line 3\]   <== conflicting write$/);
  });

  it('keeps the last event out of any fold, and its steps through the conflicting write past the bound on one event', () => {
    const flip = (i: number) => write('switch0', i % 2 ? 'on' : 'off');
    const noisy = Array.from({ length: 2 * MAX_EVENT_STEPS }, (_, i) => ({ ...write(`light${i}`, 'on'), line: i }));
    const last = event('b.button = pushed', [...noisy, write('switch0', 'off', 'App2'), ...Array.from({ length: 50 }, (_, i) => flip(i))]);
    const bounded = boundedTrace({ init: false, events: [event('b.button = pushed', [write('switch0', 'on')]), last] }, isConflicting);
    expect(bounded.events).toHaveLength(2);
    const kept = bounded.events[1];
    expect(kept.steps).toHaveLength(2 * MAX_EVENT_STEPS + 1);
    expect(kept.stepsLeftOut).toBe(50);
    expect(kept.stepRepeats).toBeUndefined();
    const lines = renderConflict(report(bounded));
    expect(lines.at(-1)).toBe('     ... 50 more steps after the conflicting write');
  });

  it('leaves a path of distinct events over the bound out in the middle, counted', () => {
    const events = Array.from({ length: 300 }, (_, i) => event(`t.temperature = ${i}`, [write('switch0', 'on')]));
    events.push(event('b.button = pushed', [write('switch0', 'off', 'App2')]));
    const bounded = boundedTrace({ init: true, events }, isConflicting);
    expect(bounded.events).toHaveLength(40);
    expect(bounded.eventsLeftOut).toEqual({ after: 19, count: 261 });
    const lines = renderConflict(report(bounded));
    expect(lines).toContain('  ... 261 more events left out');
    expect(lines).toContain('  301. b.button = pushed');
  });
});

describe('boundedTrace over its total of steps', () => {
  it('gives each event its share of MAX_TRACE_STEPS when the kept events hold more, and counts the rest', () => {
    const distinct = (e: number) => Array.from({ length: 100 }, (_, i) => ({ ...write(`light${e}`, `level ${i}`), line: i }));
    const events = Array.from({ length: 39 }, (_, e) => event(`t.temperature = ${e}`, distinct(e)));
    events.push(event('b.button = pushed', [write('switch0', 'off', 'App2')]));
    const bounded = boundedTrace({ init: true, events }, isConflicting);
    const share = Math.floor(MAX_TRACE_STEPS / 40);
    expect(bounded.events.slice(0, -1).map((e) => [e.steps.length, e.stepsLeftOut])).toEqual(Array.from({ length: 39 }, () => [share, 100 - share]));
    expect(bounded.events.at(-1)!.steps).toHaveLength(1);
    expect(renderConflict(report(bounded))).toContain(`     ... ${100 - share} more steps left out`);
  });
});

describe.skipIf(!HAVE_CORPUS)('an endless cascade between two corpus apps', () => {
  it('smart-auto-lock-unlock × enhanced-auto-lock-door: each trace is folded, bounded and printed up to its conflicting write', () => {
    const corpus = (name: string) => join(SMARTAPPS_DIR, `${name}.groovy`);
    const r = checkPairFiles(corpus('smart-auto-lock-unlock'), corpus('enhanced-auto-lock-door'), { mode: 'dpor', attributes: ['lock'] });
    expect(r.verdict).toBe('conflict');
    for (const c of r.conflicts) {
      // The cascade locks and unlocks until the call-depth budget cuts it: its round is kept once.
      expect(c.trace.events.some((e) => (e.stepRepeats ?? []).some((f) => f.times > 10))).toBe(true);
      for (const e of c.trace.events) expect(e.steps.length).toBeLessThanOrEqual(MAX_EVENT_STEPS);
      expect(JSON.stringify(c.trace).length).toBeLessThan(50_000);
      const lines = renderConflict(c);
      expect(lines.length).toBeLessThan(40);
      const at = lines.findIndex((l) => l.endsWith('<== conflicting write'));
      expect(at).toBeGreaterThan(0);
      expect(lines.slice(at + 1)).toEqual([expect.stringMatching(/^ +\.\.\. \d+ more steps after the conflicting write, ending with: error in doorHandler: event cascade cut/)]);
    }
  });
});
