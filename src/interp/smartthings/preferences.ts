// Finds an app's inputs by running its `preferences` block the way SmartThings (and the
// reference's Extractor, §2.3) does: the DSL functions are stubs that record inputs and run their
// closures; `page(name: "p")` without a closure runs the app's method `p()`; code inside dynamic
// pages runs with the inputs seen so far bound to their default values. Pages reached through
// `href(page: ...)` or `nextPage:` are visited too, as a user configuring the app would; an `href`
// with `params` opens its page with those params bound, as the platform does when the link is
// tapped, so the inputs such a page names from them (`"onoff_${params.sceneId}"`) are the app's.
// Run again with an app's own settings, the pages give the state they store (`configuredState`).
import { capabilityOf, initialValues } from '../../devices/capabilities.js';
import { ALARM_SYSTEM_STATUS } from '../../devices/smartapp-api.js';
import type { AppIR, InputIR, LowerWarning, PreferencesResult } from '../../ir/ir.js';
import type { Statement } from '../../parser/ast.js';
import type { BuiltinFunction, RuntimeContext } from '../context.js';
import { createDevice } from '../devices.js';
import { InterpError } from '../errors.js';
import type { AppHandle, Host } from '../host.js';
import type { AppSnapshot } from '../app-state.js';
import { AppInstance } from '../instance.js';
import { defaultBinding } from '../input-bindings.js';
import { toStr } from '../operators.js';
import { NOW_MS, REFERENCE_SUN_TIMES } from '../time.js';
import { smartThings } from './platform.js';
import { GClosure, type GMap, type Value } from '../values.js';
import { GroovyMap } from '../groovy-map.js';

/** A page to visit: its name and the params of the link that opens it (null: opened without). */
interface PageVisit {
  name: string;
  params: GMap | null;
  /** Which opening with params of the page this is (0 for the first), when it has params. */
  opening?: number;
}

/** What the DSL run records. */
interface PreferencesRun {
  inputs: InputIR[];
  page: string | undefined;
  section: string | undefined;
  /** The opening with params of the page being run, if it was opened with params. */
  opening: number | undefined;
  /** Pages visited without params, by name. */
  visitedPages: Set<string>;
  /** Pages visited or queued with params, by name: the params' texts. */
  paramsVisits: Map<string, Set<string>>;
  pendingPages: PageVisit[];
  /** The app method that renders a page, by page name, where it is not the page's name (`page(name: "auth", content: "authPage")`). */
  pageMethods: Map<string, string>;
  /**
   * A child app's (its definition names a parent): its pages are opened from its parent, whose
   * answers the model does not know (`parent.STColors().name`), so a page of it that fails is a
   * warning, as a page reached by a link is, not the app's end.
   */
  childApp: boolean;
  /** Pages that failed and cost the inputs they would declare. */
  warnings: LowerWarning[];
  /**
   * The value a person gave an input (`configuredState`), undefined for one they were never shown;
   * without it, inputs hold the Extractor's values (`preferencesValue`).
   */
  setting?: (name: string) => Value | undefined;
}

/**
 * How many different params one page is opened with at most: a page linking to itself with new
 * params (`params: [n: params.n + 1]`) stops there. Apps open a page per scene, per device or per
 * rule of a short list.
 */
const MAX_PARAMS_VISITS_PER_PAGE = 16;

function str(v: Value | undefined): string | undefined {
  return v === null || v === undefined ? undefined : toStr(v);
}

function closureOf(args: Value[]): GClosure | null {
  const last = args[args.length - 1];
  return last instanceof GClosure ? last : null;
}

function runClosure(c: GClosure | null): void {
  c?.invoke([]);
}

/**
 * Capability of an input type: `capability.lock` → `lock`, `device.aeonKeyFob` → `aeonKeyFob`; a
 * legacy spelling of a modelled capability (`capability.Switch`) gets the table's name.
 */
function capabilityOfType(type: string): string | undefined {
  const m = /^(capability|device)\.(.+)$/.exec(type);
  return m ? (capabilityOf(m[2])?.name ?? m[2]) : undefined;
}

