// The caller's `stopWhen` poll: when the search asks (doubling transition counts), what it sees (the
// graph so far), and how a `true` ends the search (verdict `stopped`, not complete).
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
  it.each(STRATEGIES)('%s polls after 64, 128, 256, ... transitions and stops with `stopped` when it holds', (strategy) => {
    const polled: number[] = [];
    const result = check(quiet, {
      strategy,
      maxStates: 10_000,
      stopWhen: (graph) => {
        polled.push(graph.transitionCount);
        return graph.transitionCount >= 200;
      },
    });
    expect(polled).toEqual([64, 128, 256]);
    expect(result.verdict).toBe('stopped');
    expect(result.complete).toBe(false);
    expect(result.stats.transitions).toBe(256);
    expect(result.graph.transitionCount).toBe(256);
  });

  it.each(STRATEGIES)('%s explores exactly as without it when it never holds, and does not poll at the end', (strategy) => {
    const system = toggles(8);
    const plain = check(system, { strategy });
    const polled: number[] = [];
    const watched = check(system, { strategy, stopWhen: (graph) => {
      polled.push(graph.transitionCount);
      return false;
    } });
    expect(watched.verdict).toBe('no-violation');
    expect(watched.complete).toBe(true);
    expect(watched.stats).toMatchObject({ states: plain.stats.states, transitions: plain.stats.transitions, executions: plain.stats.executions });
    const expected = [64, 128, 256, 512, 1024, 2048, 4096].filter((n) => n <= plain.stats.transitions);
    expect(polled).toEqual(expected);
  });

  it('is never polled in a search of fewer than 64 transitions', () => {
    let polls = 0;
    const result = check(toggles(3), { strategy: 'nodpor', stopWhen: () => ++polls > 0 });
    expect(result.stats.transitions).toBe(24);
    expect(polls).toBe(0);
    expect(result.complete).toBe(true);
  });

  it.each(STRATEGIES)('%s: a violation found before the stop still gives `violation`', (strategy) => {
    const failing = varSystem({ c: 0 }, [{ name: 'tick', run: (v, c) => { v.c = v.c + 1; c.assert('small', v.c < 5); } }]);
    const result = check(failing, { strategy, maxStates: 10_000, stopWhen: () => true });
    expect(result.verdict).toBe('violation');
    expect(result.complete).toBe(false);
    expect(result.stats.transitions).toBe(64);
  });
});
