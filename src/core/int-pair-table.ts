/**
 * A hash table from a pair of non-negative 32-bit integers to a non-negative 32-bit integer, held
 * in typed arrays (open addressing, linear probing): a simulator's lookup of a cached result by
 * integer keys costs no object, no string and at most a few cache lines.
 */
export class IntPairTable {
  private keysA: Int32Array;
  private keysB: Int32Array;
  private values: Int32Array;
  private mask: number;
  private size = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.keysA = new Int32Array(slots).fill(-1);
    this.keysB = new Int32Array(slots);
    this.values = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** The value stored under (a, b), or −1 when there is none. */
  get(a: number, b: number): number {
    const keysA = this.keysA;
    const mask = this.mask;
    for (let i = slotOf(a, b, mask); ; i = (i + 1) & mask) {
      const k = keysA[i];
      if (k === a && this.keysB[i] === b) return this.values[i];
      if (k === -1) return -1;
    }
  }

  /** Store `value` (≥ 0) under (a, b), replacing any value there; a, b and value are integers in 0 … 2³¹ − 1. */
  set(a: number, b: number, value: number): void {
    if (!(isKey(a) && isKey(b) && isKey(value))) throw new RangeError(`IntPairTable: (${a}, ${b}) → ${value} is not three integers in 0 … 2^31 - 1`);
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const mask = this.mask;
    for (let i = slotOf(a, b, mask); ; i = (i + 1) & mask) {
      const k = this.keysA[i];
      if (k === -1) {
        this.keysA[i] = a;
        this.keysB[i] = b;
        this.values[i] = value;
        this.size++;
        return;
      }
      if (k === a && this.keysB[i] === b) {
        this.values[i] = value;
        return;
      }
    }
  }

  private grow(): void {
    const { keysA, keysB, values } = this;
    const slots = (this.mask + 1) * 2;
    this.keysA = new Int32Array(slots).fill(-1);
    this.keysB = new Int32Array(slots);
    this.values = new Int32Array(slots);
    this.mask = slots - 1;
    this.size = 0;
    for (let i = 0; i < keysA.length; i++) if (keysA[i] !== -1) this.set(keysA[i], keysB[i], values[i]);
  }
}

const isKey = (x: number): boolean => Number.isInteger(x) && x >= 0 && x <= 0x7fffffff;

/** The home slot of (a, b): both mixed by multiplication (murmur3's constants), then folded. */
function slotOf(a: number, b: number, mask: number): number {
  let h = Math.imul(a, 0xcc9e2d51) ^ Math.imul(b + 0x9e3779b9, 0x1b873593);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h & mask;
}
