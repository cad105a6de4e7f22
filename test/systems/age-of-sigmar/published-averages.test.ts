/**
 * Issue 6 acceptance: published averages of another calculator. 10 models with 2 attacks each,
 * one a Champion (21 attacks), hit 4+, wound 4+, rend 0, damage 1: the average damage is
 * 21 · 1/2 · 1/2 · P(unsaved) = 5.25, 4.375, 3.5, 2.625, 1.75, 0.875 against no save, 6+ … 2+.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';

const attacker = {
  models: 10,
  keywords: ['infantry', 'champion'],
  weapons: [{ name: 'sword', attacks: 2, hit: '4+', wound: '4+', rend: 0, damage: 1 }],
};

describe('age-of-sigmar: published averages', () => {
  const cases: Array<[string, number]> = [
    ['none', 5.25],
    ['6+', 4.375],
    ['5+', 3.5],
    ['4+', 2.625],
    ['3+', 1.75],
    ['2+', 0.875],
  ];
  for (const [save, average] of cases)
    it(`save ${save}: average damage ${average}`, () => {
      const o = ageOfSigmar.exact(ageOfSigmar.parse({ attacker, target: { models: 30, health: 1, save } }));
      expect(Math.abs(mean(o.damage) - average)).toBeLessThan(1e-12);
    });
});
