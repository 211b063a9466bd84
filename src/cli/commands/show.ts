// `stcheck show <app1> <app2>`: a pair's newest stored results with their conflict traces.
import { EXIT, exitCodesHelp, usageError } from '../exit.js';
import type { Command } from 'commander';
import { findPairResults, pairResultsJson, renderPairResults } from '../../show/pair-results.js';
import { DEFAULT_DB } from './batch.js';
import { closeStore, openExistingStore } from './store-arg.js';
import { writeJson, writeLines } from '../../util/output.js';

interface ShowCommandOptions {
  db: string;
  group?: string;
  json?: boolean;
}

export function registerShow(program: Command): void {
  program
    .command('show')
    .description("Show an app pair's newest stored results: statistics, conflicts with their traces, warnings")
    .argument('<app1>', 'App1 (name, with or without .groovy)')
    .argument('<app2>', 'App2')
    .option('--db <file>', 'the SQLite result store', DEFAULT_DB)
    .option('--group <name>', 'only the results of this group')
    .option('--json', 'print one JSON object')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage]))
    .action((app1: string, app2: string, options: ShowCommandOptions) => {
      const store = openExistingStore('show', options.db);
      const query = { app1, app2, group: options.group };
      const found = findPairResults(store, query);
      closeStore('show', store);
      if (!found) {
        usageError('show', `no stored result for ${app1} × ${app2}${options.group ? ` in group ${options.group}` : ''} in ${options.db}`);
      }
      if (options.json) writeJson(process.stdout, pairResultsJson(found));
      else writeLines(process.stdout, renderPairResults(found, query));
    });
}
