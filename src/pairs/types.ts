// Pairs of apps to check, and the groups they come from.

/** An ordered pair: App1 and App2 of one check. Both orders of an unordered pair are two pairs. */
export interface AppPair {
  group: string;
  /** App file names as listed (`enhanced-auto-lock-door.groovy`). */
  app1: string;
  app2: string;
}

/** A device-interaction group: its apps and the attributes whose conflicting writes it tracks. */
export interface PairGroup {
  name: string;
  apps: string[];
  /** Tracked attributes (reference `variables=`), e.g. `lock`, `switch`, `location.mode`. */
  attributes: string[];
}
