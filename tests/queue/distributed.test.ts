// A batch spread over worker processes by a real redis-server gives exactly the result set of the
// batch on one machine, also when a worker is killed in the middle of a job and the coordinator is
// killed and resumed: every (pair, mode) stored once, none missing, and the queue emptied.
import { DEFAULT_ENVIRONMENT } from '../../src/model/environment.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/batch/batch.js';
import { Store } from '../../src/store/store.js';
import { HAVE_CORPUS, LISTS_DIR, REPO_ROOT, SMARTAPPS_DIR } from '../support/corpus.js';
import { HAVE_REDIS, startRedis, type RedisServer } from '../support/redis.js';
import { storedResults } from '../support/store.js';

const LISTS = join(LISTS_DIR, 'device-interaction');
// A state limit instead of a time budget: the pairs that reach it stop at the same state on any
// machine, under any load, so the result sets compare exactly.
const RUN = { group: 'locks', maxStates: 300, budgetS: 600, memoryMb: 512 };
const BATCH_ARGS = ['--corpus', SMARTAPPS_DIR, '--lists', LISTS, '--group', RUN.group, '--mode', 'dpor', '--max-states', String(RUN.maxStates), '--budget-s', String(RUN.budgetS), '--memory-mb', String(RUN.memoryMb)];
const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

/** A stcheck process (from source), with a callback per line of its stdout and stderr. */
function stcheck(args: string[], onLine: (line: string) => void = () => {}): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/cli/main.ts'), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', onLine);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

/** One row per stored result: what it decided and found (not its times). */
function rows(db: string): string[] {
  const store = new Store(db);
  const [run] = store.runs();
  const result = store.results(run.id).map((r) => {
    const conflicts = r.conflicts.map((c) => `${c.device}.${c.attribute}:${c.laterApp}=${c.laterValue}/${c.earlierApp}=${c.earlierValue}`).sort().join(',');
    return `${r.group} ${r.app1} ${r.app2} ${r.mode} ${r.verdict} complete=${r.complete} by=${r.decidedBy} states=${r.states} transitions=${r.transitions} [${conflicts}] ${r.error ?? ''}`;
  });
  store.close();
  return result.sort();
}

// About a minute of CPU in all; a loaded machine stretches it several times.
const SLOW = 900_000;

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 200));
}

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'stcheck-queue-')), 'r.db');

describe.skipIf(!HAVE_REDIS || !HAVE_CORPUS)('a batch on a BullMQ queue with worker processes', () => {
  let redis: RedisServer;
  let expected: string[];
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const db = freshDb();
    await runBatch({ corpus: SMARTAPPS_DIR, lists: LISTS, groups: [RUN.group], modes: ['dpor'], jobs: 2, budgetS: RUN.budgetS, memoryMb: RUN.memoryMb, maxStates: RUN.maxStates, prefilter: true, env: DEFAULT_ENVIRONMENT, db, command: 'test' }, quiet);
    expected = rows(db);
  }, SLOW);

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await redis?.stop();
  });

  /** Three workers of one check each; `onLine` sees each one's log with its index. */
  function startWorkers(onLine: (index: number, line: string) => void = () => {}) {
    return [0, 1, 2].map((index) => {
      const worker = stcheck(['worker', '--queue', redis.url, '--jobs', '1', '--lock-s', '10'], (line) => onLine(index, line));
      workers.push(worker.child);
      return worker;
    });
  }

  async function stopWorkers(started: Array<{ child: ChildProcess; exited: Promise<number | null> }>) {
    for (const { child } of started) child.kill('SIGTERM');
    await Promise.all(started.map((w) => w.exited));
  }

  /** Nothing of a finished run is left on the server: no results queue, no task job. */
  async function expectQueueEmpty() {
    const client = new Redis(redis.url);
    const keys = await client.keys('stcheck:*');
    const jobs = await client.keys('stcheck:tasks:*-*-*');
    client.disconnect();
    expect(keys.filter((k) => k.startsWith('stcheck:results-'))).toEqual([]);
    expect(jobs).toEqual([]);
  }

  it('through a coordinator that runs no check and 3 workers stores exactly the single-machine result set', async () => {
    expect(expected.length).toBeGreaterThan(100);
    const started = startWorkers();
    const db = freshDb();
    const coordinator = stcheck(['batch', ...BATCH_ARGS, '--jobs', '0', '--queue', redis.url, '--db', db]);
    expect(await coordinator.exited).toBe(0);
    await stopWorkers(started);
    expect(rows(db)).toEqual(expected);
    await expectQueueEmpty();
  }, SLOW);

  it('stores the same set, each result once, with a worker killed in the middle of a job and the coordinator killed and resumed', async () => {
    // The searches that run to the state limit (with a conflict found by then, or none) are the long
    // jobs: a worker is killed while it holds one.
    const slow = new Set(expected.filter((r) => r.includes(`by=search states=${RUN.maxStates} `)).map((r) => r.split(' ').slice(1, 4).join(' ')));
    expect(slow.size).toBeGreaterThan(0);
    const db = freshDb();
    let killedJob: string | undefined;
    const doneBy = new Map<string, number>();
    let returned = 0;
    let resolveReturned!: () => void;
    const manyReturned = new Promise<void>((resolve) => { resolveReturned = resolve; });
    const started = startWorkers((index, line) => {
      const [verb, id, group, app1, , app2, mode] = line.split(/\s+/);
      if (verb === 'take' && killedJob === undefined && slow.has(`${app1} ${app2} ${mode.replace(/:$/, '')}`) && group === RUN.group) {
        killedJob = id;
        started[index].child.kill('SIGKILL');
      }
      if (verb === 'done') {
        doneBy.set(id, index);
        if (++returned === Math.floor(expected.length * 0.6)) resolveReturned();
      }
    });
    const first = stcheck(['batch', ...BATCH_ARGS, '--jobs', '0', '--queue', redis.url, '--db', db]);
    // Killed once it has stored a third of the results.
    await until(() => storedResults(db) >= Math.floor(expected.length / 3));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // The workers go on while no coordinator runs: their results wait on the run's queue.
    await manyReturned;
    const resumed = stcheck(['batch', ...BATCH_ARGS, '--jobs', '0', '--queue', redis.url, '--db', db, '--resume', 'last']);
    expect(await resumed.exited).toBe(0);
    await stopWorkers(started.filter((w) => w.child.exitCode === null && w.child.signalCode === null));
    // The killed worker's job was taken for dead and run by another worker.
    expect(killedJob).toBeDefined();
    expect(doneBy.has(killedJob!)).toBe(true);
    expect(rows(db)).toEqual(expected);
    const store = new Store(db);
    expect(store.runs()).toHaveLength(1);
    store.close();
    await expectQueueEmpty();
  }, SLOW);
});
