// What a stored run's configuration (runConfig in batch.ts) says about how its pairs were checked,
// read back for the reports that re-run or classify them: the environment and each group's tracked
// attributes, found the way the batch found them (its explicit pairs, or the corpus and lists).
import { DEFAULT_ENVIRONMENT, type EnvironmentName } from '../model/environment.js';
import { DEFAULT_TRACKED } from '../pipeline/explore-pair.js';
import { pairGroups, UsageError } from '../pairs/source.js';

interface StoredConfig {
  corpus?: string;
  lists?: string | null;
  env?: EnvironmentName;
  firstConflict?: boolean;
  pairs?: Array<{ name: string; attributes: string[] }>;
}

/** The environment a run checked its pairs in (runs stored before the option are the reference's). */
export function environmentOfRun(config: unknown): EnvironmentName {
  return (config as StoredConfig | null)?.env === DEFAULT_ENVIRONMENT ? DEFAULT_ENVIRONMENT : 'reference';
}

export function firstConflictOfRun(config: unknown): boolean {
  return (config as StoredConfig | null)?.firstConflict === true;
}

/**
 * The attributes each group of a run tracked; undefined for a group the run's corpus no longer
 * defines (the corpus moved or changed since). The corpus is read on the first question only: an
 * automatic grouping loads every app of it.
 */
export function trackedAttributesOfRun(config: unknown): (group: string) => readonly string[] | undefined {
  const c = (config ?? {}) as StoredConfig;
  let byGroup: Map<string, readonly string[]> | undefined;
  return (group) => {
    byGroup ??= new Map((c.pairs ?? groupsOfCorpus(c)).map((g) => [g.name, g.attributes.length > 0 ? g.attributes : DEFAULT_TRACKED]));
    return byGroup.get(group);
  };
}

function groupsOfCorpus(c: StoredConfig): Array<{ name: string; attributes: readonly string[] }> {
  if (c.corpus === undefined) return [];
  try {
    return pairGroups(c.corpus, c.lists ?? undefined).groups;
  } catch (error) {
    if (error instanceof UsageError) return [];
    throw error;
  }
}
