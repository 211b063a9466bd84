// A small RFC 4180 CSV reader for the pair and label files (`group,app1,app2,...`): quoted fields
// may hold commas, doubled quotes and newlines (the labels' notes do). Every record keeps the line
// it starts on, so a bad row can be named.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

/** The records of a CSV text, blank lines dropped; an unterminated quote is reported by its line. */
export function parseCsv(text: string): { records: CsvRecord[]; error?: { line: number; message: string } } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else { if (c === '\n') line++; field += c; }
      continue;
    }
    if (c === '"') { quoted = true; quoteLine = line; }
    else if (c === ',') { fields.push(field); field = ''; }
    else if (c === '\n') { endRecord(); line++; recordLine = line; }
    else if (c !== '\r') field += c;
  }
  if (quoted) return { records, error: { line: quoteLine, message: 'a quoted field is never closed' } };
  if (field !== '' || fields.length > 0) endRecord();
  return { records };
}
