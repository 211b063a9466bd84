// Opening the store's file: a writer creates the folders it needs (failing at once on a path that
// cannot hold them), a reader opens an existing file read-only (it never writes, so a store in a
// read-only folder or on a read-only medium can be read).
import Database from 'better-sqlite3';
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { storeError, StoreError } from './errors.js';

/** Opens `file` for writing (creating its folders) or read-only; a failure is a StoreError naming the file. */
export function openDatabase(file: string, readOnly: boolean): Database.Database {
  if (!readOnly && file !== ':memory:') makeFolders(file);
  try {
    return new Database(file, readOnly ? { readonly: true, fileMustExist: true } : {});
  } catch (error) {
    throw storeError(file, error);
  }
}

/**
 * Creates the folders above `file` one at a time from the nearest existing one, so that a path
 * under a non-directory or a pseudo file system (`/proc/self/x/`) fails at once with its reason.
 */
function makeFolders(file: string): void {
  const missing: string[] = [];
  let folder = dirname(file);
  while (!exists(folder)) {
    missing.unshift(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  if (exists(folder) && !statSync(folder).isDirectory()) throw new StoreError('bad-path', file, `${folder} is not a directory`);
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      throw new StoreError('bad-path', file, `cannot create the folder ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
