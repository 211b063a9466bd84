// The result store: one SQLite file in WAL mode. Every result is written in one transaction with
// its conflicts and warnings, and (run, pair, mode) is unique, so a killed batch loses at most the
// pairs in flight and a resumed one never stores a result twice.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ConflictRecord, Mode, ResultRecord, StoredResult } from '../results/types.js';
import { fromColumns, toColumns, warningFromRow, warningValues, WARNING_COLUMNS, type SqlValue } from './columns.js';
import { MIGRATIONS } from './schema.js';
import type { AppRecord, RunRecord } from './types.js';

export class Store {
  private readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    // Set first: another process (a batch and a reader of its store) may be opening the file too.
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
  }

  close(): void {
    this.db.close();
  }

  /** The schema version (number of migrations applied). */
  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  /**
   * Applies the missing migrations in one write transaction taken at once (BEGIN IMMEDIATE), the
   * version read inside it: two processes opening a new store together cannot both create it.
   */
  private migrate(): void {
    this.db.transaction(() => {
      const from = this.schemaVersion;
      if (from > MIGRATIONS.length) {
        throw new Error(`the database has schema version ${from}, newer than this stcheck (${MIGRATIONS.length}); upgrade stcheck`);
      }
      for (let version = from; version < MIGRATIONS.length; version++) {
        this.db.exec(MIGRATIONS[version]);
        this.db.pragma(`user_version = ${version + 1}`);
      }
    }).immediate();
  }

  beginRun(toolVersion: string, command: string, config: unknown): number {
    const info = this.db
      .prepare('INSERT INTO runs (started_at, tool_version, command, config) VALUES (?, ?, ?, ?)')
      .run(new Date().toISOString(), toolVersion, command, JSON.stringify(config));
    return Number(info.lastInsertRowid);
  }

  endRun(runId: number): void {
    this.db.prepare('UPDATE runs SET ended_at = ? WHERE id = ?').run(new Date().toISOString(), runId);
  }

  run(runId: number): RunRecord | undefined {
    const row = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(runId) as RunRow | undefined;
    return row && toRun(row);
  }

  /** The newest run, optionally only among those started with the same configuration. */
  lastRun(config?: unknown): RunRecord | undefined {
    const row = (config === undefined
      ? this.db.prepare('SELECT * FROM runs ORDER BY id DESC LIMIT 1').get()
      : this.db.prepare('SELECT * FROM runs WHERE config = ? ORDER BY id DESC LIMIT 1').get(JSON.stringify(config))) as RunRow | undefined;
    return row && toRun(row);
  }

  runs(): RunRecord[] {
    return (this.db.prepare('SELECT * FROM runs ORDER BY id').all() as RunRow[]).map(toRun);
  }

  /** Records an app (or finds it: the same path with the same content is one row). */
  saveApp(app: AppRecord): number {
    this.db
      .prepare(`INSERT INTO apps (name, path, content_hash, status, error) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (path, content_hash) DO UPDATE SET status = excluded.status, error = excluded.error`)
      .run(app.name, app.path, app.contentHash, app.status, app.error ?? null);
    const row = this.db.prepare('SELECT id FROM apps WHERE path = ? AND content_hash = ?').get(app.path, app.contentHash) as { id: number };
    return row.id;
  }

  savePair(group: string, app1Id: number, app2Id: number): number {
    this.db.prepare('INSERT OR IGNORE INTO pairs (grp, app1_id, app2_id) VALUES (?, ?, ?)').run(group, app1Id, app2Id);
    const row = this.db.prepare('SELECT id FROM pairs WHERE grp = ? AND app1_id = ? AND app2_id = ?').get(group, app1Id, app2Id) as { id: number };
    return row.id;
  }

  /** The (pair, mode) results a run already holds, as `pairId:mode` keys. */
  doneKeys(runId: number): Set<string> {
    const rows = this.db.prepare('SELECT pair_id, mode FROM results WHERE run_id = ?').all(runId) as Array<{ pair_id: number; mode: Mode }>;
    return new Set(rows.map((r) => `${r.pair_id}:${r.mode}`));
  }

  /** Stores one result with its conflicts and warnings atomically; a second store of the same (run, pair, mode) is ignored. */
  saveResult(runId: number, pairId: number, result: ResultRecord): boolean {
    return this.db.transaction(() => {
      const columns = { run_id: runId, pair_id: pairId, ...toColumns(result), finished_at: new Date().toISOString() };
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
    })();
  }

  /** The two apps of a result's pair as registered: file path and content hash (to re-run the pair). */
  pairApps(resultId: number): [AppRecord, AppRecord] {
    const rows = this.db.prepare(`SELECT a.name, a.path, a.content_hash AS contentHash, a.status, a.error
      FROM results r JOIN pairs p ON p.id = r.pair_id JOIN apps a ON a.id IN (p.app1_id, p.app2_id)
      WHERE r.id = ? ORDER BY a.id = p.app2_id`).all(resultId) as AppRecord[];
    return [rows[0], rows[rows.length - 1]];
  }

  /** A run's results with their pairs, conflicts and warnings. */
  results(runId: number): StoredResult[] {
    const rows = this.db.prepare(`SELECT r.*, p.grp, a1.name AS app1, a2.name AS app2
      FROM results r JOIN pairs p ON p.id = r.pair_id JOIN apps a1 ON a1.id = p.app1_id JOIN apps a2 ON a2.id = p.app2_id
      WHERE r.run_id = ? ORDER BY r.id`).all(runId) as ResultRow[];
    const conflicts = this.db.prepare('SELECT * FROM conflicts WHERE result_id = ? ORDER BY id');
    const warnings = this.db.prepare(`SELECT ${WARNING_COLUMNS.map((c) => c.name).join(', ')} FROM warnings WHERE result_id = ? ORDER BY id`);
    return rows.map((row) => ({
      id: row.id,
      runId: row.run_id,
      group: row.grp,
      app1: row.app1,
      app2: row.app2,
      ...fromColumns(row),
      finishedAt: row.finished_at,
      conflicts: (conflicts.all(row.id) as ConflictRow[]).map(toConflict),
      warnings: (warnings.all(row.id) as Array<Record<string, SqlValue>>).map(warningFromRow),
    }));
  }
}

interface RunRow { id: number; started_at: string; ended_at: string | null; tool_version: string; command: string; config: string }
/** A results row with its pair's names: the map's columns (columns.ts) and these. */
type ResultRow = Record<string, SqlValue> & {
  id: number; run_id: number; finished_at: string; grp: string; app1: string; app2: string;
};
interface ConflictRow {
  device: string; attribute: string; later_app: string; later_value: string; earlier_app: string;
  earlier_value: string; earlier_manual: number; trace: string;
}

function toRun(row: RunRow): RunRecord {
  return { id: row.id, startedAt: row.started_at, endedAt: row.ended_at, toolVersion: row.tool_version, command: row.command, config: JSON.parse(row.config) };
}

function toConflict(row: ConflictRow): ConflictRecord {
  return {
    device: row.device, attribute: row.attribute, laterApp: row.later_app, laterValue: row.later_value,
    earlierApp: row.earlier_app, earlierValue: row.earlier_value, earlierManual: row.earlier_manual === 1,
    trace: JSON.parse(row.trace),
  };
}
