// Compares the automatic pair groups (src/pairs/auto.ts) with the reference's hand-made lists over
// the corpus, per reference group, in unordered pairs; prints the Markdown pasted into docs/pairs.md.
// Usage: npx tsx scripts/compare-pairs.ts [CORPUS_DIR]   (default ../shared/corpus/iotcheck)
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectGroovyFiles } from '../src/util/files.js';
import { AUTO_GROUP_PREFIX, autoGroups, LOCATION_MODE_GROUP } from '../src/pairs/auto.js';
import type { AppClassification } from '../src/analysis/classify.js';
import { classifyFiles } from '../src/pairs/classify.js';
import { readGroups } from '../src/pairs/lists.js';
import type { AppPair } from '../src/pairs/types.js';

const corpus = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'corpus', 'iotcheck');

/**
 * The automatic groups each reference group is compared with: the capability its devices have in
 * the pair model. The six switch groups differ only in what the user's switch controls, which no
 * app's code says, so they all map to `switch`.
 */
const CAPABILITIES_OF_GROUP: Record<string, string[]> = {
  acfanheaterSwitches: ['switch'],
  cameraSwitches: ['switch'],
  lightSwitches: ['switch'],
  switches: ['switch'],
  ventfanSwitches: ['switch'],
  relaySwitches: ['relaySwitch'],
  dimmers: ['switchLevel'],
  hueLights: ['colorControl'],
  nonHueLights: ['colorControl'],
  alarms: ['alarm'],
  cameras: ['imageCapture'],
  locks: ['lock'],
  musicPlayers: ['musicPlayer'],
  speeches: ['speechSynthesis'],
  thermostats: ['thermostat'],
  valves: ['valve'],
  globalStateVariables: ['location.mode'],
};

const unordered = (p: AppPair): string => [p.app1, p.app2].sort().join(' × ');

