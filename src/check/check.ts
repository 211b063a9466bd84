// The model checker's front: `check(system, options)` explores an event system with the chosen
// strategy and returns the verdict, the statistics, the violations and the explored graph.
import { PaperDpor } from './dpor.js';
import { exploreNoDpor } from './nodpor.js';
import { Search } from './search.js';
import type { CheckOptions, CheckResult, EventSystem } from './types.js';

export { enablementLocation } from './locations.js';
export type * from './types.js';

export function check<S, I = unknown>(system: EventSystem<S, I>, options: CheckOptions<S, I> = {}): CheckResult<S, I> {
  const search = new Search(system, options);
  if (options.strategy === 'nodpor') exploreNoDpor(search, options.order ?? 'depth-first');
  else new PaperDpor(search, options.summary ?? true).exploreAll();
  return search.result();
}
