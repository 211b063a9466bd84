// A report table as data, and its three renderings: Markdown for people, CSV and JSON for tools.
export type Cell = string | number | boolean | null;

export interface Column {
  /** The CSV header and JSON field (the paper's CSV names where the paper has the column). */
  key: string;
  /** The Markdown header. */
  label: string;
}

export interface Table {
  title: string;
  columns: Column[];
  rows: Cell[][];
  /** What the reader needs to read the table right (Markdown only). */
  notes: string[];
}

export const FORMATS = ['md', 'csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

export function renderTable(table: Table, format: Format): string {
  switch (format) {
    case 'md': return renderMarkdown(table);
    case 'csv': return renderCsv(table);
    case 'json': return `${JSON.stringify(tableJson(table), null, 2)}\n`;
  }
}

function renderMarkdown(table: Table): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const numeric = table.columns.map((_, i) => table.rows.some((row) => typeof row[i] === 'number'));
  return [
    `## ${table.title}`,
    '',
    line(table.columns.map((c) => c.label)),
    line(numeric.map((right) => (right ? '---:' : '---'))),
    ...table.rows.map((row) => line(row.map(markdownCell))),
    ...(table.notes.length > 0 ? ['', ...table.notes] : []),
    '',
  ].join('\n');
}

function markdownCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  return String(cell).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function renderCsv(table: Table): string {
  const line = (cells: string[]) => cells.map(csvField).join(',');
  return [line(table.columns.map((c) => c.key)), ...table.rows.map((row) => line(row.map((cell) => (cell === null ? '' : String(cell)))))].join('\n') + '\n';
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function tableJson(table: Table) {
  return {
    title: table.title,
    rows: table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c.key, row[i]]))),
    notes: table.notes,
  };
}
