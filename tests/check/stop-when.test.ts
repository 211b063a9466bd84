// The caller's `stopWhen`: called after every transition the search adds (with its id), what it
// sees (the graph so far), and how a `true` ends the search (verdict `stopped`, not complete).
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/check.js';
import type { Strategy } from '../../src/check/check.js';
import type { Handler } from './support/var-system.js';
import { varSystem } from './support/var-system.js';

const STRATEGIES: Strategy[] = ['dpor', 'nodpor'];

/** One event counting up forever: a chain with one new transition per step. */
const quiet = varSystem({ c: 0 }, [{ name: 'tick', run: (v) => void (v.c = v.c + 1) }]);

/** n events, event i flips variable ti: fully independent, finite. */
function toggles(n: number) {
  const names = Array.from({ length: n }, (_, i) => `t${i}`);
  const handlers: Handler[] = names.map((name) => ({ name, run: (v) => void (v[name] = 1 - v[name]) }));
  return varSystem(Object.fromEntries(names.map((name) => [name, 0])), handlers);
}

describe('stopWhen', () => {
  it.each(STRATEGIES)('%s is called with each new transition and stops with `stopped` at the one where it holds', (strategy) => {
    const seen: number[] = [];
    const result = check(quiet, {
      strategy,
      maxStates: 10_000,
      stopWhen: (graph, transition) => {
        expect(transition).toBe(graph.transitionCount - 1);
        seen.push(transition);
        return graph.transitionCount >= 200;
      },
    });
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(result.verdict).toBe('stopped');
    expect(result.complete).toBe(false);
    expect(result.stats.transitions).toBe(200);
    expect(result.graph.transitionCount).toBe(200);
  });

  it.each(STRATEGIES)('%s explores exactly as without it when it never holds, once per transition of the graph', (strategy) => {
    const system = toggles(8);
    const plain = check(system, { strategy });
    const seen: number[] = [];
    const watched = check(system, { strategy, stopWhen: (_graph, transition) => {
      seen.push(transition);
      return false;
    } });
    expect(watched.verdict).toBe('no-violation');
    expect(watched.complete).toBe(true);
    expect(watched.stats).toMatchObject({ states: plain.stats.states, transitions: plain.stats.transitions, executions: plain.stats.executions });
    expect(seen).toEqual(Array.from({ length: plain.stats.transitions }, (_, i) => i));
  });

  it.each(STRATEGIES)('%s: a violation found before the stop still gives `violation`', (strategy) => {
    const failing = varSystem({ c: 0 }, [{ name: 'tick', run: (v, c) => { v.c = v.c + 1; c.assert('small', v.c < 5); } }]);
    const result = check(failing, { strategy, maxStates: 10_000, stopWhen: (graph) => graph.transitionCount >= 7 });
    expect(result.verdict).toBe('violation');
    expect(result.complete).toBe(false);
    expect(result.stats.transitions).toBe(7);
  });
});
