// `stcheck parse`: output lines, JSON shape and exit codes, run through the real entry point.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stcheck } from '../support/cli.js';
import { HAVE_CORPUS, SMARTAPPS_DIR } from '../support/corpus.js';


let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stcheck-parse-'));
  mkdirSync(join(dir, 'nested'));
  writeFileSync(join(dir, 'good.groovy'), 'definition(name: "x")\npreferences {\n  section("s") { input "a", "capability.switch" }\n}\n');
  writeFileSync(join(dir, 'nested', 'bad.groovy'), 'def f() {\n  foo(a b)\n}\n');
  writeFileSync(join(dir, 'notes.txt'), 'not groovy (');
});

describe('stcheck parse', () => {
  it('prints one line per failure and a summary, exit code 4 when a file fails', () => {
    const run = stcheck('parse', dir);
    expect(run.code).toBe(4);
    expect(run.lines).toHaveLength(2);
    expect(run.lines[0]).toBe(`${join(dir, 'nested', 'bad.groovy')}:2:9: expected ")", ",", ":" or an operator, found "b"`);
    expect(run.lines[1]).toMatch(/^parsed 1\/2 files in \d+ ms$/);
  });

  it('exits 0 when every file parses', () => {
    const run = stcheck('parse', join(dir, 'good.groovy'));
    expect(run.code).toBe(0);
    expect(run.lines).toEqual([expect.stringMatching(/^parsed 1\/1 files in \d+ ms$/)]);
  });

  it('prints one JSON object with --json', () => {
    const run = stcheck('parse', '--json', dir);
    expect(run.code).toBe(4);
    const report = JSON.parse(run.stdout);
    expect(report).toEqual({
      files: [
        { path: join(dir, 'good.groovy'), ok: true },
        { path: join(dir, 'nested', 'bad.groovy'), ok: false, error: { line: 2, column: 9, message: 'expected ")", ",", ":" or an operator, found "b"' } },
      ],
      parsed: 1,
      total: 2,
      ms: expect.any(Number),
    });
  });

  it('exits 2 with a message naming a missing path', () => {
    const missing = join(dir, 'missing.groovy');
    const run = stcheck('parse', missing);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(missing);
    expect(run.stdout).toBe('');
  });

  it('exits 2 with usage help when no path is given', () => {
    const run = stcheck('parse');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/missing required argument 'paths'/);
  });

  it.skipIf(!HAVE_CORPUS)(`parses the whole corpus${HAVE_CORPUS ? '' : ` (skipped: no corpus at ${SMARTAPPS_DIR})`}`, () => {
    const run = stcheck('parse', SMARTAPPS_DIR);
    expect(run.code).toBe(0);
    expect(run.lines).toEqual([expect.stringMatching(/^parsed 269\/269 files in \d+ ms$/)]);
  });
});
