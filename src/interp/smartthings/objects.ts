// The SmartThings platform's global objects: `location` (mode, modes, time zone, helloHome and its
// routines), `app` (and its settings) and `log`. Every effect goes through the Host or the app's state.
import type { RuntimeContext } from '../context.js';
import { missingMethod, UnsupportedError } from '../errors.js';
import { GROOVY_OBJECT_METHODS, NOT_FOUND, callGroovyMethod, type MethodResult } from '../groovy-methods.js';
import { getterProperty } from '../../parser/accessors.js';
import { HUB_PROPERTIES } from '../../devices/input-defaults.js';
import { ALARM_SYSTEM_STATUS, ASYNC_HTTP_API } from '../../devices/smartapp-api.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import * as time from '../time.js';
import { BuiltinObject, ClassRef, DeviceRef, GDate, type GMap, type Value } from '../values.js';
import { GroovyMap } from '../groovy-map.js';

export const LOCATION = new BuiltinObject('location');
export const APP = new BuiltinObject('app');
/** The location's one hub (`location.hubs`), which every device is joined to (`device.hub`); a `hub` input holds its like (input-bindings.ts). */
export const HUB = new BuiltinObject('hub', toStr(HUB_PROPERTIES.id));
/** The platform's asynchronous HTTP API (`include 'asynchttp_v1'`; its methods are in builtins.ts). */
export const ASYNC_HTTP = new BuiltinObject(ASYNC_HTTP_API);
const LOG = new BuiltinObject('log');
const HELLO_HOME = new BuiltinObject('helloHome');
const LOCATION_ZONE = new BuiltinObject('timeZone', time.LOCATION_TIME_ZONE);

/**
 * The parent app of a child app (`definition(parent: "namespace:name")`): installed by the person
 * with the child, and no part of the model (a pair is two apps; the parent's code is not there).
 * Its members are data the child cannot know (parentAppProperty, parentAppMethod).
 */
const PARENT_APP = new BuiltinObject('parentApp');

/**
 * Names that are never a platform object's own method (a device command, a method of a parent
 * app): Groovy's methods of every object, and `size` and `compareTo`, which apps call on a device
 * they take for a list of devices or sort, never as a command.
 */
export const NOT_PLATFORM_METHODS: ReadonlySet<string> = new Set([...GROOVY_OBJECT_METHODS, 'size', 'compareTo']);

/** The methods of SmartThings' logger: one per level, and no others (`log.warning` is the app's bug). */
const LOG_LEVELS: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn', 'error']);

/** Routines of `location.helloHome.getPhrases()` (SmartThings' default routines). */
const ROUTINES = ['Good Morning!', 'Good Night!', 'Goodbye!', "I'm Back!"];

export function mapOf(entries: Record<string, Value>): GMap {
  return new GroovyMap(Object.entries(entries));
}

// ---------------------------------------------------------------------------------------------
// location, app, log, helloHome, time zones, SimpleDateFormat, JsonSlurper

function locationProperty(ctx: RuntimeContext, name: string): MethodResult {
  switch (name) {
    case 'mode':
      return ctx.host.locationMode(ctx.app);
    case 'currentMode':
      return modeObject(ctx.host.locationMode(ctx.app));
    case 'modes':
      return ctx.host.locationModes(ctx.app).map(modeObject);
    case 'name':
      return 'Home';
    case 'id':
      return 'location0';
    case 'timeZone':
      return LOCATION_ZONE;
    case 'zipCode':
      return '92617';
    case 'latitude':
      return num.parseDecimal('33.6405');
    case 'longitude':
      return num.parseDecimal('-117.8443');
    case 'contactBookEnabled':
      return false;
    case 'helloHome':
      return HELLO_HOME;
    case 'temperatureScale':
      return 'F';
    // A location has its hub (service managers read `location.hubs[0].id` to place their devices).
    case 'hubs':
      return [HUB];
    case 'channelName':
      return null;
  }
  return NOT_FOUND;
}

/** The location's own attributes: `mode`, the Smart Home Monitor's status, and the fixed sunrise/sunset times as ISO strings. */
function locationValue(ctx: RuntimeContext, attribute: string): Value | undefined {
  if (attribute === 'mode') return ctx.host.locationMode(ctx.app);
  if (attribute === ALARM_SYSTEM_STATUS.attribute) return ctx.host.alarmSystemStatus(ctx.app);
  return time.sunTimeText(attribute);
}

function modeObject(mode: string): GMap {
  return mapOf({ name: mode, id: mode });
}

function locationMethod(ctx: RuntimeContext, name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'setMode':
      ctx.host.setLocationMode(ctx.app, toStr(args[0] ?? null));
      return null;
    case 'currentValue':
    case 'currentState': {
      const attribute = toStr(args[0] ?? null);
      const value = locationValue(ctx, attribute);
      if (value === undefined) throw new UnsupportedError(`location.${name}(${attribute})`);
      return name === 'currentValue' ? value : mapOf({ name: attribute, value, stringValue: value, date: new GDate(ctx.now()) });
    }
  }
  return NOT_FOUND;
}

