// The build compiles src/ only; the tests, benchmarks and scripts are run by tsx, which strips
// types without checking them. This keeps all of them type-correct against the code they call.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/corpus.js';

describe('the TypeScript of src/, tests/, benchmarks/ and scripts/', () => {
  it('type-checks with the project\'s strict options', () => {
    const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(REPO_ROOT, 'tsconfig.test.json')], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 180_000);
});
