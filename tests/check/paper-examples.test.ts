// The paper's worked examples: dpor reaches the asserting execution under every order of the
// events and terminates; the naive variant misses Figures 1 and 5 under the paper's order.
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/check.js';
import type { CheckResult } from '../../src/check/check.js';
import { figure1, figure3A, figure3B, figure5 } from './support/figures.js';
import type { Figure } from './support/figures.js';
import { permutations, replay, varSystem } from './support/var-system.js';
import { FirstInOrderDpor, NaiveDpor, NoGraphUpdateDpor, runVariant, StopAtAnyMatchDpor } from './support/variants.js';

function systemOf(figure: Figure, order = figure.handlers) {
  return varSystem(figure.initial, order);
}

function failedAssertions(result: CheckResult<unknown>): string[] {
  return result.violations.map((v) => v.id);
}

describe.each([figure1, figure3A, figure3B, figure5])('$name', (figure) => {
  it.each(permutations(figure.handlers).map((order) => [order.map((h) => h.name).join(' < '), order] as const))(
    'dpor finds the assertion with the events ordered %s',
    (_, order) => {
      for (const summary of [true, false]) {
        const system = systemOf(figure, order);
        const result = check(system, { strategy: 'dpor', summary });
        expect(result.complete).toBe(true);
        expect(result.verdict).toBe('violation');
        expect(failedAssertions(result)).toEqual([figure.assertion]);
        const [violation] = result.violations;
        expect(replay(system, violation.path).violations?.map((v) => v.id)).toContain(figure.assertion);
      }
    },
  );

  it('nodpor finds it too', () => {
    expect(failedAssertions(check(systemOf(figure), { strategy: 'nodpor' }))).toEqual([figure.assertion]);
  });

  it('the paper algorithm finds it with first-in-order choice as well', () => {
    expect(failedAssertions(runVariant(FirstInOrderDpor, systemOf(figure)))).toEqual([figure.assertion]);
  });
});

describe('weakened variants, under the paper order', () => {
  it.each([figure1, figure5])('the naive variant (stop at any state match, no graph update) misses $name', (figure) => {
    const result = runVariant(NaiveDpor, systemOf(figure));
    expect(result.complete).toBe(true);
    expect(result.verdict).toBe('no-violation');
  });

  it('Figure 1 needs the full-cycle rule: stopping at the T2 self-loop misses it, graph update or not', () => {
    expect(runVariant(StopAtAnyMatchDpor, systemOf(figure1)).verdict).toBe('no-violation');
    expect(failedAssertions(runVariant(NoGraphUpdateDpor, systemOf(figure1)))).toEqual([figure1.assertion]);
  });

  it('Figure 5 needs the graph update at the match of e2, e1 with e1, e2', () => {
    expect(runVariant(NoGraphUpdateDpor, systemOf(figure5)).verdict).toBe('no-violation');
    expect(failedAssertions(runVariant(StopAtAnyMatchDpor, systemOf(figure5)))).toEqual([figure5.assertion]);
  });
});
