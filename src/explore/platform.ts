// The platform of an event program: none. A program runs on the bare interpreter (Groovy and the
// Java classes) without the SmartThings runtime; it may log (dropped), and naming what only a
// SmartApp has (`location`, `app`, `subscribe`, `runIn`, `sendPush`, ...) stops the check with an
// error that says so, instead of reading as an unknown variable.
import type { Platform } from '../interp/context.js';
import { missingProperty, UnsupportedError } from '../interp/errors.js';
import { NOT_FOUND } from '../interp/groovy-methods.js';
import { BuiltinObject, type Value } from '../interp/values.js';

export function refuse(what: string): never {
  throw new UnsupportedError(`${what} in an event program (it has no devices, location, subscriptions or timers)`);
}

const LOG = new BuiltinObject('log');
const LOG_LEVELS = new Set(['debug', 'info', 'trace', 'warn', 'error']);
/** The SmartApp's own objects: an event program naming one is a SmartApp, not a program. */
const SMARTAPP_OBJECTS = new Map([
  ['location', new BuiltinObject('location')],
  ['app', new BuiltinObject('app')],
]);

function smartAppObject(self: Value): string | null {
  return self instanceof BuiltinObject && SMARTAPP_OBJECTS.get(self.kind) === self ? self.kind : null;
}

export const eventProgramPlatform: Platform = {
  functions: {
    println: () => null,
    print: () => null,
  },
  globalObject(name) {
    if (name === 'log') return LOG;
    return SMARTAPP_OBJECTS.get(name);
  },
  property(_ctx, self, name) {
    const object = smartAppObject(self);
    return object === null ? NOT_FOUND : refuse(`${object}.${name}`);
  },
  method(_ctx, self, name) {
    if (self === LOG && LOG_LEVELS.has(name)) return null;
    const object = smartAppObject(self);
    return object === null ? NOT_FOUND : refuse(`${object}.${name}()`);
  },
  setProperty(_ctx, self, name) {
    const object = smartAppObject(self);
    return object === null ? false : refuse(`${object}.${name}`);
  },
  unresolvedCall: refuse,
  unresolvedName(_ctx, name) {
    throw missingProperty(name, 'Script');
  },
};
