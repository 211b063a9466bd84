// The pair model passes conflict detection only the first and the last write of each run of one
// app's writes to one attribute (src/model/conflict-writes.ts). Checked against detection itself:
// on random graphs of random write sequences, the conflicts found are the same with every write.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectConflicts } from '../../src/conflicts/detect.js';
import type { Conflict, WriteGraph } from '../../src/conflicts/types.js';
import type { AttributeWrite } from '../../src/model/attribute-write.js';
import { conflictWrites, type WriteStep } from '../../src/model/conflict-writes.js';

function write(app: string, attribute: string, value: string, line: number, manual = false): WriteStep {
  return { kind: 'write', depth: 0, app, appName: app, device: 'switch0', attribute, value, changed: true, manual, line, column: 1 };
}

function attributeWrite(w: WriteStep): AttributeWrite {
  return { app: w.app, device: w.device, attribute: w.attribute, value: w.value, manual: w.manual, byPerson: false, at: { file: w.app, line: w.line!, column: 1 } };
}

/** Everything that tells two conflict reports apart: the writes (with their lines) and the path. */
function described(conflicts: readonly Conflict[]): string[] {
  const at = (w: AttributeWrite) => `${w.app}:${w.value}:${w.manual}@${w.at?.line}`;
  return conflicts.map((c) => `${c.device}.${c.attribute} ${at(c.later)} over ${at(c.earlier)} via ${c.path.join(',')}`).sort();
}

describe('the writes conflict detection is given', () => {
  it('keeps the first and the last of a run of one app on one attribute, whatever comes between on others', () => {
    const steps = [write('App1', 'switch', 'on', 1), write('App1', 'level', '5', 2), write('App1', 'switch', 'off', 3), write('App1', 'switch', 'on', 1), write('App1', 'switch', 'off', 3),
      write('App2', 'switch', 'on', 7), write('App2', 'switch', 'on', 8)];
    expect(conflictWrites(steps).map((w) => `${w.app} ${w.attribute}=${w.value}@${w.line}`)).toEqual([
      'App1 switch=on@1', 'App1 level=5@2', 'App1 switch=off@3', 'App2 switch=on@7', 'App2 switch=on@8',
    ]);
  });

  it('leaves out a write that changes nothing unless it counts for conflicts', () => {
    const unchanged = { ...write('App1', 'level', '5', 1), changed: false };
    const switchUnchanged = { ...write('App1', 'switch', 'on', 2), changed: false };
    expect(conflictWrites([unchanged, switchUnchanged]).map((w) => w.attribute)).toEqual(['switch']);
  });

  it('gives detection the same conflicts as every write would, on random graphs', () => {
    const step = fc.record({
      app: fc.constantFrom('App1', 'App2'), attribute: fc.constantFrom('switch', 'level'), value: fc.constantFrom('on', 'off'),
      line: fc.integer({ min: 1, max: 3 }), manual: fc.boolean(),
    }).map((s) => write(s.app, s.attribute, s.value, s.line, s.manual));
    const edge = fc.record({ src: fc.integer({ min: 0, max: 3 }), dst: fc.integer({ min: 0, max: 3 }), steps: fc.array(step, { maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(edge, { minLength: 1, maxLength: 6 }), (edges) => {
        // A chain without writes first, so that every state is reachable from the initial one.
        const chain = [0, 1, 2].map((src) => ({ src, dst: src + 1, steps: [] }));
        const graph = (keep: (steps: WriteStep[]) => WriteStep[]): WriteGraph => ({
          stateCount: 4,
          initialStates: [0],
          transitions: [...chain, ...edges].map((e, event) => ({ src: e.src, dst: e.dst, event, writes: keep(e.steps).map(attributeWrite) })),
        });
        const all = detectConflicts(graph((steps) => steps), () => true);
        const kept = detectConflicts(graph(conflictWrites), () => true);
        expect(described(kept)).toEqual(described(all));
      }),
      { numRuns: 2000 },
    );
  });
});
