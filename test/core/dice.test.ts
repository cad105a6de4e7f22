import { describe, expect, it } from 'vitest';
import { diceDist, diceMax, parseDice, rollDice } from '../../src/core/dice.js';
import { Rng } from '../../src/core/rng.js';

/** Enumerate every outcome of `count` dice with `faces` faces, apply `value`, tabulate. */
function enumerate(count: number, faces: number, value: (roll: number[]) => number): number[] {
  const out: number[] = [];
  const total = faces ** count;
  for (let i = 0; i < total; i++) {
    const roll: number[] = [];
    let x = i;
    for (let j = 0; j < count; j++) {
      roll.push((x % faces) + 1);
      x = Math.floor(x / faces);
    }
    const v = value(roll);
    out[v] = (out[v] ?? 0) + 1 / total;
  }
  return Array.from(out, (x) => x ?? 0);
}

const sum = (r: number[]) => r.reduce((a, b) => a + b, 0);

describe('core/dice', () => {
  const cases: Array<[string, number[]]> = [
    ['3', [0, 0, 0, 1]],
    ['D3', enumerate(1, 3, sum)],
    ['D6', enumerate(1, 6, sum)],
    ['2D6', enumerate(2, 6, sum)],
    ['D3+1', enumerate(1, 3, (r) => sum(r) + 1)],
    ['2D6+2', enumerate(2, 6, (r) => sum(r) + 2)],
    ['1D6+8', enumerate(1, 6, (r) => sum(r) + 8)],
    ['D6-2', enumerate(1, 6, (r) => Math.max(0, sum(r) - 2))],
    ['3D6 discard highest', enumerate(3, 6, (r) => sum(r) - Math.max(...r))],
    ['3D6-discard-lowest', enumerate(3, 6, (r) => sum(r) - Math.min(...r))],
  ];
  for (const [text, expected] of cases) {
    it(`${text} matches enumeration of the dice`, () => {
      const d = diceDist(parseDice(text));
      expect(d.length).toBe(expected.length);
      expected.forEach((p, k) => expect(d[k]).toBeCloseTo(p, 14));
      expect(diceMax(parseDice(text))).toBe(expected.length - 1);
    });
  }

  it('rolls stay within the support and hit every value', () => {
    const rng = new Rng(1, 2, 3, 4);
    const expr = parseDice('3D6 discard lowest');
    const seen = new Set<number>();
    for (let i = 0; i < 20000; i++) seen.add(rollDice(expr, rng));
    expect([...seen].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  for (const bad of ['D7x', 'D7', '', 'x', '2D', 'D6+', '0D6', 'D6 discard highest', '-1']) {
    it(`'${bad}' is malformed and the error quotes it`, () => {
      expect(() => parseDice(bad)).toThrow(`malformed dice expression '${bad}'`);
    });
  }
});
