// Where the values of an app's expressions may come from: which device attributes (read with
// `currentValue("power")`, `currentTemperature`, a handler's `evt.value`), whether a numeric
// setting, or something the analysis does not follow. Times and counts (`now()`,
// `new Date().time`, `timeToday(t)`, `list.size()`) come from no attribute. Used by the
// thresholds (thresholds.ts): a number compared against a value splits only the attributes that
// value may come from.
//
// Followed, to a fixpoint over the whole app (sources only grow): a method's local variables; the
// `state` and `atomicState` fields the app assigns by name, and what it stores under keys computed
// at run time (`state[evt.deviceId] = now()`), which any read of a store may give; conversions (`toInteger()`,
// `as Integer`), `?:`, a ternary's branches, arithmetic and the values a GString embeds; the
// arguments of the app's direct calls of its own methods into their parameters, and the values
// those methods return into the calls.
// Anything else is unknown: a value read by a computed name or index (but a store's), a store
// changed other than by storing under a key (`state.list << x`, `state.clear()`: every read of it,
// or of that field), the result of a method the app does not define, and the parameters of a method that is also
// reached another way than by a direct call (a timer, an endpoint, a method reference, a call by a
// computed name, a name in a string), except a subscribed handler's event.
import type { AppIR, InputIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { walkApp } from './app-roots.js';
import { READ_METHODS, subscriptionHandlers } from './attribute-reads.js';
import { storeReferenced } from './store-references.js';
import { parameterFor } from '../parser/params.js';
import { NUMBER_INPUT_TYPES } from '../devices/input-defaults.js';
import { constantString } from '../parser/literals.js';

const ARITHMETIC = new Set<ast.BinaryOperator>(['+', '-', '*', '/', '%', '**']);
/** Methods and properties that give their receiver's value in another type (or a State's value). */
const CONVERSIONS: ReadonlySet<string> = new Set([
  'toInteger', 'toDouble', 'toFloat', 'toLong', 'toBigDecimal', 'toBigInteger', 'intValue', 'doubleValue', 'floatValue', 'longValue',
  'round', 'abs', 'trim', 'toString', 'value', 'integerValue', 'numberValue', 'numericValue', 'stringValue',
]);
/** Static methods whose result is a value of their arguments. */
const NUMERIC_STATICS: ReadonlySet<string> = new Set(['parseInt', 'parseDouble', 'parseFloat', 'parseLong', 'valueOf', 'abs', 'round', 'max', 'min', 'floor', 'ceil']);
const NUMERIC_CLASSES: ReadonlySet<string> = new Set(['Integer', 'Double', 'Float', 'Long', 'Math', 'BigDecimal', 'Short']);
/** An event's properties that say when or where it happened, not the attribute's value. */
const EVENT_METADATA: ReadonlySet<string> = new Set([
  'date', 'dateValue', 'isoDate', 'name', 'displayName', 'descriptionText', 'description', 'unit', 'source', 'id', 'deviceId',
  'locationId', 'installedSmartAppId', 'isStateChange', 'physical', 'digital', 'device',
]);
/**
 * Calls whose result is a time or a count, never a device attribute's value: the clock and the
 * platform's time helpers (`timeToday(setting).time`), and a collection's or a text's size.
 */
const TIMES_AND_COUNTS: ReadonlySet<string> = new Set(['now', 'getTime', 'timeToday', 'timeTodayAfter', 'toDateTime', 'size', 'count', 'length']);
/**
 * Methods of a map or a list that read it and change nothing (a store's `state.containsKey(k)`),
 * called without a closure (which might change the elements it is given).
 */
const READING_METHODS: ReadonlySet<string> = new Set([
  'get', 'getAt', 'containsKey', 'containsValue', 'keySet', 'values', 'entrySet', 'size', 'isEmpty', 'contains', 'toString',
  'inspect', 'indexOf', 'first', 'last', 'join', 'sum', 'max', 'min',
]);
/** Classes whose new objects hold a time (`new Date()`), or the number their arguments give. */
const TIME_CLASSES: ReadonlySet<string> = new Set(['Date', 'java.util.Date', 'GregorianCalendar']);

/** Where a value may come from. */
export interface Sources {
  /** The numeric settings (input names) it may be. */
  settings: Set<string>;
  attributes: Set<string>;
  unknown: boolean;
}

const none = (): Sources => ({ settings: new Set(), attributes: new Set(), unknown: false });
const unknown = (): Sources => ({ ...none(), unknown: true });

/** Adds `from` to `into`; whether anything grew. */
export function union(into: Sources, from: Sources): boolean {
  const before = size(into);
  for (const a of from.attributes) into.attributes.add(a);
  for (const name of from.settings) into.settings.add(name);
  into.unknown ||= from.unknown;
  return size(into) !== before;
}

function copy(s: Sources): Sources {
  return { ...s, settings: new Set(s.settings), attributes: new Set(s.attributes) };
}

function size(s: Sources): number {
  return s.attributes.size + s.settings.size + (s.unknown ? 1 : 0);
}

/** Adds `value` to the sources kept under `name` (a local, a store field, a method's result); whether anything grew. */
function addTo(map: Map<string, Sources>, name: string, value: Sources): boolean {
  const known = map.get(name);
  if (known) return union(known, value);
  map.set(name, copy(value));
  return true;
}

export class ValueSources {
  readonly numberSettings: ReadonlySet<string>;
  private readonly otherSettings: ReadonlySet<string>;
  /** Per handler method: the attributes of the events it is subscribed to; missing: not known. */
  private readonly handlerAttributes = new Map<string, Set<string>>();
  /** The app's methods by name (several for overloads). */
  private readonly methods = new Map<string, ast.MethodDecl[]>();
  /** Methods reached another way than by a direct call: their parameters are unknown. */
  private readonly reachedOtherwise: ReadonlySet<string> | 'all';
  /** Methods the app calls directly by name somewhere. */
  private readonly called: ReadonlySet<string>;
  /** Per method: the expressions it may return (`returnedValues`). */
  private readonly returned = new Map<ast.MethodDecl, Array<ast.Expression | undefined>>();
  /** Per store field assigned by name (`state.last = ...`): where its values come from. */
  private readonly fields = new Map<string, Sources>();
  /**
   * Where the values stored under a key computed at run time come from (`state[key] = ...`,
   * `state.put(key, ...)`), and unknown where a store is changed another way (`state << m`): any
   * field may hold them.
   */
  private readonly computedKeys: Sources = none();
  /** Per method name: where the values it returns come from. */
  private readonly results = new Map<string, Sources>();
  private readonly locals = new Map<ast.MethodDecl, Map<string, Sources>>();

  constructor(private readonly ir: AppIR) {
    const isNumber = (i: InputIR) => NUMBER_INPUT_TYPES.has(i.type);
    this.numberSettings = new Set(ir.inputs.filter(isNumber).map((i) => i.name));
    this.otherSettings = new Set(ir.inputs.filter((i) => !isNumber(i) && i.capability === undefined).map((i) => i.name));
    const subscriptions = subscriptionHandlers(ir);
    // A handler named at run time may be any method: then no handler's event is known.
    if (subscriptions !== 'unknown' && [...subscriptions.values()].every((list) => list.every((s) => s.handler !== undefined))) {
      for (const [attribute, list] of subscriptions) for (const { handler } of list) this.handlerAttributes.set(handler!, (this.handlerAttributes.get(handler!) ?? new Set()).add(attribute));
    }
    for (const { decl } of ir.methods) {
      this.methods.set(decl.name, [...(this.methods.get(decl.name) ?? []), decl]);
      this.returned.set(decl, returnedValues(decl));
    }
    ({ called: this.called, reachedOtherwise: this.reachedOtherwise } = this.howMethodsAreReached());
    this.solve();
  }

  /** Where the value of `node`, an expression of method `decl`, may come from. */
  sourcesOf(node: ast.Expression, decl: ast.MethodDecl): Sources {
    switch (node.kind) {
      case 'Unary':
        return node.operator === '!' ? none() : this.sourcesOf(node.argument, decl);
      case 'NumberLiteral':
      case 'StringLiteral':
      case 'BooleanLiteral':
      case 'NullLiteral':
        return none();
      case 'GString':
        return this.all(node.values, decl); // `"${evt.value}".toInteger()` is the value's
      case 'Identifier':
        return this.identifier(node.name, decl);
      case 'Cast':
        return this.sourcesOf(node.expression, decl);
      case 'Elvis':
        return this.either(node.left, node.right, decl);
      case 'Ternary':
        return this.either(node.consequent, node.alternate, decl);
      case 'Binary':
        return ARITHMETIC.has(node.operator) ? this.either(node.left, node.right, decl) : none(); // else a comparison or a test: a boolean
      case 'PropertyAccess':
        return this.property(node, decl);
      case 'MethodCall':
        return this.call(node, decl);
      case 'Index':
        return storeReferenced(node.object) ? this.storeRead(constantString(node.index)) : unknown();
      case 'New':
        return TIME_CLASSES.has(node.type.name) ? none() : NUMERIC_CLASSES.has(node.type.name) ? this.all(node.args, decl) : unknown();
      default:
        return unknown();
    }
  }

  /**
   * The names of the app's methods it calls directly by name, and of those that something other
   * than a direct call by name may run: a name in a string (`runIn(60, "check")`), an endpoint's
   * action, a bare name or a method reference (`runIn(60, check)`, `this.&check`); `all` when the
   * app calls a method by a computed name. A subscription's handler argument is none of these: the
   * platform passes it its event.
   */
  private howMethodsAreReached(): { called: ReadonlySet<string>; reachedOtherwise: ReadonlySet<string> | 'all' } {
    const called = new Set<string>();
    const names = new Set<string>();
    let computed = false;
    const handlerArguments = new Set<ast.Node>();
    const visit = (node: ast.Node): void => {
      if (node.kind === 'MethodCall') {
        if (typeof node.method !== 'string' || node.method === 'invokeMethod') computed = true;
        else if (node.method === 'subscribe' && node.args.length >= 3) handlerArguments.add(node.args[2]);
        else if (this.isOwnCall(node)) called.add(node.method);
        return;
      }
      if (handlerArguments.has(node)) return;
      if (node.kind === 'StringLiteral' && this.methods.has(node.value)) names.add(node.value);
      if (node.kind === 'Identifier' && this.methods.has(node.name)) names.add(node.name);
      if (node.kind === 'MethodReference') names.add(node.method);
    };
    walkApp(this.ir, visit);
    for (const mapping of this.ir.mappings) for (const action of Object.values(mapping.actions)) names.add(action);
    return { called, reachedOtherwise: computed ? 'all' : names };
  }

  /** The locals, parameters, store fields and method results, to a fixpoint (sources only grow). */
  private solve(): void {
    for (const { decl } of this.ir.methods) this.locals.set(decl, this.parameters(decl));
    for (let changed = true; changed; ) {
      changed = false;
      for (const { decl } of this.ir.methods) {
        walk(decl, (node) => {
          changed = this.assign(node, decl) || changed;
        });
        for (const value of this.returned.get(decl)!) changed = addTo(this.results, decl.name, value ? this.sourcesOf(value, decl) : unknown()) || changed;
      }
    }
  }

  /**
   * A method's parameters before any call is seen: a subscribed handler's event holds its
   * attributes' values; a method reached otherwise, or never called by the app (the platform
   * calls it), has unknown parameters; the others hold what the app's calls pass (added by
   * `assign`), or their default values.
   */
  private parameters(decl: ast.MethodDecl): Map<string, Sources> {
    const locals = new Map<string, Sources>();
    const attributes = this.handlerAttributes.get(decl.name);
    const otherwise = this.reachedOtherwise === 'all' || this.reachedOtherwise.has(decl.name) || (!this.called.has(decl.name) && !attributes);
    decl.params.forEach((p, i) => {
      if (otherwise) locals.set(p.name, unknown());
      else if (i === 0 && attributes) locals.set(p.name, { ...none(), attributes: new Set(attributes) });
      else locals.set(p.name, none());
    });
    return locals;
  }

  /** Adds what `node` assigns to a local, a store field or a called method's parameters; whether anything grew. */
  private assign(node: ast.Node, decl: ast.MethodDecl): boolean {
    const locals = this.locals.get(decl)!;
    if (node.kind === 'VarDecl') {
      let grew = false;
      for (const d of node.declarations) grew = addTo(locals, d.name, node.destructure ? unknown() : d.init ? this.sourcesOf(d.init, decl) : none()) || grew;
      return grew;
    }
    if (node.kind === 'ForIn') return addTo(locals, node.variable, unknown());
    if (node.kind === 'Closure') {
      let grew = false;
      for (const p of node.params ?? []) grew = addTo(locals, p.name, unknown()) || grew;
      return grew;
    }
    if (node.kind === 'Assign') {
      const value = node.operator === '=' ? this.sourcesOf(node.value, decl) : this.either(node.target, node.value, decl);
      if (node.target.kind === 'Identifier') return addTo(locals, node.target.name, value);
      const key = this.storeKey(node.target);
      if (key !== undefined) return this.store(key, value);
      if (this.writesStore(node.target)) return this.fieldUnknown(node.target);
      return false;
    }
    if (node.kind === 'MethodCall' && this.isOwnCall(node)) return this.passArguments(node, decl);
    // A store changed by a call (`state.put(k, v)`, `state.list.add(x)`) or by `<<`.
    if (node.kind === 'MethodCall' && node.receiver && this.writesStore(node.receiver)) return this.storeCall(node, node.receiver, decl);
    if (node.kind === 'Binary' && node.operator === '<<' && this.writesStore(node.left)) return this.fieldUnknown(node.left);
    return false;
  }

  /** A call on a store or on something inside one: `put` stores under its key; a call that may change what it is called on makes that unknown. */
  private storeCall(node: ast.MethodCall, receiver: ast.Expression, decl: ast.MethodDecl): boolean {
    const method = String(node.method);
    if (CONVERSIONS.has(method) || (READING_METHODS.has(method) && !node.args.some((a) => a.kind === 'Closure'))) return false;
    if (storeReferenced(receiver) && method === 'put' && node.args.length === 2) return this.store(constantString(node.args[0]), this.sourcesOf(node.args[1], decl));
    // What a store no longer holds reads as null: no source.
    if (storeReferenced(receiver) && (method === 'remove' || method === 'clear')) return false;
    return this.fieldUnknown(receiver);
  }

  /** Stores values of `value`'s sources under a field's name, or under a key computed at run time (null). */
  private store(key: string | null, value: Sources): boolean {
    return key === null ? union(this.computedKeys, value) : addTo(this.fields, key, value);
  }

  /**
   * The key a store expression names: `state.last` and `state["last"]` the field's, `state[k]` a
   * computed one (null); undefined for anything but a key of a store.
   */
  private storeKey(node: ast.Expression): string | null | undefined {
    if (node.kind === 'PropertyAccess' && storeReferenced(node.object)) return typeof node.property === 'string' ? node.property : null;
    if (node.kind === 'Index' && storeReferenced(node.object)) return constantString(node.index);
    return undefined;
  }

  /** What a read of a store's key may give: the field's values and what was stored under computed keys; a computed key, any field's. */
  private storeRead(key: string | null): Sources {
    const s = copy(this.computedKeys);
    if (key !== null) union(s, this.fields.get(key) ?? none());
    else for (const field of this.fields.values()) union(s, field);
    return s;
  }

  /** A call of one of the app's own methods by name (`check(x)`, `this.check(x)`). */
  private isOwnCall(node: ast.MethodCall): boolean {
    return typeof node.method === 'string' && (node.receiver === null || node.receiver.kind === 'ThisExpr') && this.methods.has(node.method);
  }

  /** A direct call's arguments into the parameters of every method of that name (named or spread arguments: unknown). */
  private passArguments(node: ast.MethodCall, decl: ast.MethodDecl): boolean {
    const opaque = node.namedArgs.length > 0 || node.args.some((a) => a.kind === 'Spread');
    let grew = false;
    for (const callee of this.methods.get(node.method as string)!) {
      const params = this.locals.get(callee)!;
      // Each argument into the parameter that receives it (one of variable arity takes the rest).
      node.args.forEach((arg, i) => {
        const p = parameterFor(callee.params, i);
        if (p) grew = addTo(params, p.name, opaque ? unknown() : this.sourcesOf(arg, decl)) || grew;
      });
      // A parameter left without an argument holds its default value.
      callee.params.slice(node.args.length).forEach((p) => {
        grew = addTo(params, p.name, opaque ? unknown() : p.defaultValue ? this.sourcesOf(p.defaultValue, callee) : none()) || grew;
      });
    }
    return grew;
  }

  /** A change of the store or the field that `node` is or is inside of: its values are no longer known. */
  private fieldUnknown(node: ast.Expression): boolean {
    for (let inside = node; inside.kind === 'PropertyAccess' || inside.kind === 'Index'; inside = inside.object) {
      const key = this.storeKey(inside);
      if (typeof key === 'string') return addTo(this.fields, key, unknown());
    }
    return union(this.computedKeys, unknown());
  }

  /** Whether changing `node` changes a store: the store itself, a field, or something inside one. */
  private writesStore(node: ast.Expression): boolean {
    if (storeReferenced(node)) return true;
    if (node.kind === 'PropertyAccess' || node.kind === 'Index') return this.writesStore(node.object);
    return false;
  }

  private either(a: ast.Expression, b: ast.Expression, decl: ast.MethodDecl): Sources {
    const s = this.sourcesOf(a, decl);
    union(s, this.sourcesOf(b, decl));
    return s;
  }

  private identifier(name: string, decl: ast.MethodDecl): Sources {
    const local = this.locals.get(decl)!.get(name);
    if (local) return copy(local);
    if (this.numberSettings.has(name)) return { ...none(), settings: new Set([name]) };
    if (this.otherSettings.has(name)) return none();
    return unknown();
  }

  private property(node: ast.PropertyAccess, decl: ast.MethodDecl): Sources {
    if (typeof node.property !== 'string') return unknown();
    const { object, property } = node;
    if (object.kind === 'Identifier' && object.name === 'settings') return this.identifier(property, decl);
    if (storeReferenced(object)) return this.storeRead(property);
    if (property.startsWith('current') && property.length > 7) return { ...none(), attributes: new Set([property.charAt(7).toLowerCase() + property.slice(8)]) };
    if (property === 'time') return none(); // a Date's milliseconds (`new Date().time`, `evt.date.time`)
    if (CONVERSIONS.has(property)) return this.sourcesOf(object, decl);
    if (EVENT_METADATA.has(property) && this.isHandlerEvent(object, decl)) return none();
    return unknown();
  }

  /** The event parameter of a handler whose subscriptions are known. */
  private isHandlerEvent(node: ast.Expression, decl: ast.MethodDecl): boolean {
    return node.kind === 'Identifier' && decl.params[0]?.name === node.name && this.handlerAttributes.has(decl.name);
  }

  private call(node: ast.MethodCall, decl: ast.MethodDecl): Sources {
    if (typeof node.method !== 'string') return unknown();
    const { method, receiver, args } = node;
    if (READ_METHODS.has(method)) return args[0]?.kind === 'StringLiteral' ? { ...none(), attributes: new Set([args[0].value.split('.')[0]]) } : unknown();
    if (this.isOwnCall(node)) {
      const result = this.results.get(method);
      return result ? copy(result) : none();
    }
    if (TIMES_AND_COUNTS.has(method)) return none();
    if (receiver === null) return unknown();
    if ((method === 'get' || method === 'getAt') && storeReferenced(receiver) && args.length === 1) return this.storeRead(constantString(args[0]));
    if (CONVERSIONS.has(method) && args.length === 0) return this.sourcesOf(receiver, decl);
    if (receiver.kind === 'Identifier' && NUMERIC_CLASSES.has(receiver.name) && NUMERIC_STATICS.has(method)) return this.all(args, decl);
    return unknown();
  }

  /** The sources of all the expressions together. */
  private all(expressions: readonly ast.Expression[], decl: ast.MethodDecl): Sources {
    const s = none();
    for (const e of expressions) union(s, this.sourcesOf(e, decl));
    return s;
  }
}

/**
 * The expressions a method may return: every `return`'s value outside closures, and the value of
 * the statement that ends the method (Groovy returns it implicitly); `undefined` stands for a value
 * the analysis does not follow (a method ending in a loop, a `switch` or a `try`).
 */
function returnedValues(decl: ast.MethodDecl): Array<ast.Expression | undefined> {
  const values: Array<ast.Expression | undefined> = [];
  const visit = (node: ast.Node): void => {
    if (node.kind === 'Closure') return;
    if (node.kind === 'Return') {
      if (node.argument) values.push(node.argument);
      return;
    }
    for (const child of Object.values(node)) {
      const children: unknown[] = Array.isArray(child) ? child : [child];
      for (const c of children) if (c && typeof c === 'object' && 'kind' in c) visit(c as ast.Node);
    }
  };
  visit(decl.body);
  values.push(...implicitValues(decl.body));
  return values;
}

/** The values a statement leaves as a method's implicit result when it ends the method. */
function implicitValues(statement: ast.Statement | undefined): Array<ast.Expression | undefined> {
  if (statement === undefined) return [];
  switch (statement.kind) {
    case 'Block':
      return implicitValues(statement.body[statement.body.length - 1]);
    case 'ExpressionStatement':
      return [statement.expression];
    case 'VarDecl':
      return statement.declarations.flatMap((d) => (d.init ? [d.init] : []));
    case 'If':
      return [...implicitValues(statement.consequent), ...implicitValues(statement.alternate)];
    case 'Return':
    case 'Throw':
    case 'Empty':
      return [];
    default:
      return [undefined];
  }
}
