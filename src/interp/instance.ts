// One running app: its IR, its explicit state (fields, state, atomicState, the settings it
// updated), its bound inputs, and the host it talks to. `invoke` runs a method to completion; it
// may be re-entered by the host (a command inside a handler delivering an event to this same app).
import { updatesSettings } from '../analysis/setting-updates.js';
import { hasName, holdsEvery, type PartNames } from '../analysis/state-slots.js';
import type { AppIR, AppMetadata, FunctionIR, StoreName } from '../ir/ir.js';
import { appStoreLocation, childDevicesLocation, settingLocation, WHOLE_STORE, type AccessKind, type AppStore } from './access.js';
import {
  canonicalAppState,
  canonicalValue,
  deepCopy,
  emptyAppState,
  restoreAppState,
  sameAppState,
  snapshotAppState,
  type AppSnapshot,
  type AppState,
} from './app-state.js';
import { Budget, type BuiltinFunction, type Platform } from './context.js';
import { BudgetError, UnsupportedError, type ErrorPosition } from './errors.js';
import { checkShape } from './limits.js';
import type { AppHandle, Host } from './host.js';
import type { AppCore } from './frame.js';
import { callFunction, initFields, runTopLevel } from './interpreter.js';
import { toStr } from './operators.js';
import { tagContainer, type Owner } from './ownership.js';
import { asSavedJson, jsonCopy } from './java/json.js';
import { BuiltinObject, GDate, isNumber, PlatformRecord, TrackedMap, type GMap, type Value } from './values.js';
import type { Node, Statement } from '../parser/ast.js';

export interface InstanceOptions {
  /** `App1`, `App2`: prefixes the app's access locations. */
  id: string;
  /** The platform the app runs on: SmartThings (smartthings/platform.ts), or an event program's. */
  platform: Platform;
  /** Shared by every instance of one world, so nested cascades are bounded together. */
  budget?: Budget;
  /** Extra built-in functions (the preferences DSL during lowering). */
  builtins?: Readonly<Record<string, BuiltinFunction>>;
  /**
   * The parts of the app's state that can matter (analysis/relevance.ts `liveParts`). A field or
   * store key outside them is left out of the canonical state and of the recorded accesses.
   * Default: every part matters.
   */
  reads?: PartNames;
  /**
   * The parts the app's code may read before writing them (analysis/state-reads.ts), a superset of
   * `reads`: those a stored state must keep as its own run had them (`readState`). Default: `reads`.
   */
  readBeforeWrite?: PartNames;
}

export class AppInstance implements AppHandle, AppCore {
  readonly id: string;
  readonly file: string;
  readonly budget: Budget;
  readonly builtins: Readonly<Record<string, BuiltinFunction>>;
  readonly platform: Platform;
  readonly functions = new Map<string, FunctionIR[]>();
  readonly getters = new Map<string, FunctionIR>();
  readonly importedClasses: ReadonlyMap<string, string>;
  /** The user's values of the inputs (constant: the app's updates are in `data.updatedSettings`). */
  readonly inputs = new Map<string, Value>();
  /** The `settings` map apps see: the inputs with the app's updates applied (kept in step by `applySetting`). */
  private readonly settings: GMap = new Map();
  readonly self = new BuiltinObject('this');
  readonly state: TrackedMap;
  readonly atomicState: TrackedMap;
  callSite: ErrorPosition | null = null;
  readSite: Node | null = null;
  /** The method the host invoked last: where an error found later in the app state is reported. */
  private lastInvoked: string | null = null;
  /** How many of the app's executions are in progress (an event it causes may run another inside its own). */
  private executions = 0;
  private readonly data: AppState = emptyAppState();
  /** The stores this app only uses key by key (it cannot see nulls or the order of keys there). */
  private readonly keyedStores: readonly StoreName[];
  /** Whether the app's code may read a field or store key before writing it (`InstanceOptions.readBeforeWrite`). */
  private readonly isRead: (part: AppStore, key: string) => boolean;
  /** Whether every part the app may read is in its canonical state: then `readState` is `canonicalState`. */
  readonly keyHoldsEveryRead: boolean;
  /** Whether a field or store key can influence the app (see `InstanceOptions.reads`). */
  readonly isLive: (part: AppStore, key: string) => boolean;
  /**
   * Whether the app's code updates its settings (analysis/setting-updates.ts): only then is a
   * setting part of the state whose reads the model checker must see.
   */
  private readonly updatesSettings: boolean;
  private readonly inputTypes: ReadonlyMap<string, string>;
  /** Inputs the preferences run never reached: null, and absent from the `settings` map, as unset settings are. */
  private readonly unsetInputs: ReadonlySet<string>;

