// The host API of a simulated home: what the interpreter calls on behalf of an app (src/interp/host.ts)
// — its inputs, device attributes and commands, the location mode, subscriptions, timers, messages —
// with every access recorded for the model checker's independence relation.
import { ALARM_SYSTEM_STATUS_LOCATION, CLOCK, deviceAttributeLocation, LOCATION_MODE, subscriptionLocation, timerLocation, type Access } from '../interp/access.js';
import type { AppHandle, Host, Message, RuntimeSubscription, SubscriptionTarget, TimerRequest } from '../interp/host.js';
import { UnsupportedError } from '../interp/errors.js';
import { toStr } from '../interp/operators.js';
import { REFERENCE_SUN_TIMES, sunTimesOnDay, type SunTimes } from '../interp/time.js';
import { DeviceRef, GDate, GEvent, type Value } from '../interp/values.js';
import { defaultBinding } from '../interp/input-bindings.js';
import type { InputIR } from '../ir/ir.js';
import { countsAsWrite, isManualEvent } from '../devices/capabilities.js';
import { applyCommand } from './commands.js';
import { COMMAND_EVENT, type Dispatcher } from './home-dispatch.js';
import type { DueTimers } from './due-timers.js';
import { numberFallbacks } from '../analysis/setting-fallbacks.js';
import { relevance } from '../analysis/relevance.js';
import type * as ast from '../parser/ast.js';
import { pairSetting, REFERENCE_ENVIRONMENT, type Environment } from './environment.js';
import { LOCATION_MODES, type HomeWorld, type LocationVariable } from './home-world.js';
import type { ErrorPosition } from '../interp/errors.js';
import { simulatedDeviceId } from '../devices/capabilities.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';
import type { Endpoint } from '../analysis/web-payloads.js';
import { appOutsideWorld, endpointRequest, serviceAttribute, serviceResponse, WEB_SERVICE_CAPABILITY, type AppOutsideWorld } from './outside-world.js';

export class HomeHost implements Host {
  /** Per app id, what the outside world can send it (computed on first use). */
  private readonly outside = new Map<string, AppOutsideWorld>();
  /** The outside client's call of an endpoint in progress, if any. */
  private call: { app: string; request: Value; params: Value } | undefined;

  constructor(
    private readonly world: HomeWorld,
    private readonly events: Dispatcher,
    /** The one-off timers that come due later (none unless the home is told their events). */
    private readonly timers: DueTimers,
    private readonly environment: Environment = REFERENCE_ENVIRONMENT,
    /** The location's modes (environment.ts, `locationModes`). */
    private readonly modes: readonly string[] = LOCATION_MODES,
  ) {}

  now(): number {
    if (this.world.clockAdvances) this.events.access('read', CLOCK);
    return this.world.clock;
  }

  /** The reference's fixed sun times, or in the full environment those times of day on the day asked. */
  sunTimes(_app: AppHandle, dayMs: number | null): SunTimes {
    if (!this.environment.sunOfTheDay) return REFERENCE_SUN_TIMES;
    return sunTimesOnDay(dayMs ?? this.now());
  }

  inputValue(app: AppHandle, input: InputIR): Value {
    const { ir } = this.world.instance(app.id);
    const setting = pairSetting(this.environment, app.id, input, ir.inputs, this.modes, numberFallbacks(ir).get(input.name));
    if (setting) return setting.value;
    const binding = defaultBinding(input);
    if (binding.kind === 'device') return this.deviceSetting(input, binding.capability);
    const unknown = this.unknownDeviceType(input);
    return unknown === undefined ? binding.value : this.deviceSetting(input, unknown);
  }

  /** A device input's value: the home's device of that capability (in a list for `multiple: true`). */
  private deviceSetting(input: InputIR, capability: string): Value {
    const device = this.world.deviceFor(capability).ref;
    return input.multiple ? [device] : device;
  }

  /** The device type of a required input the model has no capability for, where the environment gives it a device. */
  private unknownDeviceType(input: InputIR): string | undefined {
    return this.environment.unknownDevices && input.required ? input.capability : undefined;
  }

