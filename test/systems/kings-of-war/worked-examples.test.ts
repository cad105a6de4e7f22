/**
 * Every worked example of rules/kings-of-war.md §12, to 1e-9 where the file gives a fraction
 * or a closed form, and to its printed 6 decimals (±5e-7) where it gives only decimals.
 */
import { describe, expect, it } from 'vitest';
import { diceDist, parseDice } from '../../../src/core/dice.js';
import { mean } from '../../../src/core/dist.js';
import { successes, successesOf } from '../../../src/systems/kings-of-war/exact-dice.js';
import { nerveTest } from '../../../src/systems/kings-of-war/nerve.js';
import type { NervePlan } from '../../../src/systems/kings-of-war/plan.js';
import { priorDamage } from '../../../src/systems/kings-of-war/prior.js';
import { binomialPmf, choose, exact, expectPmf, near, sumFrom } from './helpers.js';

const DECIMALS = 5e-7;
const fresh = {};
const nerve = (waver: number | null, rout: number, rerollRout = false, modifier = 0): NervePlan => ({
  nerve: { waver, rout },
  modifier,
  rerollRout,
});

describe('WE1: flank charge, Crushing Strength', () => {
  const out = exact({ att: 10, me: '4+', rules: ['crushing-strength(1)'] }, fresh, { attack: 'melee', charge: 'flank' });
  it('Binomial(20, 1/3), every entry of the table', () => {
    const table = [
      1048576 / 3486784401, 10485760 / 3486784401, 49807360 / 3486784401, 49807360 / 1162261467, 105840640 / 1162261467,
      169345024 / 1162261467, 211681280 / 1162261467, 211681280 / 1162261467, 171991040 / 1162261467, 343982080 / 3486784401,
      189190144 / 3486784401, 85995520 / 3486784401, 10749440 / 1162261467, 3307520 / 1162261467, 826880 / 1162261467,
      165376 / 1162261467, 25840 / 1162261467, 3040 / 1162261467, 760 / 3486784401, 40 / 3486784401, 1 / 3486784401,
    ];
    expectPmf(out.damage, table);
    near(mean(out.damage), 20 / 3);
  });
  it('tails', () => {
    near(sumFrom(out.damage, 5), 986166235 / 1162261467);
    near(sumFrom(out.damage, 8), 393458651 / 1162261467);
    near(sumFrom(out.damage, 10), 320420753 / 3486784401);
  });
});

describe('WE2: same attack, attacker Elite', () => {
  const out = exact({ att: 10, me: '4+', rules: ['crushing-strength(1)', 'elite'] }, fresh, { attack: 'melee', charge: 'flank' });
  it('per die 7/18: Binomial(20, 7/18), mean 70/9', () => {
    expectPmf(out.damage, binomialPmf(20, 7 / 18));
    near(mean(out.damage), 70 / 9);
    near(sumFrom(out.damage, 8), 577577398063277302430411 / 1062353018033006514536448);
  });
  it('printed decimals and tails', () => {
    const decimals = [0.000053, 0.000672, 0.00406, 0.015503, 0.041929, 0.085384, 0.135837, 0.172884, 0.178778, 0.15169, 0.106183, 0.061428, 0.029318, 0.011481, 0.003653, 0.00093, 0.000185, 0.000028, 0.000003];
    expectPmf(out.damage.slice(0, 19), decimals, DECIMALS);
    expect(out.damage[19] + out.damage[20]).toBeLessThan(5e-7);
    near(sumFrom(out.damage, 5), 0.937782, DECIMALS);
    near(sumFrom(out.damage, 10), 0.213209, DECIMALS);
  });
});

describe('WE3: Vicious instead of Elite; then both', () => {
  const elite = exact({ rules: ['crushing-strength(1)', 'elite'] }, fresh, { attack: 'melee', charge: 'flank' });
  const vicious = exact({ rules: ['crushing-strength(1)', 'vicious'] }, fresh, { attack: 'melee', charge: 'flank' });
  const both = exact({ rules: ['crushing-strength(1)', 'elite', 'vicious'] }, fresh, { attack: 'melee', charge: 'flank' });
  it('Vicious gives exactly the distribution of WE2', () => {
    expectPmf(vicious.damage, binomialPmf(20, 7 / 18));
    expectPmf(vicious.damage, elite.damage);
  });
  it('Elite + Vicious: per die 49/108, mean 245/27', () => {
    expectPmf(both.damage, binomialPmf(20, 49 / 108));
    near(mean(both.damage), 245 / 27);
    near(sumFrom(both.damage, 8), 0.758556, DECIMALS);
    near(sumFrom(both.damage, 10), 0.421796, DECIMALS);
  });
});

