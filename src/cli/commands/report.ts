// `stcheck report`: one table of a stored batch run (docs/tables.md).
import { EXIT, exitCodesHelp, usageError } from '../exit.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { readPaperTables } from '../../report/paper.js';
import { accuracyTable, disagreementsTable, globalGroupsOfRun, labelledPairs } from '../../report/accuracy.js';
import { readPairRows } from '../../pairs/pair-file.js';
import { UsageError } from '../../pairs/source.js';
import { FORMATS, renderTable, type Format, type Table } from '../../report/table.js';
import type { Store } from '../../store/store.js';
import type { RunRecord } from '../../store/types.js';
import { buildTable, reportInput, TABLE_NAMES } from '../../report/tables.js';
import { DEFAULT_DB } from './batch.js';
import { chosenRun, closeStore, openExistingStore } from './store-arg.js';

interface ReportCommandOptions {
  db: string;
  run?: string;
  table: string;
  paper?: string;
  format: string;
  labels?: string;
  json?: boolean;
}

const TABLES = [...TABLE_NAMES, 'accuracy'] as const;

export function registerReport(program: Command): void {
  program
    .command('report')
    .description("Print a table of a batch run: the paper's Tables A.1, A.2 and 1, its headline figures, the conflicts, or the outcomes per group")
    .requiredOption('--table <name>', TABLES.join(', '))
    .option('--db <file>', 'the SQLite result store', DEFAULT_DB)
    .option('--run <id>', 'the run (default: the newest)')
    .option('--paper <dir>', "the paper's table-a1.csv and table-a2.csv, to show its figures beside ours")
    .option('--format <format>', FORMATS.join(', '), 'md')
    .option('--labels <file>', 'for --table accuracy: a CSV of labelled pairs (group,app1,app2,automation,manual,notes, as ../shared/labels/dev.csv)')
    .option('--json', 'print the table as one JSON object (the same as --format json)')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage]))
    .action((options: ReportCommandOptions) => {
      const table = oneOf('--table', options.table, TABLES);
      if (options.json && options.format !== 'md' && options.format !== 'json') usageError('report', `--json: not with --format ${options.format}`);
      const format = options.json ? 'json' : oneOf('--format', options.format, FORMATS);
      if (table === 'accuracy' && options.labels === undefined) usageError('report', '--table accuracy needs --labels FILE');
      const paper = options.paper === undefined ? undefined : paperTables(options.paper);
      const store = openExistingStore('report', options.db);
      try {
        const run = chosenRun('report', store, options.run, options.db);
        if (table === 'accuracy') process.stdout.write(renderTables(accuracyTables(store, run, options.labels!), format));
        else process.stdout.write(renderTable(buildTable(table, reportInput(store, run, paper)), format));
      } finally {
        closeStore('report', store);
      }
    });
}

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) usageError('report', `${option}: expected ${allowed.join(', ')}, not ${value}`);
  return value as T;
}

function paperTables(dir: string) {
  for (const file of ['table-a1.csv', 'table-a2.csv']) {
    if (!existsSync(join(dir, file))) usageError('report', `--paper: no ${file} in ${dir}`);
  }
  return readPaperTables(dir);
}

function accuracyTables(store: Store, run: RunRecord, labelsFile: string): Table[] {
  let labels;
  try {
    labels = readPairRows(labelsFile);
  } catch (error) {
    if (error instanceof UsageError) usageError('report', `--labels: ${error.message}`);
    throw error;
  }
  const pairs = labelledPairs({ results: store.results(run.id), labels, isGlobalGroup: globalGroupsOfRun(run.config) });
  return [accuracyTable(pairs), disagreementsTable(pairs)];
}

/** Several tables: one after the other in Markdown and CSV, a JSON array of them. */
function renderTables(tables: Table[], format: Format): string {
  if (format !== 'json') return tables.map((t) => renderTable(t, format)).join('\n');
  return `[\n${tables.map((t) => renderTable(t, 'json').trimEnd()).join(',\n')}\n]\n`;
}
