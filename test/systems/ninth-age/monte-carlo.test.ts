/**
 * The simulator, rolling dice in rule order, agrees with the exact engine (fixed seed, 100,000 samples).
 */
import { describe, expect, it } from 'vitest';
import { chunkRng, masterState } from '../../../src/core/rng.js';
import { compareCategories, compareCounts, compareProbability } from '../../../src/core/stats.js';
import { Tally } from '../../../src/sim/tally.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import type { Scenario } from '../../../src/systems/ninth-age/model.js';
import { unit } from './helpers.js';

const SAMPLES = 100_000;

function agree(name: string, s: Scenario): void {
  const exact = ninthAge.exact(s);
  const tally = new Tally();
  ninthAge.simulate(s, chunkRng(masterState(`test ${name}`), 0), SAMPLES, tally);
  const data = tally.toJSON();
  expect(compareCounts(exact.damage, data.damage).pass, 'damage').toBe(true);
  expect(compareCounts(exact.slain!, data.slain!).pass, 'slain').toBe(true);
  expect(compareProbability(exact.destroyed!, data.destroyed!, SAMPLES).pass, 'destroyed').toBe(true);
  expect(compareCategories(exact.morale!, data.morale).pass, 'morale').toBe(true);
}

const parse = (attacker: Record<string, unknown>, target: Record<string, unknown>, situation: Record<string, unknown>) =>
  ninthAge.parse({ attacker: unit(attacker), target: unit(target), situation });

describe('ninth-age Monte Carlo agrees with the exact engine', () => {
  it('Example 17: a whole round with both sides striking, break tests and pursuit', () => {
    agree(
      'example 17',
      parse(
        { models: 5, files: 5, i: 3, ld: 7, equipment: ['great-weapon', 'light-armour', 'shield'] },
        { models: 10, files: 5, ws: 4, i: 5, ld: 8, equipment: ['hand-weapon', 'light-armour', 'shield'] },
        { type: 'melee', charging: 'attacker' },
      ),
    );
  });

  it('multi-wound models, Multiple Wounds, Fear, Hatred, Lethal Strike, Regeneration and a mount', () => {
    agree(
      'monsters',
      parse(
        {
          troop: 'cavalry',
          models: 6,
          files: 3,
          ws: 4,
          s: 4,
          i: 3,
          ld: 8,
          equipment: ['lance', 'heavy-armour', 'shield', 'barding'],
          rules: ['hatred', 'lethal-strike'],
          mount: { ws: 3, s: 3, i: 3, a: 1, rules: ['poisoned-attacks'] },
          standard: true,
        },
        { troop: 'monstrous-infantry', models: 6, files: 3, ws: 3, s: 5, t: 4, w: 3, i: 2, a: 3, ld: 7, rules: ['fear', 'regeneration(5+)'], 'wounds-lost': 1 },
        { type: 'melee', charging: 'attacker' },
      ),
    );
  });

  it('shooting with Multiple Wounds (Skull Splitter) and the Panic test', () => {
    agree(
      'skull splitter',
      parse(
        { models: 1, files: 1, bs: 4, items: ['skull-splitter'] },
        { troop: 'monstrous-infantry', models: 4, files: 4, t: 4, w: 3, ld: 7 },
        { type: 'shooting', 'multiple-shots': true },
      ),
    );
  });

  it('Unstable and Daemonic Instability losers', () => {
    agree(
      'unstable',
      parse({ models: 20, files: 5, ws: 4, s: 4 }, { models: 15, files: 5, rules: ['undead'] }, { type: 'melee' }),
    );
    agree(
      'daemonic',
      parse({ models: 20, files: 5, ws: 4, s: 4 }, { models: 10, files: 5, rules: ['daemonic-instability'] }, { type: 'melee' }),
    );
  });
});

