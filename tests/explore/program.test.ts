// The event-program language: variables and their accesses, the enabled set, violations, state
// matching, unsupported constructs and budgets.
import { describe, expect, it } from 'vitest';
import { enablementLocation } from '../../src/check/check.js';
import { exploreProgram, type ExploreOptions, type ExploreReport } from '../../src/explore/explore.js';
import { readEventProgram } from '../../src/explore/program.js';
import { ProgramSystem } from '../../src/explore/system.js';
import { exploreReport, programOf, replay } from './helpers.js';
import { cpuClockMs } from '../../src/util/cpu-clock.js';

function explore(source: string, options?: ExploreOptions): ExploreReport {
  return exploreReport(programOf(source), options);
}

function exploreError(source: string) {
  const explored = exploreProgram(programOf(source), { strategy: 'dpor' });
  if (explored.ok) throw new Error(`expected an error, got ${explored.report.verdict}`);
  return explored.error;
}

function readError(source: string) {
  const read = readEventProgram(source, 'bad.groovy');
  if (read.ok) throw new Error('expected an error');
  return read.error;
}

/** `open` and `close` alternate through enable/disable; `tick` fails once open ran twice. */
const DOOR = `
def opened = false
def count = 0
disabled = ["close"]
def open() {
  opened = true
  if (count < 2) count = count + 1
  disable("open")
  enable("close")
}
def close() {
  assert opened : "closed while not open"
  opened = false
  disable("close")
  enable("open")
}
def tick() {
  if (count == 2) assert !opened : "opened twice"
}
`;

describe('events and accesses', () => {
  it('records reads and writes of top-level variables, and enable/disable as enablement writes', () => {
    const program = programOf('def x = 0\ny = 5\ndef e1() { x = y + 1; disable("e2"); enable("e2") }\ndef e2() { }\n');
    const system = new ProgramSystem(program);
    const step = system.execute(system.initialStates()[0], 0);
    expect(step.accesses).toEqual(
      expect.arrayContaining([
        { kind: 'read', location: 'program.field.y' },
        { kind: 'write', location: 'program.field.x' },
        { kind: 'write', location: enablementLocation(1) },
      ]),
    );
    expect(step.accesses).toHaveLength(3);
    expect(system.enabled(step.state)).toEqual([0, 1]);
  });

  it('locals of an event are not shared state', () => {
    const program = programOf('def x = 0\ndef e1() { def r = x; r = r + 1 }\n');
    const system = new ProgramSystem(program);
    const initial = system.initialStates()[0];
    const step = system.execute(initial, 0);
    expect(step.accesses).toEqual([{ kind: 'read', location: 'program.field.x' }]);
    expect(system.key(step.state)).toBe(system.key(initial));
  });

  it('independent events commute to one state, and dpor needs fewer states than nodpor', () => {
    const source = ['a', 'b', 'c', 'd'].map((v) => `def ${v} = 0\ndef flip_${v}() { ${v} = 1 - ${v} }`).join('\n');
    const system = new ProgramSystem(programOf(source));
    const s0 = system.initialStates()[0];
    const ab = system.execute(system.execute(s0, 0).state, 1).state;
    const ba = system.execute(system.execute(s0, 1).state, 0).state;
    expect(system.key(ab)).toBe(system.key(ba));
    const nodpor = explore(source, { strategy: 'nodpor' });
    const dpor = explore(source, { strategy: 'dpor' });
    expect(nodpor).toMatchObject({ verdict: 'no-violation', states: 16 });
    expect(dpor.verdict).toBe('no-violation');
    expect(dpor.states).toBeLessThan(nodpor.states);
  });
});

describe('disabled = [...], enable and disable', () => {
  it('starts with the listed events disabled', () => {
    const system = new ProgramSystem(programOf(DOOR));
    expect(system.enabled(system.initialStates()[0]).map((e) => system.describeEvent(e))).toEqual(['open', 'tick']);
  });

  it.each(['dpor', 'nodpor'] as const)('%s: a disabled event never runs; the violation needs two enable round trips', (strategy) => {
    const report = explore(DOOR, { strategy });
    expect(report.verdict).toBe('violation');
    expect(report.violations.map((v) => v.message)).toEqual(['opened twice']);
    const [violation] = report.violations;
    expect(violation.line).toBe(18);
    expect(violation.trace.filter((e) => e === 'open')).toHaveLength(2);
    expect(replay(programOf(DOOR), violation.trace).map((v) => v.message)).toEqual(['opened twice']);
  });

  it('rejects a disabled list naming no event', () => {
    expect(readError('disabled = ["e9"]\ndef e1() { }\n')).toMatchObject({ line: 1, column: 13, message: 'disabled names no event "e9"' });
  });

  it('stops with an error on enable of an unknown event', () => {
    expect(exploreError('def e1() {\n  enable("nope")\n}\n')).toMatchObject({ line: 2, column: 3, message: 'enable("nope"): no event of that name' });
  });
});

