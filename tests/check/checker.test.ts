// The checker's contract beyond the paper's examples: what the statistics count, budgets, paths,
// several initial states, the explored graph, and the access rules (enablement, wildcards).
import { getHeapStatistics } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/check.js';
import type { EventSystem, Strategy } from '../../src/check/check.js';
import { deadlocks } from './support/compare.js';
import { buildRandomSystem, randomSystem } from './support/random-systems.js';
import type { Handler } from './support/var-system.js';
import { replay, varSystem } from './support/var-system.js';
import { liveHeapBytes } from '../../src/util/heap.js';
import { cpuClockMs } from '../../src/util/cpu-clock.js';

const STRATEGIES: Strategy[] = ['dpor', 'nodpor'];

/** n events, event i flips variable ti: fully independent. */
function toggles(n: number) {
  const names = Array.from({ length: n }, (_, i) => `t${i}`);
  const handlers: Handler[] = names.map((name) => ({
    name,
    run(v) {
      v[name] = 1 - v[name];
    },
  }));
  return varSystem(Object.fromEntries(names.map((name) => [name, 0])), handlers);
}

/** One event counting up forever. */
const counter = varSystem({ c: 0 }, [
  {
    name: 'tick',
    run(v, c) {
      v.c = v.c + 1;
      c.assert('small', v.c < 5);
    },
  },
]);

describe('statistics', () => {
  it('nodpor takes every enabled event at every state and counts maximal paths', () => {
    const { stats, verdict, complete } = check(toggles(2), { strategy: 'nodpor' });
    expect({ verdict, complete }).toEqual({ verdict: 'no-violation', complete: true });
    // 4 states, 2 events each; 3 of the 8 transitions reach a new state, the other 5 end a path.
    expect(stats).toMatchObject({ events: 2, states: 4, transitions: 8, executions: 5 });
  });

  it('nodpor on n independent toggles explores 2^n states and n·2^n transitions', () => {
    expect(check(toggles(6), { strategy: 'nodpor' }).stats).toMatchObject({ states: 64, transitions: 384 });
  });

  it('dpor with the rotating choice explores one cycle of 2n states for n independent toggles', () => {
    const { stats, complete } = check(toggles(6), { strategy: 'dpor' });
    expect(complete).toBe(true);
    expect(stats).toMatchObject({ events: 6, states: 12, transitions: 12, executions: 1 });
  });

  it('counts a state without enabled events as one execution', () => {
    const stuck = varSystem({ x: 0 }, [{ name: 'never', enabled: false, run() {} }]);
    for (const strategy of STRATEGIES) expect(check(stuck, { strategy }).stats).toMatchObject({ states: 1, transitions: 0, executions: 1 });
  });
});

describe('nodpor in breadth-first order', () => {
  it('explores what depth-first explores, and reaches every state along a shortest path', () => {
    fc.assert(
      fc.property(randomSystem, (spec) => {
        const system = buildRandomSystem(spec);
        const depth = check(system, { strategy: 'nodpor' });
        const breadth = check(system, { strategy: 'nodpor', order: 'breadth-first' });
        const keys = (r: typeof depth) => Array.from({ length: r.graph.stateCount }, (_, s) => r.graph.key(s)).sort();
        expect(keys(breadth)).toEqual(keys(depth));
        expect(breadth.stats.transitions).toBe(depth.stats.transitions);
        expect(breadth.violations.map((v) => `${v.event}:${v.id}`).sort()).toEqual(depth.violations.map((v) => `${v.event}:${v.id}`).sort());
        const distance = distancesFromInitial(breadth.graph);
        for (let s = 0; s < breadth.graph.stateCount; s++) expect(breadth.graph.pathTo(s).events.length).toBe(distance[s]);
        for (const v of breadth.violations) expect(v.path.events.length).toBe(distance[breadth.graph.transition(v.transition).src] + 1);
      }),
      { numRuns: 300 },
    );
  });
});

/** Breadth-first distance of every state of an explored graph from its initial states. */
function distancesFromInitial(graph: ReturnType<typeof check>['graph']): number[] {
  const distance = Array.from({ length: graph.stateCount }, () => Infinity);
  const queue = [...new Set(graph.initialStates)];
  for (const s of queue) distance[s] = 0;
  for (let head = 0; head < queue.length; head++) {
    for (const t of graph.outgoing(queue[head])) {
      const { dst } = graph.transition(t);
      if (distance[dst] === Infinity) {
        distance[dst] = distance[queue[head]] + 1;
        queue.push(dst);
      }
    }
  }
  return distance;
}

