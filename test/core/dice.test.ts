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
    ['D6-1', enumerate(1, 6, (r) => sum(r) - 1)],
    ['D3-1', enumerate(1, 3, (r) => sum(r) - 1)],
    ['2D6-2', enumerate(2, 6, (r) => sum(r) - 2)],
    ['4D6 discard lowest', enumerate(4, 6, (r) => sum(r) - Math.min(...r))],
    ['3D3 discard highest-1', enumerate(3, 3, (r) => sum(r) - Math.max(...r) - 1)],
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

  for (const bad of ['D7x', '', 'x', '2D', 'D6+', '0D6', 'D6 discard highest', '-1']) {
    it(`'${bad}' is malformed and the error quotes it`, () => {
      expect(() => parseDice(bad)).toThrow(`malformed dice expression '${bad}'`);
    });
  }

  // Issue 12: a dice result below 0 is an error naming the expression, never clamped to 0.
  for (const [bad, lowest] of [['D6-7', -6], ['D3-3', -2], ['D6-2', -1], ['2D6-3', -1], ['3D6 discard highest-3', -1]] as const) {
    it(`'${bad}' can be negative (as low as ${lowest}): an error naming it`, () => {
      expect(() => parseDice(bad)).toThrow(`dice expression '${bad}' can be negative (as low as ${lowest})`);
    });
  }

  // Issue 13: explicit bounds, said as "too large (at most N)", not "malformed".
  for (const [bad, what, max] of [
    ['101D6', 'number of dice', '100'],
    ['99999999999999999999D6', 'number of dice', '100'],
    ['D6+10001', 'modifier', '10,000'],
    ['D6+99999999999999999999', 'modifier', '10,000'],
    ['D6+1000000000', 'modifier', '10,000'],
    ['10001', 'value', '10,000'],
    ['99999999999999999999', 'value', '10,000'],
  ] as const) {
    it(`'${bad}': ${what} too large (at most ${max})`, () => {
      expect(() => parseDice(bad)).toThrow(`dice expression '${bad}': ${what} too large (at most ${max})`);
    });
  }

  it('the largest accepted expressions are computed exactly and fast: 100D6, D6+10000, 100D6 discard lowest', () => {
    const started = performance.now();
    const hundred = diceDist(parseDice('100D6'));
    expect(hundred.length).toBe(601);
    expect(hundred[100]).toBeCloseTo(6 ** -100, 90); // all ones
    expect(diceDist(parseDice('D6+10000'))[10003]).toBeCloseTo(1 / 6, 15);
    const discard = diceDist(parseDice('100D6 discard lowest'));
    expect(discard.length).toBe(595);
    expect(discard[99]).toBeCloseTo(6 ** -100, 90);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('dice of 3 or 6 sides only: a D7 is named', () => {
    expect(() => parseDice('D7')).toThrow("malformed dice expression 'D7': dice have 3 or 6 sides (D3, D6), not 7");
    expect(() => parseDice('2D100')).toThrow("malformed dice expression '2D100': dice have 3 or 6 sides (D3, D6), not 100");
  });

  it('rolls never go below the lowest value: D6-1 rolls 0..5', () => {
    const rng = new Rng(5, 6, 7, 8);
    const expr = parseDice('D6-1');
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) seen.add(rollDice(expr, rng));
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
