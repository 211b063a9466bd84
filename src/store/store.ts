// The result store: one SQLite file in WAL mode. Every result is written in one transaction with
// its conflicts and warnings, and (run, pair, mode) is unique, so a killed batch loses at most the
// pairs in flight and a resumed one never stores a result twice. Every failure names the file
// (errors.ts); reading goes on past a row that does not decode, which is left out and reported
// in `problems`.
import type Database from 'better-sqlite3';
import { MODES, VERDICTS, type ConflictRecord, type Mode, type ResultRecord, type StoredResult } from '../results/types.js';
import { fromColumns, toColumns, warningFromRow, warningValues, WARNING_COLUMNS, type SqlValue } from './columns.js';
import { storeError, StoreError } from './errors.js';
import { openDatabase } from './open.js';
import { MIGRATIONS } from './schema.js';
import type { AppRecord, RunRecord } from './types.js';

export interface StoreOptions {
  /** Open an existing store without ever writing to it (the reading commands). */
  readOnly?: boolean;
}

/** Checks of one (run, pair, mode) whose worker died before the death is its result for good. */
export const MAX_ATTEMPTS = 2;

export class Store {
  private readonly db: Database.Database;
  private readonly readOnly: boolean;
  /** Rows left out while reading because they do not decode, each named by its table and id (and the file). */
  readonly problems: string[] = [];

  constructor(readonly file: string, options: StoreOptions = {}) {
    this.readOnly = options.readOnly === true;
    this.db = openDatabase(file, this.readOnly);
    try {
      // Set first: another process (a batch and a reader of its store) may be opening the file too.
      this.db.pragma('busy_timeout = 5000');
      if (this.readOnly) this.openForReading();
      else this.prepareForWriting();
    } catch (error) {
      this.db.close();
      throw storeError(file, error);
    }
  }

  /**
   * Closes the store. The last writer to close turns WAL off again (when no reader holds the file):
   * a WAL store can only be read where its `-shm` file can be created, so a store at rest, copied
   * to a read-only folder or medium, would not open.
   */
  close(): void {
    if (!this.readOnly && this.db.open) {
      try {
        this.db.pragma('busy_timeout = 0');
        this.db.pragma('journal_mode = DELETE');
      } catch {
        // Another connection still reads or writes the store: it stays in WAL mode, as it was.
      }
    }
    this.db.close();
  }

  /** The schema version (number of migrations applied). */
  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  private prepareForWriting(): void {
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
  }

  /**
   * A damaged file (truncated, a page overwritten) fails SQLite's first read; a reader then opens
   * it as SQLite's recovery does, trusting the pages over the header (never writing: the
   * connection is read-only), so that what is intact still reads, and says so.
   */
  private openForReading(): void {
    try {
      this.requireCurrentSchema();
    } catch (error) {
      const failure = storeError(this.file, error);
      if (!(failure instanceof StoreError) || failure.kind !== 'damaged') throw failure;
      this.db.unsafeMode(true);
      this.db.pragma('writable_schema = ON');
      this.requireCurrentSchema();
      this.problem(`the file is damaged (${(error as Error).message}): only what is intact is read`);
    }
  }

  /** A reader cannot migrate (that writes): it reads only a store at this stcheck's schema version. */
  private requireCurrentSchema(): void {
    const version = this.schemaVersion;
    if (version > MIGRATIONS.length) throw newerSchema(this.file, version);
    if (version < MIGRATIONS.length) {
      throw new StoreError('older-schema', this.file, `written by an older stcheck (schema version ${version} of ${MIGRATIONS.length}); any batch with this --db upgrades it`);
    }
  }

  /** Runs `read` (or a write) with SQLite's failures as StoreErrors naming the file. */
  private guarded<T>(access: () => T): T {
    try {
      return access();
    } catch (error) {
      throw storeError(this.file, error);
    }
  }

  private problem(text: string): void {
    this.problems.push(`${this.file}: ${text}`);
  }

  /**
   * Applies the missing migrations in one write transaction taken at once (BEGIN IMMEDIATE), the
   * version read inside it: two processes opening a new store together cannot both create it.
   */
  private migrate(): void {
    this.db.transaction(() => {
      const from = this.schemaVersion;
      if (from > MIGRATIONS.length) throw newerSchema(this.file, from);
      for (let version = from; version < MIGRATIONS.length; version++) {
        this.db.exec(MIGRATIONS[version]);
        this.db.pragma(`user_version = ${version + 1}`);
      }
    }).immediate();
  }

  beginRun(toolVersion: string, command: string, config: unknown): number {
    return this.guarded(() => {
      const info = this.db
        .prepare('INSERT INTO runs (started_at, tool_version, command, config) VALUES (?, ?, ?, ?)')
        .run(new Date().toISOString(), toolVersion, command, JSON.stringify(config));
      return Number(info.lastInsertRowid);
    });
  }

  endRun(runId: number): void {
    this.guarded(() => this.db.prepare('UPDATE runs SET ended_at = ? WHERE id = ?').run(new Date().toISOString(), runId));
  }

