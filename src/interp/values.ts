// The Groovy value model of the interpreter. Plain data classes only: the operations on values live
// in numbers.ts, groovy-methods.ts and the interpreter, so every phase can import these types.
//
//   Groovy                     JS representation
//   null                       null
//   Boolean                    boolean
//   Integer / Long             number (always integral)
//   BigDecimal                 Decimal (value + scale, for Groovy's printing: 2.50 stays "2.50")
//   Double / Float             Double
//   String / GString           string (a GString equals a String of the same content, as in Groovy ==)
//   List                       Value[]
//   Set (HashSet, LinkedHashSet) Value[] marked by `markSet`, without duplicates (by Java's equals), in insertion order
//   Java array (String[] ...)  Value[] marked by `asJavaArray` (it has `length`)
//   Map (LinkedHashMap)        GMap = JS Map, insertion order kept as Groovy does; the maps a program
//                              makes are GroovyMaps (groovy-map.ts: object keys found by Java's equals)
//   Range                      Value[] (ranges are materialised; the corpus only uses small ones)
//   Closure / method closure   GClosure
//   Date                       GDate (epoch ms)
//   Map.Entry                  GMapEntry
//   java.util.Random           GRandom (its 48-bit seed; operations in random.ts)
//   StringBuilder/StringBuffer GStringBuilder (its contents; operations in java/string-builder.ts)
//   devices, events, location, app, state, log, classes: the classes below

/** A Groovy BigDecimal, as Java holds it: the value is `unscaled` × 10^-`scale` (big-decimal.ts). */
export class Decimal {
  #value: number | undefined;
  constructor(
    readonly unscaled: bigint,
    readonly scale: number,
  ) {}