  constructor(
    readonly ir: AppIR,
    readonly host: Host,
    options: InstanceOptions,
  ) {
    this.id = options.id;
    this.file = ir.file;
    this.budget = options.budget ?? new Budget();
    this.platform = options.platform;
    const functions = options.platform.functions;
    this.builtins = options.builtins ? { ...functions, ...options.builtins } : functions;
    this.state = new TrackedMap(this.data.state, 'state');
    this.atomicState = new TrackedMap(this.data.atomicState, 'atomicState');
    this.keyedStores = (['state', 'atomicState'] as const).filter((store) => !ir.storesReadWhole.includes(store));
    const { reads, readBeforeWrite } = options;
    this.isLive = reads === undefined ? () => true : (part, key) => hasName(reads, part, key);
    this.isRead = readBeforeWrite === undefined ? this.isLive : (part, key) => hasName(readBeforeWrite, part, key);
    this.keyHoldsEveryRead = readBeforeWrite === undefined || reads === undefined || holdsEvery(reads, readBeforeWrite);
    this.updatesSettings = updatesSettings(ir);
    this.inputTypes = new Map(ir.inputs.map((input) => [input.name, input.type]));
    this.unsetInputs = new Set(ir.unboundInputs);
    this.importedClasses = new Map(ir.importedClasses.map((c) => [c.name, c.className]));
    for (const fn of ir.methods) {
      const list = this.functions.get(fn.name);
      if (list) list.push(fn);
      else this.functions.set(fn.name, [fn]);
      if (fn.getterProperty && !this.getters.has(fn.getterProperty)) this.getters.set(fn.getterProperty, fn);
    }
  }

  get app(): AppHandle {
    return this;
  }

  wait(ms: number): void {
    this.budget.wait(ms);
  }

  get metadata(): AppMetadata {
    return this.ir.metadata;
  }

  /** The home's time, read through the host (which records the read where the time can change). */
  now(): number {
    return this.host.now(this);
  }

  /** Binds every input through the host, then runs the script's field initialisers. */
  load(): void {
    for (const input of this.ir.inputs) this.bindInput(input.name, this.host.inputValue(this, input));
    for (const name of this.unsetInputs) this.inputs.set(name, null);
    this.outermost(() => initFields(this, this.ir.fields));
  }

  /**
   * Starts the stores with what the app's pages stored while a person configured it
   * (smartthings/preferences.ts `configuredState`). Only data is kept: a page runs apart from the
   * home, so a device or platform object it stored is not one of this home's.
   */
  configure(stores: Pick<AppSnapshot, 'state' | 'atomicState'>): void {
    for (const [store, values] of [[this.state, stores.state], [this.atomicState, stores.atomicState]] as const) {
      for (const [key, value] of values) if (isData(value)) this.storePut(store, key, deepCopy(value));
    }
  }

  /** Runs `installed()` (what SmartThings does when the user installs the app). */
  install(): Value {
    return this.functions.has('installed') ? this.invoke('installed', []) : null;
  }

  invoke(method: string, args: Value[]): Value {
    this.lastInvoked = method;
    this.executions++;
    try {
      return this.outermost(() => this.budget.handlerRun(() => callFunction(this, method, this.fitArguments(method, args))));
    } finally {
      if (--this.executions === 0) this.saveState();
    }
  }

  /**
   * The end of the app's last execution in progress: SmartThings saves `state` as JSON, so a Date in
   * it reads back in later executions as the text JsonOutput writes ("2019-08-01T21:14:40+0000"),
   * a map's number keys as text, a set as a list. Only a value stored in this execution can hold
   * one, so the key was written already.
   */
  private saveState(): void {
    for (const [key, value] of this.data.state) {
      const saved = asSavedJson(value);
      if (saved !== value) this.data.state.set(key, saved);
    }
  }

  /** Runs a top-level statement of the script (used by lowering for `preferences`). */
  runTopLevel(stmt: Statement): Value {
    return this.outermost(() => runTopLevel(this, stmt));
  }

  snapshot(): AppSnapshot {
    return this.stateWalk(() => snapshotAppState(this.data));
  }

  restore(snapshot: AppSnapshot): void {
    // Restoring is on the checker's hot path: an app that updated no setting allocates nothing here.
    const updated = this.data.updatedSettings.size + snapshot.updatedSettings.size === 0 ? [] : [...this.data.updatedSettings.keys(), ...snapshot.updatedSettings.keys()];
    restoreAppState(this.data, snapshot);
    for (const name of updated) this.applySetting(name);
  }

  /** Whether the app state is `snapshot`'s, entry for entry (then its canonical string is the snapshot's). */
  isAt(snapshot: AppSnapshot): boolean {
    return sameAppState(this.data, snapshot);
  }

