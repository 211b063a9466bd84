// Matching a run's pairs with the rows of the paper's Tables A.1 and A.2. The paper lists each pair
// in one order only, while a run may hold either order or both, and the same pair in several groups.
import type { PaperRow } from './paper.js';
import type { OrderedPair } from './run-pairs.js';

export interface PaperMatch {
  row: PaperRow;
  /** The run's pairs in the paper's order (one per group), or the reversed ones when there are none. */
  pairs: OrderedPair[];
}

/**
 * Every paper row with the run's pairs it matches, by app name (the file name without `.groovy`,
 * as the paper writes it). The pairs in the paper's own order are preferred: a run holding both
 * orders matches only that one, a run holding only the other order matches it instead.
 */
export function matchPaper(paper: readonly PaperRow[], pairs: readonly OrderedPair[]): PaperMatch[] {
  const byOrder = new Map<string, OrderedPair[]>();
  for (const pair of pairs) {
    const key = orderKey(pair.app1, pair.app2);
    byOrder.set(key, [...(byOrder.get(key) ?? []), pair]);
  }
  return paper.map((row) => ({ row, pairs: byOrder.get(orderKey(row.app1, row.app2)) ?? byOrder.get(orderKey(row.app2, row.app1)) ?? [] }));
}

/** The first paper row each pair of the run was matched with. */
export function paperRowOfPair(matches: readonly PaperMatch[]): Map<OrderedPair, PaperRow> {
  const rows = new Map<OrderedPair, PaperRow>();
  for (const { row, pairs } of matches) {
    for (const pair of pairs) if (!rows.has(pair)) rows.set(pair, row);
  }
  return rows;
}

function orderKey(app1: string, app2: string): string {
  return JSON.stringify([app1, app2]);
}
