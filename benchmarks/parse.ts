// Parses the whole study corpus repeatedly and writes results/parse.md.
// Run with `npm run bench:parse` (or `npx tsx benchmarks/parse.ts [rounds]`).
import { availableParallelism, loadavg } from 'node:os';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module script without type declarations
import { compileGrammar } from '../scripts/grammar.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SMARTAPPS = join(ROOT, '..', 'shared', 'corpus', 'iotcheck', 'smartapps');
const OUTPUT = join(ROOT, 'results', 'parse.md');
const WARMUP_ROUNDS = 3;
const ROUNDS = Number(process.argv[2] ?? 10);

compileGrammar();
const { parseGroovy } = await import('../src/parser/parser.js');

const names = readdirSync(SMARTAPPS).filter((name) => name.endsWith('.groovy')).sort();
const sources = names.map((name) => readFileSync(join(SMARTAPPS, name), 'utf8'));
const bytes = sources.reduce((sum, source) => sum + Buffer.byteLength(source), 0);

/** One parse of the whole corpus: wall-clock and CPU milliseconds (CPU time is steadier on a busy machine). */
function round(): { wall: number; cpu: number } {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < sources.length; i++) {
    const result = parseGroovy(sources[i]!, names[i]!);
    if (!result.ok) throw new Error(`${names[i]}:${result.error.line}:${result.error.column}: ${result.error.message}`);
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { wall: performance.now() - started, cpu: (cpu.user + cpu.system) / 1000 };
}

const load = loadavg()[0]!.toFixed(2);
const cold = round().wall;
for (let i = 1; i < WARMUP_ROUNDS; i++) round();
const rounds = Array.from({ length: ROUNDS }, round);
const sorted = (values: number[]): number[] => values.sort((a, b) => a - b);
const wall = sorted(rounds.map((r) => r.wall));
const cpu = sorted(rounds.map((r) => r.cpu));
const median = (values: number[]): number => values[Math.floor(values.length / 2)]!;
const mbPerSecond = (ms: number): string => (bytes / 1e6 / (ms / 1000)).toFixed(2);

const report = `# Parser benchmark

- Date: ${new Date().toISOString()}
- Machine: ${availableParallelism()} cores (\`nproc\`), Node ${process.version}; the benchmark itself runs on one core
- Command: \`npm run bench:parse\` (\`node --import tsx benchmarks/parse.ts ${ROUNDS}\`)
- Corpus: ${names.length} files, ${(bytes / 1e6).toFixed(2)} MB (\`${relative(ROOT, SMARTAPPS)}\`)
- Rounds: ${WARMUP_ROUNDS} warm-up (the first, cold, took ${cold.toFixed(0)} ms), then ${ROUNDS} measured
- Load average when it started: ${load} (other work on the machine inflates wall-clock times; CPU time
  includes the garbage collector's helper threads)

| measure | ms per corpus | MB/s |
|---|---:|---:|
| wall clock, median | ${median(wall).toFixed(0)} | ${mbPerSecond(median(wall))} |
| wall clock, best | ${wall[0]!.toFixed(0)} | ${mbPerSecond(wall[0]!)} |
| CPU time, median | ${median(cpu).toFixed(0)} | ${mbPerSecond(median(cpu))} |
| cold (first round, wall clock) | ${cold.toFixed(0)} | ${mbPerSecond(cold)} |

Target: the whole corpus in under 1 s on one core (warm).
`;
mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, report);
process.stdout.write(report);
