/**
 * Every worked example of rules/age-of-sigmar.md §12 (EX1–EX16), reproduced by the exact engine.
 * Numbers given as fractions are checked within 1e-9; numbers the file gives only as 6-decimal
 * values are checked to that precision.
 */
import { describe, expect, it } from 'vitest';
import { binomial, mean, sumIid } from '../../../src/core/dist.js';
import { attackCount, attackDamage, exactOutcome, pool } from '../../../src/systems/age-of-sigmar/exact.js';
import { parseScenario } from '../../../src/systems/age-of-sigmar/parse.js';
import { plan } from '../../../src/systems/age-of-sigmar/profile.js';
import { HIT, countFaces } from '../../../src/systems/age-of-sigmar/tables.js';
import { clawlord, fangs, frac, grandhammer, halberd, liberators, pistol, squigHoppers, warhammer } from './fixtures.js';

const TOL = 1e-9;
const close = (actual: number, expected: number, tol = TOL) => expect(Math.abs(actual - expected)).toBeLessThan(tol);
/** A value printed with 6 decimals. */
const close6 = (actual: number, expected: number) => close(actual, expected, 5.000001e-7);
const at = (d: Float64Array, k: number) => d[k] ?? 0;

const outcome = (input: unknown) => exactOutcome(parseScenario(input));

describe('EX1: the rulebook attack example, Liberators against a Clawlord on Gnaw-beast', () => {
  const scenario = { attacker: liberators, target: clawlord, situation: { charged: true } };
  const o = outcome(scenario);
  it('allocated damage after Ward 6+ matches the table', () => {
    const table = [
      '426617388611968849/30359882774148562944',
      '303637748297381045/5059980462358093824',
      '109478962653119825/843330077059682304',
      '5783714523234474125/30359882774148562944',
      '2822211812663110625/13493281232954916864',
      '33395148561184375/187406683791040512',
      '1210445037091390625/10119960924716187648',
      '26667828029609375/421665038529841152',
      '58039567143359375/2248880205492486144',
      '59031994232421875/7589970693537140736',
      '16301969345703125/10119960924716187648',
      '683605029296875/3373320308238729216',
      '1407422119140625/121439531096594251776',
    ];
    expect(o.damage.length).toBe(13);
    table.forEach((p, k) => close(o.damage[k], frac(p)));
    close(mean(o.damage), 110 / 27);
  });
  it('the pool before wards: E = 44/9, P(0), P(6) and the 6-decimal values', () => {
    const before = pool(plan(parseScenario(scenario)));
    close(mean(before), 44 / 9);
    close(before[0], frac('5358972025/892616806656'));
    close(before[6], frac('12273557681/74384733888'));
    close6(before[4], 0.18168);
    close6(before[5], 0.193271);
    close6(before[7], 0.113617);
    close6(before[12], 0.000103);
  });
  it('P(Clawlord slain) and P(damaged but alive)', () => {
    close(o.destroyed!, frac('3993541280436640625/40479843698864750592'));
    close(o.slain![1], frac('3993541280436640625/40479843698864750592'));
    close(o.slain![0] - o.damage[0], frac('107752437700836454505/121439531096594251776'));
  });
  it('narrative: the save needs a 5+ and 5 of 8 warhammer dice hit with probability 1792/6561', () => {
    const [warhammers] = plan(parseScenario(scenario)).groups;
    expect(countFaces(warhammers.save)).toBe(2); // faces 5 and 6
    const pHitAny = (countFaces(warhammers.hit, HIT) + 1) / 6; // non-crit hits plus the crit face
    close(binomial(8, pHitAny)[5], 1792 / 6561);
    // Expected non-crit hits 4 and hits 5.33 from 8 attacks; 5 hits give 3.33 wounds; 3 saves succeed 1 time.
    close(8 * (countFaces(warhammers.hit, HIT) / 6), 4);
    close(8 * pHitAny, 16 / 3);
    close(5 * (countFaces(warhammers.wound) / 6), 10 / 3);
    close(3 * (countFaces(warhammers.save) / 6), 1);
  });
});