/** Apps named only on `#` lines of a group's list: the ones the reference removed by hand. */
function commentedOut(listFile: string): Set<string> {
  const names = readFileSync(listFile, 'utf8').split(/\r?\n/).filter((l) => l.includes('#')).map((l) => l.replace(/#/g, '').trim());
  return new Set(names.filter((n) => n.endsWith('.groovy')));
}

/** Why a listed app is not in the automatic groups mapped to its reference group. */
function whyNotAuto(app: string, capabilities: string[], byApp: Map<string, AppClassification>, failed: Map<string, string>): string {
  const failure = failed.get(app);
  if (failure !== undefined) return `does not lower (${failure})`;
  const c = byApp.get(app);
  if (!c) return 'not in the corpus';
  if (capabilities.includes('location.mode')) return 'writes no location mode';
  const reads = c.readsOnly.filter((r) => capabilities.includes(r));
  if (c.actuates.length === 0) return reads.length > 0 ? `actuates nothing, reads ${reads.join(', ')}` : 'actuates nothing';
  return `actuates ${c.actuates.join(', ')}${reads.length > 0 ? `, only reads ${reads.join(', ')}` : ''}`;
}

/** Where the reference put an app it did not list in this group. */
function whereListed(app: string, removed: Set<string>, listedIn: Map<string, string[]>): string {
  if (removed.has(app)) return 'commented out here';
  const others = listedIn.get(app) ?? [];
  return others.length > 0 ? `listed in ${others.join(', ')}` : 'in no list';
}

/** Apps paired automatically but not listed: each with where the reference has it, or a tally when many. */
function describeExtra(extra: string[], removed: Set<string>, listedIn: Map<string, string[]>): string {
  if (extra.length === 0) return 'none';
  const where = extra.map((a) => whereListed(a, removed, listedIn));
  if (extra.length <= 12) return extra.map((a, i) => `${short(a)} (${where[i]})`).join(', ');
  const inNoList = where.filter((w) => w === 'in no list').length;
  const removedHere = where.filter((w) => w === 'commented out here').length;
  return `${extra.length} apps: ${extra.length - inNoList - removedHere} listed in other groups, ${removedHere} commented out here, ${inNoList} in no list`;
}

const short = (app: string): string => app.replace(/\.groovy$/, '');

function main(): void {
  const files = collectGroovyFiles([join(corpus, 'smartapps')]);
  const { apps, failures } = classifyFiles(files);
  const byApp = new Map(apps.map((a) => [a.app, a]));
  const failed = new Map(failures.map((f) => [basename(f.file), f.message]));
  const auto = new Map(autoGroups(apps).map((g) => [g.name, g]));
  const listsDir = join(corpus, 'appLists');
  const reference = readGroups(listsDir).filter((g) => g.name in CAPABILITIES_OF_GROUP);
  const listedIn = new Map<string, string[]>();
  for (const g of reference) for (const a of g.apps) listedIn.set(a, [...(listedIn.get(a) ?? []), g.name]);

  const rows: string[] = [
    '| reference group | automatic groups | listed pairs | both | lists only (with a reader) | auto only |',
    '|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  const totals = { listed: new Set<string>(), auto: new Set<string>() };
  for (const group of reference) {
    const capabilities = CAPABILITIES_OF_GROUP[group.name];
    const autoNames = capabilities.map((c) => `${AUTO_GROUP_PREFIX}${c}`);
    const autoApps = new Set(autoNames.flatMap((n) => auto.get(n)?.apps ?? []));
    const listed = new Set(group.pairs.map(unordered));
    const found = new Set(autoNames.flatMap((n) => auto.get(n)?.pairs.map(unordered) ?? []));
    const listsOnly = group.pairs.filter((p) => !found.has(unordered(p)));
    // A "reader" pair has an app outside every mapped automatic group (it never writes the device).
    const withReader = new Set(listsOnly.filter((p) => !autoApps.has(p.app1) || !autoApps.has(p.app2)).map(unordered)).size;
    const both = [...listed].filter((p) => found.has(p)).length;
    rows.push(`| ${group.name} | ${autoNames.join(', ')} | ${listed.size} | ${both} | ${listed.size - both} (${withReader}) | ${found.size - both} |`);
    if (group.name !== 'globalStateVariables') for (const p of listed) totals.listed.add(p);
    const missing = group.apps.filter((a) => !autoApps.has(a)).map((a) => `${short(a)} (${whyNotAuto(a, capabilities, byApp, failed)})`);
    const removed = commentedOut(listFile(listsDir, group.name));
    const extra = [...autoApps].filter((a) => !group.apps.includes(a));
    notes.push(`- **${group.name}**: listed, not paired automatically: ${missing.join('; ') || 'none'}. Paired automatically, not listed: ${describeExtra(extra, removed, listedIn)}.`);
  }
  for (const [name, g] of auto) if (name !== LOCATION_MODE_GROUP) for (const p of g.pairs) totals.auto.add(unordered(p));
  const bothTotal = [...totals.listed].filter((p) => totals.auto.has(p)).length;
  rows.push(`| all 16 device groups (distinct pairs) | every automatic device group | ${totals.listed.size} | ${bothTotal} | ${totals.listed.size - bothTotal} | ${totals.auto.size - bothTotal} |`);

  const missed = [...totals.listed].filter((p) => !totals.auto.has(p));
  const actuatesNothing = (app: string): boolean => (byApp.get(app)?.actuates.length ?? 0) === 0;
  const withIdleApp = missed.filter((p) => p.split(' × ').some(actuatesNothing)).length;
  rows.push('', `Of the ${missed.length} device pairs only the lists have, ${withIdleApp} contain an app that actuates nothing.`);
  const sizes = [...auto.values()].map((g) => `${g.name} ${g.apps.length}`).join(', ');
  const summary = `${apps.length} apps classified, ${failures.length} skipped (do not parse or lower). Automatic groups (apps): ${sizes}.`;
  process.stdout.write([summary, '', ...rows, '', ...notes, ''].join('\n'));
}

/** The list file of a group: device-interaction and global lists live in sub-folders of appLists. */
function listFile(listsDir: string, group: string): string {
  const sub = group === 'globalStateVariables' ? 'global-state-variable-interaction' : 'device-interaction';
  return join(listsDir, sub, `${group}AppList`);
}

main();
