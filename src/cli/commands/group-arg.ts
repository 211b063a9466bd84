// The --group and --groups options of the commands that run one pair (check, events): track only a
// device group's attributes, read from the study's groups.json.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readGroupAttributes } from '../../pairs/lists.js';
import { usageError } from '../exit.js';

export function addGroupOptions(command: Command): Command {
  return command
    .option('--group <name>', "track only this device group's attributes (from groups.json)")
    .option('--groups <file>', 'the groups.json to read --group from (default: next to the apps, or the shared corpus)');
}

/**
 * The tracked attributes of --group (undefined without it): from --groups, or groups.json beside
 * the apps' folder, or the shared corpus. `command` names the command in a usage error.
 */
export function groupAttributes(command: string, options: { group?: string; groups?: string }, appFile: string): string[] | undefined {
  const { group, groups } = options;
  if (group === undefined) return undefined;
  const candidates = groups ? [groups] : [join(dirname(resolve(appFile)), '..', 'groups.json'), join(import.meta.dirname ?? '', '../../../../shared/corpus/iotcheck/groups.json')];
  const file = candidates.find((f) => existsSync(f));
  if (!file) usageError(command, `--group: no groups.json found for ${group} (give --groups FILE)`);
  const attributes = readGroupAttributes(file)[group];
  if (!attributes) usageError(command, `--group: no group ${group} in ${file}`);
  return attributes;
}
