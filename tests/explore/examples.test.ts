// The paper's worked examples as event programs (apps/examples): both strategies find the
// asserting execution, and the trace each reports replays to the failing assert.
import { describe, expect, it } from 'vitest';
import { assertLines, exampleProgram, exploreReport, replay } from './helpers.js';

const EXAMPLES = [
  { file: 'figure1.groovy', message: 'assert r4 == 0 failed' },
  { file: 'figure3a.groovy', message: 'assert y == 0 failed' },
  { file: 'figure3b.groovy', message: 'assert y == 0 failed' },
  { file: 'figure5.groovy', message: 'assert y == 1 failed' },
];

describe.each(EXAMPLES)('$file', ({ file, message }) => {
  const { program, source } = exampleProgram(file);

  it.each(['dpor', 'nodpor'] as const)('%s finds the asserting execution and its trace replays to it', (strategy) => {
    const { verdict, violations } = exploreReport(program, { strategy });
    expect(verdict).toBe('violation');
    expect(violations).toHaveLength(1);
    const [violation] = violations;
    expect(violation.message).toBe(message);
    expect(assertLines(source)).toEqual([violation.line]);
    expect(replay(program, violation.trace).map((v) => v.message)).toEqual([message]);
  });

  it('dpor explores no more states or transitions than nodpor', () => {
    const [dpor, nodpor] = (['dpor', 'nodpor'] as const).map((strategy) => exploreReport(program, { strategy }));
    expect(dpor.states).toBeLessThanOrEqual(nodpor.states);
    expect(dpor.transitions).toBeLessThanOrEqual(nodpor.transitions);
  });
});

describe('what each example needs', () => {
  const dporTrace = (file: string) => exploreReport(exampleProgram(file).program).violations[0].trace;

  it('Figure 1: T1 runs before T3b reads x', () => {
    const trace = dporTrace('figure1.groovy');
    expect(trace.at(-1)).toBe('T3b');
    expect(trace).toContain('T1');
  });

  it('Figure 5: e2 and e3 run, e1 not before e3', () => {
    const trace = dporTrace('figure5.groovy');
    expect(trace.at(-1)).toBe('e3');
    expect(trace).toContain('e2');
    expect(trace).not.toContain('e1');
  });
});
