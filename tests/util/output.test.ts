// writeJson prints exactly what JSON.stringify(value, null, 2) prints, and writeLines what joining
// the lines prints, in chunks.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPairFiles } from '../../src/pipeline/check-pair.js';
import { writeJson, writeLines } from '../../src/util/output.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';

function written(value: unknown): { text: string; chunks: string[] } {
  const chunks: string[] = [];
  writeJson({ write: (text: string) => chunks.push(text) }, value);
  return { text: chunks.join(''), chunks };
}

describe('writeJson', () => {
  it('prints what JSON.stringify(value, null, 2) prints', () => {
    const values: unknown[] = [
      null, 0, -1.5, 'a "quoted"\nline', true, [], {}, [[]], [{}], { a: [] }, { a: {} },
      [1, undefined, () => 0, null, 'x'], { a: undefined, b: () => 0, c: 1, 'ключ': 'значение' },
      { date: new Date(0), nested: { list: [{ x: 1, y: [2, 3] }, [4, [5]]], empty: [] } },
      { withToJson: { toJSON: () => ({ inner: [1, { deep: true }] }) } },
    ];
    for (const value of values) expect(written(value).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('writes a large value in chunks of about 64 KB, never in one string', () => {
    const value = { conflicts: Array.from({ length: 5000 }, (_, i) => ({ i, trace: ['event', 'handler', 'command'] })) };
    const { text, chunks } = written(value);
    expect(text).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(2 * 65536);
  });

  it.skipIf(!HAVE_CORPUS)('prints a pair\'s result with its traces exactly as JSON.stringify does', () => {
    const result = checkPairFiles(join(SMARTAPPS_DIR, 'enhanced-auto-lock-door.groovy'), join(SMARTAPPS_DIR, 'nfc-tag-toggle.groovy'), { mode: 'dpor' });
    expect(result.conflicts.length).toBeGreaterThan(0);
    expect(written(result).text).toBe(`${JSON.stringify(result, null, 2)}\n`);
  });
});

describe('writeLines', () => {
  it('prints each line with its newline, in chunks of about 64 KB', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    const chunks: string[] = [];
    writeLines({ write: (text: string) => chunks.push(text) }, lines);
    expect(chunks.join('')).toBe(`${lines.join('\n')}\n`);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(2 * 65536);
  });
});
