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
import { VERSION } from '../util/version.js';

const program = new Command('stcheck')
  .description('Find conflicting interactions between pairs of SmartThings apps')
  .version(VERSION)
  .showHelpAfterError();

registerParse(program);
registerIr(program);
registerRun(program);
registerEvents(program);
registerApps(program);
registerCheck(program);
registerBatch(program);
registerExplore(program);
registerPairs(program);
registerReport(program);
registerShow(program);
registerExport(program);
registerHtml(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`stcheck: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
