// A simulated home for ONE app (what `stcheck run` needs): one device per capability, the
// reference's input constants, the location, and synchronous re-entrant event delivery. Every
// handler run gets an access log; nested runs (a command's event reaching the app again) append
// to the logs of the runs that caused them, so an outer handler's set is its whole transition.
import { deviceAttributeLocation, LOCATION_MODE, subscriptionLocation, timerLocation, type Access } from '../interp/access.js';
import type { AppHandle, Host, Message, RuntimeSubscription, SubscriptionTarget, TimerRequest } from '../interp/host.js';
import { UnsupportedError } from '../interp/errors.js';
import { AppInstance } from '../interp/instance.js';
import { toStr } from '../interp/operators.js';
import { NOW_MS } from '../interp/time.js';
import { DeviceRef, GDate, GEvent, type Value } from '../interp/values.js';
import { defaultBinding } from '../lower/input-defaults.js';
import type { AppIR, InputIR } from '../lower/ir.js';
import { applyCommand, capabilityOf, createDevice, initialValues, isManualEvent, type CapabilitySpec } from './capabilities.js';

export const APP_ID = 'App1';

interface DeviceState {
  ref: DeviceRef;
  spec: CapabilitySpec | undefined;
  values: Map<string, Value>;
}

/** One line of what happened, in order. */
export type HomeRecord =
  | { kind: 'event'; source: string; name: string; value: string; manual: boolean; depth: number }
  | { kind: 'handler'; handler: string; event: string; depth: number; accesses: Access[] }
  | { kind: 'command'; device: string; command: string; args: string[]; depth: number }
  | { kind: 'write'; location: string; value: string; manual: boolean; depth: number }
  | { kind: 'message'; message: Message; depth: number }
  | { kind: 'timer'; api: string; handler: string; fired: boolean; depth: number };

export interface HomeOptions {
  /** The reference's two initial configurations (§3.2): device values and mode. */
  init: boolean;
}

