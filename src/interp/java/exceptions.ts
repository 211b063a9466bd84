// Java's exception classes, each with its superclass, as data: a `catch` of a class catches its
// subclasses (`catch (IllegalArgumentException e)` catches the NumberFormatException of
// `Integer.parseInt`, `catch (IndexOutOfBoundsException e)` a StringIndexOutOfBoundsException),
// and so does `instanceof`. A class not listed is an Exception (an Error when its name ends so):
// SmartThings' own exceptions and those of the libraries apps name are checked exceptions.
import { simpleClassName } from './known-classes.js';

const SUPERCLASS: Readonly<Record<string, string>> = {
  Exception: 'Throwable',
  Error: 'Throwable',
  AssertionError: 'Error',
  VirtualMachineError: 'Error',
  StackOverflowError: 'VirtualMachineError',
  OutOfMemoryError: 'VirtualMachineError',
  RuntimeException: 'Exception',
  IllegalArgumentException: 'RuntimeException',
  NumberFormatException: 'IllegalArgumentException',
  PatternSyntaxException: 'IllegalArgumentException',
  IllegalFormatException: 'IllegalArgumentException',
  DuplicateFormatFlagsException: 'IllegalFormatException',
  FormatFlagsConversionMismatchException: 'IllegalFormatException',
  IllegalFormatCodePointException: 'IllegalFormatException',
  IllegalFormatConversionException: 'IllegalFormatException',
  IllegalFormatFlagsException: 'IllegalFormatException',
  IllegalFormatPrecisionException: 'IllegalFormatException',
  IllegalFormatWidthException: 'IllegalFormatException',
  MissingFormatArgumentException: 'IllegalFormatException',
  MissingFormatWidthException: 'IllegalFormatException',
  UnknownFormatConversionException: 'IllegalFormatException',
  IllegalStateException: 'RuntimeException',
  IndexOutOfBoundsException: 'RuntimeException',
  StringIndexOutOfBoundsException: 'IndexOutOfBoundsException',
  ArrayIndexOutOfBoundsException: 'IndexOutOfBoundsException',
  NullPointerException: 'RuntimeException',
  ClassCastException: 'RuntimeException',
  GroovyCastException: 'ClassCastException',
  ArithmeticException: 'RuntimeException',
  NegativeArraySizeException: 'RuntimeException',
  UnsupportedOperationException: 'RuntimeException',
  NoSuchElementException: 'RuntimeException',
  ConcurrentModificationException: 'RuntimeException',
  SecurityException: 'RuntimeException',
  GroovyRuntimeException: 'RuntimeException',
  MissingMethodException: 'GroovyRuntimeException',
  MissingPropertyException: 'GroovyRuntimeException',
  JsonException: 'GroovyRuntimeException',
  InvalidKeyException: 'GeneralSecurityException',
  NoSuchAlgorithmException: 'GeneralSecurityException',
};

/** The superclass of an exception class (simple name); undefined for Throwable. */
function superclassOf(name: string): string | undefined {
  if (name === 'Throwable') return undefined;
  return SUPERCLASS[name] ?? (name.endsWith('Error') ? 'Error' : 'Exception');
}

/** Whether exception class `name` is `ancestor` or a subclass of it (simple or qualified names). */
export function isExceptionSubclass(name: string, ancestor: string): boolean {
  const target = simpleClassName(ancestor);
  for (let c: string | undefined = simpleClassName(name); c !== undefined; c = superclassOf(c)) if (c === target) return true;
  return false;
}
