// Access sets as the backward search of dpor needs them: interned, sorted arrays of integer access
// codes (location id * 2, plus 1 for a write), each set named by a dense id so that the summary can
// key (event, access set) pairs by one number and an unchanged set is recognised by its id.
import { enablementLocation } from './locations.js';
import { PairCache } from './pair-cache.js';
import type { Access, EventId } from './types.js';

export const EMPTY_SET = 0;

const WRITE = 1;

/**
 * What `meet` finds, packed in one number so that the backward search allocates nothing per step:
 * A_r * 2, plus 1 when the sets conflict. Read it with `conflicts` and `remainder`.
 */
export type Meeting = number;

export function conflicts(met: Meeting): boolean {
  return (met & 1) === 1;
}

export function remainder(met: Meeting): number {
  return met >>> 1;
}

export class AccessSets {
  private readonly locationIds = new Map<string, number>();
  private readonly locationNames: string[] = [];
  /** Per location: the wildcard locations (names ending in `*`) that cover it. */
  private readonly coveredBy: number[][] = [];
  private readonly wildcards: number[] = [];
  private readonly sets: Int32Array[] = [new Int32Array(0)];
  /**
   * Per set: a 64-bit signature of the locations it reads and of those it writes (bit = location
   * id mod 64, as four 32-bit words: read low, read high, write low, write high; all ones for a set
   * with a wildcard). Disjoint signatures prove two sets do not conflict without comparing them.
   */
  private signatures = new Int32Array(4 * 64);
  private readonly setIds = new Map<string, number>([['', EMPTY_SET]]);
  /** Per location: whether some transition explored so far writes it (or a wildcard covering it). */
  private readonly live: boolean[] = [];
  /** Bumped whenever a location becomes live, so cached live parts are recomputed. */
  private liveVersion = 0;
  private readonly livePart: Array<{ version: number; set: number } | undefined> = [];
  /**
   * `meet` results by (a, b): the backward search asks
   * the same few pairs of sets again and again (interning the remainder was most of dpor's time on
   * dense pairs).
   */
  private readonly meetings = new PairCache();

  constructor(eventCount: number) {
    // Event e's enablement location gets id e, so the implicit read of it needs no lookup.
    for (let e = 0; e < eventCount; e++) this.locationId(enablementLocation(e));
  }

  /** The access set of a transition of `event`: its accesses plus the read of its own enablement. */
  ofTransition(event: EventId, accesses: readonly Access[]): number {
    const codes = [event * 2];
    for (const a of accesses) codes.push(this.locationId(a.location) * 2 + (a.kind === 'write' ? WRITE : 0));
    return this.intern(codes);
  }

  /**
   * Records the writes of a transition's set; returns the locations that became live by it (a
   * wildcard write makes every location it covers live).
   */
  markWrites(set: number): number[] {
    const newlyLive: number[] = [];
    const makeLive = (location: number) => {
      if (this.live[location]) return;
      this.live[location] = true;
      newlyLive.push(location);
    };
    for (const code of this.sets[set]) {
      if (!(code & WRITE)) continue;
      const location = code >> 1;
      makeLive(location);
      if (this.wildcards.includes(location)) this.coveredBy.forEach((covering, other) => covering.includes(location) && makeLive(other));
    }
    if (newlyLive.length > 0) this.liveVersion++;
    return newlyLive;
  }

  /** The locations that set `a` only reads and that are not live: no explored transition writes them. */
  deadReads(a: number): number[] {
    const dead: number[] = [];
    for (const code of this.sets[a]) if (!(code & WRITE) && !this.isLive(code >> 1)) dead.push(code >> 1);
    return dead;
  }

  /**
   * Set `a` without its reads of locations no explored transition writes. Such a read conflicts
   * with no transition of R, so dropping it leaves every conflict the backward search can find
   * while letting the search stop once the rest of the set has met its conflicts.
   */
  liveAccesses(a: number): number {
    const cached = this.livePart[a];
    if (cached && cached.version === this.liveVersion) return cached.set;
    const codes = Array.from(this.sets[a]).filter((code) => code & WRITE || this.isLive(code >> 1));
    const set = codes.length === this.sets[a].length ? a : this.intern(codes);
    this.livePart[a] = { version: this.liveVersion, set };
    return set;
  }

  /** A read of a wildcard is always live (it stands for many locations); others when written. */
  private isLive(location: number): boolean {
    return this.live[location] === true || this.wildcards.includes(location);
  }

