// The event-handler IR of one SmartApp: what `lower` produces from the syntax tree and what the
// interpreter, the model and the pair generator consume. Plain data (JSON-serialisable except for
// the AST references in `methods`), so a phase can import these types without the lowering code.
import type { MethodDecl, Statement, VarDecl } from '../parser/ast.js';
import type { ErrorKind } from '../util/error-kind.js';

/** An app's persistent stores. */
export type StoreName = 'state' | 'atomicState';

/** A place in an app's source, for messages and traces. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** From `definition(name: ..., namespace: ..., category: ...)`. */
export interface AppMetadata {
  name: string;
  namespace?: string;
  author?: string;
  category?: string;
  description?: string;
  /** `parent: "namespace:name"`: a child app, installed under that parent app (which is no part of the model). */
  parent?: string;
}

/** One `input` of the app's preferences, found by evaluating the preferences DSL. */
export interface InputIR {
  name: string;
  /** The type as written: `capability.switch`, `device.aeonKeyFob`, `number`, `enum`, `mode`, ... */
  type: string;
  /** The capability (`switch`, `lock`, `aeonKeyFob`, ...) for `capability.X` and `device.X` types. */
  capability?: string;
  multiple: boolean;
  required: boolean;
  title?: string;
  /** Enum options as evaluated (a map option `[key: label]` stays a Map); undefined when none. */
  options?: unknown[];
  defaultValue?: unknown;
  /** The values a person may enter, as declared (`"1..60"`, `"*..0"`); undefined when none. */
  range?: string;
  page?: string;
  section?: string;
  /**
   * Declared on a page opened with params (`href(page: ..., params: [...])`): which opening of the
   * page, 0 for the first params, so the settings of one scene or rule are told apart from another's.
   */
  pageOpening?: number;
  location: SourceLocation;
}

/** What a subscription listens to. */
export type SubscriptionSource =
  | { kind: 'input'; input: string }
  | { kind: 'location' }
  | { kind: 'app' };

/** `subscribe(source, "attribute[.value]", handler)`. */
export interface SubscriptionIR {
  source: SubscriptionSource;
  /**
   * The event name: an attribute (`switch`, `contact`, `lock`), or for the location `mode`,
   * `sunset`, `sunrise`, `sunsetTime`, `sunriseTime`, `position`, `location` (no name given);
   * for `app`, `app`.
   */
  attribute: string;
  /** The value filter of `"switch.on"`; absent when every value is delivered. */
  value?: string;
  /** The handler method's name (a GString handler keeps its template, `sensorTriggered${}`). */
  handler: string;
  /** The method whose body makes the subscribe call (`installed`, `initialize`, ...). */
  inMethod: string;
  location: SourceLocation;
}

export type ScheduleKind = 'schedule' | 'runIn' | 'runOnce' | 'runEvery' | 'runDaily';

/** A timer that runs `handler` (SmartThings `schedule`, `runIn`, `runEvery5Minutes`, ...). */
export interface ScheduleIR {
  kind: ScheduleKind;
  /** The API as called, e.g. `runEvery15Minutes`. */
  api: string;
  handler: string;
  inMethod: string;
  /** True when the call is the first statement of its method (the reference only turns these into events). */
  firstStatement: boolean;
  location: SourceLocation;
}

/** A REST endpoint of `mappings { path("/x") { action: [GET: "h"] } }`: metadata only, never executed. */
export interface MappingIR {
  path: string;
  actions: Record<string, string>;
}

/** A method of the app; several share a name when the app overloads it. */
export interface FunctionIR {
  name: string;
  /** For `getFoo()` with no parameters, the property name `foo` it is read as. */
  getterProperty?: string;
  decl: MethodDecl;
}

/** Something the static scan could not resolve (e.g. a subscription to a computed source). */
export interface LowerWarning {
  message: string;
  location: SourceLocation;
}

export interface AppIR {
  /** The file the app was read from. */
  file: string;
  metadata: AppMetadata;
  inputs: InputIR[];
  subscriptions: SubscriptionIR[];
  schedules: ScheduleIR[];
  methods: FunctionIR[];
  /** Top-level field declarations (`@Field def x = ...`) and script variables. */
  fields: VarDecl[];
  /**
   * Other top-level statements (rare: a stray call, an `if`, a loop). Kept for the static analyses
   * (the write bound sees what they could do); the simulated platform does not run them.
   */
  topLevel: Statement[];
  /**
   * The `preferences` block and the pages declared at the top level, as written. Lowering runs them
   * for the inputs; the model runs them again with each instance's settings, as a person configuring
   * the app does, for the state the pages leave (model/environment.ts `configuredPages`).
   */
  preferences: Statement[];
  mappings: MappingIR[];
  /**
   * Inputs written in the source that the preferences run never reached (a branch not taken with
   * the default values): unset settings, which read as null at run time as in SmartThings.
   */
  unboundInputs: string[];
  /**
   * The stores (`state`, `atomicState`) some code uses as a whole: iterates, prints, passes
   * around, asks whether a key is present (store-usage.ts). In the others a key holding null is
   * kept as a missing key.
   */
  storesReadWhole: StoreName[];
  /**
   * The classes the app imports one by one (`import java.security.MessageDigest`,
   * `import a.B as C`): the name its code uses and the class's full name. Such a name is a class,
   * as Groovy resolves it, not an unset setting.
   */
  importedClasses: ImportedClass[];
  warnings: LowerWarning[];
}

export interface ImportedClass {
  name: string;
  className: string;
}

/** What running an app's `preferences` code gives: its inputs in declaration order. */
export type PreferencesResult =
  | { ok: true; inputs: InputIR[]; warnings: LowerWarning[] }
  | { ok: false; error: { line: number; column: number; detail: string; kind: ErrorKind } };

/**
 * Runs the `preferences` statements of an app whose methods and fields are already lowered.
 * Lowering needs the interpreter for this and takes it as a parameter, so `lower` never imports
 * `interp`: the implementation is interp/smartthings/preferences.ts, and pipeline/load.ts passes it in.
 */
export type PreferencesEvaluator = (app: AppIR, preferences: readonly Statement[]) => PreferencesResult;
