// Development only: runs a TypeScript worker module (tests run the sources, not dist/).
// Node 20 does not apply `--import tsx` to a worker's entry point, so register tsx here first.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.stcheckTypeScriptEntry);
