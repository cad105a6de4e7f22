/**
 * The simulator rolls every die; the exact engine composes distributions. Here they must agree
 * (chi-square, mean z-score) on scenarios that cover every path: Crit (Mortal), Crit (2 Hits) in
 * both readings of A3, Crit (Auto-wound) with random Attacks, Companion with All-out Attack and
 * Cornered Rat, wards, damage already allocated, Champion, and mortal damage without weapons.
 */
import { describe, expect, it } from 'vitest';
import { masterState, chunkRng } from '../../../src/core/rng.js';
import { compareCounts, compareProbability } from '../../../src/core/stats.js';
import { Tally } from '../../../src/sim/tally.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { clawlord, fangs, liberators, pistol, squigHoppers } from './fixtures.js';

const SAMPLES = 100_000;

function agree(name: string, input: unknown) {
  it(name, () => {
    const s = ageOfSigmar.parse(input);
    const exact = ageOfSigmar.exact(s);
    const tally = new Tally();
    ageOfSigmar.simulate(s, chunkRng(masterState(`test ${name}`), 0), SAMPLES, tally);
    expect(tally.samples).toBe(SAMPLES);
    const damage = compareCounts(exact.damage, tally.damage.toArray());
    expect(damage, 'damage').toMatchObject({ pass: true });
    expect(compareCounts(exact.slain!, tally.slain.toArray()), 'slain').toMatchObject({ pass: true });
    expect(compareProbability(exact.destroyed!, tally.destroyed, SAMPLES), 'destroyed').toMatchObject({ pass: true });
  });
}

const crit2Hits = { name: 'hypothetical', attacks: 'D3+1', hit: '5+', wound: '2+', rend: 1, damage: 'D6', abilities: ['crit-2-hits'] };

describe('age-of-sigmar: Monte Carlo agrees with the exact engine', () => {
  agree('EX1 Liberators vs Clawlord (Crit (Mortal), Ward 6+)', { attacker: liberators, target: clawlord });
  agree('EX13 Liberators vs a damaged Clawlord', { attacker: liberators, target: { ...clawlord, damaged: 4 } });
  agree('EX8 Clawlord, Cornered Rat and All-out Attack vs Squig Hoppers', {
    attacker: { ...clawlord, damaged: 2 },
    target: squigHoppers,
    situation: { 'all-out-attack': true },
  });
  agree('EX6 pistol (random Attacks, Crit (Auto-wound)) vs Squig Hoppers', {
    attacker: { models: 3, weapons: [pistol] },
    target: squigHoppers,
    situation: { ability: 'shoot' },
  });
  for (const reading of ['per-hit', 'shared'])
    agree(`Crit (2 Hits) with D6 damage, A3 ${reading}`, {
      attacker: { models: 3, weapons: [crit2Hits] },
      target: { models: 4, health: 3, save: '6+', ward: '6+', damaged: 2 },
      situation: { 'crit-2-hits-damage': reading },
    });
  agree('Champion (1/10), Anti-charge and Charge (+1 Damage) vs a horde', {
    attacker: {
      models: 20,
      keywords: ['infantry', 'champion(1/10)'],
      weapons: [{ name: 'spear', attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1, abilities: ['anti-charge(+1 rend)', 'charge(+1 damage)'] }],
    },
    target: { models: 20, health: 1, save: '5+' },
    situation: { charged: true, 'target-charged': true },
  });
  agree('Companion fangs only', { attacker: { models: 1, weapons: [fangs] }, target: squigHoppers, situation: { cover: true } });
  agree('¡Boing! mortal damage', { attacker: squigHoppers, target: clawlord, situation: { ability: 'boing-boing-boing' } });
  agree('Place of Power', { attacker: { models: 1 }, target: clawlord, situation: { ability: 'place-of-power' } });
  agree('miscast', { attacker: { models: 1 }, target: { models: 1, health: 5, save: '5+', keywords: ['hero', 'wizard'] }, situation: { ability: 'miscast' } });
  agree('Power Through', { attacker: clawlord, target: squigHoppers, situation: { ability: 'power-through', charged: true } });
});
