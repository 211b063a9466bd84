// Output for results too large for one string. V8 limits a string to about 512 MB, and a pair
// whose search stopped at its budget can carry dozens of conflicts with traces of thousands of
// events (thermostat-auto-off × FireCO2Alarm: `JSON.stringify` threw "Invalid string length").

/** Where the text goes, a chunk at a time (`process.stdout`, a file stream). */
export interface TextSink {
  write(text: string): unknown;
}

const CHUNK = 1 << 16;

/** Writes each line followed by a newline, in chunks of about 64 KB. */
export function writeLines(sink: TextSink, lines: Iterable<string>): void {
  const chunked = chunker(sink);
  for (const line of lines) chunked.emit(`${line}\n`);
  chunked.flush();
}

/**
 * Writes `value` followed by a newline: exactly the text of `JSON.stringify(value, null, 2)`, in
 * chunks of about 64 KB, never the whole of it in one string.
 */
export function writeJson(sink: TextSink, value: unknown): void {
  const chunked = chunker(sink);
  writeValue(value, '', chunked.emit);
  chunked.emit('\n');
  chunked.flush();
}

/** Collects small pieces of text and hands them to the sink about 64 KB at a time. */
function chunker(sink: TextSink): { emit: (text: string) => void; flush: () => void } {
  let buffered: string[] = [];
  let size = 0;
  const flush = () => {
    if (buffered.length > 0) sink.write(buffered.join(''));
    buffered = [];
    size = 0;
  };
  const emit = (text: string) => {
    buffered.push(text);
    size += text.length;
    if (size >= CHUNK) flush();
  };
  return { emit, flush };
}

/** One value at an indentation, as `JSON.stringify(value, null, 2)` prints it there. */
function writeValue(value: unknown, indent: string, emit: (text: string) => void): void {
  if (Array.isArray(value)) {
    if (value.length === 0) return emit('[]');
    const inner = `${indent}  `;
    emit('[');
    value.forEach((item, i) => {
      emit(`${i === 0 ? '' : ','}\n${inner}`);
      // Where JSON.stringify prints null for an array element it cannot represent.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') emit('null');
      else writeValue(item, inner, emit);
    });
    return emit(`\n${indent}]`);
  }
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
    if (entries.length === 0) return emit('{}');
    const inner = `${indent}  `;
    emit('{');
    entries.forEach(([key, v], i) => {
      emit(`${i === 0 ? '' : ','}\n${inner}${JSON.stringify(key)}: `);
      writeValue(v, inner, emit);
    });
    return emit(`\n${indent}}`);
  }
  // Scalars, and objects with their own toJSON (a Date): small, printed whole and indented alike.
  emit((JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${indent}`));
}
