/**
 * Tables of doubles for reuse, outside the heap's churn: a pool (FloatPool) of tables taken and
 * given back, and working tables by slot (FloatSlots).
 */

/**
 * Tables of doubles handed back for reuse. A typed array is allocated outside the heap, at a cost
 * that dwarfs filling a small one: an engine that needs a fresh table for each state takes one
 * here and gives it back once it has been read.
 */
export class FloatPool {
  private readonly free: Float64Array[] = [];

  /** A table at least `size` long, its first `size` entries 0 (the rest are not read). */
  take(size: number): Float64Array {
    const t = this.free.pop();
    if (t && t.length >= size) {
      t.fill(0, 0, size);
      return t;
    }
    return new Float64Array(Math.max(size, t?.length ?? 0));
  }

  /** Gives a table back: whoever took it no longer reads or writes it. */
  give(t: Float64Array): void {
    if (this.free.length < FloatPool.MOST_FREE) this.free.push(t);
  }

  static readonly MOST_FREE = 64;
}

/**
 * Working tables of doubles kept from call to call, one per slot: a hot loop that needs the same
 * few tables at every state uses these instead of allocating them outside the heap each time.
 * A slot's table is the caller's until it asks for that slot again.
 */
export class FloatSlots {
  private readonly tables: Float64Array[] = [];

  /** Slot `slot`'s table, at least `size` long, its first `size` entries 0. */
  take(slot: number, size: number): Float64Array {
    let t = this.tables[slot];
    if (!t || t.length < size) this.tables[slot] = t = new Float64Array(Math.max(size, 2 * (t?.length ?? 16)));
    else t.fill(0, 0, size);
    return t;
  }
}
