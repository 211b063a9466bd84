// `stcheck export`: a run's results or conflicts as a flat CSV or JSON table.
import { EXIT, exitCodesHelp, usageError } from '../exit.js';
import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { formatExport, type ExportFormat, type ExportTable } from '../../show/export.js';
import { DEFAULT_DB } from './batch.js';
import { chosenRun, closeStore, openExistingStore } from './store-arg.js';

interface ExportCommandOptions {
  db: string;
  run?: string;
  format: string;
  table: string;
  output?: string;
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description("Export a run's results or conflicts as a flat table for spreadsheets and notebooks")
    .option('--db <file>', 'the SQLite result store', DEFAULT_DB)
    .option('--run <id>', 'the run (default: the newest)')
    .requiredOption('--format <format>', 'csv or json')
    .option('--table <table>', 'results (one row per pair and mode) or conflicts (one row per conflict, with its trace)', 'results')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage]))
    .action((options: ExportCommandOptions) => {
      if (options.format !== 'csv' && options.format !== 'json') usageError('export', `--format: expected csv or json, not ${options.format}`);
      if (options.table !== 'results' && options.table !== 'conflicts') usageError('export', `--table: expected results or conflicts, not ${options.table}`);
      const store = openExistingStore('export', options.db);
      const run = chosenRun('export', store, options.run, options.db);
      const text = formatExport(store.results(run.id), options.table as ExportTable, options.format as ExportFormat);
      closeStore('export', store);
      if (options.output) writeFileSync(options.output, text);
      else process.stdout.write(text);
    });
}
