// The device attributes an app reads where the value can matter: the names of its reads
// (attribute-reads.ts) less those of the reads the relevance analysis finds idle (relevance.ts
// `idleReads`). A dashboard that answers a web client with every sensor's value reads them all,
// and none of them decides what it does to the home: the pair's states need not keep them
// (model/live-attributes.ts), and the home lets those reads see a left-out value
// (model/home-host.ts `readAttribute`).
import { readAttributes, readDevicesExcept, type AttributeReadDevices } from './attribute-reads.js';
import { perApp } from './per-app.js';
import { relevance } from './relevance.js';

/** Where the app may read each attribute where the value can influence an effect, or `all`. */
export const heededReadDevices = perApp((app): AttributeReadDevices => readDevicesExcept(app, relevance(app).idleReads));

/** The attributes the app may read where the value can influence an effect, by name, or `all`. */
export const heededReads = perApp((app): ReadonlySet<string> | 'all' => {
  const reads = heededReadDevices(app);
  return reads === 'all' ? 'all' : new Set(reads.keys());
});

/** The attributes the app reads by name only where the value can influence no effect. */
export const idlyReadOnly = perApp((app): ReadonlySet<string> => {
  const [read, heeded] = [readAttributes(app), heededReads(app)];
  return read === 'all' || heeded === 'all' ? new Set() : new Set([...read].filter((a) => !heeded.has(a)));
});
