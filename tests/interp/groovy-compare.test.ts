// scripts/groovy-compare.ts, the interpreter's half (the Groovy half needs a Groovy jar, which is
// not a dependency): each line a method body, its value as a GString prints it, an exception by
// its class, a body that does not compile as PARSE; comment and empty lines skipped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/corpus.js';

const dir = mkdtempSync(join(tmpdir(), 'groovy-compare-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compare(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'groovy-compare.ts'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
}

describe('scripts/groovy-compare.ts without a Groovy', () => {
  it("prints the interpreter's text of each snippet", () => {
    const file = join(dir, 'snippets.txt');
    writeFileSync(file, ['// a comment', '10 / 0.5', '', '5.5 % 2', 'def x = (', '{ -> [1, 2].sum() }()'].join('\n'));
    const run = compare(file);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      ['10 / 0.5', '  stcheck: 2E+1', '5.5 % 2', '  stcheck: EXC UnsupportedOperationException', 'def x = (', '  stcheck: PARSE', '{ -> [1, 2].sum() }()', '  stcheck: 3', ''].join('\n'),
    );
  });

  it('says how to call it when no file is given (exit 2)', () => {
    const run = compare();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: node --import tsx scripts/groovy-compare.ts');
  });
});
