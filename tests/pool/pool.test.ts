import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/pool/pool.js';
import type { TaskOutcome } from '../../src/pool/protocol.js';

const WORKER = new URL('./fixtures/worker.ts', import.meta.url);
// A budget no task but the endless loop comes near, however busy the machine (the heap runs out
// long before it); the loop gets a budget of its own.
const options = { jobs: 2, budgetMs: 90_000, memoryMb: 64 };

async function run(tasks: object[], budgetMs = options.budgetMs) {
  const outcomes: Array<TaskOutcome<number>> = [];
  await runPool<object, number>(WORKER, tasks, { ...options, budgetMs }, (_task, outcome, index) => { outcomes[index] = outcome; });
  return outcomes;
}

describe('runPool', () => {
  it('gives every task one outcome and survives heap exhaustion, throws, exits and crashes of its worker processes', async () => {
    const outcomes = await run([
      { kind: 'echo', value: 1 }, { kind: 'allocate' }, { kind: 'echo', value: 2 },
      { kind: 'throw' }, { kind: 'exit' }, { kind: 'echo', value: 3 }, { kind: 'crash' }, { kind: 'echo', value: 4 },
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['done', 'out-of-memory', 'done', 'error', 'error', 'done', 'error', 'done']);
    expect(outcomes.filter((o) => o.kind === 'done').map((o) => (o as { value: number }).value)).toEqual([2, 4, 6, 8]);
    // An error the task reported is the task's; a worker that died says so (a resumed batch retries it).
    expect(outcomes[3]).toEqual({ kind: 'error', message: 'handler failed', ms: expect.any(Number) });
    expect(outcomes[4]).toMatchObject({ message: 'worker exited with code 3', died: true });
    expect(outcomes[6]).toMatchObject({ message: 'worker was killed by SIGSEGV', died: true });
    const done = outcomes[0] as { peakMemoryMb: number };
    expect(done.peakMemoryMb).toBeGreaterThan(0);
  });

  it('stops an endless task at its budget and goes on with the next one', async () => {
    const outcomes = await run([{ kind: 'loop' }, { kind: 'echo', value: 5 }], 2000);
    expect(outcomes.map((o) => o.kind)).toEqual(['timeout', 'done']);
    expect(outcomes[0].ms).toBeGreaterThanOrEqual(2000);
  });

  it('runs with more jobs than tasks and with no tasks', async () => {
    expect((await run([{ kind: 'echo', value: 5 }])).map((o) => o.kind)).toEqual(['done']);
    expect(await run([])).toEqual([]);
  });

  it('does not charge a worker\'s start-up to its first task\'s budget', async () => {
    const outcomes: Array<TaskOutcome<number>> = [];
    await runPool<number, number>(new URL('./fixtures/slow-start-worker.ts', import.meta.url), [1, 2], { jobs: 1, budgetMs: 1000, memoryMb: 64 }, (_task, outcome, index) => { outcomes[index] = outcome; });
    expect(outcomes.map((o) => o.kind)).toEqual(['done', 'done']);
  });
});
