// Handler executions per second on corpus apps: every app of the reference's lists is loaded once,
// then run as the census runs it (src/pipeline/census.ts: from both initial configurations,
// installed() then every event of its event list and every subscription once), in rounds, for a
// fixed wall-clock budget. The reference's environment, as results/interp.md measured it (the
// full one adds events, so its rate is not comparable). Run: npx tsx benchmarks/interp.ts [seconds]
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadApp, type LoadedApp } from '../src/pipeline/load.js';
import { censusApp } from '../src/pipeline/census.js';
import { readAppList } from '../src/pairs/lists.js';

const ENVIRONMENT = 'reference';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = join(root, '..', 'shared', 'corpus', 'iotcheck');
const seconds = Number(process.argv[2] ?? 5);

function listedApps(): string[] {
  const dirs = ['device-interaction', 'global-state-variable-interaction'].map((d) => join(corpus, 'appLists', d));
  const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('AppList')).map((f) => join(d, f)));
  return [...new Set(files.flatMap(readAppList))].sort();
}

const t0 = performance.now();
const apps: LoadedApp[] = [];
for (const name of listedApps()) {
  const r = loadApp(join(corpus, 'smartapps', name));
  if (r.ok && censusApp(r.app, ENVIRONMENT).runs) apps.push(r.app);
}
const lowerMs = performance.now() - t0;

let handlers = 0;
let rounds = 0;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  for (const app of apps) handlers += censusApp(app, ENVIRONMENT).handlerRuns;
  rounds++;
}
const elapsed = (performance.now() - start) / 1000;

console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      cores: cpus().length,
      node: process.version,
      apps: apps.length,
      loweringAndFirstRunMs: Math.round(lowerMs),
      rounds,
      handlerExecutions: handlers,
      seconds: Number(elapsed.toFixed(2)),
      handlerExecutionsPerSecond: Math.round(handlers / elapsed),
      appInstallsPerSecond: Math.round((rounds * apps.length) / elapsed),
    },
    null,
    2,
  ),
);