/**
 * A log level records its message. Object's own methods (`toString`, `with`, ...) are Groovy's;
 * any other name is the platform's MissingMethodException, which the app may catch.
 */
function logMethod(ctx: RuntimeContext, log: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (LOG_LEVELS.has(name)) {
    ctx.host.message(ctx.app, { kind: 'log', text: toStr(args[0] ?? null), to: name });
    return null;
  }
  const groovy = callGroovyMethod(log, name, args);
  if (groovy === NOT_FOUND) throw missingMethod(name, 'log');
  return groovy;
}

/** A setting of a device type (`capability.switch`, `device.hueBridge`) holds devices. */
function isDeviceSetting(type: string | null): boolean {
  return type !== null && /^(capability|device)\./.test(type);
}

/** Nothing, a device or a list of devices: what a device setting can hold. */
function holdsDevices(v: Value): boolean {
  return v === null || v instanceof DeviceRef || (Array.isArray(v) && v.every((d) => d instanceof DeviceRef));
}

/**
 * `app.updateSetting(name, value)`, or `app.updateSetting(name, [type: t, value: v])`: the setting
 * holds the value (v) from now on. A device setting can hold only devices; the home has no device
 * to resolve an id or any other value to, so that update is a gap of the tool.
 */
function updateSetting(ctx: RuntimeContext, args: Value[]): null {
  if (args.length !== 2) throw missingMethod('updateSetting', 'app');
  const name = toStr(args[0]);
  const given = args[1];
  const typed = given instanceof Map && given.has('type') && given.has('value');
  const value = typed ? (given.get('value') ?? null) : given;
  const type = typed ? toStr(given.get('type') ?? null) : ctx.inputType(name);
  if (isDeviceSetting(type) && !holdsDevices(value)) throw new UnsupportedError(`app.updateSetting("${name}") of a ${type} setting with a value that is not a device (${toStr(value)})`);
  ctx.updateSetting(name, value);
  return null;
}

/**
 * `app.deleteSetting(name)`: the setting holds nothing from now on, as one a person cleared (used by
 * SmartThings apps to drop a device selection; the platform's guides do not list it).
 */
function deleteSetting(ctx: RuntimeContext, args: Value[]): null {
  if (args.length !== 1) throw missingMethod('deleteSetting', 'app');
  ctx.updateSetting(toStr(args[0]), null);
  return null;
}

/** Names that resolve to the platform's objects when no variable, field or input has them. */
export function globalObject(name: string): Value | undefined {
  if (name === 'location') return LOCATION;
  if (name === 'app') return APP;
  if (name === 'log') return LOG;
  if (name === ASYNC_HTTP_API) return ASYNC_HTTP;
  // The app's settings from the IDE (OAuth client ids, server URLs): none are set in the simulation.
  if (name === 'appSettings') return new GroovyMap();
  // The `physicalgraph` package (`physicalgraph.device.HubAction`, `...Protocol.LAN`).
  if (name === 'physicalgraph') return new ClassRef('physicalgraph');
  // The platform's Location class, which some apps subscribe to for the location (`subscribe(Location, "sunset", h)`).
  if (name === 'Location') return new ClassRef('Location');
  return undefined;
}

/** The id of the app's installation (`app.id`). */
export function installedAppId(ctx: RuntimeContext): string {
  return `${ctx.app.id}-id`;
}

// ---------------------------------------------------------------------------------------------
// The parent app of a child app

/**
 * `parent`, `getParent()`, `app.parent`: a child app's parent app; null for an app whose
 * definition names no parent, as on the platform.
 */
export function parentApp(ctx: RuntimeContext): Value {
  return ctx.metadata.parent === undefined ? null : PARENT_APP;
}

/** The InstalledSmartApp properties of the parent the child knows, from its definition's `parent: "namespace:name"`. */
function knownParentProperty(ctx: RuntimeContext, name: string): MethodResult {
  const spec = ctx.metadata.parent ?? '';
  const colon = spec.indexOf(':');
  switch (name) {
    case 'name':
    case 'label':
      return spec.slice(colon + 1);
    case 'namespace':
      return colon < 0 ? null : spec.slice(0, colon);
    case 'id':
      return `${installedAppId(ctx)}-parent`;
    case 'installationState':
      return 'COMPLETE';
    // Its children: this app at least (`parent.childApps.size()` numbers a new child's label).
    case 'childApps':
    case 'allChildApps':
      return [APP];
    // The parent's code reads `app` as itself (`parent.app.name`).
    case 'app':
      return PARENT_APP;
    // Its stores exist, with nothing the child could know in them (`parent.atomicState.authToken` is null).
    case 'state':
    case 'atomicState':
      return new GroovyMap();
  }
  return NOT_FOUND;
}

/**
 * A property of the parent app. Beyond what the child knows of it, a name reads the parent's own
 * members (a setting the person made in the parent: `parent.armRoutine`), which the model does not
 * have: null, as a setting the person left unset reads.
 */