describe('WE4: nerve test 14/16 with 6 damage', () => {
  it('plain: 7/12, 1/4, 1/6', () => {
    const o = nerveTest(6, nerve(14, 16));
    near(o.steady, 7 / 12);
    near(o.wavered, 1 / 4);
    near(o.routed, 1 / 6);
  });
  it('Inspiring: 49/72, 7/24, 1/36', () => {
    const o = nerveTest(6, nerve(14, 16, true));
    near(o.steady, 49 / 72);
    near(o.wavered, 7 / 24);
    near(o.routed, 1 / 36);
  });
});

describe('WE5: what kills this unit (WE1 against a fresh 14/16 regiment)', () => {
  const charge = { attack: 'melee', charge: 'flank' };
  const cs = ['crushing-strength(1)'];
  const noTest = 1048576 / 3486784401;
  it('plain', () => {
    const out = exact({ rules: cs }, fresh, charge);
    const t = out.outcomes!['nerve test'];
    near(t.none, noTest);
    near(t.steady, 60559760273 / 125524238436);
    near(t.wavered, 7235909888 / 31381059609);
    near(t.routed, 35983089875 / 125524238436);
    near(out.destroyed!, 35983089875 / 125524238436);
    near(out.morale!.steady, noTest + 60559760273 / 125524238436);
  });
  it('target Inspiring', () => {
    const t = exact({ rules: cs }, { rules: ['inspiring'] }, charge).outcomes!['nerve test'];
    near(t.none, noTest);
    near(t.steady, 848056333757 / 1506290861232);
    near(t.wavered, 84873941312 / 282429536481);
    near(t.routed, 615361566937 / 4518872583696);
  });
  it('attacker Brutal (+1)', () => {
    const t = exact({ rules: [...cs, 'brutal'] }, fresh, charge).outcomes!['nerve test'];
    near(t.steady, 45741915025 / 125524238436);
    near(t.wavered, 2486877184 / 10460353203);
    near(t.routed, 49902048467 / 125524238436);
  });
});

describe('WE6: shooting that needs 7+ (half the dice)', () => {
  const archers = { ra: '4+', weapon: 'bows', me: '5+' };
  it('moved, cover, Stealthy: 5 dice at 6+, Binomial(5, 1/12)', () => {
    const out = exact(archers, { rules: ['stealthy'] }, { attack: 'shooting', order: 'advance', cover: true });
    expectPmf(out.damage, [161051 / 248832, 73205 / 248832, 6655 / 124416, 605 / 124416, 55 / 248832, 1 / 248832]);
    near(mean(out.damage), 5 / 12);
  });
  it('without Stealthy: 10 dice at 6+, mean 5/6, P(≥1) = 35979939623/61917364224', () => {
    const out = exact(archers, fresh, { attack: 'shooting', order: 'advance', cover: true });
    near(mean(out.damage), 5 / 6);
    near(sumFrom(out.damage, 1), 35979939623 / 61917364224);
  });
  it('Ra 5+ with only the moving penalty: mean 5/6', () => {
    const out = exact({ ...archers, ra: '5+' }, fresh, { attack: 'shooting', order: 'advance' });
    near(mean(out.damage), 5 / 6);
  });
});