describe('budgets', () => {
  it.each(STRATEGIES)('%s stops an infinite search at the state limit with the statistics so far', (strategy) => {
    const result = check(counter, { strategy, maxStates: 50 });
    expect(result.verdict).toBe('violation');
    expect(result.complete).toBe(false);
    expect(result.stats.states).toBe(50);
    expect(result.stats.transitions).toBe(49);
  });

  it.each(STRATEGIES)('%s reports state-limit when no violation was found before the limit', (strategy) => {
    const quiet = varSystem({ c: 0 }, [{ name: 'tick', run: (v) => void (v.c = v.c + 1) }]);
    const result = check(quiet, { strategy, maxStates: 10 });
    expect({ verdict: result.verdict, complete: result.complete, states: result.stats.states }).toEqual({
      verdict: 'state-limit',
      complete: false,
      states: 10,
    });
  });

  it.each(STRATEGIES)('%s stops an infinite search at the deadline', (strategy) => {
    const quiet = varSystem({ c: 0 }, [{ name: 'tick', run: (v) => void (v.c = v.c + 1) }]);
    for (const options of [{ timeLimitMs: 20 }, { deadline: cpuClockMs() + 20 }]) {
      const result = check(quiet, { strategy, ...options });
      expect(result.verdict).toBe('timeout');
      expect(result.complete).toBe(false);
      expect(result.stats.states).toBeGreaterThan(0);
      expect(result.stats.transitions).toBe(result.stats.states - 1);
    }
  });

  it.each(STRATEGIES)('%s counts its time budget in CPU time: time spent waiting for a core does not end it', (strategy) => {
    // Each step blocks for 1 ms without using the CPU, as a process does while other work holds the
    // cores: 1,000 steps take over a second of wall time but a few ms of CPU time.
    const blocker = new Int32Array(new SharedArrayBuffer(4));
    const waiting = varSystem({ c: 0 }, [{ name: 'tick', run: (v) => { Atomics.wait(blocker, 0, 0, 1); if (v.c < 1000) v.c = v.c + 1; } }]);
    const result = check(waiting, { strategy, timeLimitMs: 500 });
    expect({ verdict: result.verdict, complete: result.complete, states: result.stats.states }).toEqual({ verdict: 'no-violation', complete: true, states: 1001 });
  });

  it.each(STRATEGIES)('%s stops at the first violation when asked', (strategy) => {
    const twoFaults = varSystem({ x: 0 }, [
      { name: 'a', run: (_, c) => c.assert('fails', false) },
      { name: 'b', run: (_, c) => c.assert('fails', false) },
    ]);
    const all = check(twoFaults, { strategy });
    expect(all.violations.map((v) => v.event).sort()).toEqual([0, 1]);
    const first = check(twoFaults, { strategy, stopAtFirstViolation: true });
    expect(first.violations).toHaveLength(1);
    expect(first.complete).toBe(false);
  });
});

describe('the heap budget', () => {
  const usedMb = () => getHeapStatistics().used_heap_size / 2 ** 20;

  it.each(STRATEGIES)('%s stops an infinite search with memory-limit once the used heap passes maxHeapMb', (strategy) => {
    const quiet = varSystem({ c: 0 }, [{ name: 'tick', run: (v) => void (v.c = v.c + 1) }]);
    // 32 MB above what this thread uses now: the explored graph of the endless counter grows past it.
    const result = check(quiet, { strategy, maxHeapMb: usedMb() + 32, timeLimitMs: 8000 });
    expect({ verdict: result.verdict, complete: result.complete }).toEqual({ verdict: 'memory-limit', complete: false });
    expect(result.stats.states).toBeGreaterThan(1000);
    expect(result.stats.transitions).toBe(result.stats.states - 1);
  });

  it.each(STRATEGIES)('%s reports a violation found before the heap budget ran out', (strategy) => {
    const result = check(counter, { strategy, maxHeapMb: usedMb() + 32, timeLimitMs: 8000 });
    expect({ verdict: result.verdict, complete: result.complete }).toEqual({ verdict: 'violation', complete: false });
    expect(result.violations.map((v) => v.id)).toEqual(['small']);
  });

  it.each(STRATEGIES)('%s does not count garbage left by earlier work in the same thread against the budget', (strategy) => {
    // A batch worker runs pair after pair: after a large search its heap can hold hundreds of MB of
    // garbage V8 has not collected yet. Make some, then give a small search a budget below it.
    const liveMb = liveHeapBytes() / 2 ** 20;
    let garbage: number[][] | null = Array.from({ length: 3000 }, () => Array.from({ length: 10_000 }, (_, i) => i + 0.5));
    expect(garbage.length).toBe(3000);
    garbage = null;
    expect(usedMb()).toBeGreaterThan(liveMb + 64);
    const result = check(toggles(6), { strategy, maxHeapMb: liveMb + 48 });
    expect({ verdict: result.verdict, complete: result.complete }).toEqual({ verdict: 'no-violation', complete: true });
  });

  it.each(STRATEGIES)('%s runs a finite search to its end under a heap budget it stays within', (strategy) => {
    const result = check(toggles(10), { strategy, maxHeapMb: usedMb() + 512 });
    expect({ verdict: result.verdict, complete: result.complete }).toEqual({ verdict: 'no-violation', complete: true });
  });
});

