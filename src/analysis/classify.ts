// Classifies an app by the device capabilities it actuates (issues commands on) and the ones it
// only reads, and by whether it writes the location mode or the Smart Home Monitor's status: the
// basis of the automatic pair groups (src/pairs/auto.ts) and physical-medium warnings
// (src/conflicts/physical.ts). Static and approximate, on the IR's method ASTs:
// - An expression denotes device inputs when it is an input name (`lock1`, `settings.lock1`,
//   `settings["lock1"]`; a computed `settings["locks_$n"]` denotes every device input), an element or filtered part of one (`switches[0]`, `switches.find {..}`),
//   a list, ternary, elvis, cast or `+` of such, or a local name bound to one. Bindings are
//   flow-insensitive per method: every `def x = e`, `x = e`, `for (x in e)`, closure parameter of
//   `e.each { x -> }` (or `it`), and parameter of a helper method called with a device argument
//   (`turnOff(switches)`) adds e's inputs to x for the whole method, iterated to a fixpoint; a call
//   of a helper that returns devices (`onSwitches1()*.on()`, via `return e` or its last
//   expression) denotes them. A name
//   bound to inputs of several capabilities is harmless: a command only counts for a capability
//   that has it.
// - A call `e.cmd(..)` (also `e?.cmd()`, `e*.cmd()`) actuates the capability of each input e denotes
//   whose capability table entry has the command `cmd`; a dynamic `e."$cmd"(..)` actuates each of
//   them that has any command.
// - Not resolved: devices reached through events (`evt.device.on()`), through computed
//   collections (`authorizedDevices()[type].find {..}`), or through maps and state; capabilities
//   missing from the table (their commands are unknown) are never actuated.
import type { AppIR } from '../ir/ir.js';
import { attributeNames, capabilityOf } from '../devices/capabilities.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { commandWrites, deviceInputs } from './commands.js';
import { alarmStatusSent } from './write-bound.js';
import { parameterFor } from '../parser/params.js';
import { ELEMENT_ITERATIONS } from './iteration.js';

export interface AppClassification {
  /** The app's file name, as the reference lists name it (`enhanced-auto-lock-door.groovy`). */
  app: string;
  /** Capabilities the app issues commands on, sorted. */
  actuates: string[];
  /** Capabilities the app subscribes to or reads attributes of but never actuates, sorted. */
  readsOnly: string[];
  /** `setLocationMode(..)`, `location.setMode(..)` or `location.mode = ..` somewhere in its methods. */
  writesLocationMode: boolean;
  /** A `sendLocationEvent` that may set the Smart Home Monitor's status (write-bound.ts, `alarmStatusSent`). */
  writesAlarmSystemStatus: boolean;
}

/** Local name → the inputs it may denote, per method. */
type Bindings = Map<string, Set<string>>;
/** The binding that holds what a method returns (not a Groovy identifier, so it never collides). */
const RETURNED = '<returned>';
const ANY_SETTING = Symbol('any setting');

/** Collection methods whose result is (part of) the receiver's devices. */
const SAME_DEVICES = new Set(['find', 'findAll', 'grep', 'sort', 'first', 'last', 'unique', 'reverse', 'asList', 'toList', 'flatten', 'minus', 'plus', 'getAt', 'take', 'drop']);
/** Device methods that read attribute values. */
const READ_METHODS = new Set(['currentValue', 'latestValue', 'currentState', 'latestState', 'statesSince', 'eventsSince', 'statesBetween', 'eventsBetween', 'events']);

const isSettings = (e: ast.Expression): boolean => e.kind === 'Identifier' && e.name === 'settings';

/**
 * A setting read: `settings.x` / `settings["x"]` give the name x; a computed one
 * (`settings["locks_$n"]`, `settings[type + "_1"]`) gives ANY_SETTING; anything else null.
 */
function settingsName(e: ast.Expression): string | typeof ANY_SETTING | null {
  if (e.kind === 'PropertyAccess' && isSettings(e.object)) {
    return typeof e.property === 'string' ? e.property : e.property.kind === 'StringLiteral' ? e.property.value : ANY_SETTING;
  }
  if (e.kind === 'Index' && isSettings(e.object)) return e.index.kind === 'StringLiteral' ? e.index.value : ANY_SETTING;
  return null;
}

