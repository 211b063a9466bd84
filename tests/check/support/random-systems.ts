// Random small event systems for the differential test, as plain data (so that a counterexample
// prints as a readable program and can be pasted into a regression test), and their interpreter.
import fc from 'fast-check';
import type { EventSystem } from '../../../src/check/check.js';
import type { Control, Handler, VarState, Vars } from './var-system.js';
import { varSystem } from './var-system.js';

/** Values and variable indices are taken modulo the sizes, so any small integers are valid. */
export type Expr = { value: number } | { variable: number; plus: number };
export interface Condition {
  variable: number;
  equal: boolean;
  value: number;
}
export type Statement =
  | { assign: number; to: Expr }
  /** Stores into a dead variable `d<i>`: written, never read (modulo 3). */
  | { assignDead: number; to: Expr }
  | { if: Condition; then: Statement[]; else: Statement[] }
  | { enable: number }
  | { disable: number }
  | { assert: number; that: Condition };

export interface RandomSystem {
  /** The number of values of each variable: 0 .. domain-1. */
  domains: number[];
  /** One or more initial valuations. */
  initial: number[][];
  enabled: boolean[];
  handlers: Statement[][];
  /** Dead variables `d0`, `d1`, ...: only ever stored into (default none). */
  deadVariables?: number;
}

/** `hideDead`: leave the dead variables out of the state key and the accesses. */
export function buildRandomSystem(spec: RandomSystem, { hideDead = false } = {}): EventSystem<VarState> {
  const dead = Array.from({ length: spec.deadVariables ?? 0 }, (_, i) => `d${i}`);
  const name = (variable: number) => `v${variable % spec.domains.length}`;
  const domain = (variable: number) => spec.domains[variable % spec.domains.length];
  const eventName = (event: number) => `e${event % spec.handlers.length}`;
  const holds = (c: Condition, v: Vars) => (v[name(c.variable)] === c.value % domain(c.variable)) === c.equal;
  const run = (statements: Statement[], v: Vars, control: Control): void => {
    for (const s of statements) {
      if ('assignDead' in s) {
        if (dead.length > 0) v[dead[s.assignDead % dead.length]] = ('value' in s.to ? s.to.value : v[name(s.to.variable)] + s.to.plus) % 3;
      } else if ('assign' in s) {
        const value = 'value' in s.to ? s.to.value : v[name(s.to.variable)] + s.to.plus;
        v[name(s.assign)] = value % domain(s.assign);
      } else if ('if' in s) {
        run(holds(s.if, v) ? s.then : s.else, v, control);
      } else if ('enable' in s) {
        control.enable(eventName(s.enable));
      } else if ('disable' in s) {
        control.disable(eventName(s.disable));
      } else {
        control.assert(`a${s.assert}`, holds(s.that, v));
      }
    }
  };
  const initial = spec.initial.map((values) => ({
    ...Object.fromEntries(spec.domains.map((d, i) => [`v${i}`, (values[i] ?? 0) % d])),
    ...Object.fromEntries(dead.map((d) => [d, 0])),
  }));
  const handlers: Handler[] = spec.handlers.map((statements, e) => ({
    name: `e${e}`,
    enabled: spec.enabled[e],
    run: (v, control) => run(statements, v, control),
  }));
  return varSystem(initial, handlers, new Set(hideDead ? dead : []));
}

const small = (max: number) => fc.integer({ min: 0, max });

const condition: fc.Arbitrary<Condition> = fc.record({ variable: small(3), equal: fc.boolean(), value: small(2) });

/** Mostly `v + k` (k >= 1 makes counters modulo the domain: cycles). */
const expr: fc.Arbitrary<Expr> = fc.oneof(
  { arbitrary: fc.record({ value: small(2) }), weight: 1 },
  { arbitrary: fc.record({ variable: small(3), plus: fc.integer({ min: 0, max: 2 }) }), weight: 3 },
);

/** Weighted towards assignments (which make the state spaces and their cycles). */
function statements(depth: number): fc.Arbitrary<Statement[]> {
  const choices: fc.WeightedArbitrary<Statement>[] = [
    { arbitrary: fc.record({ assign: small(3), to: expr }), weight: 5 },
    { arbitrary: fc.record({ assignDead: small(1), to: expr }), weight: 1 },
    { arbitrary: fc.record({ enable: small(5) }), weight: 1 },
    { arbitrary: fc.record({ disable: small(5) }), weight: 1 },
    { arbitrary: fc.record({ assert: small(1), that: condition }), weight: 1 },
  ];
  if (depth > 0) choices.push({ arbitrary: fc.record({ if: condition, then: statements(depth - 1), else: statements(depth - 1) }), weight: 2 });
  return fc.array(fc.oneof(...choices), { minLength: 1, maxLength: 3 });
}

export const randomSystem: fc.Arbitrary<RandomSystem> = fc
  .record({ variables: fc.integer({ min: 1, max: 4 }), events: fc.integer({ min: 2, max: 6 }) })
  .chain(({ variables, events }) =>
    fc.record({
      domains: fc.array(fc.integer({ min: 2, max: 3 }), { minLength: variables, maxLength: variables }),
      initial: fc.array(fc.array(small(2), { minLength: variables, maxLength: variables }), { minLength: 1, maxLength: 2 }),
      enabled: fc.array(fc.boolean(), { minLength: events, maxLength: events }).map((flags) => flags.map((on, e) => on || e % 2 === 0)),
      handlers: fc.array(statements(2), { minLength: events, maxLength: events }),
      deadVariables: fc.integer({ min: 0, max: 2 }),
    }),
  );
