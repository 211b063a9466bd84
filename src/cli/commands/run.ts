// `stcheck run <app.groovy> --event <input>.<attribute>=<value> ... [--env E] [--json]`: installs the
// app in a simulated home with the environment's settings (App1's) and delivers the events in order.
import { EXIT, exitCodesHelp, requireFile, usageError } from '../exit.js';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { attributeNames, capabilityOf } from '../../devices/capabilities.js';
import type { AppIR } from '../../ir/ir.js';
import { InterpError } from '../../interp/errors.js';
import { lowerFile } from '../../pipeline/load.js';
import { NoDeviceInputError } from '../../model/errors.js';
import { environmentOf } from '../../model/environment.js';
import { Home } from '../../model/home.js';
import type { TraceStep } from '../../model/trace-step.js';
import { describeStep } from '../../report/trace-text.js';
import { addEnvOption, requireEnvironment } from './env-arg.js';

interface EventSpec {
  source: string;
  attribute: string;
  value: string;
}

export function parseEventSpec(text: string): EventSpec | null {
  const m = /^([^.=]+)\.([^=]+)=(.*)$/.exec(text);
  return m ? { source: m[1], attribute: m[2], value: m[3] } : null;
}

/**
 * Why an event on a device input cannot be delivered (no such input, attribute or value), checked
 * before the app is installed; undefined when it can. `location` and `app` events are the home's.
 */
export function eventSpecError(app: AppIR, spec: EventSpec): string | undefined {
  if (spec.source === 'location' || spec.source === 'app') return undefined;
  const input = app.inputs.find((i) => i.name === spec.source);
  if (!input?.capability) {
    const devices = app.inputs.filter((i) => i.capability).map((i) => i.name);
    return `no device input named ${spec.source} (the app's device inputs: ${devices.join(', ') || 'none'})`;
  }
  const capability = capabilityOf(input.capability);
  if (!capability) return undefined;
  const attribute = capability.attributes.find((a) => a.name === spec.attribute);
  if (!attribute) return `${spec.source} is a ${input.capability}, which has no attribute ${spec.attribute} (its attributes: ${attributeNames(capability).join(', ')})`;
  const domain = attribute.domain;
  if (Array.isArray(domain) && !domain.includes(spec.value)) return `${spec.source}.${spec.attribute} is one of ${domain.join(', ')}, not ${spec.value}`;
  if (domain === 'number' && !Number.isFinite(Number(spec.value))) return `${spec.source}.${spec.attribute} is a number, not ${spec.value}`;
  return undefined;
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
  const command = program
    .command('run')
    .description('Install a SmartApp in a simulated home and deliver events to it')
    .argument('<app>', 'the .groovy file')
    .option('--event <input.attribute=value>', 'an event to deliver (repeatable, in order); also location.mode=away, app.touch=touched', collect, [])
    .option('--init-false', "start from the reference's second initial configuration")
    .option('--json', 'print one JSON object');
  addEnvOption(command)
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.appError]))
    .action((file: string, options: { event: string[]; json?: boolean; initFalse?: boolean; env: string }) => {
      const environment = environmentOf(requireEnvironment('run', options.env), false);
      const events = options.event.map((e) => ({ text: e, spec: parseEventSpec(e) }));
      const bad = events.find((e) => e.spec === null);
      if (bad) usageError('run', `bad --event ${bad.text} (expected <input>.<attribute>=<value>)`);
      requireFile('run', file);
      const lowered = lowerFile(file);
      if (!lowered.ok) {
        const { line, column, message } = lowered.error;
        process.stderr.write(`${file}:${line}:${column}: ${message}\n`);
        process.exitCode = EXIT.appError;
        return;
      }
      for (const { text, spec } of events) {
        const error = eventSpecError(lowered.app, spec!);
        if (error) usageError('run', `--event ${text}: ${error}`);
      }
      const home = new Home(lowered.app, { init: !options.initFalse, names: [basename(file, '.groovy')], environment });
      let error: string | null = null;
      try {
        home.install();
        for (const { spec } of events) home.fireEvent(spec!.source, spec!.attribute, spec!.value);
      } catch (e) {
        if (!(e instanceof InterpError) && !(e instanceof NoDeviceInputError)) throw e;
        error = e.message;
        process.exitCode = EXIT.appError;
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