function numberOrString(text: string): Value {
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

export class Home implements Host {
  readonly app: AppInstance;
  readonly records: HomeRecord[] = [];
  private readonly devices = new Map<string, DeviceState>();
  private readonly subscriptions: RuntimeSubscription[] = [];
  private mode: string;
  /** Access logs of the handler runs in progress, innermost last. */
  private readonly openLogs: Access[][] = [];
  private depth = 0;
  /** Set while delivering a manual event's handlers (button, touch, NFC, app touch). */
  private manual = false;
  private readonly runningTimers = new Set<string>();

  constructor(ir: AppIR, options: HomeOptions = { init: true }) {
    this.mode = options.init ? 'away' : 'home';
    for (const input of ir.inputs) {
      if (input.capability !== undefined) this.deviceFor(input.capability, options.init);
    }
    this.app = new AppInstance(ir, this, { id: APP_ID });
  }

  /** Binds inputs, runs field initialisers and installed(). */
  install(): void {
    this.app.load();
    this.runHandler('installed', 'install', []);
  }

  /** The device bound to an input (its first device for `multiple: true`). */
  deviceOfInput(input: string): DeviceRef | null {
    const v = this.app.inputs.get(input);
    const d = Array.isArray(v) ? v[0] : v;
    return d instanceof DeviceRef ? d : null;
  }

  /** Current value of an attribute of a device (for tests and the CLI). */
  attribute(device: DeviceRef, attribute: string): Value {
    return this.devices.get(device.id)?.values.get(attribute) ?? null;
  }

  get locationModeValue(): string {
    return this.mode;
  }

  /**
   * The environment fires an event: `input.attribute=value` on a device input, `location.mode=x`,
   * `location.<name>=x` (sunset, ...), or `app.touch=touched`. Like the reference's setValue, a
   * device event whose value is already current does nothing unless the device always dispatches.
   */
  fireEvent(source: string, attribute: string, valueText: string): void {
    if (source === 'app') return this.dispatch(new GEvent('touch', valueText, 'APP', null, new GDate(NOW_MS), null, true, false), true);
    if (source === 'location') {
      if (attribute === 'mode') {
        if (this.mode === valueText) return;
        this.mode = valueText;
      }
      return this.dispatch(new GEvent(attribute, valueText, 'LOCATION', null, new GDate(NOW_MS), null, true, false), false);
    }
    const device = this.deviceOfInput(source);
    if (!device) throw new Error(`no device input named ${source}`);
    const state = this.devices.get(device.id)!;
    const value = numberOrString(valueText);
    const changed = toStr(state.values.get(attribute) ?? null) !== valueText;
    state.values.set(attribute, value);
    if (!changed && !state.spec?.alwaysDispatches) return;
    const data = attribute === 'button' ? new Map<Value, Value>([['buttonNumber', 1]]) : null;
    this.dispatch(new GEvent(attribute, valueText, 'DEVICE', device, new GDate(NOW_MS), data, true, true), isManualEvent(state.spec, attribute));
  }

  /** The subscriptions the app has made so far (in registration order). */
  get activeSubscriptions(): readonly RuntimeSubscription[] {
    return this.subscriptions;
  }

  /**
   * Runs a subscription's handler once with a plausible event: its value filter if it has one,
   * otherwise a value of the attribute's domain other than the current one (so the environment
   * would really deliver it).
   */
  exercise(s: RuntimeSubscription): void {
    const date = new GDate(NOW_MS);
    let event: GEvent;
    if (s.target.kind === 'app') event = new GEvent('touch', 'touched', 'APP', null, date, null, true, false);
    else if (s.target.kind === 'location') {
      const name = s.attribute === null || s.attribute === 'location' ? 'mode' : s.attribute;
      const value = s.value ?? (name === 'mode' ? this.locationModes().find((m) => m !== this.mode)! : name);
      event = new GEvent(name, value, 'LOCATION', null, date, null, true, false);
    } else {
      const state = this.devices.get(s.target.device.id)!;
      const attribute = s.attribute ?? '';
      const value = s.value ?? plausibleValue(state, attribute);
      const data = attribute === 'button' ? new Map<Value, Value>([['buttonNumber', 1]]) : null;
      event = new GEvent(attribute, value, 'DEVICE', s.target.device, date, data, true, true);
    }
    this.records.push({ kind: 'event', source: event.device?.id ?? event.source.toLowerCase(), name: event.name, value: event.value, manual: false, depth: this.depth });
    this.runHandler(s.handler, `${event.name}=${event.value}`, [event]);
  }

  // --- Host ---------------------------------------------------------------------------------------

  inputValue(_app: AppHandle, input: InputIR): Value {
    const binding = defaultBinding(input);
    if (binding.kind === 'value') return binding.value;
    const device = this.devices.get(`${binding.capability}0`)!.ref;
    return input.multiple ? [device] : device;
  }

  readAttribute(_app: AppHandle, device: DeviceRef, attribute: string): Value {
    this.access('read', deviceAttributeLocation(device.id, attribute));
    return this.devices.get(device.id)?.values.get(attribute) ?? null;
  }

  deviceCommand(_app: AppHandle, device: DeviceRef, command: string, args: Value[]): Value {
    const state = this.devices.get(device.id)!;
    this.records.push({ kind: 'command', device: device.id, command, args: args.map(toStr), depth: this.depth });
    const changes = state.spec ? applyCommand(state.spec, state.values, command, args) : undefined;
    if (!changes) throw new UnsupportedError(`command ${command} of ${device.id}`);
    for (const change of changes) {
      const location = deviceAttributeLocation(device.id, change.attribute);
      this.access('read', location);
      if (!change.emits) continue;
      state.values.set(change.attribute, change.value);
      this.access('write', location);
      this.records.push({ kind: 'write', location, value: toStr(change.value), manual: this.manual, depth: this.depth });
      const event = new GEvent(change.attribute, toStr(change.value), 'DEVICE', device, new GDate(NOW_MS), null, true, false);
      this.dispatch(event, isManualEvent(state.spec, change.attribute));
    }
    return null;
  }

  locationMode(): string {
    this.access('read', LOCATION_MODE);
    return this.mode;
  }

  locationModes(): string[] {
    return ['home', 'away', 'night'];
  }

  setLocationMode(_app: AppHandle, mode: string): void {
    this.access('read', LOCATION_MODE);
    if (this.mode === mode) return;
    this.mode = mode;
    this.access('write', LOCATION_MODE);
    this.records.push({ kind: 'write', location: LOCATION_MODE, value: mode, manual: this.manual, depth: this.depth });
    this.dispatch(new GEvent('mode', mode, 'LOCATION', null, new GDate(NOW_MS), null, true, false), false);
  }

  sendLocationEvent(_app: AppHandle, event: GEvent): void {
    this.dispatch(event, false);
  }

  subscribe(app: AppHandle, subscription: RuntimeSubscription): void {
    this.access('write', subscriptionLocation(app.id, subscription.handler));
    this.subscriptions.push(subscription);
  }

  unsubscribe(app: AppHandle, target: SubscriptionTarget | null): void {
    for (let i = this.subscriptions.length - 1; i >= 0; i--) {
      const s = this.subscriptions[i];
      if (target !== null && !sameTarget(s.target, target)) continue;
      this.access('write', subscriptionLocation(app.id, s.handler));
      this.subscriptions.splice(i, 1);
    }
  }

  /**
   * Timers fire at once (reference §2.5). A timer whose handler is already running from a timer
   * (a method that re-schedules itself) stays pending instead of recursing forever.
   */
  schedule(app: AppHandle, timer: TimerRequest): void {
    this.access('write', timerLocation(app.id, timer.handler));
    const fire = !this.runningTimers.has(timer.handler);
    this.records.push({ kind: 'timer', api: timer.api, handler: timer.handler, fired: fire, depth: this.depth });
    if (!fire) return;
    this.runningTimers.add(timer.handler);
    try {
      this.runHandler(timer.handler, `${timer.api} timer`, timer.data === null ? [] : [timer.data]);
    } finally {
      this.runningTimers.delete(timer.handler);
    }
  }

  unschedule(app: AppHandle, handler: string | null): void {
    if (handler !== null) this.access('write', timerLocation(app.id, handler));
  }

  message(_app: AppHandle, message: Message): void {
    this.records.push({ kind: 'message', message, depth: this.depth });
  }

  recordAccess(_app: AppHandle, access: Access): void {
    this.access(access.kind, access.location);
  }

  // --- internals ----------------------------------------------------------------------------------

  private deviceFor(capability: string, init: boolean): void {
    const ref = createDevice(capability);
    if (this.devices.has(ref.id)) return;
    const spec = capabilityOf(capability);
    this.devices.set(ref.id, { ref, spec, values: spec ? initialValues(spec, init) : new Map() });
  }

  private access(kind: Access['kind'], location: string): void {
    for (const log of this.openLogs) log.push({ kind, location });
  }

  private dispatch(event: GEvent, manual: boolean): void {
    const source = event.device?.id ?? event.source.toLowerCase();
    this.records.push({ kind: 'event', source, name: event.name, value: event.value, manual, depth: this.depth });
    for (const s of [...this.subscriptions]) {
      if (!matches(s, event)) continue;
      this.access('read', subscriptionLocation(APP_ID, s.handler));
      const outerManual = this.manual;
      this.manual = manual;
      try {
        this.runHandler(s.handler, `${event.name}=${event.value}`, [event]);
      } finally {
        this.manual = outerManual;
      }
    }
  }

  private runHandler(handler: string, cause: string, args: Value[]): void {
    if (!this.app.hasMethod(handler)) return;
    const log: Access[] = [];
    const record: HomeRecord = { kind: 'handler', handler, event: cause, depth: this.depth, accesses: log };
    this.records.push(record);
    this.openLogs.push(log);
    this.depth++;
    try {
      this.app.invoke(handler, args);
    } finally {
      this.depth--;
      this.openLogs.pop();
    }
  }
}

function plausibleValue(state: DeviceState, attribute: string): string {
  const spec = state.spec?.attributes.find((a) => a.name === attribute);
  const current = state.values.get(attribute) ?? null;
  if (spec && Array.isArray(spec.domain)) return spec.domain.find((v) => v !== current) ?? spec.domain[0];
  if (typeof current === 'number') return String(current + 10);
  return '50';
}

function sameTarget(a: SubscriptionTarget, b: SubscriptionTarget): boolean {
  if (a.kind === 'device' && b.kind === 'device') return a.device.id === b.device.id;
  return a.kind === b.kind;
}

function matches(s: RuntimeSubscription, e: GEvent): boolean {
  if (e.source === 'APP') return s.target.kind === 'app';
  if (e.source === 'LOCATION') {
    if (s.target.kind !== 'location') return false;
    if (s.attribute === null || s.attribute === 'location') return true;
    return s.attribute === e.name && (s.value === null || s.value === e.value);
  }
  if (s.target.kind !== 'device' || s.target.device.id !== e.device?.id) return false;
  return s.attribute === e.name && (s.value === null || s.value === e.value);
}
