// `stcheck check <app1> <app2>`: model-check one ordered pair and report its conflicts with traces;
// `stcheck check <app> --against DIR`: check one app against every corpus app it shares a device,
// the location mode or the Smart Home Monitor with, in parallel, and list the conflicting ones ranked.
import { DEFAULT_BUDGET_S } from '../budget.js';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { getHeapStatistics } from 'node:v8';
import { checkAgainst } from '../../batch/against.js';
import { formatDuration, StatusLine } from '../../batch/progress.js';
import { UsageError } from '../../pairs/source.js';
import type { EnvironmentName } from '../../model/environment.js';
import { checkPairFiles } from '../../pipeline/check-pair.js';
import { formatLoadError } from '../../pipeline/load.js';
import { renderAgainst } from '../../report/against-text.js';
import { isUnfinished, MODES, type Mode, type Verdict } from '../../results/types.js';
import { renderResult } from '../../report/trace-text.js';
import { DEFAULT_MEMORY_MB, SOFT_HEAP_FRACTION, softHeapLimitMb } from '../../util/heap.js';
import { writeJson, writeLines } from '../../util/output.js';
import { EXIT, exitCodesHelp, requireFile, usageError } from '../exit.js';
import { addEnvOption, requireEnvironment } from './env-arg.js';
import { addGroupOptions, groupAttributes } from './group-arg.js';

interface CheckCommandOptions {
  group?: string;
  groups?: string;
  mode: string;
  budgetS: string;
  maxStates?: string;
  memoryMb?: string;
  firstConflict?: boolean;
  prefilter: boolean;
  against?: string;
  jobs: string;
  json?: boolean;
  env: string;
}

/** The search options both forms share, validated. */
interface SearchArgs {
  modes: Mode[];
  budgetS: number;
  maxStates?: number;
}

export function registerCheck(program: Command): void {
  addGroupOptions(addEnvOption(program
    .command('check')))
    .description('Model-check an ordered app pair in one simulated home and report conflicts; or one app against a corpus (--against)')
    .argument('<app1>', 'App1 (.groovy)')
    .argument('[app2]', 'App2 (.groovy); not with --against')
    .option('--against <dir>', 'check app1 against every app of this corpus that shares a device, the location mode or the Smart Home Monitor with it, in parallel, and list the conflicting ones ranked')
    .option('--jobs <n>', 'worker threads for --against', String(availableParallelism()))
    .option('--mode <mode>', 'dpor, nodpor or both', 'dpor')
    .option('--budget-s <seconds>', 'budget of the search per mode, in seconds of CPU time (one stopped by it that found conflicts takes up to a quarter more to shorten their traces)', DEFAULT_BUDGET_S)
    .option('--max-states <n>', 'stop with state-limit after this many states')
    .option('--memory-mb <mb>', `heap budget per mode, as in batch: stop with out-of-memory once the heap passes ${SOFT_HEAP_FRACTION * 100}% of it (default: ${DEFAULT_MEMORY_MB}, or ${SOFT_HEAP_FRACTION * 100}% of this process's heap limit if that is lower)`)
    .option('--first-conflict', 'stop at the first conflict found and report it (with a trace none of whose events can be left out)')
    .option('--no-prefilter', 'explore the pair even when the apps can write no tracked attribute in common (decided without a search by default)')
    .option('--json', 'print one JSON object')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.found, EXIT.usage, EXIT.unfinished, EXIT.appError]))
    .action(async (file1: string, file2: string | undefined, options: CheckCommandOptions) => {
      const search = searchArgs(options);
      requireFile('check', file1);
      const env = requireEnvironment('check', options.env);
      if (options.against !== undefined) {
        if (file2 !== undefined) usageError('check', 'give one app with --against, not two');
        if (options.group !== undefined) usageError('check', '--group: not with --against (the groups are the automatic ones the apps share)');
        await checkAgainstCorpus(file1, options.against, search, options, env);
        return;
      }
      if (file2 === undefined) usageError('check', "missing argument 'app2' (or give --against DIR)");
      requireFile('check', file2);
      const attributes = groupAttributes('check', options, file1);
      const maxHeapMb = memoryBudget(options.memoryMb);
      const status = new StatusLine();
      const results = search.modes.map((mode) => {
        const result = checkPairFiles(file1, file2, {
          mode, attributes, budgetMs: search.budgetS * 1000, maxStates: search.maxStates, maxHeapMb, firstConflict: options.firstConflict, prefilter: options.prefilter, env,
          onProgress: status.interactive ? (p) => status.show(`${mode}: ${p.states.toLocaleString('en')} states, ${p.transitions.toLocaleString('en')} transitions, ${formatDuration(p.elapsedMs / 1000)} of ${formatDuration(search.budgetS)}`) : undefined,
        });
        status.clear();
        return result;
      });
      if (options.json) {
        writeJson(process.stdout, results.length === 1 ? results[0] : Object.fromEntries(results.map((r) => [r.mode, r])));
      } else {
        writeLines(process.stdout, results.flatMap((r) => renderResult(r)));
      }
      process.exitCode = exitCode(results.map((r) => r.verdict));
    });
}