function optionsOf(named: GMap): unknown[] | undefined {
  const options = named.get('options') ?? (named.get('metadata') instanceof Map ? (named.get('metadata') as GMap).get('values') : undefined);
  if (Array.isArray(options)) return options;
  if (options instanceof Map) return [...options.keys()];
  return undefined;
}

/** The value the Extractor binds while preferences run: a device of the capability, or the constant. */
function preferencesValue(input: InputIR): Value {
  const binding = defaultBinding(input);
  if (binding.kind === 'value') return binding.value;
  const device = createDevice(binding.capability);
  return input.multiple ? [device] : device;
}

function inputStub(run: PreferencesRun): BuiltinFunction {
  return (ctx, args, named) => {
    const n: GMap = named ?? (args[0] instanceof Map ? args[0] : new GroovyMap());
    const positional = args.filter((a) => typeof a === 'string');
    const name = str(n.get('name')) ?? positional[0];
    const type = str(n.get('type')) ?? positional[1] ?? 'text';
    if (name === undefined) return null;
    if (!run.inputs.some((i) => i.name === name)) {
      const input: InputIR = {
        name,
        type,
        capability: capabilityOfType(type),
        multiple: n.get('multiple') === true,
        required: n.has('required') ? n.get('required') === true : true,
        title: str(n.get('title')),
        options: optionsOf(n),
        defaultValue: n.get('defaultValue') ?? undefined,
        range: str(n.get('range')),
        page: run.page,
        section: run.section,
        ...(run.opening === undefined ? {} : { pageOpening: run.opening }),
        location: { file: ctx.app.file, line: ctx.callSite?.line ?? 0, column: ctx.callSite?.column ?? 0 },
      };
      run.inputs.push(input);
      const value = run.setting?.(name);
      ctx.bindInput(name, value === undefined ? preferencesValue(input) : value);
    }
    runClosure(closureOf(args));
    return null;
  };
}

function pageName(args: Value[], named: GMap | null): string | undefined {
  return str(named?.get('name')) ?? (typeof args[0] === 'string' ? args[0] : undefined);
}

/** The app method that renders a page: the one its `content:` names, else the one of its name. */
function pageMethod(run: PreferencesRun, name: string): string {
  return run.pageMethods.get(name) ?? name;
}

function queuePage(run: PreferencesRun, ctx: RuntimeContext, name: string | undefined): void {
  if (name && ctx.hasMethod(pageMethod(run, name)) && !run.visitedPages.has(name)) run.pendingPages.push({ name, params: null });
}

/** Queues a page opened with params, once per distinct params and at most MAX_PARAMS_VISITS_PER_PAGE times. */
function queuePageWithParams(run: PreferencesRun, ctx: RuntimeContext, name: string | undefined, params: GMap): void {
  if (!name || !ctx.hasMethod(pageMethod(run, name))) return;
  const seen = run.paramsVisits.get(name) ?? new Set<string>();
  const key = toStr(params);
  if (seen.has(key) || seen.size >= MAX_PARAMS_VISITS_PER_PAGE) return;
  seen.add(key);
  run.paramsVisits.set(name, seen);
  run.pendingPages.push({ name, params, opening: seen.size - 1 });
}

/** Runs a page: its closure, or the app method that renders it (pageMethod) with the params it is opened with. */
function visitPage(run: PreferencesRun, ctx: RuntimeContext, name: string | undefined, body: GClosure | null, params: GMap | null = null): void {
  if (name && params === null) run.visitedPages.add(name);
  const [outerPage, outerSection] = [run.page, run.section];
  run.page = name ?? outerPage;
  try {
    if (body) runClosure(body);
    // A page method taking `params` opened without them (declared, or reached by `nextPage`) gets an empty map.
    else if (name && ctx.hasMethod(pageMethod(run, name))) ctx.app.invoke(pageMethod(run, name), [params ?? new GroovyMap()]);
  } finally {
    [run.page, run.section] = [outerPage, outerSection];
  }
}

