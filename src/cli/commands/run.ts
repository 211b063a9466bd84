// `stcheck run <app.groovy> --event <input>.<attribute>=<value> ... [--json]`: installs the app in a
// simulated home with default inputs and delivers the events in order.
import { basename } from 'node:path';
import type { Command } from 'commander';
import { InterpError } from '../../interp/errors.js';
import { lowerFile } from '../../pipeline/load.js';
import { NoDeviceInputError } from '../../model/errors.js';
import { Home } from '../../model/home.js';
import type { TraceStep } from '../../model/trace-step.js';
import { describeStep } from '../../report/trace-text.js';

interface EventSpec {
  source: string;
  attribute: string;
  value: string;
}

export function parseEventSpec(text: string): EventSpec | null {
  const m = /^([^.=]+)\.([^=]+)=(.*)$/.exec(text);
  return m ? { source: m[1], attribute: m[2], value: m[3] } : null;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A step as traces print it, a handler's run with what it accessed. */
function describe(step: TraceStep): string {
  const accesses = step.kind === 'handler' && step.accesses ? ` accesses: {${[...new Set(step.accesses.map((a) => `${a.kind === 'read' ? 'R' : 'W'} ${a.location}`))].join(', ')}}` : '';
  return `${'  '.repeat(step.depth)}${describeStep(step)}${accesses}`;
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('Install a SmartApp in a simulated home and deliver events to it')
    .argument('<app>', 'the .groovy file')
    .option('--event <input.attribute=value>', 'an event to deliver (repeatable, in order); also location.mode=away, app.touch=touched', collect, [])
    .option('--init-false', "start from the reference's second initial configuration")
    .option('--json', 'print one JSON object')
    // Usage errors exit with 2 (commander's default 1 means an app error here).
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action((file: string, options: { event: string[]; json?: boolean; initFalse?: boolean }) => {
      const events = options.event.map((e) => ({ text: e, spec: parseEventSpec(e) }));
      const bad = events.find((e) => e.spec === null);
      if (bad) {
        process.stderr.write(`stcheck run: bad --event ${bad.text} (expected <input>.<attribute>=<value>)\n`);
        process.exitCode = 2;
        return;
      }
      const lowered = lowerFile(file);
      if (!lowered.ok) {
        const { line, column, message } = lowered.error;
        process.stderr.write(`${file}:${line}:${column}: ${message}\n`);
        process.exitCode = 1;
        return;
      }
      const home = new Home(lowered.app, { init: !options.initFalse, names: [basename(file, '.groovy')] });
      let error: string | null = null;
      try {
        home.install();
        for (const { spec } of events) home.fireEvent(spec!.source, spec!.attribute, spec!.value);
      } catch (e) {
        if (!(e instanceof InterpError) && !(e instanceof NoDeviceInputError)) throw e;
        error = e.message;
        process.exitCode = 1;
      }
      const state = home.app.canonicalState();
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ app: lowered.app.metadata.name, records: home.records, state, mode: home.locationModeValue, error }, null, 2)}\n`);
      } else {
        process.stdout.write(`${home.records.map(describe).join('\n')}\nfinal app state: ${state}\nlocation mode: ${home.locationModeValue}\n`);
        if (error) process.stderr.write(`error: ${error}\n`);
      }
    });
}
