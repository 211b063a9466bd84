// SmartThings events as handlers see them: `evt.value`, `evt.name`, `evt.device`, numeric values,
// `jsonData`, `isPhysical()`, ...
import { EVENT_CLASS, EVENT_PREDICATES, EVENT_PROPERTIES } from '../../devices/smartapp-api.js';
import { missingMethod, missingProperty } from '../errors.js';
import { GROOVY_OBJECT_METHODS, NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { getterProperty } from '../../parser/accessors.js';
import { toJson } from '../java/json.js';
import { parseJson } from '../java/json-parse.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import * as time from '../time.js';
import { GDate, type GEvent, type Value } from '../values.js';
import { LOCATION } from './objects.js';

function numericEventValue(e: GEvent, kind: 'int' | 'double' | 'decimal'): Value {
  const text = e.value.trim();
  if (kind === 'int') return num.toInt(num.parseDecimal(text));
  if (kind === 'double') return num.parseDouble(text);
  return num.parseDecimal(text);
}

/** An Event's `dateValue`: its value as a Date, or null when the text is not a date-time. */
function dateValue(text: string): GDate | null {
  const ms = time.isoDateTimeOrNull(text);
  return ms === null ? null : new GDate(ms);
}

/**
 * An event's date: when it happened, which the home's clock decided (the event was made then). The
 * read goes through the clock so that the model checker orders it after the time passing.
 */
function dateOf(e: GEvent, clock: time.Clock): GDate {
  void clock.now();
  // A Date of its own: the event reaches every handler, and a Date can be changed in place.
  return new GDate(e.date.time);
}

/** Whether the platform's Event has the property (the modelled ones among them). */
function hasEventProperty(name: string): boolean {
  return name === 'class' || EVENT_PROPERTIES.has(name);
}

export function eventProperty(e: GEvent, name: string, clock: time.Clock): MethodResult {
  const value = modelledProperty(e, name, clock);
  if (value !== NOT_FOUND) return value;
  // A name the platform's Event does not have (`evt."${state.data}"` with nothing stored) is the
  // app's MissingPropertyException, which it can catch; `class` is answered by the interpreter.
  if (hasEventProperty(name)) return NOT_FOUND;
  throw missingProperty(name, EVENT_CLASS);
}

function modelledProperty(e: GEvent, name: string, clock: time.Clock): MethodResult {
  switch (name) {
    case 'name':
      return e.name;
    case 'value':
    case 'stringValue':
      return e.value;
    case 'displayName':
    case 'linkText':
      return e.device?.label ?? 'Home';
    case 'descriptionText':
    case 'description':
      return `${e.device?.label ?? 'Home'} ${e.name} is ${e.value}`;
    case 'device':
      return e.device;
    case 'deviceId':
      return e.device?.id ?? null;
    case 'id':
      return `event-${e.name}-${e.value}`;
    case 'date':
    case 'dateCreated':
      return dateOf(e, clock);
    case 'isoDate':
      return new Date(dateOf(e, clock).time).toISOString();
    case 'source':
      return e.source;
    case 'isStateChange':
    case 'stateChange':
      return e.isStateChange;
    case 'physical':
      return e.physical;
    case 'digital':
      return !e.physical;
    case 'data':
      return e.data ? toJson(e.data) : null;
    case 'jsonData':
      return e.data;
    case 'integerValue':
    case 'longValue':
      return numericEventValue(e, 'int');
    case 'doubleValue':
    case 'floatValue':
      return numericEventValue(e, 'double');
    case 'numberValue':
    case 'numericValue':
      return numericEventValue(e, 'decimal');
    case 'dateValue':
      return dateValue(e.value);
    case 'xyzValue':
    case 'jsonValue':
      // The value's JSON; text that is not JSON is the platform's exception too.
      return parseJson(e.value);
    case 'unit':
      return e.unit;
    case 'location':
      return LOCATION;
    case 'locationId':
      return 'location0';
    case 'installedSmartAppId':
      return 'app0';
    case 'hubId':
      return 'hub0';
  }
  return NOT_FOUND;
}

/** Java's own methods of every object, which Groovy's list of object methods leaves out. */
const JAVA_OBJECT_METHODS: ReadonlySet<string> = new Set(['notify', 'notifyAll', 'wait']);

/**
 * Whether the platform's Event has a method of this name: a getter of one of its properties, one of
 * its predicates, or a method every object has. A call of any other name (`evt.value()`) is the
 * app's MissingMethodException, as on the platform; one of these the tool does not model is a gap.
 */
function hasEventMethod(name: string): boolean {
  const property = getterProperty(name);
  return (property !== undefined && hasEventProperty(property)) || EVENT_PREDICATES.has(name) || GROOVY_OBJECT_METHODS.has(name) || JAVA_OBJECT_METHODS.has(name);
}

/** The app's error for a method the Event does not have, or nothing when it has one (see hasEventMethod). */
export function checkEventMethod(name: string): void {
  if (!hasEventMethod(name)) throw missingMethod(name, EVENT_CLASS);
}

export function eventMethod(e: GEvent, name: string, args: readonly Value[], clock: time.Clock): MethodResult {
  // Groovy's hasProperty: the property's MetaProperty (truthy; its fields are not modelled) or null.
  if (name === 'hasProperty') return hasEventProperty(toStr(args[0] ?? null)) ? true : null;
  if (name === 'isPhysical') return e.physical;
  if (name === 'isDigital') return !e.physical;
  if (name === 'isStateChange') return e.isStateChange;
  const property = getterProperty(name);
  if (property !== undefined) return modelledProperty(e, property, clock);
  return NOT_FOUND;
}
