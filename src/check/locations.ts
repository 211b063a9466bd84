// Location names the checker itself gives meaning to.
import type { EventId } from './types.js';

/** The location owned by event e: enabling or disabling e writes it; running e reads it. */
export function enablementLocation(event: EventId): string {
  return `#enabled.${event}`;
}
