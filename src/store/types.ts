// What the store keeps besides results (src/results/types.ts): runs and apps, as plain records.

export interface RunRecord {
  id: number;
  startedAt: string;
  endedAt: string | null;
  toolVersion: string;
  command: string;
  config: unknown;
}

export interface AppRecord {
  name: string;
  path: string;
  contentHash: string;
  status: 'ok' | 'parse-error' | 'lower-error';
  error?: string;
}
