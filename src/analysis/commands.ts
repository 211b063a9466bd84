// The one capability → command → attribute lookup every static analysis of an app uses: the
// prefilter's sound write bound (write-bound.ts) and the classification of apps for pair groups
// (classify.ts) ask it which commands a capability has and which attributes each can write, so the
// two cannot drift apart.
import { capabilityOf, type CommandWrite } from '../devices/capabilities.js';
import type { AppIR } from '../ir/ir.js';

/**
 * The commands of a capability with the attributes each writes, in the table's order; empty for a
 * capability the table does not model (its commands are unknown). The no-op commands every device
 * accepts (`poll`, `refresh`) write nothing and are left out.
 */
export function commandWrites(capability: string): ReadonlyMap<string, readonly string[]> {
  return new Map([...commandWriteSpecs(capability)].map(([command, writes]) => [command, writes.map((w) => w.attribute)]));
}

/** The commands of a capability with their writes (attribute and what is stored), as `commandWrites`. */
export function commandWriteSpecs(capability: string): ReadonlyMap<string, readonly CommandWrite[]> {
  const spec = capabilityOf(capability);
  return new Map(Object.entries(spec?.commands ?? {}).map(([command, { writes }]) => [command, writes]));
}

/** The app's device inputs: input name → capability. */
export function deviceInputs(app: AppIR): Map<string, string> {
  return new Map(app.inputs.flatMap((i) => (i.capability !== undefined ? [[i.name, i.capability] as const] : [])));
}
