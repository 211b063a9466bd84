// What a simulated home holds, shared by its parts (the host API in home-host.ts, event delivery in
// home-dispatch.ts, states in home-state.ts): the apps, one device per capability, the location
// mode, the subscriptions the apps made and the one-off timers pending (due-timers.ts).
import type { RuntimeSubscription } from '../interp/host.js';
import type { AppInstance } from '../interp/instance.js';
import type { DeviceRef, Value } from '../interp/values.js';
import { capabilityOf, initialValues, type CapabilitySpec } from '../devices/capabilities.js';
import { createDevice } from '../interp/devices.js';
import { NOW_MS } from '../interp/time.js';
import { ALARM_SYSTEM_STATUS } from '../devices/smartapp-api.js';

export interface DeviceState {
  ref: DeviceRef;
  spec: CapabilitySpec | undefined;
  values: Map<string, Value>;
}

export interface Subscription {
  app: AppInstance;
  subscription: RuntimeSubscription;
}

/**
 * A one-off timer set and not yet run (due-timers.ts): at most one per app and method. A later
 * `runIn` of the same method replaces it, as SmartThings' default `overwrite: true` does; with
 * `overwrite: false` the platform would keep both, which this model merges into the later one.
 */
export interface PendingTimer {
  readonly app: AppInstance;
  readonly handler: string;
  /** The API as called, for the trace. */
  readonly api: string;
  /** The `data` option, passed to the method (null: none). */
  readonly data: Value;
  /** The pair event that runs it when it comes due. */
  readonly event: number;
}

export const LOCATION_MODES = ['home', 'away', 'night'];

/** The location's own state, which apps and people set: its mode and the Smart Home Monitor's status. */
export type LocationVariable = 'mode' | 'alarmSystemStatus';

export function isLocationVariable(name: string): name is LocationVariable {
  return name === 'mode' || name === ALARM_SYSTEM_STATUS.attribute;
}

export class HomeWorld {
  /** App1, App2, ... in the order given (App1 installs first; App2's handlers run first). */
  readonly apps: AppInstance[] = [];
  readonly devices = new Map<string, DeviceState>();
  subscriptions: Subscription[] = [];
  /** One-off timers set and not yet run (only where they come due later: due-timers.ts), by app, then method. */
  pendingTimers: PendingTimer[] = [];
  mode: string;
  /** The Smart Home Monitor's status (`ALARM_SYSTEM_STATUS`): off until an app or a person arms it. */
  alarmSystemStatus: string = ALARM_SYSTEM_STATUS.initial;
  /** The time, epoch ms: the reference's constant, until the environment lets time pass (home.ts, `passTime`). */
  clock = NOW_MS;
  /** Whether time can pass in this home: reads of the clock are then accesses the model checker orders. */
  clockAdvances = false;
  /**
   * Whether the value of a device's attribute can matter (model/live-attributes.ts): the others are
   * left out of the state key and the accesses. Default: every attribute.
   */
  isLiveAttribute: (device: string, attribute: string) => boolean = () => true;
  /**
   * Whether the environment's events on a device's attribute run their handlers even when the value is
   * already current (model/live-attributes.ts: an attribute left out of the states that a value
   * nobody hears can always reset). Default: none.
   */
  alwaysDispatched: (device: string, attribute: string) => boolean = () => false;

  /**
   * `init`: the reference's initial configuration (§3.2) new devices start in; `names`: the apps'
   * names for people (App1's first), the app ids when not given.
   */
  constructor(
    private init: boolean,
    private readonly names: readonly string[] = [],
  ) {
    this.mode = init ? 'away' : 'home';
  }

  /** Puts every device and the location in one of the reference's initial configurations. */
  configure(init: boolean): void {
    this.init = init;
    for (const device of this.devices.values()) device.values = device.spec ? initialValues(device.spec, init) : new Map();
    this.mode = init ? 'away' : 'home';
    this.alarmSystemStatus = ALARM_SYSTEM_STATUS.initial;
    this.clock = NOW_MS;
  }

  /** The device of a capability, created on first use. */
  deviceFor(capability: string): DeviceState {
    const ref = createDevice(capability);
    let device = this.devices.get(ref.id);
    if (!device) {
      const spec = capabilityOf(capability);
      device = { ref, spec, values: spec ? initialValues(spec, this.init) : new Map() };
      this.devices.set(ref.id, device);
    }
    return device;
  }

  instance(id: string): AppInstance {
    return this.apps.find((a) => a.id === id)!;
  }

  /** The name of the app with this id (App1, App2, ...), or the id itself for another one (`environment`). */
  appName(id: string): string {
    const index = this.apps.findIndex((a) => a.id === id);
    return this.names[index] ?? id;
  }
}