  readAttribute(handle: AppHandle, device: DeviceRef, attribute: string, site: ast.Node | null): Value {
    const value = this.world.devices.get(device.id)?.values.get(attribute) ?? null;
    // The states leave out attributes the apps' code cannot read where it matters
    // (live-attributes.ts). A read the relevance analysis finds idle may see the value of whichever
    // run reached the state first: it decides nothing. Any other read of one (a name computed at
    // run time the static scan did not see) stops the check rather than let merged states answer
    // differently.
    if (this.world.isLiveAttribute(device.id, attribute)) this.events.access('read', deviceAttributeLocation(device.id, attribute));
    else if (site === null || !relevance(this.world.instance(handle.id).ir).idleReads.has(site)) {
      throw new UnsupportedError(`reading ${device.id}.${attribute} by a name the static scan of attribute reads does not see`);
    }
    return value;
  }

  deviceCommand(handle: AppHandle, device: DeviceRef, command: string, args: Value[]): Value {
    const app = this.world.instance(handle.id);
    const { events } = this;
    const state = this.world.devices.get(device.id);
    const appName = this.world.appName(app.id);
    const at = app.callSite;
    if (events.detailed) events.records.push({ kind: 'command', depth: events.depth, app: app.id, appName, device: device.id, command, args: args.map(toStr), line: at?.line, column: at?.column });
    this.announceCommand(device, command);
    // A command the device's capability does not define (a child device's, a custom command of
    // the user's device handler) is recorded and changes nothing the model knows of.
    const changes = state?.spec ? applyCommand(state.spec, state.values, command, args, this.environment.nullArguments === 'change-nothing') : undefined;
    if (!changes || !state) return null;
    events.usePart('device', device.id);
    for (const change of changes) {
      // An attribute whose value cannot matter is no location the checker needs to order.
      const location = this.world.isLiveAttribute(device.id, change.attribute) ? deviceAttributeLocation(device.id, change.attribute) : undefined;
      if (location) events.access('read', location);
      events.records.push({
        kind: 'write', depth: events.depth, app: app.id, appName, device: device.id, attribute: change.attribute, value: toStr(change.value),
        changed: change.changed, manual: events.manual, byPerson: events.byPerson, line: at?.line, column: at?.column,
      });
      if (location && countsAsWrite(change)) events.access('write', location);
      if (!change.changed) continue;
      state.values.set(change.attribute, change.value);
      if (!change.sendsEvent) continue;
      const event = new GEvent(change.attribute, toStr(change.value), 'DEVICE', device, new GDate(this.world.clock), null, true, false);
      events.dispatch(event, isManualEvent(state.spec, change.attribute));
    }
    return null;
  }

  /** Runs the handlers of `subscribeToCommand` for this command of this device, if any app has one. */
  private announceCommand(device: DeviceRef, command: string): void {
    const heard = this.world.subscriptions.some(({ subscription: s }) => s.command && s.attribute === command && s.target.kind === 'device' && s.target.device.id === device.id);
    if (heard) this.events.dispatch(new GEvent(COMMAND_EVENT, command, 'DEVICE', device, new GDate(this.world.clock), null, true, false), false);
  }

  locationMode(): string {
    this.events.access('read', LOCATION_MODE);
    return this.world.mode;
  }

  locationModes(): string[] {
    return [...this.modes];
  }

  setLocationMode(handle: AppHandle, mode: string): void {
    if (this.writeLocation(handle, 'mode', mode)) this.events.dispatch(new GEvent('mode', mode, 'LOCATION', null, new GDate(this.world.clock), null, true, false), false);
  }

  alarmSystemStatus(): string {
    this.events.access('read', ALARM_SYSTEM_STATUS_LOCATION);
    return this.world.alarmSystemStatus;
  }

  /**
   * The event reaches the location's subscribers as sent; one of the monitor's status also arms or
   * disarms it, with a status the monitor has (it has no other state to be put in).
   */
  sendLocationEvent(handle: AppHandle, event: GEvent): void {
    const { attribute, values } = ALARM_SYSTEM_STATUS;
    if (event.name === attribute && (values as readonly string[]).includes(event.value)) this.writeLocation(handle, 'alarmSystemStatus', event.value);
    this.events.dispatch(event, false);
  }

  /**
   * An app's write of a location attribute (`location.mode`, `location.alarmSystemStatus`): recorded
   * for conflict detection whether or not it changes the value, as a device command's is. Returns
   * whether it changed the value.
   */
  private writeLocation(handle: AppHandle, attribute: LocationVariable, value: string): boolean {
    const app = this.world.instance(handle.id);
    const { events } = this;
    const changed = events.setLocationVariable(attribute, value);
    const at = app.callSite;
    events.records.push({
      kind: 'write', depth: events.depth, app: app.id, appName: this.world.appName(app.id), device: 'location', attribute, value,
      changed, manual: events.manual, byPerson: events.byPerson, line: at?.line, column: at?.column,
    });
    return changed;
  }