  /** Canonical string of the app state: equal for states no Groovy program can tell apart. */
  canonicalState(): string {
    return this.stateWalk(() => canonicalAppState(this.data, this.keyedStores, this.isLive));
  }

  /**
   * Canonical string of the parts of the app state its code may read: the canonical state with
   * the parts that can read but not matter (a logger's buffer) included.
   */
  readState(): string {
    return this.stateWalk(() => canonicalAppState(this.data, this.keyedStores, this.isRead));
  }

  /**
   * A walk over the whole app state, which a value made too large or cyclic after it was stored
   * (`state.m = m; m.self = m`) stops: its error is placed at the method that ran last.
   */
  private stateWalk<T>(walk: () => T): T {
    try {
      return walk();
    } catch (e) {
      if (!(e instanceof BudgetError) || e.at) throw e;
      const error = new BudgetError(`the app state after ${this.lastInvoked ?? 'loading'}(): ${e.what}`);
      const decl = this.lastInvoked === null ? undefined : this.functions.get(this.lastInvoked)?.[0]?.decl;
      throw error.locate({ file: this.file, line: decl?.range.start.line ?? 1, column: decl?.range.start.column ?? 1 });
    }
  }

  // --- RuntimeContext / AppCore -----------------------------------------------------------------

  hasMethod(name: string): boolean {
    return this.functions.has(name);
  }

  bindInput(name: string, value: Value): void {
    this.inputs.set(name, value);
    this.settings.set(name, value);
  }

  settingsMap(): GMap {
    if (this.updatesSettings) this.record('read', settingLocation(this.id, WHOLE_STORE));
    return this.settings;
  }

  settingGet(name: string): Value {
    const owner = this.settingOwner(name);
    owner?.record('read', owner.location);
    if (!this.data.updatedSettings.has(name)) return this.inputs.get(name) ?? null;
    const v = this.data.updatedSettings.get(name) ?? null;
    if (owner) tagContainer(v, owner);
    return v;
  }

  /**
   * Keeps `value` as the setting's value. A value equal to the user's input is no update at all
   * (the two states cannot be told apart), and storing the value the setting holds already is a read.
   */
  updateSetting(name: string, value: Value): void {
    const owner = this.settingOwner(name);
    // Reads of settings are recorded only in apps whose code names updateSetting; an update by a
    // computed method name would change a setting whose reads nobody recorded.
    if (!owner) throw new UnsupportedError(`app.updateSetting("${name}") called by a computed method name`);
    checkShape(value);
    owner.record(sameState(this.settingGet(name), value) ? 'read' : 'write', owner.location);
    if (this.inputs.has(name) && sameState(this.inputs.get(name) ?? null, value)) this.data.updatedSettings.delete(name);
    else {
      tagContainer(value, owner);
      this.data.updatedSettings.set(name, value);
    }
    this.applySetting(name);
  }

  childDevices(): Value[] {
    this.record('read', childDevicesLocation(this.id));
    return [...this.data.childDevices.values()];
  }

  childDevice(networkId: string): Value {
    this.record('read', childDevicesLocation(this.id));
    return this.data.childDevices.get(networkId) ?? null;
  }

  keepChildDevice(networkId: string, device: Value): void {
    this.record('write', childDevicesLocation(this.id));
    this.data.childDevices.set(networkId, device);
  }

  forgetChildDevice(networkId: string): void {
    this.record(this.data.childDevices.delete(networkId) ? 'write' : 'read', childDevicesLocation(this.id));
  }

  inputType(name: string): string | null {
    return this.inputTypes.get(name) ?? null;
  }

  hasField(name: string): boolean {
    return this.data.fields.has(name);
  }

  fieldGet(name: string): Value {
    const owner = this.owner('field', name);
    owner?.record('read', owner.location);
    const v = this.data.fields.get(name) ?? null;
    if (owner) tagContainer(v, owner);
    return v;
  }

  fieldPut(name: string, value: Value): void {
    checkShape(value);
    const owner = this.owner('field', name);
    owner?.record(writeKind(this.data.fields, name, value), owner.location);
    if (owner) tagContainer(value, owner);
    this.data.fields.set(name, value);
  }

  /**
   * A key of `state` is the value itself, changed in place where the app changes it; `atomicState`
   * reads from its store each time, as JSON, so a read is a copy and changing it changes nothing
   * stored (the platform's State guide: collections in Atomic State are read into a local
   * variable, changed, and assigned back).
   */
  storeGet(store: TrackedMap, key: Value): Value {
    const owner = this.owner(store.store, toStr(key));
    owner?.record('read', owner.location);
    const v = store.map.get(key) ?? null;
    if (store.store === 'atomicState') return jsonCopy(v);
    if (owner) tagContainer(v, owner);
    return v;
  }

