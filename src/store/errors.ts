// The store's failures, as values with a kind (never told apart by message): each message names
// the database file, so that a damaged or unreachable store is never an anonymous SQLite error.
import Database from 'better-sqlite3';

export type StoreErrorKind =
  /** The path cannot hold a store: a parent that is not a directory, or cannot be created. */
  | 'bad-path'
  /** SQLite cannot open or read the file: not a database, damaged pages, truncated. */
  | 'damaged'
  /** Written by a newer stcheck (schema version above this one's). */
  | 'newer-schema'
  /** Opened read-only but written by an older stcheck: it needs a migration, which writes. */
  | 'older-schema'
  /** Any other SQLite failure (a locked or read-only file when writing, a full disk). */
  | 'sqlite';

export class StoreError extends Error {
  constructor(readonly kind: StoreErrorKind, readonly file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'StoreError';
  }
}

/** SQLite's result codes of a file that is not a database or whose pages do not decode. */
const DAMAGED_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_IOERR_SHORT_READ']);

type SqliteError = Error & { code: string };

export function isSqliteError(error: unknown): error is SqliteError {
  return error instanceof Database.SqliteError;
}

/** A SQLite failure on `file` as a StoreError (other errors pass through unchanged). */
export function storeError(file: string, error: unknown): unknown {
  if (!isSqliteError(error)) return error;
  return DAMAGED_CODES.has(error.code)
    ? new StoreError('damaged', file, `the result store is damaged (${error.message}); what still reads can be read, a new batch needs another --db`)
    : new StoreError('sqlite', file, error.message);
}
