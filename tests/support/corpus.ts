// Where the shared study corpus lives relative to this repository, and whether it is there.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CORPUS_DIR = join(REPO_ROOT, '..', 'shared', 'corpus', 'iotcheck');
export const SMARTAPPS_DIR = join(CORPUS_DIR, 'smartapps');
export const LISTS_DIR = join(CORPUS_DIR, 'appLists');
export const PAPER_DIR = join(REPO_ROOT, '..', 'shared', 'paper');
export const HAVE_CORPUS = existsSync(SMARTAPPS_DIR);

if (!HAVE_CORPUS) {
  process.stderr.write(`note: ${CORPUS_DIR} is missing: corpus tests are skipped\n`);
}