describe('WE7: hindered charge into an Ensnare front; counter-charge', () => {
  const attacker = (me: string, rules: string[] = []) => ({ att: 12, me, rules: ['thunderous-charge(1)', ...rules] });
  const target = { rules: ['ensnare'] };
  const hinderedFront = { attack: 'melee', charge: 'front', hindered: 'difficult-terrain' };
  it('Me 4+: 12 dice at 6+, damage 4+ (TC lost), per die 1/12, mean 1', () => {
    const out = exact(attacker('4+'), target, hinderedFront);
    expectPmf(out.damage, binomialPmf(12, 1 / 12));
    near(mean(out.damage), 1);
    const decimals = [0.351996, 0.383995, 0.191998, 0.058181, 0.011901, 0.001731, 0.000184, 0.000014, 0.000001];
    expectPmf(out.damage.slice(0, 9), decimals, DECIMALS);
  });
  it('Me 5+: 6 dice at 6+, Binomial(6, 1/12); with Elite mean 7/12', () => {
    const out = exact(attacker('5+'), target, hinderedFront);
    expectPmf(out.damage, [1771561 / 2985984, 161051 / 497664, 73205 / 995328, 6655 / 746496, 605 / 995328, 11 / 497664, 1 / 2985984]);
    near(mean(out.damage), 1 / 2);
    near(mean(exact(attacker('5+', ['elite']), target, hinderedFront).damage), 7 / 12);
  });
  it('Me 4+ counter-charge: never hindered, TC kept, 12 dice, per die 2/9, mean 8/3', () => {
    const out = exact(attacker('4+'), target, { attack: 'melee', charge: 'counter-charge', hindered: 'difficult-terrain' });
    expectPmf(out.damage, binomialPmf(12, 2 / 9));
    near(mean(out.damage), 8 / 3);
  });
});

describe('WE8: Breath Attack(10) ignores every modifier', () => {
  it('moved, De 5+ in cover: Binomial(10, 1/6)', () => {
    const out = exact({ rules: ['breath-attack(10)'] }, { de: '5+' }, { attack: 'shooting', with: 'breath-attack', order: 'advance', cover: true });
    expectPmf(out.damage, [
      9765625 / 60466176, 9765625 / 30233088, 1953125 / 6718464, 390625 / 2519424, 546875 / 10077696, 21875 / 1679616,
      21875 / 10077696, 625 / 2519424, 125 / 6718464, 25 / 30233088, 1 / 60466176,
    ]);
    near(mean(out.damage), 5 / 3);
  });
});

describe("WE9: Kaba's Holy Hand Grenades (Blast D6, Piercing 2) and the other one-die artefacts", () => {
  it('moved: hit 5+, D6 hits each damaging De 5+ on 3+', () => {
    const out = exact({ artefact: 'kabas-holy-hand-grenades' }, { de: '5+' }, { attack: 'shooting', with: 'kabas-holy-hand-grenades', order: 'advance' });
    expectPmf(out.damage, [4556 / 6561, 181 / 2187, 58 / 729, 452 / 6561, 104 / 2187, 16 / 729, 32 / 6561]);
    near(mean(out.damage), 7 / 9);
  });
  it("Kevinar's Flying Hammer against De 4+: 5/12", () => {
    const out = exact({ artefact: 'kevinars-flying-hammer' }, fresh, { attack: 'shooting', with: 'kevinars-flying-hammer', order: 'advance', cover: true });
    near(mean(out.damage), 5 / 12);
  });
  it('War-bow of Kaba after moving against De 4+: 2/9; at 7+ it rolls 0 dice (A4)', () => {
    const bow = { artefact: 'war-bow-of-kaba' };
    near(mean(exact(bow, fresh, { attack: 'shooting', with: 'war-bow-of-kaba', order: 'advance' }).damage), 2 / 9);
    const none = exact(bow, { type: 'hero-infantry', size: undefined, rules: ['individual'] }, { attack: 'shooting', with: 'war-bow-of-kaba', order: 'advance', cover: true });
    expectPmf(none.damage, [1]);
    near(none.outcomes!['nerve test'].none, 1);
  });
});

describe('WE10: Lightning Bolt(5)', () => {
  it("Lightning Bolt(3) + Scarletmaw's Fenulian Amulet = 5 dice vs De 5+: Binomial(5, 1/4)", () => {
    const wizard = { type: 'hero-infantry', size: undefined, rules: ['lightning-bolt(3)', 'individual'], artefact: 'scarletmaws-fenulian-amulet' };
    const out = exact(wizard, { de: '5+' }, { attack: 'shooting', with: 'lightning-bolt' });
    expectPmf(out.damage, [243 / 1024, 405 / 1024, 135 / 512, 45 / 512, 15 / 1024, 1 / 1024]);
    near(mean(out.damage), 5 / 4);
  });
});

