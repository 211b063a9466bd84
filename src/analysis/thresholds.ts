// The numbers an app compares values against (`if (evt.integerValue < 30)`, `temp >= tooHot`):
// the thresholds where a numeric sensor's value changes what the app does. The full environment
// (src/model/events.ts) fires numeric events on each side of them. Static and approximate: every
// number literal that is a direct operand of a relational operator in a method, and the app's
// numeric setting where one reaches such an operator, with the attributes whose values can reach
// that comparison.
//
// Where a value comes from is followed through a method's local variables, the `state` and
// `atomicState` fields the app assigns by name, conversions (`toInteger()`, `as Integer`), `?:`,
// a ternary's branches and arithmetic. Anything else (a method's parameter, another method's
// result, a value read by a computed name) is unknown, and a comparison with an unknown side
// splits every attribute the app observes, with the app's numeric setting among its numbers, as
// every comparison did before the analysis: it only ever narrows where it knows.
import type { AppIR, InputIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import { walk } from '../parser/walk.js';
import { READ_METHODS, subscriptionHandlers } from './attribute-reads.js';
import { perApp } from './per-app.js';
import { storeReferenced } from './store-references.js';

const RELATIONAL = new Set<ast.BinaryOperator>(['<', '<=', '>', '>=', '<=>']);
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
const NUMBER_INPUTS: ReadonlySet<string> = new Set(['number', 'decimal']);

/** A number an app compares against: a literal, or the app's numeric setting. */
export type ComparedNumber = number | 'setting';

/** One relational comparison: its numbers, and the attributes whose values reach it (`any`: not known). */
export interface Comparison {
  numbers: readonly ComparedNumber[];
  attributes: ReadonlySet<string> | 'any';
}

/** The relational comparisons of the app's methods that compare a number. */
export const comparisons: (ir: AppIR) => readonly Comparison[] = perApp((ir) => new ValueSources(ir).comparisons());

/** Where a value may come from. */
interface Sources {
  setting: boolean;
  attributes: Set<string>;
  unknown: boolean;
}

const none = (): Sources => ({ setting: false, attributes: new Set(), unknown: false });
const unknown = (): Sources => ({ ...none(), unknown: true });

function union(into: Sources, from: Sources): boolean {
  const before = size(into);
  for (const a of from.attributes) into.attributes.add(a);
  into.setting ||= from.setting;
  into.unknown ||= from.unknown;
  return size(into) !== before;
}

function copy(s: Sources): Sources {
  return { ...s, attributes: new Set(s.attributes) };
}

function size(s: Sources): number {
  return s.attributes.size + (s.setting ? 1 : 0) + (s.unknown ? 1 : 0);
}

/** The sources of a method's local variables and parameters. */
type Locals = Map<string, Sources>;

class ValueSources {
  private readonly numberSettings: ReadonlySet<string>;
  private readonly otherSettings: ReadonlySet<string>;
  /** Per handler method: the attributes of the events it is subscribed to; missing: not known. */
  private readonly handlerAttributes = new Map<string, Set<string>>();
  /** Per store field assigned by name (`state.last = ...`): where its values come from. */
  private readonly fields = new Map<string, Sources>();
  /** Whether some store is written other than by field name (`state[key] = ...`, `state.put(...)`). */
  private fieldsUnknown = false;
  private readonly locals = new Map<ast.MethodDecl, Locals>();

  constructor(private readonly ir: AppIR) {
    const isNumber = (i: InputIR) => NUMBER_INPUTS.has(i.type);
    this.numberSettings = new Set(ir.inputs.filter(isNumber).map((i) => i.name));
    this.otherSettings = new Set(ir.inputs.filter((i) => !isNumber(i) && i.capability === undefined).map((i) => i.name));
    const subscriptions = subscriptionHandlers(ir);
    if (subscriptions !== 'unknown') {
      for (const [attribute, list] of subscriptions) for (const { handler } of list) this.handlerAttributes.set(handler, (this.handlerAttributes.get(handler) ?? new Set()).add(attribute));
    }
    this.solve();
  }

  comparisons(): Comparison[] {
    const found: Comparison[] = [];
    for (const { decl } of this.ir.methods) {
      walk(decl, (node) => {
        if (node.kind !== 'Binary' || !RELATIONAL.has(node.operator)) return;
        const sides = none();
        union(sides, this.sourcesOf(node.left, decl));
        union(sides, this.sourcesOf(node.right, decl));
        const numbers: ComparedNumber[] = [node.left, node.right].flatMap((side) => literalNumber(side) ?? []);
        if (sides.setting || (sides.unknown && this.numberSettings.size > 0)) numbers.push('setting');
        if (numbers.length > 0) found.push({ numbers, attributes: sides.unknown ? 'any' : sides.attributes });
      });
    }
    return found;
  }

  /** The locals of every method and the store fields, to a fixpoint (sources only grow). */
  private solve(): void {
    for (const { decl } of this.ir.methods) this.locals.set(decl, this.parameters(decl));
    for (let changed = true; changed; ) {
      changed = false;
      for (const { decl } of this.ir.methods) {
        walk(decl, (node) => {
          changed = this.assign(node, decl) || changed;
        });
      }
    }
  }

  /** A handler's event parameter holds its subscribed attributes' values; other parameters are unknown. */
  private parameters(decl: ast.MethodDecl): Locals {
    const locals: Locals = new Map();
    decl.params.forEach((p, i) => {
      const attributes = this.handlerAttributes.get(decl.name);
      locals.set(p.name, i === 0 && attributes ? { ...none(), attributes: new Set(attributes) } : unknown());
    });
    return locals;
  }

  /** Adds what `node` assigns to a local or a store field; whether anything grew. */
  private assign(node: ast.Node, decl: ast.MethodDecl): boolean {
    const locals = this.locals.get(decl)!;
    const into = (map: Map<string, Sources>, name: string, value: Sources): boolean => {
      const known = map.get(name);
      if (known) return union(known, value);
      map.set(name, copy(value));
      return true;
    };
    if (node.kind === 'VarDecl') {
      let grew = false;
      for (const d of node.declarations) grew = into(locals, d.name, node.destructure || !d.init ? (node.destructure ? unknown() : none()) : this.sourcesOf(d.init, decl)) || grew;
      return grew;
    }
    if (node.kind === 'ForIn') return into(locals, node.variable, unknown());
    if (node.kind === 'Closure') {
      let grew = false;
      for (const p of node.params ?? []) grew = into(locals, p.name, unknown()) || grew;
      return grew;
    }
    if (node.kind === 'Assign') {
      const value = node.operator === '=' ? this.sourcesOf(node.value, decl) : this.combined(node.target, node.value, decl);
      if (node.target.kind === 'Identifier') return into(locals, node.target.name, value);
      const field = this.fieldName(node.target);
      if (field !== undefined) return into(this.fields, field, value);
      if (this.writesStore(node.target)) return this.markFieldsUnknown();
      return false;
    }
    // A store changed by a call (`state.put(k, v)`, `state.list << x` is a Binary, `state.list.add(x)`).
    if (node.kind === 'MethodCall' && node.receiver && !CONVERSIONS.has(String(node.method)) && this.writesStore(node.receiver)) {
      const field = this.fieldName(node.receiver);
      return field !== undefined ? into(this.fields, field, unknown()) : this.markFieldsUnknown();
    }
    if (node.kind === 'Binary' && node.operator === '<<' && this.writesStore(node.left)) {
      const field = this.fieldName(node.left);
      return field !== undefined ? into(this.fields, field, unknown()) : this.markFieldsUnknown();
    }
    return false;
  }

  private markFieldsUnknown(): boolean {
    if (this.fieldsUnknown) return false;
    this.fieldsUnknown = true;
    return true;
  }

  /** `x += y`: what x held and what y adds. */
  private combined(target: ast.Expression, value: ast.Expression, decl: ast.MethodDecl): Sources {
    const s = this.sourcesOf(target, decl);
    union(s, this.sourcesOf(value, decl));
    return s;
  }

  /** `state.name` / `atomicState.name`: the field's name. */
  private fieldName(node: ast.Expression): string | undefined {
    return node.kind === 'PropertyAccess' && typeof node.property === 'string' && storeReferenced(node.object) ? node.property : undefined;
  }

  /** Whether changing `node` changes a store: the store itself, a field, or something inside one. */
  private writesStore(node: ast.Expression): boolean {
    if (storeReferenced(node)) return true;
    if (node.kind === 'PropertyAccess' || node.kind === 'Index') return this.writesStore(node.object);
    return false;
  }

  private sourcesOf(node: ast.Expression, decl: ast.MethodDecl): Sources {
    switch (node.kind) {
      case 'Unary':
        return node.operator === '!' ? none() : this.sourcesOf(node.argument, decl);
      case 'NumberLiteral':
      case 'StringLiteral':
      case 'GString':
      case 'BooleanLiteral':
      case 'NullLiteral':
        return none();
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
      default:
        return unknown();
    }
  }

  private either(a: ast.Expression, b: ast.Expression, decl: ast.MethodDecl): Sources {
    const s = this.sourcesOf(a, decl);
    union(s, this.sourcesOf(b, decl));
    return s;
  }

  private identifier(name: string, decl: ast.MethodDecl): Sources {
    const local = this.locals.get(decl)!.get(name);
    if (local) return copy(local);
    if (this.numberSettings.has(name)) return { ...none(), setting: true };
    if (this.otherSettings.has(name)) return none();
    return unknown();
  }

  private property(node: ast.PropertyAccess, decl: ast.MethodDecl): Sources {
    if (typeof node.property !== 'string') return unknown();
    const { object, property } = node;
    if (object.kind === 'Identifier' && object.name === 'settings') return this.identifier(property, decl);
    if (storeReferenced(object)) {
      if (this.fieldsUnknown) return unknown();
      const field = this.fields.get(property);
      return field ? copy(field) : none();
    }
    if (property.startsWith('current') && property.length > 7) return { ...none(), attributes: new Set([property.charAt(7).toLowerCase() + property.slice(8)]) };
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
    if (receiver === null) return method === 'now' ? none() : unknown();
    if (CONVERSIONS.has(method) && args.length === 0) return this.sourcesOf(receiver, decl);
    if (receiver.kind === 'Identifier' && NUMERIC_CLASSES.has(receiver.name) && NUMERIC_STATICS.has(method)) {
      const s = none();
      for (const a of args) union(s, this.sourcesOf(a, decl));
      return s;
    }
    return unknown();
  }
}

/** A number literal operand, also negated (`-5`) or cast (`30 as Integer`). */
function literalNumber(node: ast.Expression): number | undefined {
  if (node.kind === 'NumberLiteral') return node.value;
  if (node.kind === 'Cast') return literalNumber(node.expression);
  if (node.kind === 'Unary' && node.operator === '-') {
    const n = literalNumber(node.argument);
    return n === undefined ? undefined : -n;
  }
  return undefined;
}
