// The results table's columns and the result fields they hold: one list that the store's insert
// and select, and `stcheck export`'s results table, all read, so a field of the result vocabulary
// (src/results/types.ts) is added in one place. The schema itself stays in schema.ts (migrations).
import type { ConflictRecord, ConflictReport, PairResult, PairWarning, ResultRecord } from '../results/types.js';

/** A value as SQLite stores and returns it. */
export type SqlValue = string | number | null;

/** The result fields kept in a column of their own (conflicts and warnings have tables of their own). */
export type ScalarField = Exclude<keyof ResultRecord, 'conflicts' | 'warnings'>;

export interface ResultColumn<F extends ScalarField = ScalarField> {
  /** The column in the results table, and in the export. */
  name: string;
  field: F;
  toSql(value: ResultRecord[F]): SqlValue;
  fromSql(value: SqlValue): ResultRecord[F];
  /** The export's cell: the stored value as the user reads it. */
  toCell(value: ResultRecord[F]): string | number | boolean | null;
  /** False for a column `stcheck export` leaves out. */
  exported: boolean;
}

type Column<F extends ScalarField> = ResultColumn<F>;

/** A text or number column that is always set. */
function required<F extends 'mode' | 'verdict'>(name: string, field: F): Column<F> {
  return { name, field, toSql: (v) => v, fromSql: (v) => v as ResultRecord[F], toCell: (v) => v, exported: true };
}

/** A column that may be empty: null in SQL and in the export, absent from the record. */
function optional<F extends 'events' | 'states' | 'transitions' | 'executions' | 'ms' | 'peakMemoryMb' | 'error' | 'reason'>(name: string, field: F, exported = true): Column<F> {
  return { name, field, toSql: (v) => v ?? null, fromSql: (v) => (v ?? undefined) as ResultRecord[F], toCell: (v) => v ?? null, exported };
}

const complete: Column<'complete'> = { name: 'complete', field: 'complete', toSql: (v) => (v ? 1 : 0), fromSql: (v) => v === 1, toCell: (v) => v, exported: true };

/** Older results (before migration 2) and records without it were decided by a search. */
const decidedBy: Column<'decidedBy'> = {
  name: 'decided_by', field: 'decidedBy', toSql: (v) => v ?? 'search', fromSql: (v) => v as ResultRecord['decidedBy'], toCell: (v) => v ?? 'search', exported: true,
};

/** Absent (false) for a result whose check ended in its worker, as all did before migration 3. */
const workerDied: Column<'workerDied'> = {
  name: 'worker_died', field: 'workerDied', toSql: (v) => (v ? 1 : 0), fromSql: (v) => (v === 1 ? true : undefined), toCell: (v) => v === true, exported: false,
};

/** In the order a stored result lists its fields, and the export its columns. */
export const RESULT_COLUMNS: readonly ResultColumn[] = [
  required('mode', 'mode'),
  required('verdict', 'verdict'),
  complete,
  decidedBy,
  optional('events', 'events'),
  optional('states', 'states'),
  optional('transitions', 'transitions'),
  optional('executions', 'executions'),
  optional('ms', 'ms'),
  optional('peak_memory_mb', 'peakMemoryMb'),
  optional('error', 'error'),
  optional('reason', 'reason', false),
  workerDied,
];

/** The scalar fields of a record as the results table's columns, keyed by column name. */
export function toColumns(record: ResultRecord): Record<string, SqlValue> {
  return Object.fromEntries(RESULT_COLUMNS.map((c) => [c.name, c.toSql(record[c.field] as never)]));
}

/** The scalar fields of a results-table row (absent ones left out). */
export function fromColumns(row: Record<string, SqlValue>): Pick<ResultRecord, ScalarField> {
  return Object.fromEntries(RESULT_COLUMNS.map((c) => [c.field, c.fromSql(row[c.name])])) as Pick<ResultRecord, ScalarField>;
}

/** The export's cells of a record's scalar fields, keyed by column name. */
export function exportCells(record: ResultRecord): Record<string, string | number | boolean | null> {
  return Object.fromEntries(RESULT_COLUMNS.filter((c) => c.exported).map((c) => [c.name, c.toCell(record[c.field] as never)]));
}

/** The stored form of a checked pair: its scalar fields as they are, each conflict as a flat record around its report. */
export function resultRecord(result: PairResult): ResultRecord {
  return { ...result, conflicts: result.conflicts.map(conflictRecord) };
}

function conflictRecord(c: ConflictReport): ConflictRecord {
  return {
    device: c.device,
    attribute: c.attribute,
    laterApp: c.later.appName,
    laterValue: c.later.value,
    earlierApp: c.earlier.appName,
    earlierValue: c.earlier.value,
    earlierManual: c.earlier.manual,
    trace: c,
  };
}

/** The warnings table's columns (besides result_id) and the warning fields they hold, in order. */
export const WARNING_COLUMNS: ReadonlyArray<{ name: string; field: keyof PairWarning }> = [
  { name: 'kind', field: 'kind' },
  { name: 'message', field: 'message' },
  { name: 'app', field: 'app' },
  { name: 'handler', field: 'handler' },
  { name: 'line', field: 'line' },
];

/** A warning's values in WARNING_COLUMNS' order (absent fields as null). */
export function warningValues(w: PairWarning): SqlValue[] {
  return WARNING_COLUMNS.map((c) => w[c.field] ?? null);
}

/** A warnings-table row as the warning it holds (null columns left out). */
export function warningFromRow(row: Record<string, SqlValue>): PairWarning {
  const entries = WARNING_COLUMNS.filter((c) => row[c.name] !== null && row[c.name] !== undefined).map((c) => [c.field, row[c.name]]);
  return Object.fromEntries(entries) as unknown as PairWarning;
}