/** Records a page's failure as a warning (once per message); anything but the app's own error is rethrown. */
function pageFailed(run: PreferencesRun, file: string, page: string | undefined, e: unknown): void {
  if (!(e instanceof InterpError)) throw e;
  const message = page === undefined ? `preferences: ${e.detail}` : `page ${page}: ${e.detail}`;
  if (!run.warnings.some((w) => w.message === message)) run.warnings.push({ message, location: { file, line: e.at?.line ?? 0, column: e.at?.column ?? 0 } });
}

/** Runs `body`, a page or a `preferences` statement: for a child app a failure is a warning (PreferencesRun.childApp). */
function asChildPage(run: PreferencesRun, file: string, page: string | undefined, body: () => void): void {
  if (!run.childApp) return body();
  try {
    body();
  } catch (e) {
    pageFailed(run, file, page, e);
  }
}

function pageStub(run: PreferencesRun): BuiltinFunction {
  return (ctx, args, named) => {
    const name = pageName(args, named);
    // SmartThings renders a page declared with `content: "method"` by calling that method.
    const content = str(named?.get('content'));
    if (name && content && !run.pageMethods.has(name)) run.pageMethods.set(name, content);
    queuePage(run, ctx, str(named?.get('nextPage')));
    const body = closureOf(args);
    if (!body && name && run.visitedPages.has(name)) return null;
    // `preferences { page name: "a"; page name: "b" }` declares pages; SmartThings renders the
    // first and the rest when the user navigates to them, so they are visited afterwards.
    if (!body && run.page === undefined && run.visitedPages.size > 0) {
      queuePage(run, ctx, name);
      return null;
    }
    asChildPage(run, ctx.app.file, name, () => visitPage(run, ctx, name, body));
    return null;
  };
}

function sectionStub(run: PreferencesRun): BuiltinFunction {
  return (_ctx, args, named) => {
    const outer = run.section;
    run.section = str(named?.get('title')) ?? (typeof args[0] === 'string' ? args[0] : undefined);
    runClosure(closureOf(args));
    run.section = outer;
    return null;
  };
}

function hrefStub(run: PreferencesRun): BuiltinFunction {
  return (ctx, args, named) => {
    const page = str(named?.get('page')) ?? (typeof args[0] === 'string' ? args[0] : undefined);
    const params = named?.get('params');
    if (params instanceof Map) queuePageWithParams(run, ctx, page, params);
    else queuePage(run, ctx, page);
    return null;
  };
}

/**
 * Whether a queued visit is still to be made: a page opened without params once; a page the app
 * opens only through links with params is not also opened bare (it would read its params as null,
 * which the platform never does).
 */
function stillToVisit(run: PreferencesRun, visit: PageVisit): boolean {
  if (visit.params !== null) return true;
  return !run.visitedPages.has(visit.name) && !run.paramsVisits.has(visit.name);
}

const noop: BuiltinFunction = () => null;

function dslBuiltins(run: PreferencesRun): Record<string, BuiltinFunction> {
  const runBody: BuiltinFunction = (_ctx, args) => {
    runClosure(closureOf(args));
    return null;
  };
  return {
    preferences: runBody,
    page: pageStub(run),
    dynamicPage: pageStub(run),
    section: sectionStub(run),
    input: inputStub(run),
    // Inputs shown only when the named setting is set or unset: inputs all the same.
    ifSet: inputStub(run),
    ifUnset: inputStub(run),
    href: hrefStub(run),
    paragraph: noop,
    label: noop,
    mode: noop,
    icon: noop,
    image: noop,
    app: noop,
    remove: noop,
    text: noop,
    buttons: noop,
  };
}

/** The world of a preferences run: devices show their init = true values; nothing has effects. */
function preferencesHost(): Host {
  const none = () => undefined;
  return {
    now: () => NOW_MS,
    sunTimes: () => REFERENCE_SUN_TIMES,
    inputValue: () => null,
    readAttribute: (_app: AppHandle, device, attribute) => {
      const spec = capabilityOf(device.capabilities[0] ?? '');
      return spec ? (initialValues(spec, true).get(attribute) ?? null) : null;
    },
    deviceCommand: () => null,
    locationMode: () => 'home',
    locationModes: () => ['home', 'away', 'night'],
    setLocationMode: none,
    alarmSystemStatus: () => ALARM_SYSTEM_STATUS.initial,
    sendLocationEvent: none,
    subscribe: none,
    unsubscribe: none,
    schedule: none,
    unschedule: none,
    message: none,
    webResponse: none,
    webCallback: none,
    endpointRequest: none,
    recordAccess: none,
  };
}

