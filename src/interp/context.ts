// What the runtime library (smartthings.ts) and the DSL stubs see of the running app: the contract
// between the interpreter core and the built-in functions, so neither imports the other's internals.
import type { ErrorPosition } from './errors.js';
import type { AppHandle, Host } from './host.js';
import type { GMap, TrackedMap, Value } from './values.js';

export interface RuntimeContext {
  readonly app: AppHandle;
  readonly host: Host;
  /** `state` and `atomicState`. */
  readonly state: TrackedMap;
  readonly atomicState: TrackedMap;
  /** The `settings` map: every bound input by name. */
  readonly settings: GMap;
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
}

/** A built-in function called without a receiver: `subscribe(...)`, `now()`, `section(...) {}`. */
export type BuiltinFunction = (ctx: RuntimeContext, args: Value[], named: GMap | null) => Value;

/**
 * Steps and nesting shared by every app instance of one simulated world, so a cascade of nested
 * handler runs (App1 → command → App2 → ...) is bounded as a whole. Reset when the outermost
 * invocation starts.
 */
export class Budget {
  steps = 0;
  depth = 0;
  constructor(
    readonly maxSteps = 2_000_000,
    readonly maxDepth = 150,
  ) {}
}
