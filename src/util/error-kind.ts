// The kinds of error an app can end with, from reading its file to running its handlers. Callers
// classify errors by this field, never by their message text (docs/interpreter.md, "Errors").
export type ErrorKind =
  /** The file cannot be read. */
  | 'io'
  /** The source does not parse. */
  | 'parse'
  /** The file is a device handler (`metadata { definition ... }`, `parse(String)`), not a SmartApp. */
  | 'not-a-smartapp'
  /** A construct or API that is not modelled, found while lowering or running the app. */
  | 'unsupported'
  /** A Groovy exception the app's own code raises (in its preferences or its handlers). */
  | 'app-error'
  /** A step or call-depth budget ran out (an endless loop, recursion or event cascade). */
  | 'budget'
  /** An event names a device input the app does not have (`stcheck run --event`). */
  | 'no-device-input';
