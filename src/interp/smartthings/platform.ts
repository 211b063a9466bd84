// The SmartThings platform as the interpreter sees it (context.ts's Platform): its functions, its
// global objects, and the members of devices, events, `location`, `app` and `log`. The reference's
// model of the platform is iotcheck-reference.md §2.5. This module holds no state of its own.
import type { Platform } from '../context.js';
import { SMARTAPP_API } from '../../devices/smartapp-api.js';
import { missingMethod, UnsupportedError } from '../errors.js';
import { NOT_FOUND } from '../groovy-methods.js';
import { toStr } from '../operators.js';
import { BuiltinObject, ClassRef, DeviceRef, GEvent } from '../values.js';
import { asyncHttpMethod, smartThingsFunctions } from './builtins.js';
import { deviceMethod, deviceProperty } from './devices.js';
import { eventMethod, eventProperty } from './events.js';
import { ASYNC_HTTP, globalObject, globalObjectMethod, globalObjectProperty } from './objects.js';
import { hubPackageMember, newHubObject } from './platform-apis.js';

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
    if (self instanceof GEvent) return eventMethod(self, name, ctx);
    if (self === ASYNC_HTTP) return asyncHttpMethod(ctx, name, args);
    if (self instanceof BuiltinObject) return globalObjectMethod(ctx, self, name, args);
    return NOT_FOUND;
  },
  setProperty(ctx, self, name, value) {
    // A hub action's options (`action.options = [outputMsgToS3: true]`) change nothing modelled.
    if (self instanceof BuiltinObject && self.kind === 'hubAction') return true;
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
  unresolvedName(ctx, name) {
    // A SmartApp reads a name it never declares through its settings: as null, like an input the
    // user left unset (SmartThings' own logging guide shows `foo.boom()` with `foo` undeclared
    // failing with "Cannot invoke method boom() on null object", not with a
    // MissingPropertyException), or as the value the app gave it with `app.updateSetting`.
    return ctx.settingGet(name);
  },
};
