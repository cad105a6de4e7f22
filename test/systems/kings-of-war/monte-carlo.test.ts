/**
 * The simulator against the exact engine: same scenario, fixed seed, chi-square agreement of
 * the damage distribution and of every categorical table (morale and outcomes).
 */
import { describe, expect, it } from 'vitest';
import { compareCategories, compareCounts } from '../../../src/core/stats.js';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { Tally } from '../../../src/sim/tally.js';
import { successes } from '../../../src/systems/kings-of-war/exact-dice.js';
import { kingsOfWar } from '../../../src/systems/kings-of-war/index.js';
import { PoolRoller } from '../../../src/systems/kings-of-war/sim-dice.js';
import { scenario } from './helpers.js';

const SAMPLES = 100_000;

function agree(name: string, attacker: Record<string, unknown>, target: Record<string, unknown>, situation: Record<string, unknown>): void {
  it(name, () => {
    const s = scenario(attacker, target, situation);
    const exact = kingsOfWar.exact(s);
    const tally = new Tally();
    kingsOfWar.simulate(s, chunkRng(masterState(`test ${name}`), 0), SAMPLES, tally);
    const data = tally.toJSON();
    expect(compareCounts(exact.damage, data.damage).pass, 'damage').toBe(true);
    expect(compareCategories(exact.morale!, data.morale).pass, 'morale').toBe(true);
    expect(Object.keys(data.outcomes).sort()).toEqual(Object.keys(exact.outcomes!).sort());
    for (const [table, probabilities] of Object.entries(exact.outcomes!))
      expect(compareCategories(probabilities, data.outcomes[table]).pass, table).toBe(true);
    expect(data.destroyed).not.toBeNull();
  });
}

describe('kings-of-war: Monte Carlo agrees with the exact engine', () => {
  agree('flank charge, CS, Elite, Inspiring target (WE2/WE5)', { rules: ['crushing-strength(1)', 'elite'] }, { rules: ['inspiring'], damage: 2 }, { attack: 'melee', charge: 'flank' });
  agree('cavalry TC, Brutal, Fearless target', { type: 'cavalry', att: 16, me: '3+', rules: ['thunderous-charge(2)', 'brutal'] }, { nerve: '-/16', damage: 4 }, { attack: 'melee', charge: 'front' });
  agree('Blade of Slashing + Elite, Mace-free Vicious', { rules: ['elite', 'vicious'], artefact: 'blade-of-slashing' }, { rules: ['iron-resolve'] }, { attack: 'melee', charge: 'rear' });
  agree('Mace of Crushing, Yellow-Bellied, Headstrong target', { rules: ['yellow-bellied'], artefact: 'mace-of-crushing' }, { rules: ['headstrong'], damage: 5 }, { attack: 'melee', charge: 'front' });
  agree('Lifeleech against a Crystal Pendant', { rules: ['lifeleech(2)'], damage: 3, de: '5+' }, { artefact: 'crystal-pendant-of-retribution', damage: 8 }, { attack: 'melee', charge: 'flank' });
  agree('shooting at 7+: half the dice, Blast(D3), Piercing Arrow', { ra: '4+', weapon: 'bows', rules: ['blast(D3)'], artefact: 'piercing-arrow' }, { rules: ['stealthy'] }, { attack: 'shooting', order: 'advance', cover: true });
  agree("Kaba's grenades, regenerating and healed target", { artefact: 'kabas-holy-hand-grenades' }, { rules: ['regeneration(4+)'], damage: 6, de: '5+' }, { attack: 'shooting', with: 'kabas-holy-hand-grenades', 'target-regenerates': true, 'target-healed': 3 });
  agree('Myrddin: bows and Fireball, unclear cover and line of sight', { ra: '4+', weapon: 'bows', rules: ['fireball(6)'], artefact: 'myrddins-amulet-of-the-fire-heart' }, { damage: 3 }, { attack: 'shooting', with: ['weapon', 'fireball'], cover: 'unclear', 'line-of-sight': 'unclear', 'bane-chant': 1 });
  agree('breath attack with Bane-chant', { rules: ['breath-attack(10)', 'elite'] }, { de: '5+' }, { attack: 'shooting', with: 'breath-attack', 'bane-chant': 2 });
});

describe('kings-of-war: a pool of dice rolled with its re-rolls agrees with its exact successes (A7)', () => {
  for (const need of [2, 3, 4, 5, 6])
    for (const rerollOnes of [false, true])
      for (const oneFailed of [false, true])
        it(`5 dice at ${need}+, re-roll 1s ${rerollOnes}, re-roll one failed ${oneFailed}`, () => {
          const rng = chunkRng(masterState(`pool ${need} ${rerollOnes} ${oneFailed}`), 0);
          const pool = new PoolRoller(need, rerollOnes, oneFailed);
          const counts = new Array(6).fill(0);
          for (let i = 0; i < 50_000; i++) counts[pool.roll(5, rng)]++;
          expect(compareCounts(successes(5, need, rerollOnes, oneFailed), counts).pass).toBe(true);
        });
});
