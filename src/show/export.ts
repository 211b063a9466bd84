// Flat tables of a run for spreadsheets and notebooks: one row per result, or one per conflict
// (with its trace as the indented text `stcheck show` prints), as CSV or JSON.
import { renderConflict } from '../report/trace-text.js';
import type { ConflictReport, StoredResult } from '../results/types.js';
import { RESULT_COLUMNS, exportCells } from '../store/columns.js';
import { conflictReports } from './pair-results.js';

export type ExportTable = 'results' | 'conflicts';
export type ExportFormat = 'csv' | 'json';

type Cell = string | number | boolean | null;
type Row = Record<string, Cell>;

export function exportRows(results: readonly StoredResult[], table: ExportTable): Row[] {
  return table === 'results' ? results.map(resultRow) : results.flatMap((r) => conflictReports(r).map((c) => conflictRow(r, c)));
}

/** The run and the pair a row belongs to. */
const PAIR_COLUMNS = ['run_id', 'group', 'app1', 'app2'] as const;

function pairColumns(r: StoredResult): Row {
  return { run_id: r.runId, group: r.group, app1: r.app1, app2: r.app2 };
}

/** The pair, the results table's exported columns (store/columns.ts) and the counts of conflicts and warnings. */
function resultRow(r: StoredResult): Row {
  const cells: Row = { ...pairColumns(r), ...exportCells(r), conflicts: r.conflicts.length, warnings: r.warnings.length };
  return Object.fromEntries(EXPORT_COLUMNS.results.map((c) => [c, cells[c]]));
}

function conflictRow(r: StoredResult, c: ConflictReport): Row {
  return {
    ...pairColumns(r),
    mode: r.mode,
    device: c.device,
    attribute: c.attribute,
    later_app: c.later.appName,
    later_value: c.later.value,
    later_line: c.later.line ?? null,
    earlier_app: c.earlier.appName,
    earlier_value: c.earlier.value,
    earlier_line: c.earlier.line ?? null,
    earlier_manual: c.earlier.manual,
    trace_events: c.trace.events.length,
    trace: renderConflict(c).join('\n'),
  };
}

/** RFC 4180 CSV: a header line, CRLF line ends, and every cell holding a comma, quote or line break quoted. */
export function toCsv(rows: readonly Row[], columns: readonly string[]): string {
  const line = (cells: readonly Cell[]) => cells.map(csvCell).join(',');
  return [line(columns), ...rows.map((row) => line(columns.map((c) => row[c])))].map((l) => `${l}\r\n`).join('');
}

function csvCell(value: Cell): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The columns of a table, known even when it has no row (a CSV still gets its header). */
export const EXPORT_COLUMNS: Record<ExportTable, readonly string[]> = {
  results: [...PAIR_COLUMNS, ...RESULT_COLUMNS.filter((c) => c.exported).map((c) => c.name), 'conflicts', 'warnings'],
  conflicts: [...PAIR_COLUMNS, 'mode', 'device', 'attribute', 'later_app', 'later_value', 'later_line', 'earlier_app', 'earlier_value', 'earlier_line', 'earlier_manual', 'trace_events', 'trace'],
};

export function formatExport(results: readonly StoredResult[], table: ExportTable, format: ExportFormat): string {
  const rows = exportRows(results, table);
  return format === 'csv' ? toCsv(rows, EXPORT_COLUMNS[table]) : `${JSON.stringify(rows, null, 2)}\n`;
}
