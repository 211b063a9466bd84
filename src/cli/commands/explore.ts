// `stcheck explore <program.groovy> [--mode dpor|nodpor|both] [--budget-s N] [--max-states N]
// [--json]`: model-checks an abstract event program (docs/explore.md). Exit codes: src/cli/exit.ts.
import { EXIT, exitCodesHelp, requireFile } from '../exit.js';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Strategy } from '../../check/check.js';
import { exploreProgram, type ExploreReport } from '../../explore/explore.js';
import { loadEventProgram } from '../../explore/program.js';
import { formatLoadError } from '../../pipeline/load.js';

interface ExploreCliOptions {
  mode: Strategy | 'both';
  budgetS?: number;
  maxStates?: number;
  json?: boolean;
}

function positiveNumber(text: string): number {
  const n = Number(text);
  if (!(n > 0)) throw new InvalidArgumentError('expected a positive number');
  return n;
}

function positiveInteger(text: string): number {
  const n = positiveNumber(text);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

function exitCode(reports: readonly ExploreReport[]): number {
  if (reports.some((r) => r.verdict === 'violation')) return EXIT.found;
  if (reports.some((r) => r.verdict === 'timeout' || r.verdict === 'state-limit' || r.verdict === 'memory-limit')) return EXIT.unfinished;
  return EXIT.ok;
}

function describe(strategy: Strategy, r: ExploreReport): string {
  const lines = [`${strategy}: ${r.verdict} (${r.states} states, ${r.transitions} transitions, ${r.executions} executions, ${r.ms} ms)`];
  for (const v of r.violations) lines.push(`  line ${v.line}: ${v.message}`, `    trace: ${v.trace.join(' -> ')}`);
  return lines.join('\n');
}

export function registerExplore(program: Command): void {
  program
    .command('explore')
    .description("Model-check an abstract event program (the paper's §2 model): variables, events, asserts")
    .argument('<program>', 'the .groovy event program')
    .addOption(new Option('--mode <mode>', 'search strategy').choices(['dpor', 'nodpor', 'both']).default('dpor'))
    .option('--budget-s <seconds>', 'budget per mode, in seconds of CPU time', positiveNumber)
    .option('--max-states <n>', 'stop after this many distinct states per mode', positiveInteger)
    .option('--json', 'print one JSON object')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.found, EXIT.usage, EXIT.unfinished, EXIT.appError]))
    .action((file: string, options: ExploreCliOptions) => {
      requireFile('explore', file);
      const loaded = loadEventProgram(file);
      if (!loaded.ok) {
        process.stderr.write(`${formatLoadError(loaded.error)}\n`);
        process.exitCode = EXIT.appError;
        return;
      }
      const strategies: Strategy[] = options.mode === 'both' ? ['dpor', 'nodpor'] : [options.mode];
      const reports: ExploreReport[] = [];
      for (const strategy of strategies) {
        const explored = exploreProgram(loaded.program, { strategy, timeLimitMs: options.budgetS && options.budgetS * 1000, maxStates: options.maxStates });
        if (!explored.ok) {
          process.stderr.write(`${formatLoadError(explored.error)}\n`);
          process.exitCode = EXIT.appError;
          return;
        }
        reports.push(explored.report);
      }
      if (options.json) {
        const json = options.mode === 'both' ? { dpor: reports[0], nodpor: reports[1] } : reports[0];
        process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        const events = loaded.program.events;
        const header = `${file}: ${events.length} events (${events.join(', ')})`;
        process.stdout.write(`${[header, ...reports.map((r, i) => describe(strategies[i], r))].join('\n')}\n`);
      }
      process.exitCode = exitCode(reports);
    });
}
