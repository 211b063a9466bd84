// Checks an event program with one strategy and summarises the result in the terms of the program:
// violations with their message, source line and the names of the events on the path to them.
import { check, type Strategy, type Verdict } from '../check/check.js';
import type { CheckResult } from '../check/check.js';
import { InterpError } from '../interp/errors.js';
import type { EventProgram, ProgramError } from './program.js';
import { ProgramSystem, type ProgramState, type ViolationPlace } from './system.js';

export interface ExploreOptions {
  strategy: Strategy;
  timeLimitMs?: number;
  maxStates?: number;
}

export interface ProgramViolation {
  message: string;
  line: number;
  /** The events from the initial state, the violating one last. */
  trace: string[];
}

/** The `--json` object of `stcheck explore` for one mode. */
export interface ExploreReport {
  verdict: Verdict;
  violations: ProgramViolation[];
  states: number;
  transitions: number;
  executions: number;
  ms: number;
}

export type ExploreResult = { ok: true; report: ExploreReport } | { ok: false; error: ProgramError };

/** A program that cannot be run (an unsupported construct, a runaway loop) gives a positioned error. */
export function exploreProgram(program: EventProgram, options: ExploreOptions): ExploreResult {
  try {
    const system = new ProgramSystem(program);
    return { ok: true, report: reportOf(system, check(system, options)) };
  } catch (e) {
    if (!(e instanceof InterpError)) throw e;
    const at = e.at ?? { file: program.ir.file, line: 1, column: 1 };
    return { ok: false, error: { file: at.file, line: at.line, column: at.column, message: e.detail, kind: e.kind } };
  }
}

function reportOf(system: ProgramSystem, result: CheckResult<ProgramState>): ExploreReport {
  const violations = result.violations.map((v) => ({
    message: v.message,
    line: (v.details as ViolationPlace).line,
    trace: v.path.events.map((event) => system.describeEvent(event)),
  }));
  const { states, transitions, executions, ms } = result.stats;
  return { verdict: result.verdict, violations, states, transitions, executions, ms };
}
