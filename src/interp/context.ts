// What a platform (the SmartThings runtime, smartthings/) and the DSL stubs see of the running app,
// and what the interpreter core sees of a platform: the contract between the two, so neither
// imports the other.
import type { AppMetadata } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { ExecutionSuspended, type ErrorPosition } from './errors.js';
import type { MethodResult } from './groovy-methods.js';
import type { AppHandle, Host } from './host.js';
import { outsideCategories } from './java/durations.js';
import type { Clock } from './time.js';
import type { GMap, TrackedMap, Value } from './values.js';

export interface RuntimeContext extends Clock {
  readonly app: AppHandle;
  readonly host: Host;
  /** The app's `definition(name:, namespace:, ...)`. */
  readonly metadata: AppMetadata;
  /** `state` and `atomicState`. */
  readonly state: TrackedMap;
  readonly atomicState: TrackedMap;
  /**
   * The `settings` map: every bound input by name, with the values the app updated. Using it is a
   * read of every setting (the map is read as a whole).
   */
  settingsMap(): GMap;
  /** The current value of a setting (null when unset), recording the read. */
  settingGet(name: string): Value;
  /** `app.updateSetting(name, value)`: the setting's new value, kept in the app state (a write). */
  updateSetting(name: string, value: Value): void;
  /** The devices the app created and has not deleted (`getChildDevices()`), recording the read. */
  childDevices(): Value[];
  /** The app's child device of this network id, or null (`getChildDevice(dni)`), recording the read. */
  childDevice(networkId: string): Value;
  /** Keeps a device the app created (`addChildDevice`) under its network id: a write. */
  keepChildDevice(networkId: string, device: Value): void;
  /** Forgets the app's child device of this network id (`deleteChildDevice(dni)`). */
  forgetChildDevice(networkId: string): void;
  /** The type an input of this name is declared with (`capability.switch`, `number`); null for none. */
  inputType(name: string): string | null;
  /** Reads and writes a key of `state`/`atomicState`, recording the access. */
  storeGet(store: TrackedMap, key: Value): Value;
  storePut(store: TrackedMap, key: Value, value: Value): void;
  storeRemove(store: TrackedMap, key: Value): void;
  /** True if the app declares a method of that name. */
  hasMethod(name: string): boolean;
  /** Binds an input's value while the preferences DSL runs (later code in dynamic pages sees it). */
  bindInput(name: string, value: Value): void;
  /** Where the built-in being called was called from (set by the interpreter before each call). */
  callSite: ErrorPosition | null;
  /**
   * The property, index or method call being evaluated, while its object answers it (null
   * otherwise): a device read made there is a read at that site (Host.readAttribute).
   */
  readSite: ast.Node | null;
  /** Counts `ms` the running execution waits (`pause(ms)`) against the platform's limit on one execution. */
  wait(ms: number): void;
}

/** A built-in function called without a receiver: `subscribe(...)`, `now()`, `section(...) {}`. */
export type BuiltinFunction = (ctx: RuntimeContext, args: Value[], named: GMap | null) => Value;

/**
 * The API of the platform an app runs on (SmartThings: smartthings/platform.ts), injected into the
 * interpreter so that the core knows only Groovy and the Java classes. The members of platform
 * objects answer NOT_FOUND for names they do not define.
 */
export interface Platform {
  /** Functions called without a receiver: `subscribe(...)`, `now()`. */
  readonly functions: Readonly<Record<string, BuiltinFunction>>;
  /** The platform's object of a name no variable, field or input has (`location`), or undefined. */
  globalObject(name: string): Value | undefined;
  property(ctx: RuntimeContext, self: Value, name: string): MethodResult;
  /** Named arguments arrive separately (a device command's `[delay: ms]`). */
  method(ctx: RuntimeContext, self: Value, name: string, args: Value[], named: GMap | null): MethodResult;
  /** Assigns a property of a platform object (`location.mode = m`); false if it has none of that name. */
  setProperty(ctx: RuntimeContext, self: Value, name: string, value: Value): boolean;
  /** `new T(...)` of the platform's own classes (`physicalgraph.device.HubAction`); NOT_FOUND for others. */
  newObject?(type: string, args: Value[], named: GMap | null): MethodResult;
  /** An unqualified call of a name nothing defines: throws the platform's error. */
  unresolvedCall(name: string): never;
  /**
   * A method no model of the receiver's class has: throws the platform's error when the platform
   * knows the class has no such method; returns when it is a gap of the tool.
   */
  unresolvedMethod?(self: Value, name: string): void;
  /** An unqualified name nothing defines: the platform's value for it, or its error. */
  unresolvedName(ctx: RuntimeContext, name: string): Value;
}

/**
 * Steps and nesting shared by every app instance of one simulated world, so a cascade of nested
 * handler runs (App1 → command → App2 → ...) is bounded as a whole. Reset when the outermost
 * invocation starts. Every limit is a count, never the JS stack or the clock, so the same app ends
 * the same way on every machine (docs/interpreter.md, "Limits"):
 * - `maxSteps` statements and closure calls: an endless loop;
 * - `maxDepth` nested app method calls across the world: an endless event cascade, which the home
 *   cuts (model/home.ts);
 * - `maxRecursion` nested calls within one handler run: runaway recursion, an error of the app;
 * - `maxNesting` nested statements and expressions being evaluated, calls included: what keeps the
 *   evaluator's own recursion far from the end of the JS stack. Where the handler runs nested in
 *   a cascade hold most of it (each a handful of calls deep, their commands' events dispatched
 *   from inside closures), it is the cascade that is endless, cut as one (frame.ts).
 */
export class Budget {
  steps = 0;
  depth = 0;
  /** The milliseconds the innermost handler run has waited in `pause(ms)`. */
  waitedMs = 0;
  /** `depth` when the innermost handler run started. */
  runBase = 0;
  nesting = 0;
  /** `nesting` when the innermost handler run started. */
  runNesting = 0;
  constructor(
    readonly maxSteps = 2_000_000,
    readonly maxDepth = 150,
    readonly maxRecursion = 100,
    readonly maxNesting = 1_200,
  ) {}

  /**
   * Runs one handler (or another entry the host calls) nested in whatever runs already. On the
   * platform each is an execution of its own, so each has its own time limit.
   */
  handlerRun<T>(fn: () => T): T {
    const [outerBase, outerNesting, outerWaited] = [this.runBase, this.runNesting, this.waitedMs];
    this.runBase = this.depth;
    this.runNesting = this.nesting;
    this.waitedMs = 0;
    try {
      return outsideCategories(fn);
    } finally {
      this.runBase = outerBase;
      this.runNesting = outerNesting;
      this.waitedMs = outerWaited;
    }
  }

  /**
   * Counts a wait of the running execution. The platform suspends an execution that runs past
   * 20 seconds (its rate limits: "Method execution time 20 seconds ... the current execution will
   * be suspended"); the model's handlers take no time but the waits they ask for, so an app that
   * polls a service in a loop with `pause(3000)` ends there, as on the platform, instead of
   * running until the step budget stops the whole check.
   */
  wait(ms: number): void {
    this.waitedMs += Math.max(0, ms);
    if (this.waitedMs > EXECUTION_TIME_LIMIT_MS) throw new ExecutionSuspended(EXECUTION_TIME_LIMIT_MS);
  }
}

/** The platform's limit on one method execution. */
export const EXECUTION_TIME_LIMIT_MS = 20_000;
