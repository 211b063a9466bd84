// Pairs and labels from a CSV file with a `group,app1,app2` header (`stcheck batch --pairs`,
// `stcheck report --table accuracy --labels`): one row per unordered pair, checked in both orders as
// the lists are; columns after those are ignored by `--pairs` and read as labels by the report
// (`automation`, `manual`, `notes`, as in ../shared/labels/dev.csv). A bad row is a usage error
// naming the file and its line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv, type CsvRecord } from './csv.js';
import { UsageError, type Group } from './source.js';

/** One row of a pair file: an unordered pair of a group, with whatever other columns it has. */
export interface PairRow {
  line: number;
  group: string;
  /** App names as written (with or without `.groovy`). */
  app1: string;
  app2: string;
  /** The other columns by header name (`automation`, `manual`, `notes`). */
  extra: Record<string, string>;
}

const REQUIRED = ['group', 'app1', 'app2'] as const;

/** The rows of a pair file; the header must name group, app1 and app2. */
export function readPairRows(file: string): PairRow[] {
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const { records, error } = parseCsv(readFileSync(file, 'utf8'));
  if (error) throw new UsageError(`${file}:${error.line}: ${error.message}`);
  const [header, ...rows] = records;
  if (!header) throw new UsageError(`${file}: empty, expected a header line ${REQUIRED.join(',')}`);
  const names = header.fields.map((f) => f.trim());
  const missing = REQUIRED.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new UsageError(`${file}:${header.line}: the header has no ${missing.join(', ')} column (expected ${REQUIRED.join(',')}, then any others)`);
  return rows.map((record) => pairRow(file, names, record));
}

function pairRow(file: string, names: readonly string[], record: CsvRecord): PairRow {
  const cell = (name: string) => (record.fields[names.indexOf(name)] ?? '').trim();
  const bad = (message: string) => new UsageError(`${file}:${record.line}: ${message}`);
  if (record.fields.length < names.length) throw bad(`${record.fields.length} columns, the header has ${names.length}`);
  for (const name of REQUIRED) if (cell(name) === '') throw bad(`empty ${name}`);
  if (appFile(cell('app1')) === appFile(cell('app2'))) throw bad(`a pair of ${cell('app1')} with itself`);
  const extra = Object.fromEntries(names.filter((n) => !(REQUIRED as readonly string[]).includes(n)).map((n) => [n, cell(n)]));
  return { line: record.line, group: cell('group'), app1: cell('app1'), app2: cell('app2'), extra };
}

/** The file name of an app as the corpus holds it. */
export function appFile(name: string): string {
  return name.endsWith('.groovy') ? name : `${name}.groovy`;
}

/** The key of an unordered pair of a group, whatever the order and spelling of its apps. */
export function unorderedKey(group: string, app1: string, app2: string): string {
  const bare = (name: string) => appFile(name).slice(0, -'.groovy'.length);
  return JSON.stringify([group, ...[bare(app1), bare(app2)].sort()]);
}

/**
 * The groups of a pair file, each pair in both orders, in file order. Every app must be a file of
 * the corpus and no unordered pair may come twice; `attributesByGroup` gives tracked attributes.
 */
export function pairFileGroups(file: string, corpus: string, attributesByGroup: Record<string, string[]>): Group[] {
  const groups = new Map<string, Group>();
  const seen = new Map<string, number>();
  for (const row of readPairRows(file)) {
    for (const app of [row.app1, row.app2]) {
      if (!existsSync(join(corpus, appFile(app)))) throw new UsageError(`${file}:${row.line}: no app ${appFile(app)} in ${corpus}`);
    }
    const key = unorderedKey(row.group, row.app1, row.app2);
    const first = seen.get(key);
    if (first !== undefined) throw new UsageError(`${file}:${row.line}: the pair ${row.app1} × ${row.app2} of ${row.group} is also on line ${first}`);
    seen.set(key, row.line);
    const group = groups.get(row.group) ?? { name: row.group, apps: [], attributes: attributesByGroup[row.group] ?? [], pairs: [] };
    const [app1, app2] = [appFile(row.app1), appFile(row.app2)];
    for (const app of [app1, app2]) if (!group.apps.includes(app)) group.apps.push(app);
    group.pairs.push({ group: row.group, app1, app2 }, { group: row.group, app1: app2, app2: app1 });
    groups.set(row.group, group);
  }
  return [...groups.values()];
}
