// Builds small EventSystems for tests from JS handlers over a record of integer variables. Reads
// and writes go through a proxy that records them as accesses; enable/disable record a write of
// the event's enablement location; failed assertions are violations.
import { enablementLocation } from '../../../src/check/check.js';
import type { Access, EventPath, EventSystem, Step, ViolationReport } from '../../../src/check/check.js';

export type Vars = Record<string, number>;

export interface Control {
  enable(event: string): void;
  disable(event: string): void;
  assert(id: string, condition: boolean): void;
}

export interface Handler {
  name: string;
  /** Default true. */
  enabled?: boolean;
  run(v: Vars, control: Control): void;
}

export interface VarState {
  readonly values: readonly number[];
  readonly enabled: readonly boolean[];
}

/**
 * `hidden`: variables left out of the state key and of the accesses, as the pair model leaves out
 * app state no handler reads before writing it (src/analysis/state-reads.ts).
 */
export function varSystem(initial: Vars | Vars[], handlers: Handler[], hidden: ReadonlySet<string> = new Set()): EventSystem<VarState> {
  const inits = Array.isArray(initial) ? initial : [initial];
  const names = Object.keys(inits[0]);
  const shown = names.map((n) => !hidden.has(n));
  const slot = new Map(names.map((name, i) => [name, i]));
  const eventOf = new Map(handlers.map((h, i) => [h.name, i]));
  const event = (name: string) => {
    const e = eventOf.get(name);
    if (e === undefined) throw new Error(`no event ${name}`);
    return e;
  };
  const slotOf = (name: string) => {
    const i = slot.get(name);
    if (i === undefined) throw new Error(`no variable ${name}`);
    return i;
  };
  return {
    eventCount: handlers.length,
    describeEvent: (e) => handlers[e].name,
    initialStates: () => inits.map((vars) => ({ values: names.map((n) => vars[n]), enabled: handlers.map((h) => h.enabled ?? true) })),
    enabled: (s) => handlers.flatMap((_, e) => (s.enabled[e] ? [e] : [])),
    key: (s) => `${s.values.filter((_, i) => shown[i]).join(',')}|${s.enabled.map((b) => (b ? 1 : 0)).join('')}`,
    execute(s, e): Step<VarState> {
      const values = [...s.values];
      const enabled = [...s.enabled];
      const accesses: Access[] = [];
      const violations: ViolationReport[] = [];
      const vars = new Proxy({} as Vars, {
        get(_, name: string) {
          if (!hidden.has(name)) accesses.push({ kind: 'read', location: name });
          return values[slotOf(name)];
        },
        set(_, name: string, value: number) {
          if (!hidden.has(name)) accesses.push({ kind: 'write', location: name });
          values[slotOf(name)] = value;
          return true;
        },
      });
      const setEnabled = (name: string, on: boolean) => {
        accesses.push({ kind: 'write', location: enablementLocation(event(name)) });
        enabled[event(name)] = on;
      };
      handlers[e].run(vars, {
        enable: (name) => setEnabled(name, true),
        disable: (name) => setEnabled(name, false),
        assert: (id, condition) => {
          if (!condition) violations.push({ id, message: `${handlers[e].name}: assertion ${id} failed` });
        },
      });
      return { state: { values, enabled }, accesses, violations };
    },
  };
}

/** Runs a path from its initial state; throws if an event is not enabled on the way. */
export function replay<S>(system: EventSystem<S>, path: EventPath): Step<S> {
  let state = system.initialStates()[path.initial];
  let step: Step<S> | undefined;
  for (const e of path.events) {
    if (!system.enabled(state).includes(e)) throw new Error(`event ${system.describeEvent(e)} is not enabled`);
    step = system.execute(state, e);
    state = step.state;
  }
  if (!step) throw new Error('empty path');
  return step;
}

export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
