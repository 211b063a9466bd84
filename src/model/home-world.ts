// What a simulated home holds, shared by its parts (the host API in home-host.ts, event delivery in
// home-dispatch.ts, states in home-state.ts): the apps, one device per capability, the location
// mode, and the subscriptions the apps made.
import type { Access } from '../interp/access.js';
import type { ErrorPosition } from '../interp/errors.js';
import type { Message, RuntimeSubscription } from '../interp/host.js';
import type { AppInstance } from '../interp/instance.js';
import type { DeviceRef, Value } from '../interp/values.js';
import { capabilityOf, createDevice, initialValues, type CapabilitySpec } from './capabilities.js';

export interface DeviceState {
  ref: DeviceRef;
  spec: CapabilitySpec | undefined;
  values: Map<string, Value>;
}

export interface Subscription {
  app: AppInstance;
  subscription: RuntimeSubscription;
}

/** One line of what happened, in order. */
export type HomeRecord =
  | { kind: 'event'; source: string; name: string; value: string; manual: boolean; depth: number }
  | { kind: 'handler'; app: string; handler: string; event: string; depth: number; accesses: Access[] }
  | { kind: 'command'; app: string; device: string; command: string; args: string[]; at: ErrorPosition | null; depth: number }
  | {
      kind: 'write';
      app: string;
      device: string;
      attribute: string;
      location: string;
      value: string;
      /** False for a command that stored the value already current (nothing is stored, no event is sent). */
      changed: boolean;
      manual: boolean;
      at: ErrorPosition | null;
      depth: number;
    }
  | { kind: 'message'; app: string; message: Message; depth: number }
  | { kind: 'timer'; app: string; api: string; handler: string; fired: boolean; depth: number }
  | { kind: 'error'; app: string; handler: string; message: string; depth: number };

export const LOCATION_MODES = ['home', 'away', 'night'];

export class HomeWorld {
  /** App1, App2, ... in the order given (App1 installs first; App2's handlers run first). */
  readonly apps: AppInstance[] = [];
  readonly devices = new Map<string, DeviceState>();
  subscriptions: Subscription[] = [];
  mode: string;

  /** `init`: the reference's initial configuration (§3.2) new devices start in. */
  constructor(private init: boolean) {
    this.mode = init ? 'away' : 'home';
  }

  /** Puts every device and the location in one of the reference's initial configurations. */
  configure(init: boolean): void {
    this.init = init;
    for (const device of this.devices.values()) device.values = device.spec ? initialValues(device.spec, init) : new Map();
    this.mode = init ? 'away' : 'home';
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
}