describe('WE11: Elite + Blade of Slashing; Vicious + Mace of Crushing', () => {
  it('Elite + Blade: hits mean 373465/59049, P(all 10 hit) = 40353607/2293235712', () => {
    const hits = successes(10, 4, true, true);
    near(mean(hits), 373465 / 59049);
    near(hits[10], 40353607 / 2293235712);
  });
  it('Elite + Blade: damage mean 373465/118098, P(≥5) = 645575475349/3522410053632, decimals', () => {
    const out = exact({ rules: ['elite'], artefact: 'blade-of-slashing' }, fresh, { attack: 'melee', charge: 'front' });
    near(mean(out.damage), 373465 / 118098);
    near(sumFrom(out.damage, 5), 645575475349 / 3522410053632);
    const decimals = [0.023861, 0.106237, 0.214947, 0.260838, 0.21084, 0.119053, 0.047774, 0.013525, 0.0026, 0.000308, 0.000017];
    expectPmf(out.damage, decimals, DECIMALS);
  });
  it('Vicious + Mace: damage mean 403419911/120932352, P(≥5) = 2252181042727/10567230160896', () => {
    const out = exact({ rules: ['vicious'], artefact: 'mace-of-crushing' }, fresh, { attack: 'melee', charge: 'front' });
    near(mean(out.damage), 403419911 / 120932352);
    near(sumFrom(out.damage, 5), 2252181042727 / 10567230160896);
  });
});

describe('WE12: Big Shield, front against flank', () => {
  const attacker = { att: 10, me: '3+', rules: ['crushing-strength(2)'] };
  const target = { rules: ['big-shield'] };
  it('front: De 6+, damage 4+, 10 dice, per die 1/3, mean 10/3', () => {
    const out = exact(attacker, target, { attack: 'melee', charge: 'front' });
    expectPmf(out.damage, binomialPmf(10, 1 / 3));
    near(mean(out.damage), 10 / 3);
  });
  it('flank: no Big Shield, damage 2+, 20 dice, per die 5/9, mean 100/9', () => {
    const out = exact(attacker, target, { attack: 'melee', charge: 'flank' });
    expectPmf(out.damage, binomialPmf(20, 5 / 9));
    near(mean(out.damage), 100 / 9);
  });
});

describe('WE13: extreme nerve tests', () => {
  it('14/16 carrying 20 damage: Routed 35/36, Steady 1/36; Inspiring 1225/1296 and 71/1296', () => {
    const plain = nerveTest(20, nerve(14, 16));
    near(plain.routed, 35 / 36);
    near(plain.steady, 1 / 36);
    const inspired = nerveTest(20, nerve(14, 16, true));
    near(inspired.routed, 1225 / 1296);
    near(inspired.steady, 71 / 1296);
  });
  it('Fearless -/16 with 10 damage: Routed 13/18, Steady 5/18', () => {
    const o = nerveTest(10, nerve(null, 16));
    near(o.routed, 13 / 18);
    near(o.steady, 5 / 18);
    near(o.wavered, 0);
  });
  it('14/16 with 1 damage: Wavered 1/36 (double 6 only)', () => {
    const o = nerveTest(1, nerve(14, 16));
    near(o.wavered, 1 / 36);
    near(o.steady, 35 / 36);
  });
  it('-/16 with 3 damage: always Steady (A6)', () => {
    near(nerveTest(3, nerve(null, 16)).steady, 1);
  });
});