/**
 * Runs the `preferences` statements of an app (whose methods and fields are already lowered) and
 * returns its inputs in declaration order. Throws the interpreter's positioned errors.
 */
function runPreferences(ir: AppIR, preferences: readonly Statement[]): { inputs: InputIR[]; warnings: LowerWarning[] } {
  const run = newRun(ir);
  runPages(ir, preferences, run, preferencesInstance(ir, run));
  return { inputs: run.inputs, warnings: run.warnings };
}

function newRun(ir: AppIR, setting?: PreferencesRun['setting']): PreferencesRun {
  const childApp = ir.metadata.parent !== undefined;
  return { inputs: [], page: undefined, section: undefined, opening: undefined, visitedPages: new Set(), paramsVisits: new Map(), pendingPages: [], pageMethods: new Map(), setting, childApp, warnings: [] };
}

/** An instance of the app whose DSL functions record into `run`, in a world where nothing has effects. */
function preferencesInstance(ir: AppIR, run: PreferencesRun): AppInstance {
  const app = new AppInstance(ir, preferencesHost(), { id: 'Preferences', platform: smartThings, builtins: dslBuiltins(run) });
  app.load();
  return app;
}

/**
 * Runs the `preferences` statements, then every page they and their links lead to; a page that
 * fails is a warning (`run.warnings`). Throws the interpreter's positioned errors of the statements
 * themselves, but for a child app's.
 */
function runPages(ir: AppIR, preferences: readonly Statement[], run: PreferencesRun, app: AppInstance): void {
  for (const stmt of preferences) asChildPage(run, ir.file, undefined, () => app.runTopLevel(stmt));
  const ctx: RuntimeContext = app;
  while (run.pendingPages.length) {
    const visit = run.pendingPages.shift()!;
    // A declared page waits for the links with params still to follow, which may open it with them.
    if (visit.params === null && run.pendingPages.some((v) => v.params !== null)) {
      run.pendingPages.push(visit);
      continue;
    }
    if (!stillToVisit(run, visit)) continue;
    try {
      run.opening = visit.opening;
      visitPage(run, ctx, visit.name, null, visit.params);
    } catch (e) {
      // A page only reachable through href may expect state set after installation (a history
      // page): its failure costs the inputs it would declare, not the whole app.
      pageFailed(run, ir.file, visit.name, e);
    }
  }
}

/** The stores a person configuring an app leaves behind (`configuredState`). */
export type ConfiguredState = Pick<AppSnapshot, 'state' | 'atomicState'>;

/**
 * The `state` and `atomicState` an app's pages leave when a person configures it with these
 * settings: on SmartThings a page is code of the installed app, and what it stores (the PIN a
 * person entered, the bridges a service manager discovered) is there when `installed()` runs. The
 * pages run as for the inputs, with the given settings and nothing having effects; an error ends
 * the run with what was stored before it, as a page that fails leaves the person's earlier pages.
 */
export function configuredState(ir: AppIR, setting: (name: string) => Value | undefined): ConfiguredState {
  const run = newRun(ir, setting);
  const app = preferencesInstance(ir, run);
  try {
    runPages(ir, ir.preferences, run, app);
  } catch (e) {
    if (!(e instanceof InterpError)) throw e;
  }
  return app.snapshot();
}

/**
 * The PreferencesEvaluator lowering takes: an error the preferences code raises becomes a
 * positioned failure of its kind (a Groovy exception is the app's error, not an unsupported
 * construct).
 */
export function evaluatePreferences(ir: AppIR, preferences: readonly Statement[]): PreferencesResult {
  try {
    return { ok: true, ...runPreferences(ir, preferences) };
  } catch (e) {
    if (!(e instanceof InterpError)) throw e;
    const at = e.at ?? { line: 1, column: 1 };
    return { ok: false, error: { line: at.line, column: at.column, detail: e.detail, kind: e.kind } };
  }
}