/** The expressions whose value a statement ends with: its last expression statement, through blocks and `if`s. */
function lastExpressions(stmt: ast.Statement | undefined): ast.Expression[] {
  if (stmt?.kind === 'ExpressionStatement') return [stmt.expression];
  if (stmt?.kind === 'Block') return lastExpressions(stmt.body.at(-1));
  if (stmt?.kind === 'If') return [...lastExpressions(stmt.consequent), ...lastExpressions(stmt.alternate)];
  return [];
}

class DeviceResolver {
  /** Bindings per method; a helper's parameters are bound from its call sites. */
  readonly bindings = new Map<ast.MethodDecl, Bindings>();
  private changed = false;

  constructor(
    private readonly app: AppIR,
    /** Device input name → capability. */
    readonly inputs: ReadonlyMap<string, string>,
  ) {
    for (const m of app.methods) this.bindings.set(m.decl, new Map());
  }

  /** The inputs `e` may denote in `method`. */
  resolve(e: ast.Expression, method: ast.MethodDecl): Set<string> {
    const named = settingsName(e);
    if (named === ANY_SETTING) return new Set(this.inputs.keys());
    if (named !== null) return new Set(this.inputs.has(named) ? [named] : []);
    switch (e.kind) {
      case 'Identifier': {
        const bound = new Set(this.bindings.get(method)?.get(e.name));
        return this.inputs.has(e.name) ? bound.add(e.name) : bound;
      }
      case 'Index':
        return this.resolve(e.object, method);
      case 'MethodCall':
        if (typeof e.method !== 'string') return new Set();
        if (e.receiver === null || e.receiver.kind === 'ThisExpr') return this.returnedBy(e.method);
        return SAME_DEVICES.has(e.method) ? this.resolve(e.receiver, method) : new Set();
      case 'Cast':
        return this.resolve(e.expression, method);
      case 'Spread':
        return this.resolve(e.argument, method);
      case 'Elvis':
        return this.union([e.left, e.right], method);
      case 'Ternary':
        return this.union([e.consequent, e.alternate], method);
      case 'ListLiteral':
        return this.union(e.elements, method);
      case 'Binary':
        return e.operator === '+' ? this.union([e.left, e.right], method) : new Set();
      default:
        return new Set();
    }
  }

  /** Binds local names, closure parameters and helper parameters until nothing changes. */
  bindAll(): void {
    do {
      this.changed = false;
      for (const { decl } of this.app.methods) walk(decl.body, (node) => this.bindNode(node, decl));
    } while (this.changed);
  }

  /** The inputs the app's methods named `name` may return. */
  private returnedBy(name: string): Set<string> {
    return new Set(this.app.methods.filter((m) => m.name === name).flatMap((m) => [...(this.bindings.get(m.decl)!.get(RETURNED) ?? [])]));
  }

  private union(es: readonly ast.Expression[], method: ast.MethodDecl): Set<string> {
    return new Set(es.flatMap((x) => [...this.resolve(x, method)]));
  }

  private bindNode(node: ast.Node, method: ast.MethodDecl): void {
    if (node.kind === 'Return' && node.argument) this.bind(method, RETURNED, this.resolve(node.argument, method));
    else if (node.kind === 'Block' && node === method.body) this.bindImplicitReturn(node, method);
    else if (node.kind === 'VarDeclarator' && node.init) this.bind(method, node.name, this.resolve(node.init, method));
    else if (node.kind === 'Assign' && node.operator === '=' && node.target.kind === 'Identifier') this.bind(method, node.target.name, this.resolve(node.value, method));
    else if (node.kind === 'ForIn') this.bind(method, node.variable, this.resolve(node.iterable, method));
    else if (node.kind === 'MethodCall') this.bindCall(node, method);
  }

  /** Groovy returns the value of a method's last expression statement (in either branch of a last `if`). */
  private bindImplicitReturn(body: ast.Block, method: ast.MethodDecl): void {
    for (const e of lastExpressions(body)) this.bind(method, RETURNED, this.resolve(e, method));
  }

