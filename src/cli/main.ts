#!/usr/bin/env node
// The `stcheck` command line: one subcommand per pipeline stage, each in src/cli/commands/.
import { Command } from 'commander';
import { registerApps } from './commands/apps.js';
import { registerBatch } from './commands/batch.js';
import { registerCheck } from './commands/check.js';
import { registerEvents } from './commands/events.js';
import { registerExplore } from './commands/explore.js';
import { registerExport } from './commands/export.js';
import { registerHtml } from './commands/html.js';
import { registerIr } from './commands/ir.js';
import { registerPairs } from './commands/pairs.js';
import { registerParse } from './commands/parse.js';
import { registerReport } from './commands/report.js';
import { registerRun } from './commands/run.js';
import { registerShow } from './commands/show.js';
import { registerWorker } from './commands/worker.js';
import { VERSION } from '../util/version.js';
import { StoreError } from '../store/errors.js';
import { EXIT, exitCodesHelp } from './exit.js';

// A reader that stops early (`stcheck show A B | head -1`) closes the pipe: that ends the command,
// quietly, with the exit code it has so far.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? EXIT.ok);
});

const program = new Command('stcheck')
  .description('Find conflicting interactions between pairs of SmartThings apps')
  .version(VERSION)
  .showHelpAfterError()
  // Every usage error commander finds (unknown command or option, missing argument) exits with 2;
  // the subcommands created below inherit this.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage))
  .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.found, EXIT.usage, EXIT.unfinished, EXIT.appError, EXIT.interrupted]));

registerParse(program);
registerIr(program);
registerRun(program);
registerEvents(program);
registerApps(program);
registerCheck(program);
registerBatch(program);
registerWorker(program);
registerExplore(program);
registerPairs(program);
registerReport(program);
registerShow(program);
registerExport(program);
registerHtml(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  // A store that is damaged, unreachable or of another version is the --db argument's fault, not a
  // defect: its message names the file (src/store/errors.ts).
  if (error instanceof StoreError) {
    process.stderr.write(`stcheck: ${error.message}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  process.stderr.write(`stcheck: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = EXIT.internal;
});