describe('ninth-age Monte Carlo agrees on every branch of one attack and of the special attacks', () => {
  const melee = { type: 'melee', 'target-strikes-back': false, facing: 'flank' };
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]> = [
    ['re-rolls on one die: Flammable and Bluffer’s Helm, Dusk Stone', { attacks: 10, rules: ['flaming-attacks'] }, { rules: ['flammable'], items: ['bluffers-helm', 'dusk-stone'], equipment: ['light-armour'] }, melee],
    ['Holy against a ward, Hatred, poison', { attacks: 10, rules: ['holy-attacks', 'hatred', 'poisoned-attacks'] }, { rules: ['ward-save(4+)'] }, melee],
    ['Lethal Strike against armour and Regeneration', { attacks: 10, rules: ['lethal-strike'] }, { equipment: ['plate-armour'], rules: ['regeneration(4+)'] }, melee],
    ['Metalshifting, Multiple Wounds (D3+1) capped at W3', { attacks: 6, s: 1, rules: ['metalshifting', 'multiple-wounds(D3+1)'] }, { w: 3, models: 10, equipment: ['heavy-armour', 'shield'] }, melee],
    ['Random Attacks, Stomp, Grinding Attacks, Breath Weapon', { models: 2, files: 2, a: 2, rules: ['random-attacks(D6)', 'stomp(D3)', 'grinding-attacks(2)', 'breath-weapon(3)'] }, { models: 30 }, melee],
    ['Impact Hits with Scythes, Crush Attack', { troop: 'chariot', models: 2, files: 2, a: 3, rules: ['scythes', 'crush-attack'] }, { models: 30, w: 2 }, { ...melee, charging: 'attacker' }],
    ['Multiple Wounds on a lone W2 character', { models: 1, files: 1, a: 4, s: 5, rules: ['multiple-wounds(D3)'] }, { models: 1, files: 1, w: 2, a: 3, character: true }, { type: 'melee' }],
    ['Daemonic Instability with its re-roll, a war machine, Random Movement', { models: 20, files: 5, ws: 4, rules: ['random-movement(2D6+1)'] }, { models: 6, files: 3, rules: ['daemonic-instability'], 'hold-your-ground': true }, { type: 'melee' }],
    ['a champion in melee and in shooting, with Fear', { models: 10, files: 5, champion: true, ws: 3, rules: ['fear'] }, { models: 10, files: 5, champion: true, ld: 6 }, { type: 'melee' }],
    ['a champion shooting', { models: 10, files: 5, bs: 3, champion: true, equipment: ['crossbow'] }, { models: 12 }, { type: 'shooting' }],
    ['a war machine crew that breaks is destroyed', { models: 20, files: 5, ws: 4 }, { troop: 'war-machine', models: 3, files: 3, ld: 6 }, { type: 'melee' }],
    ['shooting at 7+ with poison, Gem of Fortune', { shots: 20, bs: 2, equipment: ['bow'], rules: ['poisoned-attacks'] }, { items: ['gem-of-fortune'] }, { type: 'shooting', 'long-range': true, moved: true }],
    ['poisoned shooting at 6+, Force Shield', { shots: 20, bs: 2, equipment: ['crossbow'], rules: ['poisoned-attacks'] }, { items: ['force-shield'] }, { type: 'shooting', 'long-range': true }],
  ];
  for (const [name, attacker, target, situation] of cases) it(name, () => agree(name, parse(attacker, target, situation)));
});

describe('ninth-age Monte Carlo agrees on the end-of-phase hits and the single-use items', () => {
  const hero = (fields: Record<string, unknown>) => ({ models: 1, files: 1, character: true, ws: 5, s: 4, t: 4, w: 3, i: 5, a: 3, ld: 8, ...fields });
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'Hellfire both ways: marks, break tests, pursuit, units finished at the end of the phase',
      { models: 5, files: 5, a: 2, t: 2, rules: ['hellfire'] },
      { models: 3, files: 3, t: 2, ld: 6, rules: ['hellfire'] },
      { type: 'melee' },
    ],
    [
      'Lightning Attack both ways between flying units, saves against the extra hits',
      { models: 5, files: 5, a: 2, rules: ['lightning-attack', 'fly(6)'], equipment: ['light-armour'] },
      { models: 4, files: 2, ld: 6, rules: ['fly(8)', 'lightning-attack'], equipment: ['shield'] },
      { type: 'melee', pursuit: false },
    ],
    [
      'Lucky Shield on a lone hero against rank and file, champion and mount striking at different steps',
      { troop: 'cavalry', models: 5, files: 5, champion: true, i: 5, equipment: ['lance', 'light-armour', 'shield'], mount: { ws: 3, s: 3, i: 5, a: 1, rules: [] } },
      hero({ items: ['lucky-shield'], equipment: ['heavy-armour'] }),
      { type: 'melee' },
    ],
    [
      'Lucky Charm on a lone hero, with and without a first failed save to spend it on',
      { models: 10, files: 5, s: 4 },
      hero({ items: ['lucky-charm'], equipment: ['plate-armour'] }),
      { type: 'melee', charging: 'none' },
    ],
    [
      'Gemstone Shielding against Lethal Strike and Holy Attacks, kept while Regeneration is better',
      { models: 10, files: 5, s: 4, rules: ['lethal-strike', 'holy-attacks'] },
      hero({ items: ['gemstone-shielding'], rules: ['regeneration(3+)', 'ward-save(5+)'] }),
      { type: 'melee' },
    ],
    [
      'a flying hero with all three items marked by Lightning Attack and Hellfire: the items against the end-of-phase hits',
      { models: 10, files: 5, s: 3, rules: ['lightning-attack', 'hellfire', 'lethal-strike'] },
      hero({ w: 6, rules: ['fly(6)', 'regeneration(4+)'], items: ['lucky-shield', 'lucky-charm', 'gemstone-shielding'], equipment: ['light-armour'] }),
      { type: 'melee', pursuit: false },
    ],
    [
      'a lone attacker with the items: the target strikes back at the bearer',
      hero({ a: 4, items: ['lucky-shield', 'lucky-charm', 'gemstone-shielding'], equipment: ['heavy-armour'], rules: ['hellfire'] }),
      { models: 8, files: 4, s: 4, rules: ['hellfire'] },
      { type: 'melee', charging: 'none', pursuit: false },
    ],
    [
      'shooting at a lone hero with the three items: rank and file, then the champion',
      { models: 10, files: 5, bs: 3, champion: true, equipment: ['crossbow'] },
      hero({ items: ['lucky-shield', 'lucky-charm', 'gemstone-shielding'], equipment: ['light-armour'] }),
      { type: 'shooting' },
    ],
  ];
  for (const [name, attacker, target, situation] of cases) it(name, () => agree(name, parse(attacker, target, situation)));
});
