// The queue's pieces on small inputs: the URL, a server that does not answer, a coordinator that is
// its own worker, and task jobs that fail (stored with a verdict, never retried for ever).
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatch, type BatchOptions } from '../../src/batch/batch.js';
import { redisOptions } from '../../src/queue/connection.js';
import { queueRunner } from '../../src/queue/coordinator.js';
import { PREFIX, TASKS_QUEUE } from '../../src/queue/jobs.js';
import { startQueueWorker } from '../../src/queue/worker.js';
import { Store } from '../../src/store/store.js';
import { stcheck } from '../support/cli.js';
import { REPO_ROOT } from '../support/corpus.js';
import { freePort, HAVE_REDIS, startRedis, type RedisServer } from '../support/redis.js';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

function demoBatch(overrides: Partial<BatchOptions> = {}): BatchOptions {
  return { corpus: join(REPO_ROOT, 'apps'), groups: [], modes: ['dpor', 'nodpor'], jobs: 1, budgetS: 20, memoryMb: 512, db: join(mkdtempSync(join(tmpdir(), 'stcheck-queue-')), 'r.db'), command: 'test', prefilter: true, ...overrides };
}

function rows(db: string, runId: number): string[] {
  const store = new Store(db);
  const result = store.results(runId).map((r) => `${r.group} ${r.app1} ${r.app2} ${r.mode} ${r.verdict} ${r.states} ${r.transitions} ${r.conflicts.length} ${r.error ?? ''}`);
  store.close();
  return result.sort();
}

describe('the --queue URL', () => {
  it('gives host, port, database and credentials, and rejects what is not a redis URL', () => {
    expect(redisOptions('redis://10.0.0.5:7000/2')).toMatchObject({ host: '10.0.0.5', port: 7000, db: 2 });
    expect(redisOptions('redis://u:p%40ss@host')).toMatchObject({ host: 'host', port: 6379, db: 0, username: 'u', password: 'p@ss' });
    expect(() => redisOptions('localhost:6379')).toThrow(/expected redis:\/\/HOST:PORT/);
    expect(() => redisOptions('redis://host/x')).toThrow(/must be a number/);
  });

  it('makes batch and worker exit with 2 and a clear message when no server answers; --jobs 0 needs --queue', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const batch = stcheck('batch', '--corpus', 'apps', '--queue', url, '--jobs', '0', '--db', join(mkdtempSync(join(tmpdir(), 'stcheck-queue-')), 'r.db'));
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain(`cannot reach Redis at ${url}`);
    const worker = stcheck('worker', '--queue', url);
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain(`cannot reach Redis at ${url}`);
    const noQueue = stcheck('batch', '--corpus', 'apps', '--jobs', '0');
    expect(noQueue.code).toBe(2);
    expect(noQueue.stderr).toContain('--jobs: expected a positive number');
  });
});

describe.skipIf(!HAVE_REDIS)('a coordinator on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => { redis = await startRedis(); });
  afterAll(async () => { await redis?.stop(); });

  async function serverKeys(): Promise<string[]> {
    const client = new Redis(redis.url);
    const keys = await client.keys('stcheck:*');
    client.disconnect();
    return keys;
  }

  it('that is its own worker stores what the batch on this machine stores, and leaves no job behind', async () => {
    const local = demoBatch();
    const expected = rows(local.db, (await runBatch(local, quiet)).runId);
    const queued = demoBatch({ runner: queueRunner({ url: redis.url, jobs: 1, lockMs: 30_000 }) });
    const summary = await runBatch(queued, quiet);
    expect(summary).toMatchObject({ stored: 8, skipped: 0 });
    expect(rows(queued.db, summary.runId)).toEqual(expected);
    expect((await serverKeys()).filter((k) => k.startsWith('stcheck:results-') || /^stcheck:tasks:\w+-\d+-/.test(k))).toEqual([]);
  });

  it('runs the jobs on a worker with the corpus elsewhere (--corpus), and stores an error for an app whose copy differs', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'stcheck-corpus-'));
    cpSync(join(REPO_ROOT, 'apps'), copy, { recursive: true });
    appendFileSync(join(copy, 'comfort-thermostat.groovy'), '\n// edited on the worker\n');
    const worker = await startQueueWorker({ url: redis.url, jobs: 1, corpus: copy, lockMs: 30_000 });
    try {
      const opts = demoBatch({ runner: queueRunner({ url: redis.url, jobs: 0, lockMs: 30_000 }) });
      const summary = await runBatch(opts, quiet);
      expect(summary).toMatchObject({ stored: 8, verdicts: { conflict: 4, error: 4 } });
      const store = new Store(opts.db);
      for (const r of store.results(summary.runId)) {
        if (r.verdict === 'error') expect(r.error).toMatch(/comfort-thermostat\.groovy on worker .* differs from the coordinator's copy/);
        else expect(r.group).toBe('auto:lock');
      }
      store.close();
    } finally {
      await worker.close();
    }
  });

  it('stores a task job that fails on the queue as an error with the reason, once, and ends the run', async () => {
    // A stand-in for workers that die with every job: each job fails at its first attempt.
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const failing = new Worker(TASKS_QUEUE, async () => { throw new Error('the worker gave up'); }, { connection, prefix: PREFIX });
    try {
      const opts = demoBatch({ runner: queueRunner({ url: redis.url, jobs: 0, lockMs: 30_000 }) });
      const summary = await runBatch(opts, quiet);
      expect(summary).toMatchObject({ stored: 8, verdicts: { error: 8 } });
      const store = new Store(opts.db);
      for (const r of store.results(summary.runId)) expect(r.error).toBe('the queue gave up on the job: the worker gave up');
      store.close();
    } finally {
      await failing.close();
      connection.disconnect();
    }
    expect((await serverKeys()).filter((k) => k.startsWith('stcheck:results-') || /^stcheck:tasks:\w+-\d+-/.test(k))).toEqual([]);
  });
});
