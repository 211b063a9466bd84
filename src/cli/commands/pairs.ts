// `stcheck pairs --corpus DIR [--lists DIR] [--group G] [--json]`: the pair groups of a corpus,
// either the reference's hand-made lists or the automatic grouping by actuated capability.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import type { LowerError } from '../../lower/lower.js';
import { autoGroups } from '../../pairs/auto.js';
import { classifyFiles, type AppClassification } from '../../pairs/classify.js';
import { readGroupAttributes, readGroups } from '../../pairs/lists.js';
import type { AppPair, PairGroup } from '../../pairs/types.js';
import { formatLoadError } from '../../pipeline/load.js';
import { collectGroovyFiles } from './parse.js';

type Group = PairGroup & { pairs: AppPair[] };

interface PairsOptions {
  corpus: string;
  lists?: string;
  group?: string;
  json?: boolean;
}

interface Grouping {
  source: 'lists' | 'auto';
  groups: Group[];
  /** Per app of the corpus (automatic grouping only). */
  apps: AppClassification[];
  failures: LowerError[];
}

/** Thrown for bad arguments: exit code 2. */
class UsageError extends Error {}

function requireDirectory(option: string, dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${option}: no such directory: ${dir}`);
}

/** `groups.json` next to the lists directory or next to its parent (`iotcheck/appLists/device-interaction`). */
function groupAttributes(listsDir: string): Record<string, string[]> {
  const candidates = [dirname(listsDir), dirname(dirname(listsDir))].map((d) => join(d, 'groups.json'));
  const found = candidates.find((file) => existsSync(file));
  return found ? readGroupAttributes(found) : {};
}

function groupingOf(options: PairsOptions): Grouping {
  requireDirectory('--corpus', options.corpus);
  if (options.lists !== undefined) {
    requireDirectory('--lists', options.lists);
    return { source: 'lists', groups: readGroups(options.lists, groupAttributes(options.lists)), apps: [], failures: [] };
  }
  const { apps, failures } = classifyFiles(collectGroovyFiles([options.corpus]));
  return { source: 'auto', groups: autoGroups(apps), apps, failures };
}

function selectGroup(groups: Group[], name: string | undefined): Group[] {
  if (name === undefined) return groups;
  const selected = groups.filter((g) => g.name === name);
  if (selected.length === 0) throw new UsageError(`--group: no group named ${name} (groups: ${groups.map((g) => g.name).join(', ')})`);
  return selected;
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
    // Usage errors exit with 2, as for the other commands.
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action((options: PairsOptions) => {
      let grouping: Grouping;
      let groups: Group[];
      try {
        grouping = groupingOf(options);
        groups = selectGroup(grouping.groups, options.group);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        process.stderr.write(`stcheck pairs: ${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      // Apps that fail to parse or lower are reported and left out; they never stop the command.
      for (const failure of grouping.failures) process.stderr.write(`${formatLoadError(failure)}\n`);
      if (options.json) process.stdout.write(`${JSON.stringify({ source: grouping.source, groups, apps: grouping.apps, failures: grouping.failures }, null, 2)}\n`);
      else printText(groups, grouping);
    });
}