describe('EX2: one Gran martillo attack against Save 4+, with and without All-out Defence', () => {
  const one = (allOutDefence: boolean) =>
    attackDamage(
      plan(
        parseScenario({
          attacker: { models: 1, weapons: [{ ...grandhammer, attacks: 1 }] },
          target: { models: 1, health: 7, save: '4+' },
          situation: { 'all-out-defence': allOutDefence },
        }),
      ).groups[0],
    );
  it('no modifiers: (0,0) 5/9, mortal 2 with 1/6, normal 2 with 5/18, E 8/9', () => {
    const a = one(false);
    close(a.normal[0], 5 / 9);
    close(a.mortal[2], 1 / 6);
    close(a.normal[2], 5 / 18);
    close(mean(a.normal) + mean(a.mortal), 8 / 9);
  });
  it('All-out Defence: 5/8, 1/6 (mortal crits skip the save), 5/24, E 3/4', () => {
    const a = one(true);
    close(a.normal[0], 5 / 8);
    close(a.mortal[2], 1 / 6);
    close(a.normal[2], 5 / 24);
    close(mean(a.normal) + mean(a.mortal), 3 / 4);
  });
});

describe('EX3: Crit (Mortal) against a 2+ save with Ward 5+', () => {
  const target = { models: 1, health: 6, save: '2+', ward: '5+' };
  const scenario = { attacker: { models: 5, weapons: [warhammer] }, target };
  it('per attack: 1 mortal with 1/6, 1 normal with 1/9', () => {
    const a = attackDamage(plan(parseScenario(scenario)).groups[0]);
    close(a.mortal[1], 1 / 6);
    close(a.normal[1], 1 / 9);
  });
  it('E[pool] 25/9, E[allocated] 50/27, and 80/81 without the Crit ability', () => {
    close(mean(pool(plan(parseScenario(scenario)))), 25 / 9);
    const o = outcome(scenario);
    close(mean(o.damage), 50 / 27);
    close(mean(outcome({ attacker: { models: 5, weapons: [{ ...warhammer, abilities: [] }] }, target }).damage), 80 / 81);
  });
  it('allocated distribution and P(slain)', () => {
    const o = outcome(scenario);
    close(o.damage[0], frac('26559922791424/205891132094649'));
    [0.293181, 0.299845, 0.181724, 0.072277, 0.019712].forEach((p, i) => close6(o.damage[i + 1], p));
    close(o.destroyed!, frac('97491640625/22876792454961'));
  });
});

describe('EX4: Crit (2 Hits)', () => {
  const weapon = { name: 'hypothetical', attacks: 3, hit: '4+', wound: '4+', rend: '-', damage: 1, abilities: ['crit-2-hits'] };
  const scenario = { attacker: { models: 1, weapons: [weapon] }, target: { models: 1, health: 3, save: '5+' } };
  it('per attack: 43/54, 5/27, 1/54', () => {
    const a = attackDamage(plan(parseScenario(scenario)).groups[0]);
    close(a.normal[0], 43 / 54);
    close(a.normal[1], 5 / 27);
    close(a.normal[2], 1 / 54);
  });
  it('3 attacks: the distribution, E = 2/3, P(slain) = 505/19683', () => {
    const o = outcome(scenario);
    const expected = ['79507/157464', '9245/26244', '6149/52488', '895/39366', '143/52488', '5/26244', '1/157464'];
    expected.forEach((p, k) => close(o.damage[k], frac(p)));
    close(mean(o.damage), 2 / 3);
    close(o.destroyed!, 505 / 19683);
  });
});

