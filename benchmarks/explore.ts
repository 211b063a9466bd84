// Measures both strategies of the model checker on synthetic event systems whose cost grows in a
// known way, and writes results/explore.md. Run with `npm run bench:explore`
// (or `npx tsx benchmarks/explore.ts`). Handlers are trivial, so the numbers are the engine's own.
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from '../src/check/check.js';
import type { Access, CheckResult, EventSystem, Step, Strategy } from '../src/check/check.js';
import { enablementLocation } from '../src/check/check.js';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'explore.md');
/** Each run stops at this budget; a row that hits it is marked. */
const TIME_LIMIT_MS = 20_000;

/** A system over an integer-coded state with constant per-event accesses (no allocation but the step). */
function system(
  eventCount: number,
  enabled: (s: number) => readonly number[],
  next: (s: number, e: number) => number,
  accesses: (e: number) => Access[],
): EventSystem<number> {
  const accessesOf = Array.from({ length: eventCount }, (_, e) => accesses(e));
  return {
    eventCount,
    describeEvent: (e) => `e${e}`,
    initialStates: () => [0],
    enabled,
    execute: (s, e): Step<number> => ({ state: next(s, e), accesses: accessesOf[e] }),
    key: (s) => String(s),
  };
}

const read = (location: string): Access => ({ kind: 'read', location });
const write = (location: string): Access => ({ kind: 'write', location });

/** n events, event i toggles its own bit: fully independent. 2^n states. */
function independent(n: number): EventSystem<number> {
  const all = Array.from({ length: n }, (_, e) => e);
  return system(n, () => all, (s, e) => s ^ (1 << e), (e) => [read(`b${e}`), write(`b${e}`)]);
}

/** n events all reading and writing one variable, which remembers the last two events: n² + 1 states. */
function shared(n: number): EventSystem<number> {
  const all = Array.from({ length: n }, (_, e) => e);
  return system(n, () => all, (s, e) => ((s % n) * n + e) % (n * n) + 1, () => [read('x'), write('x')]);
}

/**
 * n chains of 3 events, each chain a cycle: its k-th event disables itself and enables the next
 * (and the third the first). Chains are independent: 3^n states. The state is the chains'
 * positions in base 3.
 */
function chains(n: number): EventSystem<number> {
  const LENGTH = 3;
  const position = (s: number, chain: number) => Math.floor(s / LENGTH ** chain) % LENGTH;
  const enabledCache = new Map<number, number[]>();
  const enabled = (s: number) => {
    let events = enabledCache.get(s);
    if (!events) {
      events = Array.from({ length: n }, (_, chain) => chain * LENGTH + position(s, chain));
      enabledCache.set(s, events);
    }
    return events;
  };
  const next = (s: number, e: number) => {
    const chain = Math.floor(e / LENGTH);
    const at = position(s, chain);
    return s + (((at + 1) % LENGTH) - at) * LENGTH ** chain;
  };
  const accesses = (e: number) => {
    const chain = Math.floor(e / LENGTH);
    const following = chain * LENGTH + ((e % LENGTH) + 1) % LENGTH;
    return [read(`c${chain}`), write(`c${chain}`), write(enablementLocation(e)), write(enablementLocation(following))];
  };
  return system(n * LENGTH, enabled, next, accesses);
}

interface Row {
  n: number;
  strategy: Strategy;
  result: CheckResult<number>;
}

function run(family: (n: number) => EventSystem<number>, sizes: number[], strategies: Strategy[]): Row[] {
  const rows: Row[] = [];
  for (const strategy of strategies) {
    for (const n of sizes) {
      const result = check(family(n), { strategy, timeLimitMs: TIME_LIMIT_MS });
      rows.push({ n, strategy, result });
      process.stderr.write(`${strategy} n=${n}: ${result.stats.transitions} transitions in ${result.stats.ms} ms\n`);
      if (!result.complete) break;
    }
  }
  return rows;
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

function table(rows: Row[], expected: (n: number, strategy: Strategy) => string): string {
  const lines = [
    '| strategy | n | events | states | transitions | executions | ms | transitions/s | growth of transitions | expected transitions |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const [i, { n, strategy, result }] of rows.entries()) {
    const { stats, complete } = result;
    const previous = rows[i - 1];
    const growth = previous?.strategy === strategy ? `×${(stats.transitions / previous.result.stats.transitions).toFixed(2)}` : '';
    const rate = stats.ms > 0 ? fmt((stats.transitions / stats.ms) * 1000) : '–';
    const cells = [strategy, n, stats.events, fmt(stats.states), fmt(stats.transitions), fmt(stats.executions), fmt(stats.ms), rate, growth, expected(n, strategy)];
    lines.push(`| ${cells.join(' | ')} |${complete ? '' : ` (${result.verdict})`}`);
  }
  return lines.join('\n');
}

const independentRows = run(independent, [2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32], ['dpor']).concat(
  run(independent, [2, 4, 6, 8, 10, 12, 14, 16, 18], ['nodpor']),
);
const sharedRows = run(shared, [2, 4, 8, 16, 32], ['dpor']).concat(run(shared, [2, 4, 8, 16, 32, 64], ['nodpor']));
const chainRows = run(chains, [2, 4, 6, 8, 10, 11], ['dpor', 'nodpor']);

const command = 'npm run bench:explore (node --import tsx benchmarks/explore.ts)';
const report = `# Model checker exploration benchmark

Date: ${new Date().toISOString().slice(0, 10)}; cores (nproc): ${availableParallelism()}; Node ${process.version}.
Command: \`${command}\`; each run has a ${TIME_LIMIT_MS / 1000} s budget (a row marked \`(timeout)\` hit it).
Handlers are trivial (integer states, constant access lists), so the rates are the checker's own cost;
a run is single-threaded.

## n independent events (event i toggles bit i)

nodpor: 2^n states and n·2^n transitions. dpor with the rotating choice: one execution that toggles
every bit on and off again, 2n states and 2n transitions (pitfall 1 of por-algorithms.md).

${table(independentRows, (n, s) => (s === 'nodpor' ? `n·2^n = ${fmt(n * 2 ** n)}` : `2n = ${2 * n}`))}

## n events all reading and writing one variable

Every pair of transitions conflicts, so dpor cannot reduce: both explore the n² + 1 states and
n(n² + 1) transitions. dpor pays for its backward searches: after the conflict on x, each search
carries on with what is left of the transition's accesses (the read of its own event's
enablement, which nothing here writes) over all of the graph behind it, once per (state, pushed-up
event, access set) thanks to the summary: about n² tuples per state over n incoming transitions,
so its time grows like n⁵ while the transitions grow like n³.

${table(sharedRows, (n) => `n(n²+1) = ${fmt(n * (n * n + 1))}`)}

## n independent chains of 3 events, each a cycle (enable/disable)

Each chain's event disables itself and enables the next one of its chain: 3^n states, n·3^n
transitions without reduction. dpor does not reduce either: the event that a chain's previous
event enabled conflicts with it (the write and the read of its enablement), and at the previous
event's start state the later event was not yet enabled, so Algorithm 5 step 2 adds every event
enabled there, the other chains' included. The rows measure dpor's cost per transition when it
explores everything.

${table(chainRows, (n) => `n·3^n = ${fmt(n * 3 ** n)}`)}
`;

mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, report);
process.stdout.write(report);
