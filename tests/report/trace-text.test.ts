// The conflict timeline (src/report/trace-text.ts): which writes it marks.
import { describe, expect, it } from 'vitest';
import type { TraceStep } from '../../src/model/trace-step.js';
import { renderConflict } from '../../src/report/trace-text.js';
import type { ConflictReport } from '../../src/results/types.js';

const write = (app: string, value: string, line: number, changed = true): TraceStep => ({
  kind: 'write', depth: 1, app, appName: app === 'App1' ? 'notify' : 'auto-lock', device: 'lock0', attribute: 'lock', value, changed, manual: false, line,
});

/** App2 writes "unlocked" three times; only the second changed the lock, and App1's lock overrides that one. */
const conflict: ConflictReport = {
  device: 'lock0',
  attribute: 'lock',
  later: { app: 'App1', appName: 'notify', value: 'locked', manual: false, line: 86 },
  earlier: { app: 'App2', appName: 'auto-lock', value: 'unlocked', manual: false, line: 142 },
  trace: {
    init: true,
    events: [
      { event: 'lock.lock = unlocked', steps: [write('App2', 'unlocked', 121, false)] },
      { event: 'contactSensor.contact = open', steps: [write('App2', 'locked', 74), write('App2', 'unlocked', 142)] },
      { event: 'contactSensor.contact = closed', steps: [write('App2', 'unlocked', 134, false)] },
      { event: 'App1 timer notifyUnlocked() comes due', steps: [write('App1', 'locked', 86)] },
    ],
  },
};

describe('renderConflict', () => {
  it('marks the one write in effect as overridden, not every write of the same value (a lock command that changed nothing wrote nothing)', () => {
    const lines = renderConflict(conflict);
    expect(lines.filter((l) => l.includes('<== overridden write'))).toEqual([expect.stringContaining('[line 142]')]);
    expect(lines.filter((l) => l.includes('<== conflicting write'))).toEqual([expect.stringContaining('[line 86]')]);
  });

  it('marks no overridden write when the trace does not show it', () => {
    const shortened = { ...conflict, trace: { ...conflict.trace, events: conflict.trace.events.slice(2) } };
    expect(renderConflict(shortened).some((l) => l.includes('<== overridden write'))).toBe(false);
  });
});
