// `stcheck pairs --corpus DIR [--lists DIR] [--group G] [--json]`: the pair groups of a corpus,
// either the reference's hand-made lists or the automatic grouping by actuated capability.
import { EXIT, exitCodesHelp, usageError } from '../exit.js';
import type { Command } from 'commander';
import { pairGroups, selectGroups, UsageError, type Group, type Grouping } from '../../pairs/source.js';
import { formatLoadError } from '../../pipeline/load.js';

interface PairsOptions {
  corpus: string;
  lists?: string;
  group?: string;
  json?: boolean;
}

function printText(groups: Group[], grouping: Grouping): void {
  const lines = groups.flatMap((g) => [
    `${g.name}: ${g.apps.length} apps, ${g.pairs.length} ordered pairs, attributes ${g.attributes.join(', ') || '(none)'}`,
    `  ${g.apps.join(' ')}`,
  ]);
  const pairs = groups.reduce((n, g) => n + g.pairs.length, 0);
  const skipped = grouping.failures.length > 0 ? ` (${grouping.failures.length} apps skipped: they do not parse or lower)` : '';
  lines.push(`${groups.length} groups, ${pairs} ordered pairs${skipped}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function registerPairs(program: Command): void {
  program
    .command('pairs')
    .description('Print the pair groups of a corpus: the reference lists (--lists) or automatic groups by actuated capability')
    .requiredOption('--corpus <dir>', 'the directory of .groovy apps')
    .option('--lists <dir>', "use the reference's app lists in this directory (and groups.json beside it)")
    .option('--group <name>', 'only this group')
    .option('--json', 'print one JSON object with the groups, their pairs, the app classifications and the failures')
    .addHelpText('after', exitCodesHelp([EXIT.ok, EXIT.usage]))
    .action((options: PairsOptions) => {
      let grouping: Grouping;
      let groups: Group[];
      try {
        grouping = pairGroups(options.corpus, options.lists);
        groups = selectGroups(grouping.groups, options.group === undefined ? [] : [options.group]);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        usageError('pairs', error.message);
      }
      // Apps that fail to parse or lower are reported and left out; they never stop the command.
      for (const failure of grouping.failures) process.stderr.write(`${formatLoadError(failure)}\n`);
      if (options.json) process.stdout.write(`${JSON.stringify({ source: grouping.source, groups, apps: grouping.apps, failures: grouping.failures }, null, 2)}\n`);
      else printText(groups, grouping);
    });
}