  /** `atomicState` stores the JSON of the value at once: the app's later changes to it are not stored. */
  storePut(store: TrackedMap, key: Value, value: Value): void {
    if (value === null && this.nullIsMissing(store)) return this.storeRemove(store, key);
    checkShape(value);
    const stored = store.store === 'atomicState' ? jsonCopy(value) : value;
    const owner = this.owner(store.store, toStr(key));
    owner?.record(writeKind(store.map, key, stored), owner.location);
    if (owner) tagContainer(stored, owner);
    store.map.set(key, stored);
  }

  /** Removes `key`; removing a key that is not there changes nothing and is a read. */
  storeRemove(store: TrackedMap, key: Value): void {
    const owner = this.owner(store.store, toStr(key));
    owner?.record(store.map.has(key) ? 'write' : 'read', owner.location);
    store.map.delete(key);
  }

  /**
   * Whether this app cannot tell a key holding null from a missing key in `store` (it never uses
   * the store as a whole, lower/store-usage.ts): there a null is kept as a missing key, so that
   * storing null into a missing key leaves the state as it was.
   */
  private nullIsMissing(store: TrackedMap): boolean {
    return this.keyedStores.includes(store.store);
  }

  record(kind: AccessKind, location: string): void {
    this.host.recordAccess(this, { kind, location });
  }

  // --- helpers ----------------------------------------------------------------------------------

  /**
   * The owner of a field or store key: its location (a key named `*` escaped so it is not the
   * wildcard), recording accesses. A dead part has none: it is never compared, so its accesses
   * order nothing, and a container it holds is untagged. Containers are tagged when read from or
   * stored into a part, so one mutated while untagged was reached only through dead parts (or
   * through an alias also stored in a live part, which tags it when stored or read there).
   */
  private owner(part: AppStore, key: string): Owner | undefined {
    if (!this.isLive(part, key)) return undefined;
    const location = appStoreLocation(this.id, part, key === WHOLE_STORE ? '\\*' : key);
    return { location, record: (kind, loc) => this.record(kind, loc) };
  }

  /**
   * The owner of a setting in an app that updates its settings: its location, recording accesses.
   * Other apps have none: their settings never change, so reading them orders nothing.
   */
  private settingOwner(name: string): Owner | undefined {
    if (!this.updatesSettings) return undefined;
    const location = settingLocation(this.id, name === WHOLE_STORE ? '\\*' : name);
    return { location, record: (kind, loc) => this.record(kind, loc) };
  }

  /** Puts a setting's current value (the app's update, else the user's input) into the `settings` map. */
  private applySetting(name: string): void {
    if (this.data.updatedSettings.has(name)) this.settings.set(name, this.data.updatedSettings.get(name) ?? null);
    else if (this.inputs.has(name) && !this.unsetInputs.has(name)) this.settings.set(name, this.inputs.get(name) ?? null);
    else this.settings.delete(name);
  }

  /** The outermost invocation of a world starts a fresh step budget. */
  private outermost<T>(fn: () => T): T {
    if (this.budget.depth === 0) this.budget.steps = 0;
    return fn();
  }

  /** SmartThings passes the event to every handler; a handler declared without it ignores it. */
  private fitArguments(method: string, args: Value[]): Value[] {
    const fns = this.functions.get(method);
    if (!fns || fns.some((f) => f.decl.params.length >= args.length)) return args;
    return args.slice(0, Math.max(...fns.map((f) => f.decl.params.length)));
  }
}

/**
 * How to record storing `value` under `key`: a store that leaves the state as it was (the key held
 * an equal value already) is observationally a read of the location, not a write. Two such
 * transitions commute, and against a transition that really writes the location the read still
 * conflicts, so the model checker's independence stays exact while logger apps that re-store the
 * same setting on every event no longer make all their transitions dependent.
 */
function writeKind<K>(map: ReadonlyMap<K, Value>, key: K, value: Value): AccessKind {
  if (!map.has(key)) return 'write';
  return sameState(map.get(key) ?? null, value) ? 'read' : 'write';
}

/** Whether holding `b` instead of `a` leaves the app state as it was (equal canonical strings). */
function sameState(a: Value, b: Value): boolean {
  return a === b || canonicalValue(a) === canonicalValue(b);
}

/** Strings, numbers, booleans, dates and null, and lists and maps of them: what a page can store that means the same in any home. */
function isData(v: Value): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || isNumber(v) || v instanceof GDate) return true;
  if (Array.isArray(v)) return v.every(isData);
  if (v instanceof Map && !(v instanceof PlatformRecord)) return [...v].every(([k, x]) => isData(k) && isData(x));
  return false;
}