async function checkAgainstCorpus(file: string, corpus: string, search: SearchArgs, options: CheckCommandOptions, env: EnvironmentName): Promise<void> {
  const jobs = Math.floor(Number(options.jobs));
  if (!(jobs > 0)) usageError('check', `--jobs: expected a positive number, not ${options.jobs}`);
  const memoryMb = options.memoryMb === undefined ? DEFAULT_MEMORY_MB : Math.floor(Number(options.memoryMb));
  if (!(memoryMb > 0)) usageError('check', `--memory-mb: expected a positive number, not ${options.memoryMb}`);
  const status = new StatusLine();
  status.show('classifying the corpus apps…');
  let outcome;
  try {
    outcome = await checkAgainst({
      app: file, corpus, modes: search.modes, jobs, budgetS: search.budgetS, memoryMb, maxStates: search.maxStates, prefilter: options.prefilter, firstConflict: options.firstConflict, env,
      onChecked: (done, total) => status.show(`checked ${done} of ${total} pairs`),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    usageError('check', error.message);
  } finally {
    status.clear();
  }
  if (!outcome.ok) {
    process.stderr.write(`${formatLoadError(outcome.error)}\n`);
    process.exitCode = EXIT.appError;
    return;
  }
  if (options.json) writeJson(process.stdout, outcome.report);
  else writeLines(process.stdout, renderAgainst(outcome.report));
  // A finding with any app is a finding; the other apps' failures do not make the command fail.
  const verdicts = outcome.report.partners.flatMap((p) => p.results.map((r) => r.verdict));
  process.exitCode = verdicts.includes('conflict') ? EXIT.found : verdicts.some(isUnfinished) ? EXIT.unfinished : EXIT.ok;
}

function searchArgs(options: CheckCommandOptions): SearchArgs {
  const modes = options.mode === 'both' ? [...MODES] : (MODES as readonly string[]).includes(options.mode) ? [options.mode as Mode] : undefined;
  if (!modes) usageError('check', `--mode: expected dpor, nodpor or both, not ${options.mode}`);
  const budgetS = Number(options.budgetS);
  if (!(budgetS > 0)) usageError('check', `--budget-s: expected a positive number of seconds, not ${options.budgetS}`);
  const maxStates = options.maxStates === undefined ? undefined : Number(options.maxStates);
  if (maxStates !== undefined && !(maxStates > 0)) usageError('check', `--max-states: expected a positive number, not ${options.maxStates}`);
  return { modes, budgetS, maxStates };
}

/**
 * The checker's soft heap limit for `--memory-mb`. Here the hard limit is this process's own heap
 * limit, so a budget above it could not be honoured: V8 would abort first. Without one, the
 * default, kept well under that limit (which counts the young generation too, while the checker
 * looks at the heap only every few hundred steps): a search that would fill the heap, an app whose
 * state grows with every event, ends as `out-of-memory` instead of in V8's fatal error.
 */
function memoryBudget(text: string | undefined): number {
  const processLimitMb = Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20);
  if (text === undefined) return softHeapLimitMb(Math.min(DEFAULT_MEMORY_MB, softHeapLimitMb(processLimitMb)));
  const memoryMb = Math.floor(Number(text));
  if (!(memoryMb > 0)) usageError('check', `--memory-mb: expected a positive number, not ${text}`);
  if (memoryMb > processLimitMb) {
    usageError('check', `--memory-mb ${memoryMb} is above this process's heap limit of ${processLimitMb} MB (raise it with NODE_OPTIONS=--max-old-space-size=${memoryMb})`);
  }
  return softHeapLimitMb(memoryMb);
}

const APP_FAILURES: readonly Verdict[] = ['parse-error', 'unsupported', 'error'];

function exitCode(verdicts: readonly Verdict[]): number {
  if (verdicts.includes('conflict')) return EXIT.found;
  if (verdicts.some((v) => APP_FAILURES.includes(v))) return EXIT.appError;
  if (verdicts.some(isUnfinished)) return EXIT.unfinished;
  return EXIT.ok;
}
