// `stcheck worker`: take the checks of distributed batches from a Redis queue until stopped.
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { requireDirectory, UsageError } from '../../pairs/source.js';
import { DEFAULT_LOCK_MS, startQueueWorker, type QueueWorker } from '../../queue/worker.js';
import { EXIT, exitCodesHelp, usageError } from '../exit.js';

interface WorkerCommandOptions {
  queue: string;
  jobs: string;
  corpus?: string;
  lockS: string;
  json?: boolean;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run the checks of `stcheck batch --queue` on this machine, under each run\'s budgets, until stopped (SIGINT or SIGTERM let the jobs in hand finish)')
    .requiredOption('--queue <url>', 'the Redis server of the batch (redis://HOST:PORT)')
    .option('--jobs <n>', 'checks at once (pool processes)', String(availableParallelism()))
    .option('--corpus <dir>', "where this machine keeps the corpus, when not at the coordinator's path")
    .option('--lock-s <seconds>', 'how long a job of a worker that died waits before another worker takes it', String(DEFAULT_LOCK_MS / 1000))
    .option('--json', 'on exit, print the number of jobs returned as JSON')
    .addHelpText('after', `\nOne line per job taken and returned goes to stderr. Stopped by SIGINT or SIGTERM it exits with 0 once the jobs in hand are returned; a Redis server that does not answer is a usage error.\n${exitCodesHelp([EXIT.ok, EXIT.usage, EXIT.interrupted])}`)
    .action(async (options: WorkerCommandOptions) => {
      let worker: QueueWorker;
      let returned = 0;
      try {
        worker = await startQueueWorker(workerOptions(options, (line) => {
          if (line.startsWith('done ')) returned++;
          process.stderr.write(`${line}\n`);
        }));
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        usageError('worker', error.message);
      }
      process.stderr.write(`stcheck worker: taking jobs from ${options.queue}\n`);
      await stopped();
      process.stderr.write('stcheck worker: stopping after the jobs in hand (again to stop at once)\n');
      process.once('SIGINT', () => process.exit(EXIT.interrupted));
      process.once('SIGTERM', () => process.exit(EXIT.interrupted));
      await worker.close();
      if (options.json) process.stdout.write(`${JSON.stringify({ returned })}\n`);
      else process.stderr.write(`stcheck worker: ${returned} jobs returned\n`);
    });
}

function workerOptions(options: WorkerCommandOptions, log: (line: string) => void) {
  const jobs = Number(options.jobs);
  if (!(Number.isInteger(jobs) && jobs > 0)) throw new UsageError(`--jobs: expected a positive integer, not ${options.jobs}`);
  const lockS = Number(options.lockS);
  if (!(Number.isFinite(lockS) && lockS > 0)) throw new UsageError(`--lock-s: expected a positive number, not ${options.lockS}`);
  if (options.corpus !== undefined) requireDirectory('--corpus', options.corpus);
  return { url: options.queue, jobs, corpus: options.corpus, lockMs: Math.round(lockS * 1000), log };
}

function stopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
