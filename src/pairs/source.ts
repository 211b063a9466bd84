// Where a run's pairs come from: the reference's hand-made lists, or the automatic grouping of a
// corpus by actuated capability. Shared by `stcheck pairs` and `stcheck batch`.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LowerError } from '../lower/lower.js';
import { collectGroovyFiles } from '../util/files.js';
import { autoGroups } from './auto.js';
import type { AppClassification } from '../analysis/classify.js';
import { classifyFiles } from './classify.js';
import { readGroupAttributes, readGroups } from './lists.js';
import type { AppPair, PairGroup } from './types.js';

export type Group = PairGroup & { pairs: AppPair[] };

export interface Grouping {
  source: 'lists' | 'auto';
  groups: Group[];
  /** Per app of the corpus (automatic grouping only). */
  apps: AppClassification[];
  /** Apps that do not parse or lower (automatic grouping only; they are left out). */
  failures: LowerError[];
}

/** A bad argument (exit code 2 in the commands). */
export class UsageError extends Error {}

export function requireDirectory(option: string, dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${option}: no such directory: ${dir}`);
}

/** `groups.json` next to the lists directory or next to its parent (`iotcheck/appLists/device-interaction`). */
function groupAttributes(listsDir: string): Record<string, string[]> {
  return attributesFromFirst([dirname(listsDir), dirname(dirname(listsDir))]);
}

/** `groups.json` in the corpus directory or beside it (`iotcheck/smartapps` → `iotcheck/groups.json`). */
export function corpusGroupAttributes(corpus: string): Record<string, string[]> {
  return attributesFromFirst([corpus, dirname(corpus)]);
}

function attributesFromFirst(dirs: readonly string[]): Record<string, string[]> {
  const found = dirs.map((d) => join(d, 'groups.json')).find((file) => existsSync(file));
  return found ? readGroupAttributes(found) : {};
}

export function pairGroups(corpus: string, lists?: string): Grouping {
  requireDirectory('--corpus', corpus);
  if (lists !== undefined) {
    requireDirectory('--lists', lists);
    return { source: 'lists', groups: readGroups(lists, groupAttributes(lists)), apps: [], failures: [] };
  }
  const { apps, failures } = classifyFiles(collectGroovyFiles([corpus]));
  return { source: 'auto', groups: autoGroups(apps), apps, failures };
}

/** The named groups (all when none are named); an unknown name is a usage error. */
export function selectGroups(groups: Group[], names: readonly string[]): Group[] {
  if (names.length === 0) return groups;
  for (const name of names) {
    if (!groups.some((g) => g.name === name)) throw new UsageError(`--group: no group named ${name} (groups: ${groups.map((g) => g.name).join(', ')})`);
  }
  return groups.filter((g) => names.includes(g.name));
}