describe('WE14: Thunderous Charge, Phalanx, hindrance', () => {
  const cavalry = { type: 'cavalry', size: 'regiment', att: 16, me: '3+', rules: ['thunderous-charge(2)'] };
  const front = { attack: 'melee', charge: 'front' };
  const battered = { damage: 4 };
  it('per die 5/9, mean 80/9, and the outcome fractions', () => {
    const out = exact(cavalry, battered, front);
    near(mean(out.damage), 80 / 9);
    const t = out.outcomes!['nerve test'];
    near(t.none, 4294967296 / 1853020188851841);
    near(t.steady, 2657460332412545 / 66708726798666276);
    near(t.wavered, 883384885903360 / 16677181699666569);
    near(t.routed, 20172524101272545 / 22236242266222092);
  });
  it('target Inspiring', () => {
    const t = exact(cavalry, { ...battered, rules: ['inspiring'] }, front).outcomes!['nerve test'];
    near(t.steady, 0.07177, DECIMALS);
    near(t.wavered, 0.092653, DECIMALS);
    near(t.routed, 2006644518677976905 / 2401514164751985936);
  });
  it('target Phalanx: TC lost, mean 16/3, P(rout) = 310616225/516560652', () => {
    const out = exact(cavalry, { ...battered, rules: ['phalanx'] }, front);
    near(mean(out.damage), 16 / 3);
    near(out.destroyed!, 310616225 / 516560652);
  });
  it('hindered: TC lost and −1 to hit, mean 4, P(rout) = 66777452609/154618822656', () => {
    const out = exact(cavalry, battered, { ...front, hindered: 'obstacle' });
    near(mean(out.damage), 4);
    near(out.destroyed!, 66777452609 / 154618822656);
  });
});

describe('WE15: Regeneration, Heal, Bane-chant, Headstrong, Yellow-Bellied', () => {
  it('Regeneration(5+) on 6 damage: each point stays with 4/6, mean 4', () => {
    const left = priorDamage({ damage: 6, regeneration: 5, heal: null });
    expectPmf(left, [1 / 729, 4 / 243, 20 / 243, 160 / 729, 80 / 243, 64 / 243, 64 / 729]);
    near(mean(left), 4);
  });
  it('Heal(3) on 6 damage: 3: 1/8, 4: 3/8, 5: 3/8, 6: 1/8, mean 9/2', () => {
    const left = priorDamage({ damage: 6, regeneration: null, heal: 3 });
    expectPmf(left, [0, 0, 0, 1 / 8, 3 / 8, 3 / 8, 1 / 8]);
    near(mean(left), 9 / 2);
  });
  it('Bane-chant(2) works with 3/4: mean damage 3/4·(with) + 1/4·(without)', () => {
    // Att 10 Me 4+ front vs De 4+: per die 1/4 without, 1/3 with +1 CS.
    const out = exact({}, fresh, { attack: 'melee', charge: 'front', 'bane-chant': 2 });
    near(mean(out.damage), (3 / 4) * (10 / 3) + (1 / 4) * (10 / 4));
  });
  it('Headstrong recovers with 1/2', () => {
    const out = exact({}, { rules: ['headstrong'], damage: 6 }, { attack: 'melee', charge: 'front' });
    const next = out.outcomes!['target next turn'];
    near(next.wavered, out.morale!.wavered / 2);
    near(next['not-wavered'], out.morale!.steady + out.morale!.wavered / 2);
  });
  it('Yellow-Bellied frontal charge goes in with 5/6', () => {
    const out = exact({ rules: ['yellow-bellied'] }, fresh, { attack: 'melee', charge: 'front' });
    near(mean(out.damage), (5 / 6) * (10 / 4));
    near(out.outcomes!['nerve test'].none, 1 / 6 + (5 / 6) * (3 / 4) ** 10);
  });
});

describe('WE16: Crystal Pendant of Retribution', () => {
  // 2D6 hits, each damaging a De 5+ unit on 2+ (Piercing 3).
  const pendant = successesOf(diceDist(parseDice('2D6')), 2, false, false);
  it('mean 35/6, and the closed form Σ_h P(2D6 = h)·Binomial(h, 5/6)', () => {
    near(mean(pendant), 35 / 6);
    const closed = new Array(13).fill(0);
    for (let h = 2; h <= 12; h++) {
      const ph = (6 - Math.abs(h - 7)) / 36;
      for (let k = 0; k <= h; k++) closed[k] += ph * choose(h, k) * (5 / 6) ** k * (1 / 6) ** (h - k);
    }
    expectPmf(pendant, closed);
  });
  it('printed decimals', () => {
    const decimals = [0.001111, 0.013331, 0.053296, 0.092927, 0.130475, 0.159691, 0.168093, 0.146862, 0.107626, 0.070385, 0.038133, 0.014954, 0.003115];
    expectPmf(pendant, decimals, DECIMALS);
  });
  it('in a scenario, the attacker suffers it exactly when the target routs (no nerve test follows)', () => {
    const out = exact({ de: '5+' }, { artefact: 'crystal-pendant-of-retribution', damage: 10 }, { attack: 'melee', charge: 'front' });
    const table = out.outcomes!['attacker damage'];
    const routed = out.destroyed!;
    for (let k = 0; k <= 12; k++) near(table[String(k)] ?? 0, (k === 0 ? 1 - routed : 0) + routed * pendant[k]);
  });
});

