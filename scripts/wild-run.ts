// Runs every app of a folder the way the corpus test does (src/pipeline/exercise.ts: install in a
// single-app home, then run each subscription once with a plausible event), in both initial
// configurations, and prints each app's first blocking cause and a count of apps by cause. Used to
// pick what of the platform to model next (results/wild-platform.md).
// Usage: npx tsx scripts/wild-run.ts [DIR] [--all]   (default ../shared/corpus/wild)
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exerciseFile, type ExerciseResult } from '../src/pipeline/exercise.js';
import { collectGroovyFiles } from '../src/util/files.js';

const args = process.argv.slice(2);
const showAll = args.includes('--all');
const dir = args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'corpus', 'wild');

/** The first thing that stopped the app, or undefined when every handler ran to its end. */
function firstCause(r: ExerciseResult): { cause: string; gap: boolean } | undefined {
  if (r.lowerError !== undefined) return { cause: `lower ${r.lowerError}`, gap: !/\d+:\d+ (Expected|Unexpected)/.test(r.lowerError) };
  const gap = r.failures.find((f) => !f.appError);
  const first = gap ?? r.failures[0];
  return first && { cause: `${first.handler}: ${first.message}`, gap: gap !== undefined };
}

/** The cause without positions, names of the app's devices and quoted text, to count apps by it. */
function causeKey(cause: string): string {
  return cause
    .replace(/^lower \d+:\d+ /, 'lower ')
    .replace(/^[^:]+: /, '')
    .replace(/ at .*:\d+:\d+$/, '')
    .replace(/of device \w+ \((\w+)\)/, 'of device ($1)')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+:\d+/g, '');
}

const counts = new Map<string, number>();
let clean = 0;
let gaps = 0;
const files = collectGroovyFiles([dir]);
for (const file of files) {
  let cause: { cause: string; gap: boolean } | undefined;
  try {
    cause = firstCause(exerciseFile(file));
  } catch (e) {
    cause = { cause: `crash ${(e as Error).message.split('\n')[0]}`, gap: true };
  }
  if (cause === undefined) {
    clean++;
    if (showAll) console.log(`ok   ${basename(file)}`);
    continue;
  }
  if (cause.gap) gaps++;
  console.log(`${cause.gap ? 'GAP ' : 'app '} ${basename(file)}: ${cause.cause}`);
  const key = `${cause.gap ? 'GAP' : 'app'} ${causeKey(cause.cause)}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
console.log(`\n${files.length} files: ${clean} run every handler, ${gaps} stop on a gap (parse/lower/unsupported/budget), ${files.length - clean - gaps} on an app error`);
for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(4)}  ${key}`);
