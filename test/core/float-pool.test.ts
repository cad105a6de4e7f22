/** FloatPool and FloatSlots (src/core/float-pool.ts): a table taken again after it was written is 0 where it is read. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FloatPool, FloatSlots } from '../../src/core/float-pool.js';

describe('FloatPool', () => {
  it('hands back tables at least as long as asked, their first entries 0, however they were written before', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 30 }), (sizes) => {
        const pool = new FloatPool();
        for (const size of sizes) {
          const t = pool.take(size);
          expect(t.length).toBeGreaterThanOrEqual(size);
          for (let i = 0; i < size; i++) expect(t[i]).toBe(0);
          t.fill(Number.NaN);
          pool.give(t);
        }
      }),
    );
  });

  it('reuses a table given back, and makes a new one while none is free', () => {
    const pool = new FloatPool();
    const a = pool.take(10);
    const b = pool.take(10);
    expect(b).not.toBe(a);
    pool.give(a);
    expect(pool.take(5)).toBe(a);
  });

  it('keeps at most MOST_FREE tables', () => {
    const pool = new FloatPool();
    const given: Float64Array[] = Array.from({ length: FloatPool.MOST_FREE + 5 }, () => new Float64Array(4));
    given.forEach((t) => pool.give(t));
    const taken = new Set(Array.from({ length: FloatPool.MOST_FREE + 5 }, () => pool.take(4)));
    expect([...taken].filter((t) => given.includes(t))).toHaveLength(FloatPool.MOST_FREE);
  });
});

describe('FloatSlots', () => {
  it("hands each slot's table back at least as long as asked, its first entries 0, however it was written before", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 200 })), { minLength: 1, maxLength: 30 }), (asks) => {
        const slots = new FloatSlots();
        for (const [slot, size] of asks) {
          const t = slots.take(slot, size);
          expect(t.length).toBeGreaterThanOrEqual(size);
          for (let i = 0; i < size; i++) expect(t[i]).toBe(0);
          t.fill(Number.NaN);
        }
      }),
    );
  });

  it('keeps one table a slot: the same one while it is long enough', () => {
    const slots = new FloatSlots();
    const a = slots.take(0, 10);
    expect(slots.take(0, 5)).toBe(a);
    expect(slots.take(1, 5)).not.toBe(a);
  });
});