describe('EX5: Crit (2 Hits) with Damage D3, ambiguity A3', () => {
  const weapon = { name: 'hypothetical', attacks: 1, hit: '3+', wound: '3+', rend: 1, damage: 'D3', abilities: ['crit-2-hits'] };
  const run = (reading: 'per-hit' | 'shared') =>
    outcome({
      attacker: { models: 1, weapons: [weapon] },
      target: { models: 1, health: 10, save: '4+' },
      situation: { 'crit-2-hits-damage': reading },
    }).damage;
  it('recommended: an independent D3 per hit', () => {
    const d = run('per-hit');
    ['161/243', '74/729', '230/2187', '238/2187', '8/729', '16/2187', '8/2187'].forEach((p, k) => close(d[k], frac(p)));
    close(mean(d), 20 / 27);
  });
  it('alternative: one shared D3', () => {
    const d = run('shared');
    ['161/243', '74/729', '82/729', '74/729', '8/729', '0/1', '8/729'].forEach((p, k) => close(at(d, k), frac(p)));
    close(mean(d), 20 / 27);
  });
});

describe('EX6: Crit (Auto-wound), random Attacks, Rend past 6 (Pistola amerratadora vs 5 Squig Hoppers)', () => {
  const scenario = { attacker: { models: 1, weapons: [pistol] }, target: squigHoppers, situation: { ability: 'shoot' } };
  const o = outcome(scenario);
  it('no save is possible, and each attack deals 1 with probability 1/2', () => {
    const [g] = plan(parseScenario(scenario)).groups;
    expect(countFaces(g.save)).toBe(0);
    const a = attackDamage(g);
    close(a.normal[1], 1 / 2);
  });
  it('damage distribution, E = 7/4', () => {
    ['21/128', '5/16', '33/128', '1/6', '29/384', '1/48', '1/384'].forEach((p, k) => close(o.damage[k], frac(p)));
    close(mean(o.damage), 7 / 4);
  });
  it('models slain, P(≥1) = 67/128, never destroyed', () => {
    ['61/128', '163/384', '37/384', '1/384'].forEach((p, k) => close(o.slain![k], frac(p)));
    close(1 - o.slain![0], 67 / 128);
    expect(o.destroyed).toBe(0);
  });
});

describe('EX7: D3 damage against a 2-Health unit, with spill-over', () => {
  const o = outcome({ attacker: { models: 1, weapons: [fangs] }, target: squigHoppers });
  it('total damage distribution, E = 8/3', () => {
    const expected = ['16/81', '32/243', '40/243', '440/2187', '721/6561', '580/6561', '394/6561', '160/6561', '91/6561', '40/6561', '10/6561', '4/6561', '1/6561'];
    expected.forEach((p, k) => close(o.damage[k], frac(p)));
    close(mean(o.damage), 8 / 3);
  });
  it('models slain, E = 269/243 (not the 8/9 of discarding excess damage)', () => {
    ['80/243', '800/2187', '1301/6561', '554/6561', '131/6561', '5/2187'].forEach((p, k) => close(o.slain![k], frac(p)));
    close(mean(o.slain!), 269 / 243);
    // Check printed in the file: P(0 slain) = (2/3)^4 + 4·(1/9)(2/3)^3.
    close(o.slain![0], (2 / 3) ** 4 + 4 * (1 / 9) * (2 / 3) ** 3);
  });
});

describe("EX8: the Clawlord's full melee against 5 Squig Hoppers", () => {
  const attacker = (damaged: number) => ({ ...clawlord, damaged });
  it('undamaged Clawlord: E 6, E[slain] 4337711/1594323, P(destroyed) 66257/531441', () => {
    const o = outcome({ attacker: attacker(0), target: squigHoppers });
    close(mean(o.damage), 6);
    close(mean(o.slain!), 4337711 / 1594323);
    close(o.destroyed!, 66257 / 531441);
  });
  it('Cornered Rat (halberd 8 attacks): E 8, E[slain] 152236357/43046721, P(destroyed) 4569451/14348907', () => {
    const o = outcome({ attacker: attacker(1), target: squigHoppers });
    close(mean(o.damage), 8);
    close(mean(o.slain!), 152236357 / 43046721);
    close(o.destroyed!, 4569451 / 14348907);
  });
  it('Cornered Rat + All-out Attack (fangs included)', () => {
    const o = outcome({ attacker: attacker(1), target: squigHoppers, situation: { 'all-out-attack': true } });
    close(mean(o.damage), 92 / 9);
    close(mean(o.slain!), frac('965458245671233/228509902503936'));
    close(o.destroyed!, frac('43266490972655/76169967501312'));
    [0.002639, 0.019539, 0.0668, 0.140235, 0.202762, 0.568026].forEach((p, k) => close6(o.slain![k], p));
  });
  it('check printed for the last case: 2·Bin(8, 5/6·1/2) from the halberd, 1, 2 or 3 with 4/27 each per fang attack', () => {
    const s = parseScenario({ attacker: { ...clawlord, damaged: 1 }, target: squigHoppers, situation: { 'all-out-attack': true } });
    const [halberdGroup, fangGroup] = plan(s).groups;
    close(attackCount(halberdGroup)[8], 1);
    close(attackDamage(halberdGroup).normal[2], (5 / 6) * (1 / 2));
    for (const k of [1, 2, 3]) close(attackDamage(fangGroup).normal[k], 4 / 27);
  });
});

