// Errors of the simulated home itself (not of the app's code), with their kind (util/error-kind.ts).
import type { ErrorKind } from '../util/error-kind.js';

/** An event names a device input the app does not have (`stcheck run --event nosuch.switch=on`). */
export class NoDeviceInputError extends Error {
  readonly kind: ErrorKind = 'no-device-input';
  constructor(readonly input: string) {
    super(`no device input named ${input}`);
  }
}
