// SmartThings devices as apps see them: attributes (`currentSwitch`, `currentValue("switch")`,
// `currentState`), identity, capabilities, and commands, which go to the Host.
import type { RuntimeContext } from '../context.js';
import { attributeNames, capabilityOf, commandNames, isStandardAttribute, isVectorAttribute } from '../../devices/capabilities.js';
import { parseJson } from '../java/json-parse.js';
import { missingMethod, missingProperty } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { getterProperty } from '../../parser/accessors.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { DeviceStateMap, GDate, isNumber, PlatformRecord, type DeviceRef, type GMap, type Value } from '../values.js';
import { HUB, NOT_PLATFORM_METHODS } from './objects.js';

function deviceState(ctx: RuntimeContext, d: DeviceRef, attribute: string): Value {
  if (!d.attributes.includes(attribute)) return null;
  const value = ctx.host.readAttribute(ctx.app, d, attribute, ctx.readSite);
  const text = value === null ? null : toStr(value);
  // A State's three dates (`date`, `dateCreated`, `rawDateCreated`): apps time how long a state has held with any of them.
  // The state's dates are now: the model keeps no time of a value's change (docs/model.md, "The clock").
  const now = ctx.now();
  const number = isNumber(value) ? value : null;
  const integer = number === null ? null : num.toInt(number);
  const double = number === null ? null : num.toDoubleValue(number);
  // The platform State's properties: its value in each form, and the three-axis value as a map.
  return new DeviceStateMap(Object.entries({
    name: attribute,
    value: text,
    stringValue: text,
    // Three Dates, not one: a Date can be changed in place.
    date: new GDate(now),
    dateCreated: new GDate(now),
    rawDateCreated: new GDate(now),
    isoDate: new Date(now).toISOString(),
    unit: null,
    integerValue: integer,
    longValue: integer,
    doubleValue: double,
    floatValue: double,
    numberValue: number,
    numericValue: number,
    xyzValue: typeof value === 'string' && isVectorAttribute(attribute) ? parseJson(value) : null,
  }), text);
}

/**
 * A device's value of an attribute; SmartThings gives null for an attribute the device lacks, and
 * a vector's `{x, y, z}` map for a vector attribute (mood-cube-like apps read `currentValue("threeAxis").x`).
 */
function readAttribute(ctx: RuntimeContext, d: DeviceRef, attribute: string): Value {
  if (!d.attributes.includes(attribute)) return null;
  const value = ctx.host.readAttribute(ctx.app, d, attribute, ctx.readSite);
  return typeof value === 'string' && isVectorAttribute(attribute) ? parseJson(value) : value;
}

/** `currentSwitch` → `switch`, `currentThermostatMode` → `thermostatMode`. */
function currentAttribute(property: string): string | null {
  if (!property.startsWith('current') || property.length <= 7) return null;
  return property.charAt(7).toLowerCase() + property.slice(8);
}

export function deviceProperty(ctx: RuntimeContext, d: DeviceRef, name: string): MethodResult {
  switch (name) {
    case 'id':
    case 'deviceNetworkId':
      return d.id;
    // The device behind the wrapper an input holds (`stat.device.deviceNetworkId`, `it.device.id`):
    // not in the Device reference, but apps read it for the same id, so it is the device itself.
    case 'device':
      return d;
    case 'hub':
      return HUB;
    case 'displayName':
    case 'label':
    case 'name':
      return d.label;
    case 'typeName':
      return d.capabilities[0] ?? null;
    case 'capabilities':
      return d.capabilities.map(capabilityObject);
    case 'supportedAttributes':
      return d.attributes.map(attributeObject);
    case 'supportedCommands':
      return d.commands.map(commandObject);
    case 'status':
      return 'ONLINE';
    // What the model does not know of the user's device: no maker, no model, no activity recorded.
    case 'manufacturerName':
    case 'modelName':
    case 'lastActivity':
      return null;
    case 'latestValue':
      // The reference's device classes expose their primary attribute as a `latestValue` field.
      return d.attributes.length ? readAttribute(ctx, d, d.attributes[0]) : null;
  }
  const current = currentAttribute(name);
  if (current !== null) return readAttribute(ctx, d, current);
  // `sensor.contact`: an attribute read as a property gives its current value, null when the device
  // lacks it (the user's device may have more capabilities than the input asked for).
  if (isStandardAttribute(name)) return readAttribute(ctx, d, name);
  // `switches.on` without parentheses: a command is no property, as on the platform.
  if (d.commands.includes(name)) throw missingProperty(name, d.label);
  if (name.endsWith('State') && d.attributes.includes(name.slice(0, -5))) return deviceState(ctx, d, name.slice(0, -5));
  return NOT_FOUND;
}

/**
 * A device's capability as the platform gives it: its name as the capabilities reference spells
 * it (`switchLevel` → "Switch Level"; bridge apps look a client's command up in
 * `capability.commands` under that name) and its commands and attributes, each with a `name`.
 */
function capabilityObject(capability: string): PlatformRecord {
  const spec = capabilityOf(capability);
  return new PlatformRecord(Object.entries({
    name: capability.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()),
    commands: (spec ? commandNames(spec) : []).map(commandObject),
    attributes: (spec ? attributeNames(spec) : []).map(attributeObject),
  }), 'physicalgraph.device.Capability');
}

const attributeObject = (name: string) => new PlatformRecord([['name', name]], 'physicalgraph.device.Attribute');
const commandObject = (name: string) => new PlatformRecord([['name', name]], 'physicalgraph.device.Command');

export function deviceMethod(ctx: RuntimeContext, d: DeviceRef, name: string, args: Value[], n: GMap | null): MethodResult {
  switch (name) {
    case 'currentValue':
    case 'latestValue':
      return readAttribute(ctx, d, toStr(args[0] ?? null));
    case 'currentState':
    case 'latestState':
      return deviceState(ctx, d, toStr(args[0] ?? null));
    // Data values are what a device's handler stores of its own (a firmware version, a battery
    // flag); the model's devices run no handler, so they have none, as they have no maker.
    case 'getDataValue':
      return null;
    case 'hasCommand':
      return d.commands.includes(toStr(args[0] ?? null));
    case 'hasAttribute':
      return d.attributes.includes(toStr(args[0] ?? null));
    case 'hasCapability': {
      const wanted = toStr(args[0] ?? null).replace(/\s+/g, '').toLowerCase();
      return d.capabilities.some((c) => c.toLowerCase() === wanted);
    }
    case 'events':
    case 'eventsSince':
    case 'eventsBetween':
    case 'statesSince':
    case 'statesBetween':
      // No event history is modelled: every device starts with an empty past.
      return [];
  }
  // A getter is its property (`getStatus()` is `status`), not a command of the device.
  const getter = args.length === 0 && n === null ? getterProperty(name) : undefined;
  if (getter !== undefined) {
    const property = deviceProperty(ctx, d, getter);
    if (property !== NOT_FOUND) return property;
  }
  if (NOT_PLATFORM_METHODS.has(name)) return NOT_FOUND;
  // A name that cannot be a method (`thermostat."${mode}"()` with the mode "emergency heat") fails
  // on the platform too: the app's own MissingMethodException.
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw missingMethod(name, d.label);
  // Any other name is a command sent to the device. One its capability does not define (`setCode`
  // of a lock, a custom command of the user's device handler) goes to the device too: the host
  // records it, and it changes nothing the model knows of.
  return ctx.host.deviceCommand(ctx.app, d, name, n ? [n, ...args] : args);
}
