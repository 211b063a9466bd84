// `stcheck apps <dir|files...> [--json]`: the census of a corpus (src/pipeline/census.ts): per app,
// whether it parses, is a SmartApp, lowers and runs every handler it subscribes, with the reason
// when not, and a summary by cause. What to run first on a corpus of one's own.
import type { Command } from 'commander';
import { censusFile, summarizeCensus, type AppCensus, type CensusBlock, type CensusSummary } from '../../pipeline/census.js';
import { writeJson, writeLines } from '../../util/output.js';
import { EXIT, exitCodesHelp, groovyFilesOf } from '../exit.js';
import { addEnvOption, requireEnvironment } from './env-arg.js';

function describeBlock(file: string, b: CensusBlock): string {
  const at = b.line === undefined ? file : `${file}:${b.line}:${b.column ?? 1}`;
  const handler = b.handler === undefined ? '' : ` (running ${b.handler})`;
  return `${at}: ${b.message}${handler}`;
}

function textReport(results: readonly AppCensus[], summary: CensusSummary): string[] {
  const lines: string[] = [];
  for (const r of results) {
    if (r.runs) {
      const exceptions = r.exceptions.length === 0 ? '' : `, ${r.exceptions.length} exception(s) of the app's own`;
      lines.push(`${r.file}: runs (${r.events} events, ${r.handlerRuns} handler runs${exceptions})`);
    } else lines.push(describeBlock(r.file, r.blocks[0]));
    for (const e of r.exceptions) lines.push(`  exception in ${e.handler}${e.line === undefined ? '' : ` line ${e.line}`}: ${e.message}`);
  }
  lines.push('', `${summary.runs}/${summary.apps} apps run every handler (${summary.runsWithExceptions} of them raise an exception of their own somewhere)`);
  if (summary.causes.length > 0) lines.push('blocking causes (first per app):');
  for (const c of summary.causes) lines.push(`  ${String(c.apps).padStart(4)}  ${c.cause}`);
  return lines;
}

export function registerApps(program: Command): void {
  const command = program
    .command('apps')
    .description('Census of a corpus: which apps parse, lower and run every handler, and why not')
    .argument('<paths...>', '.groovy files or directories to search')
    .option('--json', 'print one JSON object: { apps: [...], summary }');
  addEnvOption(command)
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.appError]))
    .action((paths: string[], options: { json?: boolean; env: string }) => {
      const env = requireEnvironment('apps', options.env);
      const files = groovyFilesOf('apps', paths);
      const results = files.map((file) => censusFile(file, env));
      const summary = summarizeCensus(results);
      if (options.json) writeJson(process.stdout, { apps: results, summary });
      else writeLines(process.stdout, textReport(results, summary));
      process.exitCode = summary.runs === summary.apps ? EXIT.ok : EXIT.appError;
    });
}
