// Which bare capitalised names are classes. Groovy resolves `Math` or `TimeZone` to a class when it
// compiles the script, through the default imports (java.lang, java.util, java.io, java.net,
// groovy.lang, groovy.util, BigDecimal, BigInteger), the packages the platform adds (SmartApps
// write `new SimpleDateFormat` and `new JsonSlurper()` without importing them) and the app's own
// imports. Any other name stays a variable, read at run time: on SmartThings through the app's
// settings, so an unset `Noacceleration` is null, not a class.
import { isTimeCategory } from './durations.js';

/** The classes the interpreter models: their static members, `new`, casts and `case T:`. */
const MODELLED: readonly string[] = [
  'Object', 'Class', 'Number', 'Integer', 'Long', 'Short', 'Double', 'Float', 'Boolean', 'BigDecimal', 'BigInteger', 'RoundingMode',
  'String', 'GString', 'CharSequence', 'StringBuilder', 'StringBuffer', 'Math', 'Closure',
  'List', 'ArrayList', 'LinkedList', 'Collection', 'Iterable', 'Set', 'HashSet', 'LinkedHashSet', 'Map', 'HashMap', 'LinkedHashMap',
  'Date', 'TimeZone', 'Calendar', 'GregorianCalendar', 'SimpleDateFormat', 'DecimalFormat', 'Random', 'UUID', 'URLEncoder', 'URLDecoder',
  'JsonSlurper', 'JsonOutput', 'JsonBuilder',
];

/**
 * Classes of the same packages that the interpreter does not model. They stay classes, so that
 * using one is a gap the check reports (unsupported), never a null the app would be blamed for.
 */
const UNMODELLED: readonly string[] = [
  'Byte', 'Character', 'System', 'Thread', 'StrictMath', 'Runtime', 'Enum', 'Void',
  'Arrays', 'Collections', 'Objects', 'Optional', 'Locale', 'Currency', 'Base64', 'Properties', 'Timer', 'StringTokenizer',
  'Scanner', 'Iterator', 'Vector', 'Stack', 'Queue', 'Deque', 'ArrayDeque', 'Hashtable', 'TreeMap', 'TreeSet', 'SortedMap',
  'SortedSet', 'BitSet', 'EnumSet', 'Formatter',
  'URI', 'URL', 'InetAddress', 'NumberFormat', 'DateFormat', 'MathContext',
  'XmlSlurper', 'XmlParser', 'Eval', 'Expando', 'ConfigSlurper', 'Range', 'IntRange', 'Binding', 'Tuple',
  'TimeDuration', 'Duration',
];

const KNOWN: ReadonlySet<string> = new Set([...MODELLED, ...UNMODELLED]);

/** Classes outside java.* the model has (java/crypto.ts), named in full or imported: no default import brings them. */
const LIBRARY_CLASSES: ReadonlySet<string> = new Set(['javax.crypto.Mac', 'javax.crypto.spec.SecretKeySpec', 'org.apache.commons.codec.binary.Base64']);

/** Throwable, Error and every `...Exception`/`...Error` class: `catch` and `throw` name them. */
const THROWABLE = /^(Throwable|[A-Z][A-Za-z]*(Exception|Error))$/;

/**
 * Whether a name written in an expression is a class (`Math.round`, `TimeZone.getTimeZone`,
 * `case Integer:`): a simple name of the lists above, or a class named in full in `java.*` or
 * `groovy.json`. The names the app imports are classes too (the caller asks its imports first).
 */
export function isKnownClass(name: string): boolean {
  if (name.includes('.')) return /^java\.[a-z.]+\.[A-Z][A-Za-z]*$/.test(name) || /^groovy\.json\.[A-Z]/.test(name) || LIBRARY_CLASSES.has(name) || isTimeCategory(name);
  return KNOWN.has(name) || THROWABLE.test(name) || isTimeCategory(name);
}

/**
 * The packages of the classes whose values the model has or that apps name, for `Class.getName()`
 * (`e.class.name` in a log line is "java.lang.NullPointerException"). A class not listed (a
 * platform wrapper such as a device's, whose Java name the platform does not document) has no
 * name here: asking for it stays a gap.
 */
const PACKAGES: Readonly<Record<string, readonly string[]>> = {
  'java.lang': [
    'Object', 'Class', 'Number', 'Integer', 'Long', 'Short', 'Byte', 'Double', 'Float', 'Boolean', 'Character', 'String',
    'CharSequence', 'Iterable', 'StringBuilder', 'StringBuffer', 'Math', 'System', 'Thread',
    'Throwable', 'Exception', 'Error', 'RuntimeException', 'NullPointerException', 'IllegalArgumentException',
    'IllegalStateException', 'NumberFormatException', 'ClassCastException', 'ArithmeticException', 'IndexOutOfBoundsException',
    'StringIndexOutOfBoundsException', 'ArrayIndexOutOfBoundsException', 'NegativeArraySizeException',
    'UnsupportedOperationException', 'InterruptedException', 'SecurityException', 'StackOverflowError',
  ],
  'java.math': ['BigDecimal', 'BigInteger', 'RoundingMode'],
  'java.util': [
    'Collection', 'List', 'ArrayList', 'LinkedList', 'Set', 'HashSet', 'LinkedHashSet', 'Map', 'HashMap', 'LinkedHashMap',
    'Date', 'TimeZone', 'Calendar', 'GregorianCalendar', 'Random', 'UUID', 'NoSuchElementException', 'ConcurrentModificationException',
  ],
  'java.text': ['SimpleDateFormat', 'DecimalFormat', 'ParseException'],
  'java.net': ['URLEncoder', 'URLDecoder'],
  'java.security': ['MessageDigest', 'NoSuchAlgorithmException', 'InvalidKeyException'],
  'javax.crypto': ['Mac'],
  'javax.crypto.spec': ['SecretKeySpec'],
  'groovy.lang': ['Closure', 'GString', 'MissingMethodException', 'MissingPropertyException', 'GroovyRuntimeException'],
  'groovy.json': ['JsonSlurper', 'JsonOutput', 'JsonBuilder'],
  'org.codehaus.groovy.runtime.typehandling': ['GroovyCastException'],
};

const QUALIFIED: ReadonlyMap<string, string> = new Map(
  Object.entries(PACKAGES).flatMap(([pkg, names]) => names.map((name) => [name, `${pkg}.${name}`] as const)),
);

/** A class's simple name, given its simple or its full name (`java.util.Date` → `Date`). */
export function simpleClassName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** The full name of a class (`Class.getName()`), given by its simple or its full name; undefined when its package is not known. */
export function fullClassName(name: string): string | undefined {
  return name.includes('.') ? name : QUALIFIED.get(name);
}
