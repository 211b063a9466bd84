// `stcheck explore` through the real entry point: output, JSON shape and exit codes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stcheck as run } from '../support/cli.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, assertLines, exampleProgram, replay } from './helpers.js';

function stcheck(...args: string[]) {
  return run('explore', ...args);
}

let dir: string;
const file = (name: string) => join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stcheck-explore-'));
  writeFileSync(file('safe.groovy'), 'def x = 0\ndef flip() { x = 1 - x }\ndef check() { assert x <= 1 }\n');
  writeFileSync(file('counter.groovy'), 'def n = 0\ndef up() { n = n + 1 }\ndef down() { n = n - 1 }\n');
  writeFileSync(file('broken.groovy'), 'def e1() {\n  x = = 1\n}\n');
  writeFileSync(file('mode.groovy'), 'def x = 0\ndef e1() {\n  x = 1\n  setLocationMode("away")\n}\n');
});

describe('stcheck explore', () => {
  it('prints the verdict, the violation with its line and trace, and exits 1', () => {
    const run = stcheck(join(EXAMPLES_DIR, 'figure1.groovy'));
    expect(run.code).toBe(1);
    expect(run.lines[0]).toBe(`${join(EXAMPLES_DIR, 'figure1.groovy')}: 4 events (T1, T2, T3a, T3b)`);
    expect(run.lines[1]).toMatch(/^dpor: violation \(\d+ states, \d+ transitions, \d+ executions, \d+ ms\)$/);
    const { program, source } = exampleProgram('figure1.groovy');
    expect(run.lines[2]).toBe(`  line ${assertLines(source)[0]}: assert r4 == 0 failed`);
    const trace = /^ {4}trace: (.*)$/.exec(run.lines[3])?.[1].split(' -> ') ?? [];
    expect(replay(program, trace).map((v) => v.message)).toEqual(['assert r4 == 0 failed']);
    expect(run.lines).toHaveLength(4);
  });

  it('prints one JSON object per mode with --mode both; both traces replay to the assert', () => {
    const run = stcheck(join(EXAMPLES_DIR, 'figure5.groovy'), '--mode', 'both', '--json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(['dpor', 'nodpor']);
    const { program, source } = exampleProgram('figure5.groovy');
    for (const mode of ['dpor', 'nodpor']) {
      expect(report[mode]).toEqual({
        verdict: 'violation',
        violations: [{ message: 'assert y == 1 failed', line: assertLines(source)[0], trace: expect.any(Array) }],
        states: expect.any(Number),
        transitions: expect.any(Number),
        executions: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(replay(program, report[mode].violations[0].trace).map((v) => v.message)).toEqual(['assert y == 1 failed']);
    }
  });

  it('exits 0 without a violation', () => {
    const run = stcheck(file('safe.groovy'), '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'no-violation', violations: [], states: 2 });
  });

  it('exits 3 when a budget runs out first', () => {
    const limited = stcheck(file('counter.groovy'), '--max-states', '20', '--json');
    expect(limited.code).toBe(3);
    expect(JSON.parse(limited.stdout)).toMatchObject({ verdict: 'state-limit', states: 20 });
    const timed = stcheck(file('counter.groovy'), '--budget-s', '0.05', '--json');
    expect(timed.code).toBe(3);
    expect(JSON.parse(timed.stdout)).toMatchObject({ verdict: 'timeout' });
  });

  it('exits 4 with file:line:col on a parse error or an unsupported construct', () => {
    const broken = stcheck(file('broken.groovy'));
    expect(broken.code).toBe(4);
    expect(broken.stderr).toMatch(new RegExp(`^${file('broken.groovy')}:2:\\d+: parse error: `));
    expect(broken.stdout).toBe('');
    const mode = stcheck(file('mode.groovy'));
    expect(mode.code).toBe(4);
    expect(mode.stderr).toMatch(new RegExp(`^${file('mode.groovy')}:4:3: unsupported: setLocationMode in an event program`));
  });

  it('exits 2 on a bad option', () => {
    const run = stcheck(file('safe.groovy'), '--mode', 'bfs');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("argument 'bfs' is invalid");
  });
});