describe('EX9: Ward 5+ with damage already on the unit', () => {
  const scenario = { attacker: { models: 1, weapons: [halberd] }, target: { models: 3, health: 3, save: '4+', ward: '5+', damaged: 1 } };
  it('pool before wards = 2·Bin(5, 2/9)', () => {
    const before = pool(plan(parseScenario(scenario)));
    const expected = ['16807/59049', '0/1', '24010/59049', '0/1', '13720/59049', '0/1', '3920/59049', '0/1', '560/59049', '0/1', '32/59049'];
    expected.forEach((p, k) => close(at(before, k), frac(p)));
  });
  it('after Ward 5+, slain with the counter at 1, E[slain] = 40/81', () => {
    const o = outcome(scenario);
    [0.332768, 0.20478, 0.255188, 0.107019, 0.069401, 0.020149, 0.008542, 0.001621, 0.000476, 0.000047, 0.000009].forEach((p, k) =>
      close6(o.damage[k], p),
    );
    ['624771875/1162261467', '167213800/387420489', '11743232/387420489', '618496/1162261467'].forEach((p, k) => close(o.slain![k], frac(p)));
    close(mean(o.slain!), 40 / 81);
  });
});

describe('EX10: mortal damage only, against Ward 6+ (Clawlord)', () => {
  it('(a) Retreat: D3 mortal damage, then the ward', () => {
    const o = outcome({ attacker: { models: 1 }, target: clawlord, situation: { ability: 'retreat' } });
    ['43/648', '85/216', '25/72', '125/648'].forEach((p, k) => close(o.damage[k], frac(p)));
    close(mean(o.damage), 5 / 3);
  });
  it('(b) ¡Boing! with 5 Squig Hoppers: Bin(5, 5/12)', () => {
    const o = outcome({ attacker: squigHoppers, target: clawlord, situation: { ability: 'boing-boing-boing' } });
    ['16807/248832', '60025/248832', '42875/124416', '30625/124416', '21875/248832', '3125/248832'].forEach((p, k) =>
      close(o.damage[k], frac(p)),
    );
    close(mean(o.damage), 25 / 12);
  });
});

describe('EX11: the hit-modifier cap with cover, Guarded Hero and All-out Attack', () => {
  const scenario = {
    attacker: clawlord,
    target: clawlord,
    situation: { ability: 'shoot', cover: true, 'guarded-hero': true, 'all-out-attack': true },
  };
  it('net −1: hits on 4+, crits on 6, P(1 damage) = 7/27 per attack', () => {
    const [g] = plan(parseScenario(scenario)).groups;
    expect(countFaces(g.hit, HIT)).toBe(2); // faces 4 and 5
    close(attackDamage(g).normal[1], 7 / 27);
  });
  it('E[allocated] = 245/324 and the distribution', () => {
    const o = outcome(scenario);
    close(mean(o.damage), 245 / 324);
    [0.464378, 0.360226, 0.136321, 0.033477, 0.005134, 0.000447, 0.000017].forEach((p, k) => close6(o.damage[k], p));
  });
});

