// `stcheck check <app1> <app2>`: model-check one ordered pair and report its conflicts with traces.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readGroupAttributes } from '../../pairs/lists.js';
import { checkPairFiles, type Mode, type PairCheckResult } from '../../pipeline/check-pair.js';
import { renderResult } from '../../report/trace-text.js';

interface CheckCommandOptions {
  group?: string;
  groups?: string;
  mode: Mode | 'both';
  budgetS: string;
  maxStates?: string;
  firstConflict?: boolean;
  json?: boolean;
}

/** Exit codes: what a script can branch on. */
export const EXIT = { noConflict: 0, conflict: 1, usage: 2, unfinished: 3, appError: 4 } as const;

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('Model-check an ordered app pair in one simulated home and report conflicts')
    .argument('<app1>', 'App1 (.groovy)')
    .argument('<app2>', 'App2 (.groovy)')
    .option('--group <name>', "track only this device group's attributes (from groups.json)")
    .option('--groups <file>', 'the groups.json to read --group from (default: next to the apps, or the shared corpus)')
    .option('--mode <mode>', 'dpor, nodpor or both', 'dpor')
    .option('--budget-s <seconds>', 'wall-clock budget per mode', '60')
    .option('--max-states <n>', 'stop with state-limit after this many states')
    .option('--first-conflict', 'stop at the first conflict found and report it (the shortest trace in the part explored)')
    .option('--json', 'print one JSON object')
    .addHelpText('after', '\nExit codes: 0 no conflict, 1 conflict, 2 usage error, 3 budget hit without a conflict, 4 an app does not parse, lower or run.')
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : EXIT.usage))
    .action((file1: string, file2: string, options: CheckCommandOptions) => {
      const modes = modesOf(options.mode);
      const attributes = options.group === undefined ? undefined : groupAttributes(options.group, options.groups, file1);
      const budgetMs = Number(options.budgetS) * 1000;
      if (!modes || !(budgetMs > 0) || (options.maxStates !== undefined && !(Number(options.maxStates) > 0))) {
        usage('bad --mode, --budget-s or --max-states');
      }
      for (const file of [file1, file2]) if (!existsSync(file)) usage(`no such file: ${file}`);
      const results = modes!.map((mode) => checkPairFiles(file1, file2, {
        mode, attributes, budgetMs, maxStates: options.maxStates === undefined ? undefined : Number(options.maxStates), firstConflict: options.firstConflict,
      }));
      if (options.json) {
        const json = results.length === 1 ? results[0] : Object.fromEntries(results.map((r) => [r.mode, r]));
        process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        process.stdout.write(`${results.flatMap((r) => renderResult(r)).join('\n')}\n`);
      }
      process.exitCode = exitCode(results);
    });
}

function modesOf(mode: string): Mode[] | undefined {
  if (mode === 'both') return ['dpor', 'nodpor'];
  return mode === 'dpor' || mode === 'nodpor' ? [mode] : undefined;
}

function usage(message: string): never {
  process.stderr.write(`stcheck check: ${message}\n`);
  process.exit(EXIT.usage);
}

/** The tracked attributes of a group: from --groups, or groups.json beside the apps' folder, or the shared corpus. */
function groupAttributes(group: string, groupsFile: string | undefined, appFile: string): string[] {
  const candidates = groupsFile ? [groupsFile] : [join(dirname(resolve(appFile)), '..', 'groups.json'), join(import.meta.dirname ?? '', '../../../../shared/corpus/iotcheck/groups.json')];
  const file = candidates.find((f) => existsSync(f));
  if (!file) usage(`no groups.json found for --group ${group} (give --groups FILE)`);
  const attributes = readGroupAttributes(file!)[group];
  if (!attributes) usage(`unknown group ${group} in ${file}`);
  return attributes!;
}

function exitCode(results: readonly PairCheckResult[]): number {
  if (results.some((r) => r.verdict === 'conflict')) return EXIT.conflict;
  if (results.some((r) => ['parse-error', 'unsupported', 'error'].includes(r.verdict))) return EXIT.appError;
  if (results.some((r) => r.verdict === 'timeout' || r.verdict === 'state-limit')) return EXIT.unfinished;
  return EXIT.noConflict;
}