function parentAppProperty(ctx: RuntimeContext, name: string): MethodResult {
  const known = knownParentProperty(ctx, name);
  if (known !== NOT_FOUND) return known;
  return name === 'class' || name === 'metaClass' ? NOT_FOUND : null;
}

/**
 * A method of the parent app: a getter of a property the child knows reads it; any other name is
 * the parent's own method (`parent.getLightDevices()`, `parent.LOG(...)`), whose code the model
 * does not have. The call is recorded, as a command to a device of no modelled type is, and
 * answers null; whatever the parent does in it (its own state, its devices) is outside the pair.
 */
function parentAppMethod(ctx: RuntimeContext, name: string, args: Value[]): MethodResult {
  const getter = args.length === 0 ? getterProperty(name) : undefined;
  const known = getter === undefined ? NOT_FOUND : knownParentProperty(ctx, getter);
  if (known !== NOT_FOUND) return known;
  if (NOT_PLATFORM_METHODS.has(name)) return NOT_FOUND;
  ctx.host.message(ctx.app, { kind: 'child', text: `${name}()`, to: 'parent' });
  return null;
}

// ---------------------------------------------------------------------------------------------

/** Properties of an InstalledSmartApp the model does not give: reading one is a gap of the tool. */
const UNMODELLED_APP_PROPERTIES: ReadonlySet<string> = new Set(['subscriptions', 'class', 'metaClass']);

/** Properties of `location`, `app`, a hub and a parent app. */
export function globalObjectProperty(ctx: RuntimeContext, o: BuiltinObject, name: string): MethodResult {
  if (o.kind === 'location') return locationProperty(ctx, name);
  if (o.kind === 'parentApp') return parentAppProperty(ctx, name);
  if (o.kind === 'hub') {
    // `location.hubs.each { h -> h.hub.getDataValue("uptime") }`: the hub behind the location's entry is itself.
    if (name === 'hub') return HUB;
    return Object.hasOwn(HUB_PROPERTIES, name) ? HUB_PROPERTIES[name] : NOT_FOUND;
  }
  if (o.kind === 'app') {
    if (name === 'label' || name === 'name') return ctx.app.id;
    if (name === 'id') return installedAppId(ctx);
    // The definition's namespace: service managers create their devices in it (addChildDevice(app.namespace, ...)).
    if (name === 'namespace') return ctx.metadata.namespace ?? null;
    // The app runs installed: its preferences pages see a completed installation.
    if (name === 'installationState') return 'COMPLETE';
    if (name === 'parent') return parentApp(ctx);
    // The child apps the person installed under it, as `getChildApps()` gives them: none in the model.
    if (name === 'childApps' || name === 'allChildApps') return [];
    // Any other property is a setting by its name, null while unset, read as an undeclared name is
    // (the same access): SmartThings' own SmartBlock Notifier reads the settings of its pages as
    // `app."${pageName}WantsPush"`, also while its pages are shown.
    if (!UNMODELLED_APP_PROPERTIES.has(name)) return ctx.settingGet(name);
  }
  return NOT_FOUND;
}

/** Methods of `location`, `log`, `location.helloHome`, `app` and a parent app; a getter of `location`, `app` or a hub reads its property. */
export function globalObjectMethod(ctx: RuntimeContext, o: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (o.kind === 'parentApp') return parentAppMethod(ctx, name, args);
  const getter = args.length === 0 && (o.kind === 'location' || o.kind === 'app' || o.kind === 'hub') ? getterProperty(name) : undefined;
  if (getter !== undefined) {
    const property = globalObjectProperty(ctx, o, getter);
    if (property !== NOT_FOUND) return property;
  }
  switch (o.kind) {
    case 'location':
      return locationMethod(ctx, name, args);
    case 'log':
      return logMethod(ctx, o, name, args);
    case 'helloHome':
      if (name === 'getPhrases') return ROUTINES.map((label) => mapOf({ label, id: label }));
      if (name === 'execute') {
        ctx.host.message(ctx.app, { kind: 'routine', text: toStr(args[0] ?? null), to: null });
        return null;
      }
      return NOT_FOUND;
    case 'hub':
      // A hub's data values (uptime, power levels) are its handler's, which the model does not run.
      return name === 'getDataValue' ? null : NOT_FOUND;
    case 'app':
      if (name === 'updateLabel') return null;
      if (name === 'updateSetting') return updateSetting(ctx, args);
      if (name === 'deleteSetting') return deleteSetting(ctx, args);
      // InstalledSmartApp.currentState(attribute): the latest AppState of an attribute of the app,
      // set by the app's own events (`sendEvent(name: "error", ...)` without a device). Those are
      // recorded and change nothing (platform-apis.ts), so no attribute of the app has a state.
      if (name === 'currentState' && args.length === 1) return null;
      return NOT_FOUND;
    default:
      return NOT_FOUND;
  }
}
