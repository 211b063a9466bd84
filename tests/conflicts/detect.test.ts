import { describe, expect, it } from 'vitest';
import { detectConflicts } from '../../src/conflicts/detect.js';
import type { WriteGraph } from '../../src/conflicts/types.js';
import type { AttributeWrite } from '../../src/model/attribute-write.js';

const lock = (app: string, value: string, manual = false, byPerson = manual): AttributeWrite => ({ app, device: 'lock', attribute: 'lock', value, manual, byPerson });
const all = () => true;

function graph(stateCount: number, edges: Array<[number, number, AttributeWrite[]]>): WriteGraph {
  return { stateCount, initialStates: [0], transitions: edges.map(([src, dst, writes], event) => ({ src, dst, event, writes })) };
}

describe('detectConflicts', () => {
  it('reports a non-manual write that overrides the other app\'s different value, once, with a path', () => {
    // 0 -A unlocks-> 1 -B locks-> 2 -B locks again-> 2
    const g = graph(3, [[0, 1, [lock('App2', 'unlocked')]], [1, 2, [lock('App1', 'locked')]], [2, 2, [lock('App1', 'locked')]]]);
    const conflicts = detectConflicts(g, all);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ device: 'lock', attribute: 'lock', later: { app: 'App1', value: 'locked' }, earlier: { app: 'App2', value: 'unlocked' }, path: [0, 1], initialState: 0 });
  });

  it('finds a conflict inside one transition (a cascade) and never blames a manual later write', () => {
    const cascade = graph(2, [[0, 1, [lock('App2', 'unlocked', true), lock('App1', 'locked')]]]);
    expect(detectConflicts(cascade, all).map((c) => c.later.app)).toEqual(['App1']);
    const manualLast = graph(2, [[0, 1, [lock('App1', 'locked'), lock('App2', 'unlocked', true)]]]);
    expect(detectConflicts(manualLast, all)).toEqual([]);
  });

  it("lets a person choose again: a write a later direct action set off overrides one an earlier action set off, but not within one action", () => {
    // App2's unlock is a touch's own write; App1's lock comes in the cascade of a later touch.
    const later = graph(3, [[0, 1, [lock('App2', 'unlocked', true)]], [1, 2, [lock('App1', 'locked', false, true)]]]);
    expect(detectConflicts(later, all)).toEqual([]);
    const sameTouch = graph(2, [[0, 1, [lock('App2', 'unlocked', true), lock('App1', 'locked', false, true)]]]);
    expect(detectConflicts(sameTouch, all).map((c) => c.later.app)).toEqual(['App1']);
    // An app's own event (or a timer) after the touch still conflicts with it.
    const byApp = graph(3, [[0, 1, [lock('App2', 'unlocked', true)]], [1, 2, [lock('App1', 'locked')]]]);
    expect(detectConflicts(byApp, all).map((c) => c.later.app)).toEqual(['App1']);
  });

  it('ignores same-app and same-value writes and untracked attributes', () => {
    const g = graph(3, [[0, 1, [lock('App1', 'locked')]], [1, 2, [lock('App1', 'unlocked'), lock('App2', 'unlocked')]]]);
    expect(detectConflicts(g, all)).toEqual([]);
    const other = graph(2, [[0, 1, [lock('App1', 'locked'), { ...lock('App2', 'on'), device: 'switch', attribute: 'switch' }]]]);
    expect(detectConflicts(other, all)).toEqual([]);
    const g2 = graph(3, [[0, 1, [lock('App2', 'unlocked')]], [1, 2, [lock('App1', 'locked')]]]);
    expect(detectConflicts(g2, (w) => w.attribute !== 'lock')).toEqual([]);
  });

  it('rechecks explored successors when a matched state is reached with new writes', () => {
    // Explored in this order: 0 -> 2 (nothing), 2 -> 3 (App1 locks); later 0 -> 1 (App2 unlocks) -> 2 (matched).
    // The conflict needs the path 0 -> 1 -> 2 -> 3, whose last edge was explored before the unlock existed.
    const g = graph(4, [[0, 2, []], [2, 3, [lock('App1', 'locked')]], [0, 1, [lock('App2', 'unlocked')]], [1, 2, []]]);
    const [conflict] = detectConflicts(g, all);
    expect(conflict.path).toEqual([2, 3, 1]);
  });

  it('keeps the path free of writes that would hide the earlier value', () => {
    // Two ways from the unlock to the lock: through an App1 "locked" write (no conflict there) or a silent edge.
    const g = graph(4, [[0, 1, [lock('App2', 'unlocked')]], [1, 2, [lock('App2', 'locked')]], [1, 2, []], [2, 3, [lock('App1', 'locked')]]]);
    const conflict = detectConflicts(g, all).find((c) => c.earlier.value === 'unlocked');
    expect(conflict?.path).toEqual([0, 2, 3]);
  });

  it('takes the earlier write\'s transition from the path it came along, not from the write object', () => {
    // The pair model shares one write object between equal transitions: edge 1 (3 -> 4, unreachable
    // back to 1) makes the same unlock object as edge 0, and is processed after it.
    const unlock = lock('App2', 'unlocked');
    const g = graph(5, [[0, 1, [unlock]], [3, 4, [unlock]], [1, 2, [lock('App1', 'locked')]], [1, 3, []]]);
    const [conflict] = detectConflicts(g, all);
    expect(conflict.path).toEqual([0, 2]);
  });
});