describe('EX12: Charge (+1 Damage), Anti-HERO (+1 Rend) and Crit (Mortal) against All-out Defence', () => {
  const weapon = {
    name: 'hypothetical',
    attacks: 4,
    hit: '3+',
    wound: '3+',
    rend: 1,
    damage: 'D3',
    abilities: ['crit-mortal', 'charge(+1 damage)', 'anti-hero(+1 rend)'],
  };
  const scenario = { attacker: { models: 1, weapons: [weapon] }, target: clawlord, situation: { charged: true, 'all-out-defence': true } };
  it('per attack: P(0) = 11/18, P(2) = P(3) = P(4) = 7/54', () => {
    const a = attackDamage(plan(parseScenario(scenario)).groups[0]);
    close(a.normal[0], 11 / 18);
    for (const k of [2, 3, 4]) close(a.normal[k] + a.mortal[k], 7 / 54);
  });
  it('E[pool] 14/3, E[allocated] 35/9, P(slain)', () => {
    close(mean(pool(plan(parseScenario(scenario)))), 14 / 3);
    const o = outcome(scenario);
    close(mean(o.damage), 35 / 9);
    close(o.destroyed!, frac('4101249582518046875/23988055525253185536'));
  });
});

describe('EX13: finishing off a damaged unit', () => {
  it('Clawlord with 4 damage: P(slain) = 24170196240239994125/30359882774148562944', () => {
    const o = outcome({ attacker: liberators, target: { ...clawlord, damaged: 4 } });
    close(o.destroyed!, frac('24170196240239994125/30359882774148562944'));
  });
});

describe('EX14: Hit 6+ with −1, ambiguity A1', () => {
  const weapon = { name: 'hypothetical', attacks: 6, hit: '6+', wound: '4+', rend: 0, damage: 1, abilities: ['crit-mortal'] };
  const run = (sixAlwaysHits: boolean) =>
    outcome({
      attacker: { models: 1, weapons: [weapon] },
      target: { models: 1, health: 10, save: '4+' },
      situation: { cover: true, 'six-always-hits': sixAlwaysHits },
    }).damage;
  it('recommended: a 6 is always a crit, E = 1, P(≥1) = 31031/46656', () => {
    const d = run(true);
    close(mean(d), 1);
    close(1 - d[0], 31031 / 46656);
  });
  it('literal: 6 − 1 misses, E = 0', () => {
    const d = run(false);
    close(mean(d), 0);
    close(1 - d[0], 0);
  });
});

describe('EX15: the save cap with Rend, ambiguity A2', () => {
  const run = (rendInCap: boolean) =>
    outcome({
      attacker: { models: 1, weapons: [{ name: 'hypothetical', attacks: 1, hit: '3+', wound: '3+', rend: 1, damage: 1 }] },
      target: { models: 1, health: 2, save: '3+' },
      situation: { 'all-out-defence': true, 'save-modifier': 1, 'rend-in-save-cap': rendInCap },
    }).damage;
  it('recommended: min(+1, +2 − 1) = +1, P(1 damage) = 2/27', () => close(run(true)[1], 2 / 27));
  it('alternative: min(+1, +2) − 1 = 0, P(1 damage) = 4/27', () => close(run(false)[1], 4 / 27));
});

describe('EX16: Champion', () => {
  const scenario = {
    attacker: { models: 10, keywords: ['champion'], weapons: [{ name: 'hypothetical', attacks: 2, hit: '4+', wound: '4+', rend: '-', damage: 1 }] },
    target: { models: 20, health: 1, save: '5+' },
  };
  it('21 attacks, 1/6 each, E = 7/2, P(≥5 slain)', () => {
    const [g] = plan(parseScenario(scenario)).groups;
    const count = attackCount(g);
    expect(count.length).toBe(22);
    close(count[21], 1);
    close(attackDamage(g).normal[1], 1 / 6);
    const o = outcome(scenario);
    close(mean(o.damage), 7 / 2);
    const slain = o.slain!;
    close(1 - slain[0] - slain[1] - slain[2] - slain[3] - slain[4], frac('1937408432860327/7312316880125952'));
    // The same by a closed form: 21 attacks, each slays with probability 1/6.
    close(slain[5], sumIid(Float64Array.of(5 / 6, 1 / 6), 21)[5]);
  });
});
