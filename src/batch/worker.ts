// The batch's worker process: checks one ordered pair per task.
import { checkPairFiles } from '../pipeline/check-pair.js';
import { serveTasks } from '../pool/serve.js';
import type { PairTask } from './task.js';

serveTasks((task: PairTask) =>
  checkPairFiles(task.file1, task.file2, { mode: task.mode, attributes: task.attributes, budgetMs: task.budgetMs, maxStates: task.maxStates, maxHeapMb: task.maxHeapMb, prefilter: task.prefilter, firstConflict: task.firstConflict, env: task.env }),
);
