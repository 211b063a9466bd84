// The interface between the interpreter and the simulated world. The interpreter never knows the
// home: every device attribute read, device command, location read or write, subscription, timer
// and message goes through a Host. The single-app home (src/model/home.ts) and the pair model
// implement it.
//
// Re-entrancy: `deviceCommand`, `setLocationMode` and `schedule` may synchronously run handlers of
// this or another app instance (through AppHandle.invoke) before they return, exactly as the
// SmartThings runtime model dispatches the command's event. The interpreter keeps no global state
// besides the shared step budget, so nested invocations are safe.
import type { InputIR } from '../ir/ir.js';
import type * as ast from '../parser/ast.js';
import type { Access } from './access.js';
import type { ErrorPosition } from './errors.js';
import type { SunTimes } from './time.js';
import type { DeviceRef, GEvent, Value } from './values.js';

/** What the host sees of an app instance. */
export interface AppHandle {
  /** `App1`, `App2`: the prefix of the app's access locations. */
  readonly id: string;
  /** The app's source file, for messages. */
  readonly file: string;
  /** Runs one of the app's methods (a handler, a timer target) to completion and returns its value. */
  invoke(method: string, args: Value[]): Value;
}

export type SubscriptionTarget =
  | { kind: 'device'; device: DeviceRef; input: string | null }
  | { kind: 'location' }
  | { kind: 'app' };

/** A subscription made at run time by `subscribe(...)`. One per device for a device list. */
export interface RuntimeSubscription {
  target: SubscriptionTarget;
  /** Event name; null for `subscribe(location, h)` and `subscribe(app, h)` (every event of the source). */
  attribute: string | null;
  /** Value filter of `"switch.on"`. */
  value: string | null;
  handler: string;
  /** `subscribeToCommand(device, "on", h)`: `attribute` is a command; the handler hears it being sent. */
  command?: true;
}

export type TimerKind = 'runIn' | 'runOnce' | 'schedule' | 'runEvery' | 'runDaily';

export interface TimerRequest {
  kind: TimerKind;
  /** The API as called (`runEvery5Minutes`). */
  api: string;
  handler: string;
  /** `runIn(60, h)`: delay in seconds; otherwise null. */
  delaySeconds: number | null;
  /** The `data` option of runIn/runOnce, passed to the handler. */
  data: Value;
  /** `[overwrite: false]` keeps earlier timers of the same handler. */
  overwrite: boolean;
}

/**
 * `event`: an event the app sends itself (`sendEvent`); `hub`: a command for the hub to send
 * (`sendHubCommand`); `child`: a child device added or deleted. None changes the simulated home.
 */
export type MessageKind = 'push' | 'sms' | 'notification' | 'notificationEvent' | 'contacts' | 'log' | 'http' | 'routine' | 'event' | 'hub' | 'child';

export interface Message {
  kind: MessageKind;
  text: string;
  /** Phone number, contact list, log level or URL. */
  to: string | null;
}

export interface Host {
  /** The time now, in epoch ms (`now()`, `new Date()`); records a read of the clock where it can change. */
  now(app: AppHandle): number;

  /**
   * The sunrise and sunset of `getSunriseAndSunset()` for the day of `dayMs` (null: today), before
   * the app's offsets; reading today's records a read of the clock where it can change.
   */
  sunTimes(app: AppHandle, dayMs: number | null): SunTimes;

  /** The value bound to an input: a DeviceRef, a list of them for `multiple: true`, or a constant. */
  inputValue(app: AppHandle, input: InputIR): Value;

  /**
   * Current value of a device attribute (`currentValue`, `currentX`, `latestValue`), read at
   * `site` (RuntimeContext.readSite). Records a read.
   */
  readAttribute(app: AppHandle, device: DeviceRef, attribute: string, site: ast.Node | null): Value;
  /**
   * Runs a device command (`lock()`, `setLevel(50)`). Synchronous and re-entrant: the command's
   * event reaches every subscriber before this returns. Records the attribute writes.
   */
  deviceCommand(app: AppHandle, device: DeviceRef, command: string, args: Value[]): Value;

  /** `location.mode`; records a read of `location.mode`. */
  locationMode(app: AppHandle): string;
  /** `location.modes`. */
  locationModes(app: AppHandle): string[];
  /** `setLocationMode(m)`, `location.setMode(m)`: records a write and dispatches the mode event. */
  setLocationMode(app: AppHandle, mode: string): void;
  /** The Smart Home Monitor's status (`location.currentState("alarmSystemStatus")`); records a read. */
  alarmSystemStatus(app: AppHandle): string;
  /**
   * `sendLocationEvent(name: ..., value: ...)`: dispatches a location event; one named
   * `alarmSystemStatus` also sets the Smart Home Monitor's status, a write.
   */
  sendLocationEvent(app: AppHandle, event: GEvent): void;

  subscribe(app: AppHandle, subscription: RuntimeSubscription): void;
  /** `unsubscribe()` (target null: all) or `unsubscribe(devices)`. */
  unsubscribe(app: AppHandle, target: SubscriptionTarget | null): void;

  /** runIn, runOnce, schedule, runEvery*, runDaily. The reference fires the target at once. */
  schedule(app: AppHandle, timer: TimerRequest): void;
  /** `unschedule()` (handler null: all) or `unschedule(h)`. */
  unschedule(app: AppHandle, handler: string | null): void;

  /** sendPush, sendSms, sendNotification*, log.*, http stubs. Never touches shared state. */
  message(app: AppHandle, message: Message): void;

  /**
   * The response of the web service an `httpGet`/`httpPost`/... at `at` calls, or undefined when the
   * environment models no outside world (the response closure is then not called).
   */
  webResponse(app: AppHandle, api: string, at: ErrorPosition | null): Value | undefined;
  /**
   * Calls back the app's `method` with an asynchronous request's response (`asynchttp_v1`): an
   * execution of its own, after the execution that sent the request has ended. Called only with a
   * response `webResponse` gave.
   */
  webCallback(app: AppHandle, method: string, args: Value[]): void;
  /** `request` and `params` while an outside client's call of one of the app's endpoints runs, else undefined. */
  endpointRequest(app: AppHandle): { request: Value; params: Value } | undefined;

  /** Records an access to app state (fields, `state`, `atomicState`) in the current transition. */
  recordAccess(app: AppHandle, access: Access): void;
}
