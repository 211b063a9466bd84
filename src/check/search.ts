// What both strategies share: running a transition of the system into the explored graph,
// collecting violations, counting executions, honouring budgets, and building the result.
import { Budget, type BudgetStop } from './budget.js';
import { StateGraph } from './graph.js';
import type { CheckOptions, CheckResult, EventId, EventSystem, FoundViolation, StateId, TransitionId, Verdict } from './types.js';

type StopReason = 'violation' | 'stopped' | 'state-limit' | BudgetStop;

export class Search<S, I> {
  readonly graph = new StateGraph<S, I>();
  /** Set when the search must end now; the strategies check it between steps. */
  stopped: StopReason | undefined;
  /** Whether the last `take` reached a state never seen before. */
  reachedNewState = false;
  executions = 0;
  private readonly budget: Budget;
  private readonly violations = new Map<string, FoundViolation>();

  constructor(
    readonly system: EventSystem<S, I>,
    private readonly options: CheckOptions<S, I>,
  ) {
    this.budget = new Budget(options);
  }

  /** Interns the initial states in order; an initial state equal to an earlier one is skipped. */
  *initialStates(): Generator<StateId> {
    const states = this.system.initialStates();
    for (let index = 0; index < states.length && !this.stopped; index++) {
      const key = this.system.key(states[index]);
      const known = this.graph.idOf(key);
      if (known !== undefined) {
        this.graph.initialStates.push(known);
        continue;
      }
      if (this.budget.stateLimitReached(this.graph.stateCount)) {
        this.stopped = 'state-limit';
        return;
      }
      const id = this.graph.addState(states[index], key, this.system.enabled(states[index]), StateGraph.initialReach(index));
      this.graph.initialStates.push(id);
      yield id;
    }
  }

  /**
   * Executes `event` from `src` and records the transition; returns its id, or -1 when the state
   * limit stops the search before a new state would be added.
   */
  take(src: StateId, event: EventId): TransitionId {
    const graph = this.graph;
    const step = this.system.execute(graph.state(src), event);
    const key = this.system.key(step.state);
    let dst = graph.idOf(key);
    this.reachedNewState = dst === undefined;
    if (dst === undefined) {
      if (this.budget.stateLimitReached(graph.stateCount)) {
        this.stopped = 'state-limit';
        return -1;
      }
      dst = graph.addState(step.state, key, this.system.enabled(step.state), graph.transitionCount);
    }
    const t = graph.addTransition(src, event, dst, step.accesses, step.info);
    if (step.violations) for (const v of step.violations) this.recordViolation(t, v.id, v.message, v.details);
    this.tick();
    if (this.options.stopWhen && !this.stopped && this.options.stopWhen(graph, t)) this.stopped = 'stopped';
    return t;
  }

  /** Counts a step of the search against the deadline and the heap limit (also steps that run no transition). */
  tick(): void {
    const exhausted = this.budget.exhausted();
    if (exhausted) this.stopped ??= exhausted;
    if (this.options.onProgress && this.budget.progressDue()) {
      this.options.onProgress({ states: this.graph.stateCount, transitions: this.graph.transitionCount, elapsedMs: this.budget.elapsedMs() });
    }
  }

  private recordViolation(t: TransitionId, id: string, message: string, details: unknown): void {
    const event = this.graph.event(t);
    const identity = `${event}\u0000${id}`;
    if (this.violations.has(identity)) return;
    const path = this.graph.pathTo(this.graph.src(t));
    const found: FoundViolation = {
      id,
      message,
      ...(details === undefined ? {} : { details }),
      event,
      transition: t,
      path: { initial: path.initial, events: [...path.events, event] },
    };
    this.violations.set(identity, found);
    if (this.options.stopAtFirstViolation) this.stopped ??= 'violation';
  }

  result(): CheckResult<S, I> {
    const violations = [...this.violations.values()];
    return {
      verdict: this.verdict(violations.length > 0),
      complete: this.stopped === undefined,
      stats: {
        events: this.system.eventCount,
        states: this.graph.stateCount,
        transitions: this.graph.transitionCount,
        executions: this.executions,
        ms: this.budget.elapsedMs(),
      },
      violations,
      graph: this.graph,
    };
  }

  private verdict(violated: boolean): Verdict {
    if (violated) return 'violation';
    if (this.stopped === undefined || this.stopped === 'violation') return 'no-violation';
    return this.stopped;
  }
}
