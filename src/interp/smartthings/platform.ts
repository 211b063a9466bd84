// The SmartThings platform as the interpreter sees it (context.ts's Platform): its functions, its
// global objects, and the members of devices, events, `location`, `app` and `log`. The reference's
// model of the platform is iotcheck-reference.md §2.5. This module holds no state of its own.
import type { Platform } from '../context.js';
import { SMARTAPP_API } from '../../devices/smartapp-api.js';
import { DEVICE_COMMANDS } from '../../devices/capabilities.js';
import { missingMethod, UnsupportedError } from '../errors.js';
import { NOT_FOUND } from '../groovy-methods.js';
import { toStr } from '../operators.js';
import { BuiltinObject, ClassRef, DeviceRef, GEvent, isNumber, javaClassName } from '../values.js';
import { asyncHttpMethod, smartThingsFunctions } from './builtins.js';
import { deviceMethod, deviceProperty } from './devices.js';
import { checkEventMethod, eventMethod, eventProperty } from './events.js';
import { ASYNC_HTTP, globalObject, globalObjectMethod, globalObjectProperty } from './objects.js';
import { hubPackageMember, newHubObject } from './platform-apis.js';

/** Device command names that the GDK also gives a String (`"ls".execute()` runs a process). */
const GDK_STRING_METHODS: ReadonlySet<string> = new Set(['execute']);

export const smartThings: Platform = {
  functions: smartThingsFunctions,
  globalObject,
  property(ctx, self, name) {
    if (self instanceof DeviceRef) return deviceProperty(ctx, self, name);
    if (self instanceof GEvent) return eventProperty(self, name, ctx);
    if (self instanceof BuiltinObject) return globalObjectProperty(ctx, self, name);
    if (self instanceof ClassRef) return hubPackageMember(self, name) ?? NOT_FOUND;
    return NOT_FOUND;
  },
  newObject(type, args) {
    return newHubObject(type, args) ?? NOT_FOUND;
  },
  method(ctx, self, name, args, named) {
    if (self instanceof DeviceRef) return deviceMethod(ctx, self, name, args, named);
    if (self instanceof GEvent) return eventMethod(self, name, args, ctx);
    if (self === ASYNC_HTTP) return asyncHttpMethod(ctx, name, args);
    if (self instanceof BuiltinObject) return globalObjectMethod(ctx, self, name, args);
    return NOT_FOUND;
  },
  setProperty(ctx, self, name, value) {
    // A hub action's options (`action.options = [outputMsgToS3: true]`) change nothing modelled.
    if (self instanceof BuiltinObject && self.kind === 'hubAction') return true;
    // Renaming a device (a service manager naming its children: `child.label = name`) is recorded
    // and changes nothing modelled: the device keeps the name it was read with.
    if (self instanceof DeviceRef && (name === 'label' || name === 'name')) {
      ctx.host.message(ctx.app, { kind: 'child', text: `${name} ${toStr(value)}`, to: self.id });
      return true;
    }
    if (!(self instanceof BuiltinObject && self.kind === 'location' && name === 'mode')) return false;
    ctx.host.setLocationMode(ctx.app, toStr(value));
    return true;
  },
  unresolvedCall(name) {
    // An API of the platform the tool does not model is a gap; any other name the app never
    // declares is its own bug, a MissingMethodException on the platform too.
    if (SMARTAPP_API.has(name)) throw new UnsupportedError(`method ${name}()`);
    throw missingMethod(name, 'SmartApp');
  },
  unresolvedMethod(self, name) {
    if (self instanceof GEvent) checkEventMethod(name);
    // A device command called on a plain value (a setting that holds a device's name, or `""` left
    // in a variable: `device."$command"()`): String, numbers and booleans have no such method, so
    // it is the app's MissingMethodException, as on the platform, not a gap of the tool.
    if ((typeof self === 'string' || typeof self === 'boolean' || isNumber(self)) && DEVICE_COMMANDS.has(name) && !GDK_STRING_METHODS.has(name)) {
      throw missingMethod(name, javaClassName(self));
    }
  },
  unresolvedName(ctx, name) {
    // A SmartApp reads a name it never declares through its settings: as null, like an input the
    // user left unset (SmartThings' own logging guide shows `foo.boom()` with `foo` undeclared
    // failing with "Cannot invoke method boom() on null object", not with a
    // MissingPropertyException), or as the value the app gave it with `app.updateSetting`.
    return ctx.settingGet(name);
  },
};
