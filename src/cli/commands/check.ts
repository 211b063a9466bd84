// `stcheck check <app1> <app2>`: model-check one ordered pair and report its conflicts with traces.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { readGroupAttributes } from '../../pairs/lists.js';
import { checkPairFiles } from '../../pipeline/check-pair.js';
import { MODES, type Mode, type PairResult } from '../../results/types.js';
import { renderResult } from '../../report/trace-text.js';
import { SOFT_HEAP_FRACTION, softHeapLimitMb } from '../../util/heap.js';
import { writeJson, writeLines } from '../../util/output.js';
import { addEnvOption, environmentName } from './env-arg.js';

interface CheckCommandOptions {
  group?: string;
  groups?: string;
  mode: Mode | 'both';
  budgetS: string;
  maxStates?: string;
  memoryMb?: string;
  firstConflict?: boolean;
  prefilter: boolean;
  json?: boolean;
  env: string;
}

/** Exit codes: what a script can branch on. */
export const EXIT = { noConflict: 0, conflict: 1, usage: 2, unfinished: 3, appError: 4 } as const;

export function registerCheck(program: Command): void {
  addEnvOption(program
    .command('check'))
    .description('Model-check an ordered app pair in one simulated home and report conflicts')
    .argument('<app1>', 'App1 (.groovy)')
    .argument('<app2>', 'App2 (.groovy)')
    .option('--group <name>', "track only this device group's attributes (from groups.json)")
    .option('--groups <file>', 'the groups.json to read --group from (default: next to the apps, or the shared corpus)')
    .option('--mode <mode>', 'dpor, nodpor or both', 'dpor')
    .option('--budget-s <seconds>', 'wall-clock budget of the search per mode (one stopped by it that found conflicts takes up to a quarter more to shorten their traces)', '60')
    .option('--max-states <n>', 'stop with state-limit after this many states')
    .option('--memory-mb <mb>', `heap budget per mode, as in batch: stop with out-of-memory once the heap passes ${SOFT_HEAP_FRACTION * 100}% of it (default: none)`)
    .option('--first-conflict', 'stop at the first conflict found and report it (the shortest trace in the part explored)')
    .option('--no-prefilter', 'explore the pair even when the apps can write no tracked attribute in common (decided without a search by default)')
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
      const env = environmentName(options.env);
      if (!env) usage(`--env: expected reference or full, not ${options.env}`);
      const maxHeapMb = options.memoryMb === undefined ? undefined : memoryBudget(options.memoryMb);
      for (const file of [file1, file2]) if (!existsSync(file)) usage(`no such file: ${file}`);
      const results = modes!.map((mode) => checkPairFiles(file1, file2, {
        mode, attributes, budgetMs, maxStates: options.maxStates === undefined ? undefined : Number(options.maxStates), maxHeapMb, firstConflict: options.firstConflict, prefilter: options.prefilter, env,
      }));
      if (options.json) {
        writeJson(process.stdout, results.length === 1 ? results[0] : Object.fromEntries(results.map((r) => [r.mode, r])));
      } else {
        writeLines(process.stdout, results.flatMap((r) => renderResult(r)));
      }
      process.exitCode = exitCode(results);
    });
}

function modesOf(mode: string): Mode[] | undefined {
  if (mode === 'both') return [...MODES];
  return (MODES as readonly string[]).includes(mode) ? [mode as Mode] : undefined;
}

/**
 * The checker's soft heap limit for `--memory-mb`. Here the hard limit is this process's own heap
 * limit, so a budget above it could not be honoured: V8 would abort first.
 */
function memoryBudget(text: string): number {
  const memoryMb = Math.floor(Number(text));
  if (!(memoryMb > 0)) usage(`bad --memory-mb: ${text}`);
  const processLimitMb = Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20);
  if (memoryMb > processLimitMb) {
    usage(`--memory-mb ${memoryMb} is above this process's heap limit of ${processLimitMb} MB (raise it with NODE_OPTIONS=--max-old-space-size=${memoryMb})`);
  }
  return softHeapLimitMb(memoryMb);
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

function exitCode(results: readonly PairResult[]): number {
  if (results.some((r) => r.verdict === 'conflict')) return EXIT.conflict;
  if (results.some((r) => ['parse-error', 'unsupported', 'error'].includes(r.verdict))) return EXIT.appError;
  if (results.some((r) => r.verdict === 'timeout' || r.verdict === 'state-limit' || r.verdict === 'out-of-memory')) return EXIT.unfinished;
  return EXIT.noConflict;
}
