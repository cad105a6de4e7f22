/**
 * `attack --stages` for Age of Sigmar: attacks, hits, wounds, unsaved wounds and the damage pool,
 * checked against binomial closed forms (the rules file's EX1) and a walk of every die of one
 * attack for each Crit ability, written here from the rules file (§4.2, §5).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { convolve } from '../../../src/core/dist.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { binomialPmf } from '../../support/binomial.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
const stagesOf = (input: any) => Object.fromEntries(ageOfSigmar.stages!(ageOfSigmar.parse(input)).map((s) => [s.name, s.dist]));
const expectPmf = (d: ArrayLike<number>, expected: ArrayLike<number>) => {
  const n = Math.max(d.length, expected.length);
  for (let k = 0; k < n; k++) expect(Math.abs((d[k] ?? 0) - (expected[k] ?? 0))).toBeLessThan(1e-12);
};
const f64 = (x: number[]) => Float64Array.from(x);

describe('age-of-sigmar --stages', () => {
  it('EX1 (Liberators charge a Clawlord): 10 attacks; hits, wounds and unsaved wounds are binomials', () => {
    const { name, description, system, ...input } = JSON.parse(readFileSync('src/data/age-of-sigmar/scenarios/ex01-liberators-vs-clawlord.json', 'utf8'));
    void name, description, system;
    const s = stagesOf(input);
    expectPmf(s.attacks, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    // Hit 3+: faces 3–5 go on to the wound roll (a 6 is Crit (Mortal)): Binomial(10, 1/2).
    expectPmf(s.hits, binomialPmf(10, 1 / 2));
    // Wound 3+ on the 8 Warhammer attacks, 2+ on the 2 Grandhammer attacks.
    expectPmf(s.wounds, convolve(f64(binomialPmf(8, (1 / 2) * (4 / 6))), f64(binomialPmf(2, (1 / 2) * (5 / 6)))));
    // Save 4+ with Rend 1: 5+, failed with 4/6.
    expectPmf(s['unsaved wounds'], convolve(f64(binomialPmf(8, (1 / 2) * (4 / 6) * (4 / 6))), f64(binomialPmf(2, (1 / 2) * (5 / 6) * (4 / 6)))));
    expectPmf(s['damage dealt'], ageOfSigmar.exact(ageOfSigmar.parse(input)).damage);
  });

  for (const crit of ['crit-2-hits', 'crit-auto-wound', 'crit-mortal'])
    it(`${crit}: one attack, hit 4+, wound 4+, save 4+, every die walked`, () => {
      const weapon = { name: 'blade', attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1, abilities: [crit] };
      const s = stagesOf({ attacker: { models: 1, weapons: [weapon] }, target: { models: 5, health: 1, save: '4+' } });
      const hits = [0, 0, 0];
      const wounds = [0, 0, 0];
      const unsaved = [0, 0, 0];
      // One hit die, then for each hit a wound die (none for an automatic wound) and a save die.
      for (let h = 1; h <= 6; h++) {
        const critical = h === 6;
        const goOn = critical ? (crit === 'crit-2-hits' ? 2 : crit === 'crit-auto-wound' ? 1 : 0) : h >= 4 ? 1 : 0;
        const autoWound = critical && crit === 'crit-auto-wound';
        // Each hit: P(wounded), P(wounded and unsaved).
        const pw = autoWound ? 1 : 3 / 6;
        const pu = pw * (3 / 6);
        for (let k = 0; k <= goOn; k++) {
          const c = goOn === 2 ? [1, 2, 1][k] : 1;
          hits[goOn] += k === 0 ? 1 / 6 : 0;
          wounds[k] += (1 / 6) * c * pw ** k * (1 - pw) ** (goOn - k);
          unsaved[k] += (1 / 6) * c * pu ** k * (1 - pu) ** (goOn - k);
        }
      }
      expectPmf(s.hits, hits);
      expectPmf(s.wounds, wounds);
      expectPmf(s['unsaved wounds'], unsaved);
    });
});
