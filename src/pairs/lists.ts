// Pairs from the reference's hand-made app lists (reference §1.3): per group, AppList × AppList2 in
// file order, lines containing '#' dropped, self-pairs skipped. The lists of a group are identical,
// so every unordered pair is run in both orders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppPair, PairGroup } from './types.js';

/** The app names of one list file: every line without '#', trimmed, blank lines dropped. */
export function readAppList(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => !line.includes('#'))
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** AppList × AppList2 in file order, skipping pairs of an app with itself. */
export function crossPairs(group: string, list1: readonly string[], list2: readonly string[]): AppPair[] {
  return list1.flatMap((app1) => list2.filter((app2) => app2 !== app1).map((app2) => ({ group, app1, app2 })));
}

/**
 * The groups of a lists directory: every `<g>AppList` with its `<g>AppList2`, found in the
 * directory or one level below (the corpus keeps device-interaction, global and example lists in
 * sub-folders). Tracked attributes come from `groups.json` when given.
 */
export function readGroups(listsDir: string, attributesByGroup: Record<string, string[]> = {}): Array<PairGroup & { pairs: AppPair[] }> {
  const groups: Array<PairGroup & { pairs: AppPair[] }> = [];
  for (const dir of [listsDir, ...subdirectories(listsDir)]) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('AppList')).sort()) {
      const name = file.slice(0, -'AppList'.length);
      const list1 = readAppList(join(dir, file));
      const second = join(dir, `${file}2`);
      const list2 = existsSync(second) ? readAppList(second) : list1;
      const apps = [...new Set([...list1, ...list2])];
      groups.push({ name, apps, attributes: attributesByGroup[name] ?? [], pairs: crossPairs(name, list1, list2) });
    }
  }
  return groups;
}

/** The tracked attributes per group from the corpus's `groups.json`. */
export function readGroupAttributes(groupsJson: string): Record<string, string[]> {
  const parsed = JSON.parse(readFileSync(groupsJson, 'utf8')) as { groups: Record<string, { attributes: string[] }> };
  return Object.fromEntries(Object.entries(parsed.groups).map(([name, g]) => [name, g.attributes]));
}

function subdirectories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name))
    .sort();
}
