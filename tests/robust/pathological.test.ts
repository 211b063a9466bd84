// Pathological apps written by the project (fixtures/, one per failure of issue #18 part A), each
// checked against a demo app through the real `stcheck check` and `stcheck run` under a 5 s budget
// and a 512 MB heap: each ends with its documented verdict and exit code, a position in the message
// and no stack trace. Timeouts are generous (a shared, loaded machine); the tests assert verdicts,
// kinds and positions, never speed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/corpus.js';

const FIXTURES = join(REPO_ROOT, 'tests', 'robust', 'fixtures');
const PARTNER = join(REPO_ROOT, 'apps', 'motion-light.groovy');
const HEAP_MB = 512;
/** Far above the 5 s budget: only a hang fails here. */
const KILL_AFTER_MS = 120_000;

function stcheck(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: KILL_AFTER_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function check(file: string) {
  const run = stcheck('check', file, PARTNER, '--budget-s', '5', '--memory-mb', String(HEAP_MB), '--json');
  return { ...run, result: run.stdout ? JSON.parse(run.stdout) : undefined };
}

const fixture = (name: string) => join(FIXTURES, `${name}.groovy`);
const NO_STACK_TRACE = /^\s+at |JS stacktrace|FATAL ERROR|Maximum call stack/m;

// [fixture, check's verdict, the message's text, its line] (exit code 4: an app does not parse, lower or run)
const FAILURES: Array<[string, string, string, number]> = [
  ['deep-sum', 'parse-error', 'nested more than 400 levels deep', 12],
  ['long-chain', 'parse-error', 'nested more than 400 levels deep', 13],
  ['long-concat', 'parse-error', 'nested more than 400 levels deep', 12],
  ['list-doubling', 'error', 'budget exceeded: a list of 1048576 elements (the limit is 1000000)', 14],
  ['list-doubling-24', 'error', 'budget exceeded: a list of 1048576 elements (the limit is 1000000)', 14],
  ['string-doubling', 'error', 'budget exceeded: a string of 1048576 characters (the limit is 1000000)', 14],
  ['decimal-squaring', 'error', 'budget exceeded: a BigDecimal of 19270 digits (the limit is 10000)', 14],
  ['string-repeat', 'error', 'budget exceeded: a string of 1000000000 characters (the limit is 1000000)', 12],
  ['shared-map-nesting', 'error', 'budget exceeded: a value of more than 1000000 lists, maps and elements', 16],
  ['cyclic-state', 'error', 'budget exceeded: lists or maps nested more than 100 levels deep (a cyclic list or map?)', 14],
  ['nested-lists', 'error', 'budget exceeded: lists or maps nested more than 100 levels deep (a cyclic list or map?)', 16],
  ['recursion', 'error', 'budget exceeded: more than 100 nested calls in one handler run, in countDown() (runaway recursion?)', 16],
  ['endless-loop', 'error', 'budget exceeded: more than 2000000 steps (an endless loop?)', 12],
];

describe('pathological apps end in one positioned verdict (check)', () => {
  it.each(FAILURES)('%s: %s', (name, verdict, text, line) => {
    const { code, result, stderr } = check(fixture(name));
    expect(code).toBe(4);
    expect(result.verdict).toBe(verdict);
    expect(result.error).toContain(text);
    expect(result.error).toMatch(new RegExp(`${name}\\.groovy:${line}:\\d+`));
    expect(stderr).not.toMatch(NO_STACK_TRACE);
  }, KILL_AFTER_MS);

  it('a backtracking-prone regex (`("a" * 40 + "!") ==~ /(a+)+$/`) is decided like any other app', () => {
    const { code, result, stderr } = check(fixture('regex-backtracking'));
    expect(code).toBe(0);
    expect(result).toMatchObject({ verdict: 'no-conflict', complete: true });
    expect(stderr).toBe('');
  }, KILL_AFTER_MS);

  it('a search that would fill the heap ends as out-of-memory without --memory-mb too (it was V8\'s fatal error)', () => {
    // Every event makes a new state: the app's list in `state` grows and guards a command. The
    // heap is small so that the default budget (under this process's own limit) is reached soon.
    // The app is kept apart from fixtures/, whose every app the batch test expects to fail at once.
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), 'check', join(REPO_ROOT, 'tests', 'robust', 'heap', 'growing-state.groovy'), PARTNER, '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: KILL_AFTER_MS,
    });
    expect(run.stderr).not.toMatch(NO_STACK_TRACE);
    expect(run.status).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'out-of-memory', complete: false });
  }, KILL_AFTER_MS);

  it('a valid 20 MB app is stopped by the budget while it is parsed', () => {
    const header = readFileSync(fixture('regex-backtracking'), 'utf8').split('def handler')[0];
    const helpers = Array.from({ length: 350_000 }, (_, i) => `def helper${i}() {\n    def x = ${i} + 1\n    return x\n}\n`).join('');
    const file = join(mkdtempSync(join(tmpdir(), 'stcheck-robust-')), 'huge.groovy');
    writeFileSync(file, `${header}def handler(evt) {\n    switch1.on()\n}\n${helpers}`);
    const { code, result, stderr } = check(file);
    expect(code).toBe(4);
    expect(result.verdict).toBe('error');
    expect(result.error).toMatch(/huge\.groovy:\d+:\d+: budget exceeded: parsing ran past the budget$/);
    expect(stderr).not.toMatch(NO_STACK_TRACE);
  }, KILL_AFTER_MS);
});

describe('the same faults give the same kind in run', () => {
  it.each(FAILURES.filter(([name]) => ['recursion', 'endless-loop', 'cyclic-state', 'string-repeat', 'list-doubling'].includes(name)))(
    '%s: an error of kind budget with its position, exit 4',
    (name, _verdict, text, line) => {
      const { code, stderr } = stcheck('run', fixture(name), '--event', 'switch1.switch=on');
      expect(code).toBe(4);
      expect(stderr).toMatch(new RegExp(`^error: .*${name}\\.groovy:${line}:\\d+\\n$`));
      expect(stderr).toContain(text);
    },
    KILL_AFTER_MS,
  );

  it('a syntax tree nested too deeply is a positioned parse error in run too', () => {
    const { code, stderr } = stcheck('run', fixture('deep-sum'), '--event', 'switch1.switch=on');
    expect(code).toBe(4);
    expect(stderr).toMatch(/deep-sum\.groovy:12:\d+: parse error: nested more than 400 levels deep/);
  }, KILL_AFTER_MS);
});
