// The seed paper's per-pair tables (A.1: finished only with DPOR; A.2: finished both ways), read
// from their CSV form. "Unf" (unfinished within the budget) becomes null.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ModeStats {
  states: number | null;
  transitions: number | null;
  seconds: number | null;
}

export interface PaperRow {
  table: 'A.1' | 'A.2';
  no: number;
  app1: string;
  app2: string;
  events: number;
  nodpor: ModeStats;
  dpor: ModeStats;
}

/** Both tables of the paper from a directory holding table-a1.csv and table-a2.csv. */
export function readPaperTables(dir: string): PaperRow[] {
  return [...readTable(join(dir, 'table-a1.csv'), 'A.1'), ...readTable(join(dir, 'table-a2.csv'), 'A.2')];
}

function readTable(file: string, table: PaperRow['table']): PaperRow[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  return lines.map((line) => {
    const cells = Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell.trim()]));
    return {
      table,
      no: Number(cells.no),
      app1: cells.app1,
      app2: cells.app2,
      events: Number(cells.events),
      nodpor: { states: num(cells.states_nodpor), transitions: num(cells.transitions_nodpor), seconds: num(cells.time_s_nodpor) },
      dpor: { states: num(cells.states_dpor), transitions: num(cells.transitions_dpor), seconds: num(cells.time_s_dpor) },
    };
  });
}

function num(cell: string): number | null {
  return cell === 'Unf' || cell === '' ? null : Number(cell);
}
