// The --db argument of the commands that read the store (report, show, export, html): opening a
// missing file would create an empty store, so it is a usage error instead; the store is opened
// read-only, and the rows it left out because they do not decode are reported on stderr.
import { existsSync, statSync } from 'node:fs';
import { Store } from '../../store/store.js';
import type { RunRecord } from '../../store/types.js';
import { usageError } from '../exit.js';

export function openExistingStore(command: string, db: string): Store {
  if (!existsSync(db)) usageError(command, `no result store at ${db} (run stcheck batch first, or give --db FILE)`);
  if (statSync(db).isDirectory()) usageError(command, `--db: ${db} is a directory, expected a result store file`);
  return new Store(db, { readOnly: true });
}

/** Closes a store opened for reading, after saying on stderr which rows did not decode and were left out. */
export function closeStore(command: string, store: Store): void {
  for (const problem of store.problems) process.stderr.write(`stcheck ${command}: ${problem}\n`);
  store.close();
}

/** The run given by --run, or the newest one. */
export function chosenRun(command: string, store: Store, runArg: string | undefined, db: string): RunRecord {
  if (runArg !== undefined && !/^\d+$/.test(runArg)) usageError(command, `--run: expected a run id, not ${runArg}`);
  const run = runArg === undefined ? store.lastRun() : store.run(Number(runArg));
  if (!run) usageError(command, runArg === undefined ? `${db} holds no run` : `no run ${runArg} in ${db}`);
  return run;
}