  /** The nearest double: what a comparison with a Double, a Math function or the model's numeric domains use. */
  get value(): number {
    return (this.#value ??= Number(`${this.unscaled}e${-this.scale}`));
  }

  /** How a BigDecimal reads in a trace or a JSON report: its double and its scale. */
  toJSON(): { value: number; scale: number } {
    return { value: this.value, scale: this.scale };
  }
}

/** A Groovy Double or Float. */
export class Double {
  constructor(readonly value: number) {}
}

export type GMap = Map<Value, Value>;

/** What a lookup answers when the value has no such method or property: the GDK's tables (gdk/support.ts), a closure's delegate. */
export const NOT_FOUND: unique symbol = Symbol('not found');
export type MethodResult = Value | typeof NOT_FOUND;

/**
 * The delegate a closure runs with (`closure.delegate = d` with Groovy's DELEGATE_FIRST): an
 * unqualified call, name or assignment in its body, or in a closure written inside it, goes to the
 * delegate before the app. Builders run their closure DSL this way (JsonBuilder's
 * `json { name "x" }`), and `obj.with { ... }` with obj. Each member answers NOT_FOUND (false for
 * a write) when the delegate has no such method or property, and the app answers instead.
 */
export interface ClosureDelegate {
  invokeMethod(name: string, args: Value[]): MethodResult;
  /**
   * The delegate answers calls by a catch-all (a GroovyObject's own invokeMethod, as JsonDelegate's)
   * rather than by methods of its class, so ClosureMetaClass asks it only after the owner's methods:
   * `json { helper() }` calls the app's `helper`.
   */
  readonly dynamic?: boolean;
  getProperty(name: string): MethodResult;
  setProperty(name: string, value: Value): boolean;
}

/** A closure, a method closure (`this.&foo`, a bare method name) or a built-in function value. */
export class GClosure {
  constructor(
    /** Runs the closure with positional arguments. */
    readonly invoke: (args: Value[]) => Value,
    /** Declared parameter count; `it` closures have 1 (optional). */
    readonly arity: number,
    /** For a method closure, the method's name (used as a handler name by subscribe/runIn). */
    readonly methodName?: string,
    /** Runs a closure written in the app with a delegate; absent for method closures and built-ins. */
    readonly invokeWithDelegate?: (delegate: ClosureDelegate, args: Value[]) => Value,
  ) {}
}

/**
 * A bare method name used as a value (`subscribe(x, "switch", handler)`, `[comm: turnOn]`): called
 * like a method closure, and read as the method's name, as on SmartThings, where a button app
 * calls `"$detail.comm"(value)` with `comm: turnOn`.
 */
export class BareMethodName extends GClosure {}

/**
 * A java.util.Date. Mutable, as Java's: `clearTime()`, `setTime(ms)` and `date[field] = v` change
 * it in place, so it is copied, compared and tagged like a list (app-state.ts, ownership.ts).
 */
export class GDate {
  constructor(public time: number) {}
}

/**
 * An object of the platform's API that apps read by its properties (a device's State, Capability,
 * Attribute, Command): a map of its properties, whose getters read them (`getName()`); its class
 * has no other methods, so calling one is Groovy's MissingMethodException (calls.ts).
 */
export class PlatformRecord extends Map<Value, Value> {
  constructor(
    entries: Iterable<[Value, Value]>,
    readonly javaClass: string,
  ) {
    super(entries);
  }
}

/**
 * A device's `currentState(attr)`: the State's properties as a record that also equals the text of
 * its value. The reference's device classes return the value itself, and the corpus's adapted apps
 * rely on it (`currentState("motion") == "inactive"`); `.value`, `.date` still work (docs/model.md).
 */
export class DeviceStateMap extends PlatformRecord {
  constructor(
    entries: Iterable<[Value, Value]>,
    readonly text: string | null,
  ) {
    super(entries, 'physicalgraph.device.State');
  }
}

export class GMapEntry {
  constructor(
    readonly key: Value,
    public value: Value,
    /** The map the entry belongs to, so `entry.value = x` writes through. */
    readonly map?: GMap,
  ) {}
}

/**
 * A `java.util.Random`: the 48-bit state of Java's linear congruential generator, as an exact
 * integer in [0, 2^48). Mutable (every `next*` call advances it); random.ts implements Java's
 * algorithms on it, docs/model.md says which seed an unseeded `new Random()` gets.
 */
export class GRandom {
  constructor(public seed: number) {}
}

/**
 * A `java.lang.StringBuilder` or `StringBuffer`: its class and its contents. Mutable (`append` and
 * `<<` change it in place and return it), so the app state copies it as it copies a Random;
 * java/string-builder.ts implements its methods.
 */
export class GStringBuilder {
  constructor(
    readonly javaClass: 'StringBuilder' | 'StringBuffer',
    public text: string,
  ) {}
}

/** A device bound to a device input. Created by the host; one instance per simulated device. */
export class DeviceRef {
  constructor(
    /** Stable id, e.g. `lock0`; also used in access locations. */
    readonly id: string,
    readonly label: string,
    /** Capabilities as written in inputs (`lock`, `switchLevel`, ...). */
    readonly capabilities: readonly string[],
    readonly attributes: readonly string[],
    readonly commands: readonly string[],
  ) {}
}

/** A SmartThings event as delivered to a handler (`evt`). */
export class GEvent {
  constructor(
    readonly name: string,
    /** Always a string, as `evt.value` is in SmartThings. */
    readonly value: string,
    readonly source: 'DEVICE' | 'LOCATION' | 'APP',
    readonly device: DeviceRef | null,
    readonly date: GDate,
    readonly data: GMap | null,
    readonly isStateChange: boolean,
    readonly physical: boolean,
    readonly unit: string | null = null,
  ) {}
}

export type BuiltinKind = 'this' | 'location' | 'app' | 'log' | 'helloHome' | 'timeZone' | 'jsonSlurper' | 'jsonOutput' | 'jsonBuilder' | 'dateFormat' | 'decimalFormat' | 'hubAction' | 'calendar' | 'hub' | 'asynchttp_v1' | 'duration' | 'parentApp' | 'roundingMode' | 'secretKey' | 'mac' | 'messageDigest' | 'bigInteger' | 'locale' | 'pattern';

/**
 * The runtime objects an app sees: `this`, `location`, `app`, `log`, `location.helloHome`, a time
 * zone (`id` = zone id), `new JsonSlurper()`, `new JsonOutput()`, `new JsonBuilder(content)` (`id` =
 * its JSON text, set anew when the builder is filled again), `new SimpleDateFormat(p)` (`id` = pattern, `timeZone`
 * set by setTimeZone), `new DecimalFormat(p)` (`id` = pattern), a `java.util.Calendar` (`timeZone`,
 * and its instant in `millis`), the parent app of a child app (`parentApp`), a constant of
 * java.math.RoundingMode (`id` = its name), a javax.crypto key, Mac or java.security.MessageDigest (`id` =
 * its algorithm, key and the bytes given so far: java/crypto.ts), a java.math.BigInteger (`id` = its
 * decimal text: java/big-integer.ts).
 */
export class BuiltinObject {
  constructor(
    readonly kind: BuiltinKind,
    public id = '',
    public timeZone = '',
    public millis = 0,
  ) {}
}

/** A java.util.regex.Pattern (`~/re/`; java/pattern.ts): its `id` is its source. */
export function isPattern(v: Value): v is BuiltinObject {
  return v instanceof BuiltinObject && v.kind === 'pattern';
}

const MUTABLE_KINDS: ReadonlySet<BuiltinKind> = new Set(['calendar', 'dateFormat', 'jsonBuilder', 'mac', 'messageDigest']);

/**
 * Whether a built-in object has state of its own that its methods change: a Calendar (its time
 * and zone), a SimpleDateFormat (its zone), a JsonBuilder (its content), a Mac or a MessageDigest (its key and input). Such an object is copied, compared and tagged like
 * a list; the others are constants or singletons.
 */
export function isMutableBuiltin(v: unknown): v is BuiltinObject {
  return v instanceof BuiltinObject && MUTABLE_KINDS.has(v.kind);
}

/**
 * A map whose entries are shared state: `state`, `atomicState`. Every key read and write goes
 * through the interpreter's access tracking under `<app>.<store>.<key>`.
 */
export class TrackedMap {
  constructor(
    readonly map: GMap,
    readonly store: 'state' | 'atomicState',
  ) {}
}

/** A Java/Groovy class named in code: `Math`, `Integer`, `TimeZone`, `new Date()`. */
export class ClassRef {
  constructor(readonly name: string) {}
}

/** An exception object (`new Exception("x")`, or a runtime error caught by `catch (e)`). */
export class GException {
  constructor(
    readonly className: string,
    /** getMessage(): null for an exception made without one (`new Exception()`). */
    readonly message: string | null,
    /** getCause(): the exception given to the constructor (`new Exception("m", e)`), or null. */
    readonly cause: GException | null = null,
  ) {}
}

export type Value =
  | null
  | boolean
  | number
  | string
  | Decimal
  | Double
  | Value[]
  | GMap
  | GClosure
  | GDate
  | GMapEntry
  | GRandom
  | GStringBuilder
  | DeviceRef
  | GEvent
  | BuiltinObject
  | TrackedMap
  | ClassRef
  | GException;

/** The lists that stand for Java arrays: `split`'s String[], `new int[n]`, a byte[] of a digest. */
const JAVA_ARRAYS = new WeakSet<Value[]>();

/** Marks a list as a Java array (Groovy lets apps use arrays as lists, but an array has `length`). */
export function asJavaArray<T extends Value[]>(list: T): T {
  JAVA_ARRAYS.add(list);
  return list;
}

export function isJavaArray(v: Value): v is Value[] {
  return Array.isArray(v) && JAVA_ARRAYS.has(v);
}

/** The lists that stand for Java sets (`as Set`, `toSet()`, `new HashSet()`): they hold no element twice. */
const SETS = new WeakSet<Value[]>();

/** Marks a list without duplicates as a set; operators.ts `setOf` makes one from any list. */
export function markSet<T extends Value[]>(list: T): T {
  SETS.add(list);
  return list;
}

export function isSet(v: Value): boolean {
  return Array.isArray(v) && SETS.has(v);
}

export function isNumber(v: Value): v is number | Decimal | Double {
  return typeof v === 'number' || v instanceof Decimal || v instanceof Double;
}

/** Whether a value is a java.math.BigInteger (java/big-integer.ts). */
export function isBigInteger(v: Value): v is BuiltinObject {
  return v instanceof BuiltinObject && v.kind === 'bigInteger';
}

/** A BigInteger's value as a BigDecimal of scale 0: how Groovy's `==` and `<=>` compare it with other numbers. */
export function bigIntegerAsDecimal(o: BuiltinObject): Decimal {
  return new Decimal(BigInt(o.id), 0);
}

/** The Java class name of a value, for `instanceof`, typed catch and messages. */
export function className(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'Boolean';
  if (typeof v === 'number') return 'Integer';
  if (typeof v === 'string') return 'String';
  if (v instanceof Decimal) return 'BigDecimal';
  if (v instanceof Double) return 'Double';
  if (Array.isArray(v)) return isSet(v) ? 'LinkedHashSet' : 'ArrayList';
  if (v instanceof Map) return 'LinkedHashMap';
  if (v instanceof GClosure) return 'Closure';
  if (v instanceof GDate) return 'Date';
  if (v instanceof GMapEntry) return 'Map.Entry';
  if (v instanceof GRandom) return 'Random';
  if (v instanceof GStringBuilder) return v.javaClass;
  if (v instanceof DeviceRef) return 'Device';
  if (v instanceof GEvent) return 'Event';
  if (v instanceof TrackedMap) return 'LinkedHashMap';
  if (v instanceof ClassRef) return 'Class';
  if (v instanceof GException) return v.className;
  return v.kind === 'bigInteger' ? 'BigInteger' : v.kind;
}

/**
 * The class of a string, number or boolean as Groovy names it in its messages (`java.lang.String`,
 * `java.lang.Integer`, `java.math.BigDecimal`).
 */
export function javaClassName(v: string | boolean | number | Decimal | Double): string {
  const simple = className(v);
  return simple === 'BigDecimal' ? 'java.math.BigDecimal' : `java.lang.${simple}`;
}