  run(runId: number): RunRecord | undefined {
    return this.guarded(() => {
      const row = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(runId) as RunRow | undefined;
      return row && this.toRun(row);
    });
  }

  /** The newest run, optionally only among those started with the same configuration. */
  lastRun(config?: unknown): RunRecord | undefined {
    return this.guarded(() => {
      const row = (config === undefined
        ? this.db.prepare('SELECT * FROM runs ORDER BY id DESC LIMIT 1').get()
        : this.db.prepare('SELECT * FROM runs WHERE config = ? ORDER BY id DESC LIMIT 1').get(JSON.stringify(config))) as RunRow | undefined;
      return row && this.toRun(row);
    });
  }

  runs(): RunRecord[] {
    return this.guarded(() => (this.db.prepare('SELECT * FROM runs ORDER BY id').all() as RunRow[]).map((row) => this.toRun(row)));
  }

  /** Records an app (or finds it: the same path with the same content is one row). */
  saveApp(app: AppRecord): number {
    return this.guarded(() => {
      this.db
        .prepare(`INSERT INTO apps (name, path, content_hash, status, error) VALUES (?, ?, ?, ?, ?)
                  ON CONFLICT (path, content_hash) DO UPDATE SET status = excluded.status, error = excluded.error`)
        .run(app.name, app.path, app.contentHash, app.status, app.error ?? null);
      const row = this.db.prepare('SELECT id FROM apps WHERE path = ? AND content_hash = ?').get(app.path, app.contentHash) as { id: number };
      return row.id;
    });
  }

  savePair(group: string, app1Id: number, app2Id: number): number {
    return this.guarded(() => {
      this.db.prepare('INSERT OR IGNORE INTO pairs (grp, app1_id, app2_id) VALUES (?, ?, ?)').run(group, app1Id, app2Id);
      const row = this.db.prepare('SELECT id FROM pairs WHERE grp = ? AND app1_id = ? AND app2_id = ?').get(group, app1Id, app2Id) as { id: number };
      return row.id;
    });
  }

  /**
   * The (pair, mode) results a run already holds, as `pairId:mode` keys: all but those whose worker
   * died on their first attempt, which a resumed run checks once more.
   */
  doneKeys(runId: number): Set<string> {
    return this.guarded(() => {
      const rows = this.db.prepare('SELECT pair_id, mode FROM results WHERE run_id = ? AND NOT (worker_died = 1 AND attempts < ?)')
        .all(runId, MAX_ATTEMPTS) as Array<{ pair_id: number; mode: Mode }>;
      return new Set(rows.map((r) => `${r.pair_id}:${r.mode}`));
    });
  }

