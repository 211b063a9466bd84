// `stcheck events <app1> <app2> [--group G] [--json]`: the pair's event list, as `check` with the
// same options fires it.
import { EXIT, exitCodesHelp, requireFile } from '../exit.js';
import type { Command } from 'commander';
import { buildPairEvents, referenceChoiceCount, timePassingText, type PairEvent } from '../../model/events.js';
import { DEFAULT_TRACKED, pairEnvironment } from '../../pipeline/explore-pair.js';
import { formatLoadError, loadApp } from '../../pipeline/load.js';
import { addEnvOption, requireEnvironment } from './env-arg.js';
import { addGroupOptions, groupAttributes } from './group-arg.js';

function describe(e: PairEvent): string {
  const what = e.kind === 'schedule' ? `schedule ${e.handler}()`
    : e.kind === 'timer' ? `timer: a one-off timer of ${e.handler}() comes due (enabled while pending)`
    : e.kind === 'time' ? `time: ${timePassingText(e.value)} (once; time passes only once)`
    : e.kind === 'endpoint' ? `endpoint: a client calls ${e.name}${e.value === '' ? '' : ` with ${e.value}`} (${e.handler}())`
    : `${e.kind === 'device' ? (e.capability ?? 'a device of no known capability') : e.kind}: ${e.name}=${e.value}`;
  return `${String(e.id).padStart(3)}  ${e.app}  ${what}${e.extra ? '  (extra: not in the reference list)' : ''}`;
}

export function registerEvents(program: Command): void {
  addGroupOptions(addEnvOption(program
    .command('events')))
    .description('Print the event list of an app pair (the events the environment fires)')
    .argument('<app1>', 'the first app (.groovy)')
    .argument('<app2>', 'the second app (.groovy)')
    .option('--json', 'print one JSON object')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.appError]))
    .action((file1: string, file2: string, options: { json?: boolean; env: string; group?: string; groups?: string }) => {
      const env = requireEnvironment('events', options.env);
      for (const file of [file1, file2]) requireFile('events', file);
      const attributes = groupAttributes('events', options, file1);
      const loaded = [loadApp(file1), loadApp(file2)];
      const failures = loaded.flatMap((l) => (l.ok ? [] : [formatLoadError(l.error)]));
      if (failures.length > 0) {
        process.stderr.write(`${failures.join('\n')}\n`);
        process.exitCode = EXIT.appError;
        return;
      }
      const [app1, app2] = loaded.map((l) => (l as Extract<typeof l, { ok: true }>).app);
      // The tracked attributes decide the environment of a location-mode run and which hand-set
      // device states fire, as in `check`.
      const { events, unmodelled } = buildPairEvents(app1, app2, pairEnvironment({ env, attributes }), attributes ?? DEFAULT_TRACKED);
      // The paper's "Evt." counts the reference's own list, whatever the environment shown.
      const referenceEvents = referenceChoiceCount(buildPairEvents(app1, app2).events.filter((e) => !e.extra).length);
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ events: events.length, referenceEvents, list: events, unmodelled }, null, 2)}\n`);
        return;
      }
      const lines = events.map(describe);
      for (const u of unmodelled) lines.push(`  -  ${u.app}  ${u.type}: no environment model, never fired`);
      lines.push(`${events.length} events (the reference's list gives ${referenceEvents} choices, the paper's "Evt.")`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