describe('violations', () => {
  it('has no violation when every assert holds in every order', () => {
    const source = 'def x = 0\ndef flip() { x = 1 - x }\ndef check() { assert x == 0 || x == 1 }\n';
    for (const strategy of ['dpor', 'nodpor'] as const) {
      expect(explore(source, { strategy })).toMatchObject({ verdict: 'no-violation', violations: [], states: 2 });
    }
  });

  it('reports the message of `assert cond : "msg"` and the condition otherwise', () => {
    const report = explore('def x = 0\ndef set() { x = 1 }\ndef a() { assert x == 0 : "x was set: $x" }\ndef b() { assert x < 1 }\n');
    expect(report.violations.map((v) => [v.message, v.line]).sort()).toEqual([
      ['assert x < 1 failed', 4],
      ['x was set: 1', 3],
    ]);
  });

  it('reports an uncaught Groovy exception as a violation', () => {
    const report = explore('def m = null\ndef make() { m = [a: 1] }\ndef use() { m.a = 2 }\n');
    expect(report.violations).toEqual([{ message: expect.stringMatching(/^uncaught NullPointerException/), line: 3, trace: ['use'] }]);
  });

  it('reads a name the program never declares as Groovy\'s MissingPropertyException, not as the SmartApp\'s null', () => {
    const report = explore('def e1() {\n  def y = undeclared\n}\n');
    expect(report.violations).toEqual([{ message: expect.stringMatching(/^uncaught MissingPropertyException: No such property: undeclared/), line: 2, trace: ['e1'] }]);
  });
});

describe('programs that cannot be checked', () => {
  it('names an unsupported runtime construct with its position', () => {
    expect(exploreError('def x = 0\ndef e1() {\n  x = 1\n  setLocationMode("away")\n}\n')).toMatchObject({
      line: 4,
      column: 3,
      message: expect.stringMatching(/^unsupported: setLocationMode in an event program/),
    });
    expect(exploreError('def e1() {\n  runIn(60, e1)\n}\n').message).toMatch(/^unsupported: runIn in an event program/);
    expect(exploreError('def e1() {\n  if (location.mode == "away") { }\n}\n').message).toMatch(/^unsupported: location.mode in an event program/);
  });

  it('runs without the SmartThings runtime: logging is dropped, SmartApp functions and objects are refused', () => {
    const logging = 'def x = 0\ndef e1() {\n  log.debug "x is $x"\n  println x\n  x = Math.max(x, 1)\n}\n';
    expect(explore(logging)).toMatchObject({ verdict: 'no-violation', violations: [] });
    expect(exploreError('def e1() {\n  sendPush("hi")\n}\n')).toMatchObject({ line: 2, message: expect.stringMatching(/^unsupported: sendPush in an event program/) });
    expect(exploreError('def e1() {\n  def t = now()\n}\n').message).toMatch(/^unsupported: now in an event program/);
    expect(exploreError('def e1() {\n  app.updateLabel("x")\n}\n').message).toMatch(/^unsupported: app.updateLabel\(\) in an event program/);
    expect(exploreError('def e1() {\n  location.mode = "home"\n}\n').message).toMatch(/^unsupported: location.mode in an event program/);
  });

  it('rejects SmartApp top-level statements, event parameters and parse errors', () => {
    expect(readError('preferences { section("s") { input "sw", "capability.switch" } }\ndef e1() { }\n')).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringMatching(/^unsupported: an event program has only variables/),
    });
    expect(readError('def e1(evt) { }\n')).toMatchObject({ line: 1, message: 'event e1 must take no parameters' });
    expect(readError('def e1() {\n  x = = 1\n}\n')).toMatchObject({ line: 2, message: expect.stringMatching(/^parse error: /) });
  });

  it('stops a runaway event with a budget error', () => {
    expect(exploreError('def e1() {\n  while (true) { }\n}\n').message).toMatch(/^budget exceeded/);
  });
});

describe('budgets', () => {
  const COUNTER = 'def n = 0\ndef up() { n = n + 1 }\ndef down() { n = n - 1 }\n';

  it('stops at the state limit', () => {
    for (const strategy of ['dpor', 'nodpor'] as const) {
      expect(explore(COUNTER, { strategy, maxStates: 50 })).toMatchObject({ verdict: 'state-limit', states: 50, violations: [] });
    }
  });

  it('stops at the time limit, counted in CPU time', () => {
    const cpuBefore = cpuClockMs();
    const report = explore(COUNTER, { strategy: 'dpor', timeLimitMs: 50 });
    expect(report.verdict).toBe('timeout');
    expect(cpuClockMs() - cpuBefore).toBeGreaterThanOrEqual(50);
  });
});
