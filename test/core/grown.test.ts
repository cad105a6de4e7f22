import { describe, expect, it } from 'vitest';
import { grownInt32 } from '../../src/core/grown.js';

describe('grownInt32', () => {
  it('keeps the old entries, fills the new ones, and at least doubles', () => {
    const old = Int32Array.of(5, -7, 9);
    const doubled = grownInt32(old, 4, -1);
    expect(Array.from(doubled)).toEqual([5, -7, 9, -1, -1, -1]);
    const wide = grownInt32(old, 10);
    expect(Array.from(wide)).toEqual([5, -7, 9, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(old)).toEqual([5, -7, 9]);
  });
});
