// The interpreter's view of a simulated device: a DeviceRef with the attributes and commands the
// capability table gives it.
import { attributeNames, capabilityOf, commandNames, simulatedDeviceId } from '../devices/capabilities.js';
import { DeviceRef } from './values.js';

/** The simulated device of a capability (one per capability, shared by every input of it). */
export function createDevice(capability: string): DeviceRef {
  const spec = capabilityOf(capability);
  const id = simulatedDeviceId(capability);
  return new DeviceRef(id, id, [capability], spec ? attributeNames(spec) : [], spec ? commandNames(spec) : []);
}
