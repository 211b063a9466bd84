// Watching a store that another process is writing, as a user's reader would: read-only, so the
// watcher never takes a write lock, switches the journal mode or migrates under the writer's feet.
import Database from 'better-sqlite3';

/**
 * The results stored so far in `db`: 0 before the writer has created the file or its tables, and
 * while the file cannot be read at this instant (a writer mid-way through creating it). A poller
 * calls it again, so a missed instant only delays it.
 */
export function storedResults(db: string): number {
  try {
    const reader = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (reader.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n;
    } finally {
      reader.close();
    }
  } catch {
    return 0;
  }
}
