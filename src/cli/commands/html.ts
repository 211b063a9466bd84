// `stcheck html -o report.html`: a run's results as one self-contained HTML page with plots.
import { EXIT, exitCodesHelp } from '../exit.js';
import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { reportPage } from '../../html/page.js';
import { reportData } from '../../html/report-data.js';
import { DEFAULT_DB } from './batch.js';
import { chosenRun, closeStore, openExistingStore } from './store-arg.js';

interface HtmlCommandOptions {
  db: string;
  run?: string;
  output: string;
}

export function registerHtml(program: Command): void {
  program
    .command('html')
    .description("Write a run's results as one self-contained HTML report: summary, plots, pair table, traces, state graphs")
    .option('--db <file>', 'the SQLite result store', DEFAULT_DB)
    .option('--run <id>', 'the run (default: the newest)')
    .requiredOption('-o, --output <file>', 'the HTML file to write')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage]))
    .action((options: HtmlCommandOptions) => {
      const store = openExistingStore('html', options.db);
      const run = chosenRun('html', store, options.run, options.db);
      const data = reportData(store, run, options.db);
      closeStore('html', store);
      writeFileSync(options.output, reportPage(data));
      process.stdout.write(`${options.output}: run ${run.id}, ${data.pairs.length} pairs\n`);
    });
}