  /**
   * Algorithm 5 steps 2 and 3 for the carried set `a` meeting a transition's set `b`: whether they
   * conflict, and A_r, the accesses of `a` still to be tracked further back (`a` itself when
   * nothing changes). An access stops being tracked at a transition that writes its location:
   * every earlier access of the location conflicts with that write, so it is ordered before the
   * write and hence before the carried access. A write that meets only reads goes on: earlier reads
   * of its location do not conflict with those reads, so they can still race with it. (Dropping it
   * there, as "the accesses that conflict with nothing" would, misses such races: regression test
   * "a write met by a read still races with earlier reads".)
   */
  meet(a: number, b: number): Meeting {
    if (!this.mayConflict(a, b)) return a * 2;
    let met = this.meetings.get(a, b);
    if (met < 0) {
      met = this.computeMeet(a, b);
      this.meetings.set(a, b, met);
    }
    return met;
  }

  private computeMeet(a: number, b: number): Meeting {
    const bs = this.sets[b];
    let conflict = false;
    const rest: number[] = [];
    for (const code of this.sets[a]) {
      conflict ||= this.conflictsWithSome(code, bs);
      if (!this.writtenBy(code >> 1, bs)) rest.push(code);
    }
    const restSet = rest.length === this.sets[a].length ? a : this.intern(rest);
    return restSet * 2 + (conflict ? 1 : 0);
  }

  private writtenBy(location: number, others: Int32Array): boolean {
    for (let i = 0; i < others.length; i++) if (others[i] & WRITE && this.overlap(location, others[i] >> 1)) return true;
    return false;
  }

  private mayConflict(a: number, b: number): boolean {
    const g = this.signatures;
    const i = 4 * a;
    const j = 4 * b;
    return ((g[i + 2] & (g[j] | g[j + 2])) | (g[i] & g[j + 2]) | (g[i + 3] & (g[j + 1] | g[j + 3])) | (g[i + 1] & g[j + 3])) !== 0;
  }

  private conflictsWithSome(code: number, others: Int32Array): boolean {
    for (let i = 0; i < others.length; i++) {
      const other = others[i];
      if ((code | other) & WRITE && this.overlap(code >> 1, other >> 1)) return true;
    }
    return false;
  }

  private overlap(x: number, y: number): boolean {
    if (x === y) return true;
    return this.wildcards.length > 0 && (this.coveredBy[x].includes(y) || this.coveredBy[y].includes(x));
  }

  private locationId(name: string): number {
    const known = this.locationIds.get(name);
    if (known !== undefined) return known;
    const id = this.locationNames.length;
    this.locationIds.set(name, id);
    this.locationNames.push(name);
    this.coveredBy.push(this.wildcards.filter((w) => covers(this.locationNames[w], name)));
    if (name.endsWith('*')) {
      for (let other = 0; other < id; other++) if (covers(name, this.locationNames[other])) this.coveredBy[other].push(id);
      this.wildcards.push(id);
    }
    return id;
  }

  private intern(codes: number[]): number {
    codes.sort((x, y) => x - y);
    let unique = 0;
    for (let i = 0; i < codes.length; i++) if (i === 0 || codes[i] !== codes[i - 1]) codes[unique++] = codes[i];
    codes.length = unique;
    const key = codes.join(',');
    const known = this.setIds.get(key);
    if (known !== undefined) return known;
    const id = this.sets.length;
    this.sets.push(Int32Array.from(codes));
    this.setIds.set(key, id);
    this.sign(id, codes);
    return id;
  }

  private sign(id: number, codes: readonly number[]): void {
    if (4 * id + 4 > this.signatures.length) {
      const grown = new Int32Array(this.signatures.length * 2);
      grown.set(this.signatures);
      this.signatures = grown;
    }
    const at = 4 * id;
    for (const code of codes) {
      const location = code >> 1;
      if (this.wildcards.includes(location)) {
        this.signatures.fill(-1, at, at + 4);
        return;
      }
      const word = at + (code & WRITE ? 2 : 0) + ((location & 63) >> 5);
      this.signatures[word] |= 1 << (location & 31);
    }
  }
}

/** Whether wildcard `pattern` (ending in `*`) covers location `name`. */
function covers(pattern: string, name: string): boolean {
  return name.startsWith(pattern.slice(0, -1));
}
