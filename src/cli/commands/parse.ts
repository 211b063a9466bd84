// `stcheck parse <file|dir>... [--json]`: parses .groovy files and reports syntax errors.
import { EXIT, exitCodesHelp, groovyFilesOf } from '../exit.js';
import type { Command } from 'commander';
import { parseFile } from '../../parser/parser.js';

interface FileOutcome {
  path: string;
  ok: boolean;
  error?: { line: number; column: number; message: string };
}

export function parseFiles(files: string[]): FileOutcome[] {
  return files.map((path) => {
    const result = parseFile(path);
    if (result.ok) return { path, ok: true };
    const { line, column, message } = result.error;
    return { path, ok: false, error: { line, column, message } };
  });
}

export function registerParse(program: Command): void {
  program
    .command('parse')
    .description('Parse SmartApp Groovy files and report syntax errors')
    .argument('<paths...>', '.groovy files or directories to search')
    .option('--json', 'print one JSON object')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.appError]))
    .action((paths: string[], options: { json?: boolean }) => {
      const files = groovyFilesOf('parse', paths);
      const started = performance.now();
      const outcomes = parseFiles(files);
      const ms = Math.round(performance.now() - started);
      const parsed = outcomes.filter((outcome) => outcome.ok).length;
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ files: outcomes, parsed, total: files.length, ms })}\n`);
      } else {
        for (const { path, error } of outcomes) {
          if (error) process.stdout.write(`${path}:${error.line}:${error.column}: ${error.message}\n`);
        }
        process.stdout.write(`parsed ${parsed}/${files.length} files in ${ms} ms\n`);
      }
      process.exitCode = parsed === files.length ? EXIT.ok : EXIT.appError;
    });
}
