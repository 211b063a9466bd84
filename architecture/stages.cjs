// The stage order of src/, lowest first, stated once: a folder may import only folders earlier in
// this list. .dependency-cruiser.cjs builds its rules from it, and tests/architecture checks the
// README's pipeline table against it.
module.exports = [
  'util',
  'parser',
  'ir',
  'devices',
  'analysis',
  'lower',
  'interp',
  // The generic model checker comes before the model: the pair is one of the event systems it
  // explores (model/pair-system.ts implements check's interface). check itself imports only util.
  'check',
  'model',
  'conflicts',
  'results',
  'pipeline',
  'pairs',
  'pool',
  'store',
  'batch',
  // The distributed batch: a runner for batch and the worker command, on a BullMQ queue.
  'queue',
  'report',
  'show',
  'html',
  'explore',
  'cli',
];