  private bindCall(call: ast.MethodCall, method: ast.MethodDecl): void {
    if (typeof call.method !== 'string') return;
    if (call.receiver && ELEMENT_ITERATIONS.has(call.method)) {
      const devices = this.resolve(call.receiver, method);
      for (const closure of call.args) {
        if (closure.kind === 'Closure') this.bind(method, closure.params === null ? 'it' : closure.params[0]?.name, devices);
      }
    } else if (call.receiver === null || call.receiver.kind === 'ThisExpr') {
      const name = call.method;
      for (const callee of this.app.methods.filter((m) => m.name === name)) {
        call.args.forEach((arg, i) => this.bind(callee.decl, parameterFor(callee.decl.params, i)?.name, this.resolve(arg, method)));
      }
    }
  }

  private bind(method: ast.MethodDecl, name: string | undefined, devices: ReadonlySet<string>): void {
    if (name === undefined || devices.size === 0) return;
    const scope = this.bindings.get(method)!;
    const bound = scope.get(name) ?? new Set<string>();
    const before = bound.size;
    for (const d of devices) bound.add(d);
    scope.set(name, bound);
    if (bound.size > before) this.changed = true;
  }
}

/** The capabilities `call` actuates: those of its receiver's inputs that have the command. */
function actuatedBy(call: ast.MethodCall, method: ast.MethodDecl, resolver: DeviceResolver): string[] {
  if (!call.receiver) return [];
  const capabilities = [...resolver.resolve(call.receiver, method)].map((input) => resolver.inputs.get(input)!);
  return capabilities.filter((capability) => {
    const commands = commandWrites(capability);
    return typeof call.method === 'string' ? commands.has(call.method) : commands.size > 0;
  });
}

/** An attribute read: `e.currentValue("x")`, `e.latestValue(..)`, `e.currentSwitch`, `e.switchState`, `e.switch`. */
function readsAttribute(node: ast.Node, capability: string): boolean {
  if (node.kind === 'MethodCall') return typeof node.method === 'string' && READ_METHODS.has(node.method);
  if (node.kind !== 'PropertyAccess' || typeof node.property !== 'string') return false;
  const property = node.property;
  const spec = capabilityOf(capability);
  return /^(current|latest)[A-Z]/.test(property) || /State$/.test(property) || (spec !== undefined && attributeNames(spec).includes(property));
}

function readCapabilities(node: ast.Node, method: ast.MethodDecl, resolver: DeviceResolver): string[] {
  const target = node.kind === 'MethodCall' ? node.receiver : node.kind === 'PropertyAccess' ? node.object : null;
  if (!target) return [];
  const capabilities = [...resolver.resolve(target, method)].map((input) => resolver.inputs.get(input)!);
  return capabilities.filter((capability) => readsAttribute(node, capability));
}

function isLocation(e: ast.Expression | null): boolean {
  return e !== null && e.kind === 'Identifier' && e.name === 'location';
}

function writesLocationMode(node: ast.Node): boolean {
  if (node.kind === 'MethodCall') {
    if (node.method === 'setLocationMode') return node.receiver === null || node.receiver.kind === 'ThisExpr' || isLocation(node.receiver);
    return node.method === 'setMode' && isLocation(node.receiver);
  }
  return node.kind === 'Assign' && node.target.kind === 'PropertyAccess' && node.target.property === 'mode' && isLocation(node.target.object);
}

export function classifyApp(app: AppIR): AppClassification {
  const resolver = new DeviceResolver(app, deviceInputs(app));
  resolver.bindAll();
  const actuates = new Set<string>();
  const reads = new Set<string>();
  let modeWriter = false;
  let monitorWriter = false;
  for (const s of app.subscriptions) {
    const capability = s.source.kind === 'input' ? resolver.inputs.get(s.source.input) : undefined;
    if (capability !== undefined) reads.add(capability);
  }
  for (const { decl } of app.methods) {
    walk(decl.body, (node) => {
      if (node.kind === 'MethodCall') for (const c of actuatedBy(node, decl, resolver)) actuates.add(c);
      for (const c of readCapabilities(node, decl, resolver)) reads.add(c);
      modeWriter ||= writesLocationMode(node);
      monitorWriter ||= node.kind === 'MethodCall' && alarmStatusSent(node) !== undefined;
    });
  }
  return {
    app: app.file.replace(/^.*[\\/]/, ''),
    actuates: [...actuates].sort(),
    readsOnly: [...reads].filter((c) => !actuates.has(c)).sort(),
    writesLocationMode: modeWriter,
    writesAlarmSystemStatus: monitorWriter,
  };
}
