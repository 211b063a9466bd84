// A map from pairs of small non-negative integers to non-negative integers, as open addressing
// over typed arrays: the backward search of dpor looks up the meeting of two access sets hundreds
// of millions of times on dense pairs, where a Map of Maps spent a fifth of the search's time.

const EMPTY = -1;

export class PairCache {
  private firsts: Int32Array;
  private seconds: Int32Array;
  private values: Int32Array;
  private size = 0;

  constructor(capacity = 1 << 12) {
    this.firsts = new Int32Array(capacity).fill(EMPTY);
    this.seconds = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
  }

  /** The value stored for (a, b), or -1. */
  get(a: number, b: number): number {
    const mask = this.firsts.length - 1;
    for (let i = slotOf(a, b, mask); ; i = (i + 1) & mask) {
      const first = this.firsts[i];
      if (first === EMPTY) return EMPTY;
      if (first === a && this.seconds[i] === b) return this.values[i];
    }
  }

  /** Stores the value for (a, b), which must not be stored yet. */
  set(a: number, b: number, value: number): void {
    if (2 * (this.size + 1) > this.firsts.length) this.grow();
    this.place(a, b, value);
    this.size++;
  }

  private place(a: number, b: number, value: number): void {
    const mask = this.firsts.length - 1;
    let i = slotOf(a, b, mask);
    while (this.firsts[i] !== EMPTY) i = (i + 1) & mask;
    this.firsts[i] = a;
    this.seconds[i] = b;
    this.values[i] = value;
  }

  private grow(): void {
    const { firsts, seconds, values } = this;
    this.firsts = new Int32Array(2 * firsts.length).fill(EMPTY);
    this.seconds = new Int32Array(2 * firsts.length);
    this.values = new Int32Array(2 * firsts.length);
    for (let i = 0; i < firsts.length; i++) if (firsts[i] !== EMPTY) this.place(firsts[i], seconds[i], values[i]);
  }
}

function slotOf(a: number, b: number, mask: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask;
}
