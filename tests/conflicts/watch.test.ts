// The running conflict watch (src/conflicts/watch.ts) against detectConflicts: fed the transitions
// of a graph one at a time, in the order a search adds them, it knows after each exactly the
// conflicts detectConflicts finds in the graph so far. Random graphs grown like a search's
// (transitions leave states already reached, into new or known states), with write lists shared
// between transitions as the pair model shares them, manual and untracked writes among them.
import { describe, expect, it } from 'vitest';
import { conflictKey, detectConflicts } from '../../src/conflicts/detect.js';
import type { WriteGraph } from '../../src/conflicts/types.js';
import { ConflictWatch, type WatchedGraph } from '../../src/conflicts/watch.js';
import type { AttributeWrite } from '../../src/model/attribute-write.js';

/** A small deterministic generator (mulberry32), so a failure reproduces from its seed. */
function random(seed: number): (n: number) => number {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

interface Grown {
  installs: AttributeWrite[][];
  initialStates: number[];
  edges: Array<{ src: number; dst: number; writes: readonly AttributeWrite[] }>;
}

function randomWrite(pick: (n: number) => number): AttributeWrite {
  const attribute = ['lock', 'switch', 'level'][pick(3)];
  return { app: pick(2) === 0 ? 'App1' : 'App2', device: attribute, attribute, value: String(pick(3)), manual: pick(5) === 0, byPerson: pick(3) === 0 };
}

function grow(seed: number): Grown {
  const pick = random(seed);
  const lists = Array.from({ length: 2 + pick(8) }, () => Array.from({ length: pick(4) }, () => randomWrite(pick)));
  const initialStates = pick(3) === 0 ? [0, 0] : [0, 1];
  let states = Math.max(...initialStates) + 1;
  const edges: Grown['edges'] = [];
  for (let i = 0, n = 5 + pick(60); i < n; i++) {
    const src = pick(states);
    const dst = pick(3) === 0 ? states++ : pick(states);
    edges.push({ src, dst, writes: lists[pick(lists.length)] });
  }
  const installs = initialStates.map(() => Array.from({ length: pick(3) }, () => randomWrite(pick)));
  return { installs, initialStates, edges };
}

/** The first `count` transitions as detectConflicts reads them, with writeGraph's installation roots. */
function prefix(g: Grown, count: number): WriteGraph {
  const stateCount = Math.max(...g.initialStates, ...g.edges.slice(0, count).flatMap((e) => [e.src, e.dst])) + 1;
  const roots = g.initialStates.map((_, i) => stateCount + i);
  const transitions = g.edges.slice(0, count).map((e, event) => ({ ...e, event }));
  g.initialStates.forEach((initial, i) => transitions.push({ src: roots[i], dst: initial, event: -1, writes: g.installs[i] }));
  return { stateCount: stateCount + roots.length, initialStates: roots, transitions };
}

function watched(g: Grown, count: () => number): WatchedGraph {
  return {
    initialStates: g.initialStates,
    src: (t) => g.edges[t].src,
    dst: (t) => g.edges[t].dst,
    writes: (t) => g.edges[t].writes,
    outgoing: (state) => g.edges.slice(0, count()).flatMap((e, t) => (e.src === state ? [t] : [])),
  };
}

describe('ConflictWatch', () => {
  const tracked = (w: AttributeWrite) => w.attribute !== 'level';

  it('knows after every transition exactly the conflicts of the graph so far (500 random graphs)', () => {
    let withConflicts = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const g = grow(seed);
      let added = 0;
      const watch = new ConflictWatch(g.installs, tracked);
      const view = watched(g, () => added);
      for (let t = 0; t < g.edges.length; t++) {
        added = t + 1;
        const before = watch.conflicts.size;
        const grew = watch.add(view, t);
        const expected = new Set(detectConflicts(prefix(g, added), tracked).map((c) => conflictKey(c.later, c.earlier)));
        expect([...watch.conflicts].sort(), `seed ${seed}, transition ${t}`).toEqual([...expected].sort());
        expect(grew).toBe(watch.conflicts.size > before);
      }
      if (watch.conflicts.size > 0) withConflicts++;
    }
    // The graphs are not all trivial: many have conflicts, many have none.
    expect(withConflicts).toBeGreaterThan(100);
    expect(withConflicts).toBeLessThan(450);
  });
});
