// Classifies the apps of a corpus for the automatic pair groups: lowers each file and classifies
// it by the capabilities it actuates and reads (src/analysis/classify.ts).
import { classifyApp, type AppClassification } from '../analysis/classify.js';
import type { LowerError } from '../lower/lower.js';
import { lowerFile } from '../pipeline/load.js';

/** Lowers and classifies each file; apps that fail to parse or lower are returned with their error. */
export function classifyFiles(files: readonly string[]): { apps: AppClassification[]; failures: LowerError[] } {
  const apps: AppClassification[] = [];
  const failures: LowerError[] = [];
  for (const file of files) {
    const lowered = lowerFile(file);
    if (lowered.ok) apps.push(classifyApp(lowered.app));
    else failures.push(lowered.error);
  }
  return { apps, failures };
}
