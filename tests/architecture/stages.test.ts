// The stage order of src/ (architecture/stages.cjs), enforced: dependency-cruiser's rules pass on
// src/ with no exception, they do catch a back-import and a cycle, and the README's pipeline table
// names the stage folders in that same order.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/corpus.js';

const STAGES = createRequire(import.meta.url)(join(REPO_ROOT, 'architecture/stages.cjs')) as string[];
const FIXTURES = join(REPO_ROOT, 'tests/architecture/fixtures');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** The rule violations dependency-cruiser finds in `src/` of `cwd`, with the project's rules. */
function violations(cwd: string): Violation[] {
  const cli = join(REPO_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const run = spawnSync(process.execPath, [cli, 'src', '--config', join(REPO_ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const describeViolation = (v: Violation) => `${v.rule.name}: ${v.from} -> ${v.to}`;

describe('the stage order of src/', () => {
  it('holds with no exception: no folder imports a later stage, check/ imports only util, no cycles', () => {
    expect(violations(REPO_ROOT).map(describeViolation)).toEqual([]);
  });

  it('is violated by an import of a later stage', () => {
    expect(violations(join(FIXTURES, 'back-import')).map(describeViolation).sort()).toEqual([
      'check-is-generic: src/check/search.js -> src/model/home.js',
      'stage-order-check: src/check/search.js -> src/model/home.js',
    ]);
  });

  it('is violated by a cycle', () => {
    expect(violations(join(FIXTURES, 'cycle')).map((v) => v.rule.name)).toContain('no-circular');
  });

  it('places every folder of src/ in the list', () => {
    const folders = readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !STAGES.includes(f))).toEqual([]);
  });
});

/** The `src/<folder>` links of the README's pipeline table, row by row, in order. */
function readmeTableFolders(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The pipeline'), readme.indexOf('\n## ', readme.indexOf('## The pipeline') + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| stage') && !line.startsWith('|---'));
  return rows.flatMap((row) => [...row.split('|')[2].matchAll(/\[`src\/([a-z-]+)`\]/g)].map((m) => m[1]));
}

describe("the README's pipeline table", () => {
  it('names every stage folder, in the order of the rules', () => {
    expect(readmeTableFolders()).toEqual(STAGES);
  });
});