describe('WE17: shooting an Individual in cover, against a spell', () => {
  it('needs 6+, damage 5+, per die 1/18, mean 5/9, P(≥1) = 1554473326175/3570467226624', () => {
    const hero = { type: 'hero-infantry', size: undefined, de: '5+', rules: ['individual'] };
    const out = exact({ ra: '4+', weapon: 'bows' }, hero, { attack: 'shooting', cover: true });
    near(mean(out.damage), 5 / 9);
    near(sumFrom(out.damage, 1), 1554473326175 / 3570467226624);
  });
  it('Fireball(10) against the same hero: mean 5/3', () => {
    const hero = { type: 'hero-infantry', size: undefined, de: '5+', rules: ['individual'] };
    const out = exact({ rules: ['fireball(10)'] }, hero, { attack: 'shooting', with: 'fireball', cover: true });
    near(mean(out.damage), 5 / 3);
  });
});

describe('WE18: horde against horde', () => {
  it('Att 25, CS(1), Brutal, front of a fresh 21/23 horde', () => {
    const horde = { size: 'horde', nerve: '21/23' };
    const out = exact({ ...horde, att: 25, rules: ['crushing-strength(1)', 'brutal'] }, horde, { attack: 'melee', charge: 'front' });
    near(mean(out.damage), 25 / 3);
    const t = out.outcomes!['nerve test'];
    near(t.none, 33554432 / 847288609443);
    near(t.steady, 0.878626, DECIMALS);
    near(t.wavered, 665240810560 / 7625597484987);
    near(t.routed, 346676688835 / 10167463313316);
  });
});

describe('WE19: rout chance of a single nerve test by damage carried', () => {
  const column = (plan: NervePlan) => Array.from({ length: 21 }, (_, d) => nerveTest(d, plan).routed);
  it('14/16, 14/16 Inspiring, 21/23 and −/16 Fearless', () => {
    const r1416 = [0, 0, 0, 0, 1 / 36, 1 / 12, 1 / 6, 5 / 18, 5 / 12, 7 / 12, 13 / 18, 5 / 6, 11 / 12, 35 / 36, 35 / 36, 35 / 36, 35 / 36, 35 / 36, 35 / 36, 35 / 36, 35 / 36];
    expectPmf(column(nerve(14, 16)), r1416);
    expectPmf(column(nerve(null, 16)), r1416);
    expectPmf(
      column(nerve(14, 16, true)),
      [0, 0, 0, 0, 1 / 1296, 1 / 144, 1 / 36, 25 / 324, 25 / 144, 49 / 144, 169 / 324, 25 / 36, 121 / 144, 1225 / 1296, 1225 / 1296, 1225 / 1296, 1225 / 1296, 1225 / 1296, 1225 / 1296, 1225 / 1296, 1225 / 1296],
    );
    expectPmf(column(nerve(21, 23)), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 / 36, 1 / 12, 1 / 6, 5 / 18, 5 / 12, 7 / 12, 13 / 18, 5 / 6, 11 / 12, 35 / 36]);
  });
});

describe('WE20: Blast(D3)', () => {
  it('Att 2, Ra 4+, halted, Blast(D3), Piercing(1) against De 5+', () => {
    const out = exact({ att: 2, ra: '4+', weapon: 'war-engine', rules: ['blast(D3)', 'piercing(1)'] }, { de: '5+' }, { attack: 'shooting' });
    expectPmf(out.damage, [961 / 2304, 341 / 1152, 431 / 2304, 43 / 576, 47 / 2304, 5 / 1152, 1 / 2304]);
    near(mean(out.damage), 1);
  });
});
