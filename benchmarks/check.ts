// The model checker on the paper's pairs, on one core: runs `npm run reproduce` with one worker
// thread (its own store, results/check.db, resumable) and gathers its three tables (Tables A.1 and
// A.2 beside the paper's numbers, and the headline figures beside the paper's claims and the
// figures its own tables give) into results/check.md.
//
// Usage: npm run bench:check -- [--budget-s N] [--limit N]   (reproduce's options; --jobs is 1)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const out = mkdtempSync(join(tmpdir(), 'stcheck-bench-check-'));
const args = [...process.argv.slice(2), '--jobs', '1', '--db', 'results/check.db', '--out', out];
const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/reproduce.ts'), ...args], { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const sections = ['summary.md', 'table-a2.md', 'table-a1.md'].map((file) => readFileSync(join(out, file), 'utf8').replace(/^# /, '## '));
const intro = [
  '# Model checker benchmark: the paper\'s pairs on one core',
  '',
  `Command: \`npm run bench:check -- ${process.argv.slice(2).join(' ')}\` (one worker thread; each section says when and how it ran).`,
  'Target (issue 5): every pair that the paper finished, in either mode, finishes here in under 60 seconds on one core.',
  '',
];
writeFileSync(join(ROOT, 'results', 'check.md'), [...intro, ...sections].join('\n'));
process.stdout.write('wrote results/check.md\n');
