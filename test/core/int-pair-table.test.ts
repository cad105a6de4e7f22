/**
 * IntPairTable against a plain Map of the same pairs (the reference written here): any sequence of
 * stores, with collisions and growth from a small table, reads back what a Map would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntPairTable } from '../../src/core/int-pair-table.js';

describe('IntPairTable', () => {
  it('reads back every stored pair, the last value stored under it, and −1 for pairs never stored', () => {
    const pair = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }));
    const stores = fc.array(fc.tuple(pair, fc.integer({ min: 0, max: 2 ** 31 - 1 })), { maxLength: 300 });
    fc.assert(
      fc.property(stores, fc.array(pair, { maxLength: 50 }), (ops, probes) => {
        const table = new IntPairTable(4);
        const reference = new Map<string, number>();
        for (const [[a, b], v] of ops) {
          table.set(a, b, v);
          reference.set(`${a},${b}`, v);
        }
        for (const [[a, b]] of ops) expect(table.get(a, b)).toBe(reference.get(`${a},${b}`));
        for (const [a, b] of probes) expect(table.get(a, b)).toBe(reference.get(`${a},${b}`) ?? -1);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('keeps pairs that differ in one key apart', () => {
    const table = new IntPairTable(2);
    for (let a = 0; a < 30; a++) for (let b = 0; b < 30; b++) table.set(a, b, a * 100 + b);
    for (let a = 0; a < 30; a++) for (let b = 0; b < 30; b++) expect(table.get(a, b)).toBe(a * 100 + b);
    expect(table.get(30, 0)).toBe(-1);
    expect(table.get(0, 30)).toBe(-1);
  });
});