  /**
   * Stores one result with its conflicts and warnings atomically. A second store of the same (run,
   * pair, mode) is ignored, unless the stored one's worker died and it has attempts left: then the
   * new result replaces it, counted as one more attempt.
   */
  saveResult(runId: number, pairId: number, result: ResultRecord): boolean {
    return this.guarded(() => this.db.transaction(() => {
        const attempts = this.retriedAttempts(runId, pairId, result.mode);
        const columns = { run_id: runId, pair_id: pairId, ...toColumns(result), attempts, finished_at: new Date().toISOString() };
        const names = Object.keys(columns);
        const info = this.db
          .prepare(`INSERT OR IGNORE INTO results (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`)
          .run(columns);
        if (info.changes === 0) return false;
        const resultId = Number(info.lastInsertRowid);
        const insertConflict = this.db.prepare(`INSERT INTO conflicts
          (result_id, device, attribute, later_app, later_value, earlier_app, earlier_value, earlier_manual, trace)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
        for (const c of result.conflicts) {
          insertConflict.run(resultId, c.device, c.attribute, c.laterApp, c.laterValue, c.earlierApp, c.earlierValue,
            c.earlierManual ? 1 : 0, JSON.stringify(c.trace));
        }
        const warningNames = WARNING_COLUMNS.map((c) => c.name);
        const insertWarning = this.db.prepare(`INSERT INTO warnings (result_id, ${warningNames.join(', ')}) VALUES (?, ${warningNames.map(() => '?').join(', ')})`);
        for (const w of result.warnings) insertWarning.run(resultId, ...warningValues(w));
        return true;
      })());
  }

  /**
   * The attempt a new result of (run, pair, mode) is: 1, or one more than a stored result whose
   * worker died with attempts left, which is deleted (with its conflicts and warnings) to make room.
   */
  private retriedAttempts(runId: number, pairId: number, mode: Mode): number {
    const died = this.db.prepare('SELECT id, attempts FROM results WHERE run_id = ? AND pair_id = ? AND mode = ? AND worker_died = 1 AND attempts < ?')
      .get(runId, pairId, mode, MAX_ATTEMPTS) as { id: number; attempts: number } | undefined;
    if (!died) return 1;
    for (const table of ['conflicts', 'warnings']) this.db.prepare(`DELETE FROM ${table} WHERE result_id = ?`).run(died.id);
    this.db.prepare('DELETE FROM results WHERE id = ?').run(died.id);
    return died.attempts + 1;
  }

  /** The two apps of a result's pair as registered: file path and content hash (to re-run the pair). */
  pairApps(resultId: number): [AppRecord, AppRecord] {
    return this.guarded(() => {
      const rows = this.db.prepare(`SELECT a.name, a.path, a.content_hash AS contentHash, a.status, a.error
        FROM results r JOIN pairs p ON p.id = r.pair_id JOIN apps a ON a.id IN (p.app1_id, p.app2_id)
        WHERE r.id = ? ORDER BY a.id = p.app2_id`).all(resultId) as AppRecord[];
      return [rows[0], rows[rows.length - 1]];
    });
  }

  /**
   * A run's results with their pairs, conflicts and warnings. A result whose mode or verdict is not
   * one stcheck writes (edited by hand), or a conflict whose trace is not JSON, is left out and
   * reported in `problems`; the rest still reads.
   */
  results(runId: number): StoredResult[] {
    const rows = this.guarded(() => this.db.prepare(`SELECT r.*, p.grp, a1.name AS app1, a2.name AS app2
      FROM results r JOIN pairs p ON p.id = r.pair_id JOIN apps a1 ON a1.id = p.app1_id JOIN apps a2 ON a2.id = p.app2_id
      WHERE r.run_id = ? ORDER BY r.id`).all(runId) as ResultRow[]);
    return rows.flatMap((row) => {
      const unknown = unknownValue(row);
      if (unknown !== undefined) {
        this.problem(`result ${row.id} (${row.app1} × ${row.app2}): ${unknown} is not one stcheck writes (changed by hand?); left out`);
        return [];
      }
      return [{
        id: row.id, runId: row.run_id, group: row.grp, app1: row.app1, app2: row.app2,
        ...fromColumns(row),
        finishedAt: row.finished_at,
        conflicts: this.conflictsOf(row.id),
        warnings: this.readOrReport(`the warnings of result ${row.id}`, [], () =>
          (this.db.prepare(`SELECT ${WARNING_COLUMNS.map((c) => c.name).join(', ')} FROM warnings WHERE result_id = ? ORDER BY id`).all(row.id) as Array<Record<string, SqlValue>>).map(warningFromRow)),
      }];
    });
  }

  /** A result's conflicts; one whose trace does not decode is left out and reported. */
  private conflictsOf(resultId: number): ConflictRecord[] {
    const rows = this.readOrReport(`the conflicts of result ${resultId}`, [], () =>
      this.db.prepare('SELECT * FROM conflicts WHERE result_id = ? ORDER BY id').all(resultId) as ConflictRow[]);
    return rows.flatMap((row) => {
      try {
        return [toConflict(row)];
      } catch (error) {
        this.problem(`conflict ${row.id} of result ${resultId}: its trace does not decode (${(error as Error).message}); left out`);
        return [];
      }
    });
  }

  /** Reads with `read`; pages that are damaged give `fallback` and a problem, not a failure of the whole read. */
  private readOrReport<T>(what: string, fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      const failure = storeError(this.file, error);
      if (!(failure instanceof StoreError) || failure.kind !== 'damaged') throw failure;
      this.problem(`${what} cannot be read (${(error as Error).message}); left out`);
      return fallback;
    }
  }

  private toRun(row: RunRow): RunRecord {
    let config: unknown = null;
    try {
      config = JSON.parse(row.config);
    } catch (error) {
      this.problem(`run ${row.id}: its configuration does not decode (${(error as Error).message})`);
    }
    return { id: row.id, startedAt: row.started_at, endedAt: row.ended_at, toolVersion: row.tool_version, command: row.command, config };
  }
}

interface RunRow { id: number; started_at: string; ended_at: string | null; tool_version: string; command: string; config: string }
/** A results row with its pair's names: the map's columns (columns.ts) and these. */
type ResultRow = Record<string, SqlValue> & {
  id: number; run_id: number; finished_at: string; grp: string; app1: string; app2: string;
};
interface ConflictRow {
  id: number; device: string; attribute: string; later_app: string; later_value: string; earlier_app: string;
  earlier_value: string; earlier_manual: number; trace: string;
}

function newerSchema(file: string, version: number): StoreError {
  return new StoreError('newer-schema', file, `the database has schema version ${version}, newer than this stcheck (${MIGRATIONS.length}); upgrade stcheck`);
}

/** A result row's mode or verdict that stcheck never writes, described; undefined when both are known. */
function unknownValue(row: ResultRow): string | undefined {
  if (!(MODES as readonly unknown[]).includes(row.mode)) return `mode ${JSON.stringify(row.mode)}`;
  if (!(VERDICTS as readonly unknown[]).includes(row.verdict)) return `verdict ${JSON.stringify(row.verdict)}`;
  return undefined;
}

function toConflict(row: ConflictRow): ConflictRecord {
  return {
    device: row.device, attribute: row.attribute, laterApp: row.later_app, laterValue: row.later_value,
    earlierApp: row.earlier_app, earlierValue: row.earlier_value, earlierManual: row.earlier_manual === 1,
    trace: JSON.parse(row.trace),
  };
}