describe('violation paths', () => {
  it.each(STRATEGIES)('%s reports each (event, assertion) once, with a path that replays to it', (strategy) => {
    const result = check(counter, { strategy, maxStates: 20 });
    expect(result.violations).toHaveLength(1);
    const [v] = result.violations;
    expect(v).toMatchObject({ id: 'small', event: 0, path: { initial: 0, events: [0, 0, 0, 0, 0] } });
    expect(replay(counter, v.path).violations?.map((r) => r.id)).toEqual(['small']);
    expect(result.graph.transition(v.transition).event).toBe(v.event);
  });

  it.each(STRATEGIES)('%s explores every initial state and paths name the one they start from', (strategy) => {
    const system = varSystem(
      [{ x: 0 }, { x: 0 }, { x: 10 }],
      [
        {
          name: 'inc',
          run(v, c) {
            if (v.x !== 3 && v.x !== 12) v.x = v.x + 1;
            c.assert('x != 12', v.x !== 12);
          },
        },
      ],
    );
    const result = check(system, { strategy });
    // x = 0..3 from the first initial state (the second is the same state), then x = 10..12.
    expect(result.graph.initialStates).toEqual([0, 0, 4]);
    expect(result.violations).toHaveLength(1);
    const [v] = result.violations;
    expect(v.path.initial).toBe(2);
    expect(v.path.events).toEqual([0, 0]);
    expect(replay(system, v.path).violations?.map((r) => r.id)).toEqual(['x != 12']);
  });
});

describe('the explored graph', () => {
  it('keeps every transition with its accesses and info', () => {
    const system: EventSystem<number, string> = {
      eventCount: 2,
      describeEvent: (e) => `e${e}`,
      initialStates: () => [0],
      enabled: () => [0, 1],
      execute: (s, e) => ({ state: (s + e + 1) % 3, accesses: [{ kind: 'write', location: `w${e}` }], info: `from ${s} by e${e}` }),
      key: (s) => String(s),
    };
    const { graph } = check(system, { strategy: 'nodpor' });
    expect(graph.stateCount).toBe(3);
    expect(graph.transitionCount).toBe(6);
    for (let s = 0; s < graph.stateCount; s++) {
      for (const t of graph.outgoing(s)) {
        const tr = graph.transition(t);
        expect(tr.src).toBe(s);
        expect(graph.incoming(tr.dst)).toContain(t);
        expect(graph.key(tr.dst)).toBe(String((graph.state(s) + tr.event + 1) % 3));
        expect(tr.info).toBe(`from ${graph.state(s)} by e${tr.event}`);
        expect(tr.accesses).toEqual([{ kind: 'write', location: `w${tr.event}` }]);
      }
    }
  });
});

describe('access rules dpor relies on', () => {
  it('running an event reads its enablement, so disabling it conflicts with having run it', () => {
    // Only the order disable, keep (s0 -disable->) reaches the deadlock with x = 0; nothing but the
    // implicit read of keep's enablement makes disable conflict with keep.
    const system = varSystem({ x: 0 }, [
      { name: 'keep', run: (v) => void (v.x = 1) },
      {
        name: 'disable',
        run(_, c) {
          c.disable('keep');
          c.disable('disable');
        },
      },
    ]);
    const expected = deadlocks(check(system, { strategy: 'nodpor' }));
    expect(expected).toEqual(['0|00', '1|00']);
    expect(deadlocks(check(system, { strategy: 'dpor' }))).toEqual(expected);
  });

  /** `clear` resets the store, reporting a write of `pattern`; `check` reads `store.a`. */
  function store(pattern: string): EventSystem<{ a: number; enabled: number }> {
    return {
      eventCount: 2,
      describeEvent: (e) => ['check', 'clear'][e],
      initialStates: () => [{ a: 1, enabled: 0b11 }],
      enabled: (s) => [0, 1].filter((e) => s.enabled & (1 << e)),
      key: (s) => `${s.a}/${s.enabled}`,
      execute(s, e) {
        const enabled = s.enabled & ~(1 << e);
        if (e === 1) return { state: { a: 0, enabled }, accesses: [{ kind: 'write', location: pattern }] };
        const violations = s.a === 1 ? [] : [{ id: 'a == 1', message: 'store.a was cleared' }];
        return { state: { ...s, enabled }, accesses: [{ kind: 'read', location: 'store.a' }], violations };
      },
    };
  }

  it('a location ending in * covers every location with its prefix', () => {
    expect(check(store('store.*'), { strategy: 'dpor' }).verdict).toBe('violation');
    expect(check(store('store.a*'), { strategy: 'dpor' }).verdict).toBe('violation');
  });

  it('dpor trusts the reported accesses: hiding the conflict hides the violation', () => {
    expect(check(store('other.*'), { strategy: 'nodpor' }).verdict).toBe('violation');
    expect(check(store('other.*'), { strategy: 'dpor' }).verdict).toBe('no-violation');
  });
});
