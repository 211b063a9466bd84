// Event programs for the explore tests: reading a program from text, replaying a reported trace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ViolationReport } from '../../src/check/check.js';
import { exploreProgram, type ExploreOptions, type ExploreReport } from '../../src/explore/explore.js';
import { readEventProgram, type EventProgram } from '../../src/explore/program.js';
import { ProgramSystem } from '../../src/explore/system.js';
import { REPO_ROOT } from '../support/corpus.js';

export const EXAMPLES_DIR = join(REPO_ROOT, 'apps', 'examples');

/** Reads a program that must be well-formed. */
export function programOf(source: string, file = 'test.groovy'): EventProgram {
  const read = readEventProgram(source, file);
  if (!read.ok) throw new Error(`${read.error.line}:${read.error.column}: ${read.error.message}`);
  return read.program;
}

export function exampleProgram(name: string): { program: EventProgram; source: string } {
  const file = join(EXAMPLES_DIR, name);
  const source = readFileSync(file, 'utf8');
  return { program: programOf(source, file), source };
}

/** Explores a program that must run without a program error. */
export function exploreReport(program: EventProgram, options: ExploreOptions = { strategy: 'dpor' }): ExploreReport {
  const explored = exploreProgram(program, options);
  if (!explored.ok) throw new Error(`${explored.error.line}:${explored.error.column}: ${explored.error.message}`);
  return explored.report;
}

/**
 * Runs the events of a trace by name from the initial state, checking that each is enabled when it
 * runs, and returns the violations of the last step.
 */
export function replay(program: EventProgram, trace: readonly string[]): readonly ViolationReport[] {
  const system = new ProgramSystem(program);
  let state = system.initialStates()[0];
  let violations: readonly ViolationReport[] = [];
  for (const name of trace) {
    const event = program.events.indexOf(name);
    expect(system.enabled(state), `${name} is enabled when the trace runs it`).toContain(event);
    const step = system.execute(state, event);
    state = step.state;
    violations = step.violations ?? [];
  }
  return violations;
}

/** The 1-based lines of the source that hold an `assert`. */
export function assertLines(source: string): number[] {
  return source.split('\n').flatMap((text, i) => (/^\s*(if \(.*\) )?assert\b/.test(text) ? [i + 1] : []));
}
