import type { Command } from 'commander';

export function registerParse(program: Command): void {
  program
    .command('parse')
    .description('Parse SmartApp Groovy files and report syntax errors')
    .argument('<paths...>', '.groovy files or directories to search')
    .option('--json', 'print one JSON object')
    .action(() => {
      throw new Error('parse: not implemented yet');
    });
}