  subscribe(handle: AppHandle, subscription: RuntimeSubscription): void {
    this.events.access('write', subscriptionLocation(handle.id, subscription.handler));
    if (this.environment.oneSubscriptionEach && this.world.subscriptions.some(({ app, subscription: s }) => app.id === handle.id && sameSubscription(s, subscription))) return;
    this.world.subscriptions.push({ app: this.world.instance(handle.id), subscription });
  }

  unsubscribe(handle: AppHandle, target: SubscriptionTarget | null): void {
    this.world.subscriptions = this.world.subscriptions.filter(({ app, subscription: s }) => {
      const removed = app.id === handle.id && (target === null || sameTarget(s.target, target));
      if (removed) this.events.access('write', subscriptionLocation(app.id, s.handler));
      return !removed;
    });
  }

  /** Timers fire at once (reference §2.5), except one-off timers that come due later (due-timers.ts). */
  schedule(handle: AppHandle, timer: TimerRequest): void {
    this.events.access('write', timerLocation(handle.id, timer.handler));
    if (this.timers.set(handle.id, timer)) return;
    this.events.fireTimer(this.world.instance(handle.id), timer.handler, timer.api, timer.data === null ? [] : [timer.data]);
  }

  unschedule(app: AppHandle, handler: string | null): void {
    if (handler !== null) this.events.access('write', timerLocation(app.id, handler));
    this.timers.cancel(app.id, handler);
  }

  message(app: AppHandle, message: Message): void {
    if (this.events.detailed) this.events.records.push({ kind: 'message', depth: this.events.depth, app: app.id, appName: this.world.appName(app.id), message });
  }

  /** What the outside world can send the app with this id. */
  outsideWorldOf(appId: string): AppOutsideWorld {
    let world = this.outside.get(appId);
    if (!world) this.outside.set(appId, (world = appOutsideWorld(this.world.instance(appId).ir)));
    return world;
  }

  /** The service's current answer (the web-service device's attribute, read as a device attribute is). */
  webResponse(handle: AppHandle, _api: string, at: ErrorPosition | null): Value | undefined {
    if (!this.environment.outsideWorld || at === null) return undefined;
    const service = this.outsideWorldOf(handle.id).services.find((s) => s.line === at.line && s.column === at.column);
    if (!service) return undefined;
    const attribute = serviceAttribute(handle.id, service);
    const device = this.world.devices.get(simulatedDeviceId(WEB_SERVICE_CAPABILITY));
    // No device, or an answer no event changes (not live): the answer is "something else" for good.
    if (!device || !this.world.isLiveAttribute(device.ref.id, attribute)) return serviceResponse(service, null);
    this.events.access('read', deviceAttributeLocation(device.ref.id, attribute));
    const answer = device.values.get(attribute) ?? null;
    return serviceResponse(service, answer === null ? null : toStr(answer));
  }

  webCallback(handle: AppHandle, method: string, args: Value[]): void {
    this.events.runAfterExecution(this.world.instance(handle.id), method, 'asynchttp_v1 response', args);
  }

  endpointRequest(handle: AppHandle): { request: Value; params: Value } | undefined {
    return this.call?.app === handle.id ? this.call : undefined;
  }

  /** Runs `body` (the endpoint's handler) as an outside client's call with this payload. */
  callEndpoint(appId: string, endpoint: Endpoint, payload: string, body: () => void): void {
    const outer = this.call;
    this.call = { app: appId, ...endpointRequest(endpoint, payload) };
    try {
      body();
    } finally {
      this.call = outer;
    }
  }

  recordAccess(_app: AppHandle, access: Access): void {
    this.events.access(access.kind, access.location);
  }
}

/** The same source, event, value filter and handler (and kind: an event or a command sent). */
function sameSubscription(a: RuntimeSubscription, b: RuntimeSubscription): boolean {
  return sameTarget(a.target, b.target) && a.attribute === b.attribute && a.value === b.value && a.handler === b.handler && a.command === b.command;
}

function sameTarget(a: SubscriptionTarget, b: SubscriptionTarget): boolean {
  if (a.kind === 'device' && b.kind === 'device') return a.device.id === b.device.id;
  return a.kind === b.kind;
}
