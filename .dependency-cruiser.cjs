// The stage order of src/ as dependency rules (README, "The pipeline"): one rule per stage, built
// from the one ordered list in architecture/stages.cjs, forbids importing a later stage; check/
// imports nothing of SmartThings; every import resolves; no cycles. `npx depcruise src` checks
// them, and so does `npm test` (tests/architecture/).
const STAGES = require('./architecture/stages.cjs');

const folders = (names) => `^src/(${names.join('|')})/`;

const stageOrder = STAGES.slice(0, -1).map((stage, i) => ({
  name: `stage-order-${stage}`,
  comment: `${stage} may import only the stages before it (${STAGES.slice(0, i).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: folders([stage]) },
  to: { path: folders(STAGES.slice(i + 1)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...stageOrder,
    {
      name: 'check-is-generic',
      comment: 'the model checker knows nothing of SmartThings: it imports only util',
      severity: 'error',
      from: { path: folders(['check']) },
      to: { path: '^src/', pathNot: folders(['check', 'util']) },
    },
    {
      name: 'file-outside-stages',
      comment: 'every source file belongs to a stage folder of architecture/stages.cjs',
      severity: 'error',
      from: { path: '^src/', pathNot: folders(STAGES) },
      to: {},
    },
    {
      name: 'no-unresolvable',
      comment: 'an import the cruiser cannot resolve would escape every rule above',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/parser/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
