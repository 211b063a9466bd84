// An event program as the model checker's EventSystem. One AppInstance runs the events: the
// interpreter already records every read and write of a top-level variable (a script field) as an
// access of `program.field.<name>`, so this module only adds the enabled set (the builtins
// `enable`/`disable`), a host that refuses everything a SmartApp would ask of its home, and the
// mapping of a failed `assert` (or any uncaught Groovy exception) to a violation.
import { enablementLocation } from '../check/check.js';
import type { Access, EventId, EventSystem, Step, ViolationReport } from '../check/check.js';
import { canonicalAppState, type AppSnapshot } from '../interp/app-state.js';
import type { BuiltinFunction } from '../interp/context.js';
import { GroovyError, StopError } from '../interp/errors.js';
import type { Host, TimerRequest } from '../interp/host.js';
import { AppInstance } from '../interp/instance.js';
import { toStr } from '../interp/operators.js';
import { NOW_MS, REFERENCE_SUN_TIMES, type SunTimes } from '../interp/time.js';
import type { DeviceRef, Value } from '../interp/values.js';
import { eventProgramPlatform, refuse } from './platform.js';
import { positionKey, type EventProgram } from './program.js';

/** The prefix of the program's access locations: variable x is `program.field.x`. */
const PROGRAM_ID = 'program';

export interface ProgramState {
  /** The shared variables (script fields; `state`/`atomicState` too, should a program use them). */
  readonly variables: AppSnapshot;
  /** enabled[e]: event e may run next. */
  readonly enabled: readonly boolean[];
}

/** `details` of the program's violations: where the failed assert (or the throw) is. */
export interface ViolationPlace {
  line: number;
  column: number;
}

/** `enable("x")` with a name that is no event: a mistake in the program, not a property violation. */
class UnknownEventError extends StopError {
  readonly kind = 'app-error';
}

/** The home of an event program is empty: it only collects the accesses of the running event. */
class ProgramHost implements Host {
  private readonly accesses = new Map<string, Access>();

  recordAccess(_app: unknown, access: Access): void {
    this.accesses.set(`${access.kind} ${access.location}`, access);
  }

  /** The accesses recorded since the last call, each (kind, location) once. */
  takeAccesses(): Access[] {
    const taken = [...this.accesses.values()];
    this.accesses.clear();
    return taken;
  }

  /** An event program's clock stands still, as the reference's. */
  now(): number {
    return NOW_MS;
  }

  /** Its sun stands still with its clock: the reference's times. */
  sunTimes(): SunTimes {
    return REFERENCE_SUN_TIMES;
  }

  /** `log.debug`, `sendPush`, ...: messages touch no shared state, so they are allowed and dropped. */
  message(): void {}

  /** An event program has no outside world: no web service answers, no endpoint is called. */
  webResponse(): undefined {
    return undefined;
  }
  /** Never called: no response comes back. */
  webCallback(): void {}
  endpointRequest(): undefined {
    return undefined;
  }

  inputValue(): never {
    return refuse('an input');
  }
  readAttribute(_app: unknown, _device: DeviceRef, attribute: string): never {
    return refuse(`the device attribute ${attribute}`);
  }
  deviceCommand(_app: unknown, _device: DeviceRef, command: string): never {
    return refuse(`the device command ${command}()`);
  }
  locationMode(): never {
    return refuse('location.mode');
  }
  locationModes(): never {
    return refuse('location.modes');
  }
  alarmSystemStatus(): never {
    return refuse('location.currentState("alarmSystemStatus")');
  }
  setLocationMode(): never {
    return refuse('setLocationMode');
  }
  sendLocationEvent(): never {
    return refuse('sendLocationEvent');
  }
  subscribe(): never {
    return refuse('subscribe');
  }
  unsubscribe(): never {
    return refuse('unsubscribe');
  }
  schedule(_app: unknown, timer: TimerRequest): never {
    return refuse(timer.api);
  }
  unschedule(): never {
    return refuse('unschedule');
  }
}

/**
 * Construction runs the variables' initialisers; it throws the interpreter's error (InterpError)
 * when one fails. `execute` throws a StopError (an unsupported construct, an exhausted step budget,
 * `enable` of an unknown event): such a program cannot be checked.
 */
export class ProgramSystem implements EventSystem<ProgramState> {
  readonly eventCount: number;
  private readonly host = new ProgramHost();
  private readonly instance: AppInstance;
  private readonly eventIds: ReadonlyMap<string, EventId>;
  private readonly initial: ProgramState;
  /** The enabled set as the running event changes it. */
  private enabledNow: boolean[];

  constructor(readonly program: EventProgram) {
    this.eventCount = program.events.length;
    this.eventIds = new Map(program.events.map((name, id) => [name, id]));
    const builtins = { enable: this.enablementSetter(true), disable: this.enablementSetter(false) };
    this.instance = new AppInstance(program.ir, this.host, { id: PROGRAM_ID, platform: eventProgramPlatform, builtins });
    this.enabledNow = program.events.map((name) => !program.initiallyDisabled.has(name));
    this.instance.load();
    this.host.takeAccesses();
    this.initial = { variables: this.instance.snapshot(), enabled: this.enabledNow };
  }

  describeEvent(event: EventId): string {
    return this.program.events[event];
  }

  initialStates(): readonly ProgramState[] {
    return [this.initial];
  }

  enabled(state: ProgramState): readonly EventId[] {
    return state.enabled.flatMap((on, event) => (on ? [event] : []));
  }

  execute(state: ProgramState, event: EventId): Step<ProgramState> {
    this.instance.restore(state.variables);
    this.enabledNow = [...state.enabled];
    const violations = this.run(this.program.events[event]);
    return { state: { variables: this.instance.snapshot(), enabled: this.enabledNow }, accesses: this.host.takeAccesses(), violations };
  }

  key(state: ProgramState): string {
    return `${canonicalAppState(state.variables)}|${state.enabled.map((on) => (on ? 1 : 0)).join('')}`;
  }

  /** Runs one event; a Groovy exception it does not catch (a failed assert above all) is a violation. */
  private run(name: string): ViolationReport[] {
    try {
      this.instance.invoke(name, []);
      return [];
    } catch (e) {
      if (!(e instanceof GroovyError)) throw e;
      return [this.violationOf(e)];
    }
  }

  private violationOf(error: GroovyError): ViolationReport {
    const place: ViolationPlace = { line: error.at?.line ?? 0, column: error.at?.column ?? 0 };
    const where = positionKey(place.line, place.column);
    const assertion = error.javaClass === 'AssertionError' ? this.program.assertions.get(where) : undefined;
    let message = `uncaught ${error.detail}`;
    if (assertion) message = assertion.hasMessage ? error.groovyMessage : `assert ${assertion.condition} failed`;
    return { id: `${error.javaClass}@${where}`, message, details: place };
  }

  /** `enable("e")` / `disable("e")`: a write of e's enablement location, even when nothing changes. */
  private enablementSetter(on: boolean): BuiltinFunction {
    return (_ctx, args) => {
      const event = this.eventOf(args[0] ?? null, on ? 'enable' : 'disable');
      this.host.recordAccess(this.instance, { kind: 'write', location: enablementLocation(event) });
      this.enabledNow[event] = on;
      return null;
    };
  }

  private eventOf(name: Value, builtin: string): EventId {
    const event = typeof name === 'string' ? this.eventIds.get(name) : undefined;
    if (event === undefined) throw new UnknownEventError(`${builtin}("${toStr(name)}"): no event of that name`);
    return event;
  }
}
