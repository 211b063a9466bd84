// The model checker on the paper's pairs: runs `npm run reproduce` (by default with one worker
// thread and its own resumable store, results/check.db) and gathers its three tables (Tables A.1
// and A.2 beside the paper's numbers, and the headline figures beside the paper's claims and the
// figures its own tables give) into results/check.md. Each pair runs on one thread whatever --jobs.
//
// Usage: npm run bench:check -- [--budget-s N] [--limit N] [--jobs N] [--db FILE]
//   (reproduce's options; given the store of a finished reproduction, it only gathers its tables)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const out = mkdtempSync(join(tmpdir(), 'stcheck-bench-check-'));
const given = process.argv.slice(2);
const defaults = [...(given.includes('--jobs') ? [] : ['--jobs', '1']), ...(given.includes('--db') ? [] : ['--db', 'results/check.db'])];
const args = [...given, ...defaults, '--out', out];
const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/reproduce.ts'), ...args], { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const sections = ['summary.md', 'table-a2.md', 'table-a1.md'].map((file) => readFileSync(join(out, file), 'utf8').replace(/^# /, '## '));
const intro = [
  '# Model checker benchmark: the paper\'s pairs, each pair on one thread',
  '',
  `Command: \`npm run bench:check -- ${given.join(' ')}\` (each section says when and how its run was made).`,
  'Target (issue 5): every pair that the paper finished, in either mode, finishes here in under 60 seconds on one core.',
  '',
];
writeFileSync(join(ROOT, 'results', 'check.md'), [...intro, ...sections].join('\n'));
process.stdout.write('wrote results/check.md\n');
