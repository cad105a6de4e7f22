/**
 * The modifiers and rules of rules/age-of-sigmar.md §2, §5–§7 beyond the worked examples. Every
 * expected value is a closed form written here: one attack of a 4+/4+/Rend –/1 weapon against
 * no save deals 1 damage with probability P(hit) · 1/2.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { attackCount, exactOutcome } from '../../../src/systems/age-of-sigmar/exact.js';
import { parseScenario } from '../../../src/systems/age-of-sigmar/parse.js';
import { plan } from '../../../src/systems/age-of-sigmar/profile.js';
import { clawlord, frac } from './fixtures.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);
const blade = { name: 'blade', attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 };
const gun = { ...blade, name: 'gun', type: 'ranged', range: '12"' };
const noSave = { models: 1, health: 10, save: 'none' };

/** P(1 damage) of one attack. */
function pDamage(weapon: object, target: object = noSave, situation: object = {}): number {
  return exactOutcome(parseScenario({ attacker: { models: 1, weapons: [weapon] }, target, situation })).damage[1] ?? 0;
}

describe('Companion and friendly modifiers, ambiguity A4 (§5)', () => {
  const companion = { ...blade, abilities: ['companion'] };
  it('core wording: a friendly −1 still applies to a Companion weapon (P(hit) 2/6)', () =>
    close(pDamage(companion, noSave, { 'hit-modifier': -1 }), (2 / 6) * (1 / 2)));
  it('Spearhead wording: a Companion weapon ignores it (P(hit) 3/6)', () =>
    close(pDamage(companion, noSave, { 'hit-modifier': -1, pack: 'spearhead' }), (3 / 6) * (1 / 2)));
  it('a friendly +1 never applies to a Companion weapon, but does to others', () => {
    close(pDamage(companion, noSave, { 'hit-modifier': 1 }), (3 / 6) * (1 / 2));
    close(pDamage(blade, noSave, { 'hit-modifier': 1 }), (4 / 6) * (1 / 2));
    close(pDamage(companion, noSave, { 'wound-modifier': 1 }), (3 / 6) * (3 / 6));
  });
  it('All-out Attack does apply to a Companion weapon (Órdenes 6.0)', () =>
    close(pDamage(companion, noSave, { 'all-out-attack': true }), (4 / 6) * (1 / 2)));
});

describe('hit and wound modifier cap ±1 (17.1)', () => {
  it('+3 to wound is +1: wound 4+ becomes 3+', () => close(pDamage(blade, noSave, { 'wound-modifier': 3 }), (3 / 6) * (4 / 6)));
  it('−3 to hit is −1, and a 6 still hits: hit 4+ becomes 5+', () => close(pDamage(blade, noSave, { 'hit-modifier': -3 }), (2 / 6) * (1 / 2)));
});

describe('cover, Guarded Hero and Covering Fire (§6, §7)', () => {
  it('cover is −1 to hit in melee too (A12)', () => close(pDamage(blade, noSave, { cover: true }), (2 / 6) * (1 / 2)));
  it('no cover for a unit with FLY or one that charged', () => {
    close(pDamage(blade, { ...noSave, keywords: ['fly'] }, { cover: true }), (3 / 6) * (1 / 2));
    close(pDamage(blade, noSave, { cover: true, 'target-charged': true }), (3 / 6) * (1 / 2));
  });
  const hero = { ...noSave, keywords: ['hero', 'cavalry'] };
  it('Guarded Hero: −1 for shooting at a HERO', () => close(pDamage(gun, hero, { ability: 'shoot', 'guarded-hero': true }), (2 / 6) * (1 / 2)));
  it('Guarded Hero: not in melee, not for a MONSTER or WAR MACHINE — no −1 where it cannot apply (a note says so)', () => {
    close(pDamage(blade, hero, { 'guarded-hero': true }), (3 / 6) * (1 / 2));
    for (const big of ['monster', 'war-machine']) close(pDamage(gun, { ...noSave, keywords: ['hero', big] }, { ability: 'shoot', 'guarded-hero': true }), (3 / 6) * (1 / 2));
  });
  it('Covering Fire: −1 to hit, Companion weapons included (core wording)', () =>
    close(pDamage({ ...gun, abilities: ['companion'] }, noSave, { ability: 'shoot', 'covering-fire': true }), (2 / 6) * (1 / 2)));
});

describe('Rend and saves (§2.4, §5)', () => {
  const save3 = { ...noSave, save: '3+' };
  const antis = { ...blade, abilities: ['anti-charge(+1 rend)', 'anti-hero(+1 rend)'] };
  it('Anti abilities stack: +2 Rend against a HERO that charged, save 3+ needs 5+', () =>
    close(pDamage(antis, { ...save3, keywords: ['hero'] }, { 'target-charged': true }), (3 / 6) * (1 / 2) * (4 / 6)));
  it('only the Anti that matches applies', () => close(pDamage(antis, { ...save3, keywords: ['hero'] }), (3 / 6) * (1 / 2) * (3 / 6)));
  it('the same Anti-X twice counts once (Rule of One, 5.3): +1 Rend, save 3+ needs 4+', () => {
    const twice = { ...blade, abilities: ['anti-hero(+1 rend)', 'anti-hero(+1 rend)'] };
    close(pDamage(twice, { ...save3, keywords: ['hero'] }), (3 / 6) * (1 / 2) * (3 / 6));
  });
  it('an unmodified 1 always fails a save: 2+ with +1 still fails on a 1', () =>
    close(pDamage(blade, { ...noSave, save: '2+' }, { 'all-out-defence': true }), (3 / 6) * (1 / 2) * (1 / 6)));
});

describe('Champion (Miniaturas de mando 1.0, A5)', () => {
  const count = (attacker: object) => attackCount(plan(parseScenario({ attacker, target: noSave })).groups[0]);
  it('CHAMPION (1/10): one Champion per 10 models, +1 Attacks each', () => {
    const c = count({ models: 25, keywords: ['champion(1/10)'], weapons: [blade] });
    expect(c.length).toBe(28);
    close(c[27], 1);
  });
  it('a weapon only some models carry is not the Champion\'s unless stated', () => {
    const some = { ...blade, models: 1 };
    close(count({ models: 5, keywords: ['champion'], weapons: [some] })[1], 1);
    close(count({ models: 5, keywords: ['champion'], weapons: [{ ...some, champion: true }] })[2], 1);
  });
  it('random Attacks roll per model: 2 models with D3 Attacks make 2D3 (+1 Champion)', () => {
    const c = count({ models: 2, keywords: ['champion'], weapons: [{ ...blade, attacks: 'D3' }] });
    [0, 0, 0, 1 / 9, 2 / 9, 3 / 9, 2 / 9, 1 / 9].forEach((p, k) => close(c[k] ?? 0, p));
  });
});

describe('wards and mortal damage sources (§4.4, §6)', () => {
  const outcome = (target: object, situation: object) => exactOutcome(parseScenario({ attacker: { models: 1, weapons: [blade] }, target, situation }));
  it('Mystic Shield gives WARD (6+): each point kept with 5/6', () => close(mean(outcome(noSave, { 'mystic-shield': true }).damage), (1 / 4) * (5 / 6)));
  it('only the best ward counts: Ward 5+ stays 5+ under Mystic Shield', () =>
    close(mean(outcome({ ...noSave, ward: '5+' }, { 'mystic-shield': true }).damage), (1 / 4) * (4 / 6)));
  it('Place of Power: on a 1, D3 mortal on the hero, then Ward 6+ (EX10(a) times 1/6)', () => {
    const d = outcome(clawlord, { ability: 'place-of-power' }).damage;
    close(d[0], 5 / 6 + (1 / 6) * frac('43/648'));
    close(d[3], (1 / 6) * frac('125/648'));
  });
  it('miscast: two 1s on 2D6, then D3 mortal on the wizard', () => {
    const d = outcome({ ...noSave, keywords: ['hero', 'wizard'] }, { ability: 'miscast' }).damage;
    close(mean(d), (1 / 36) * 2);
  });
  it('Power Through: D3 mortal damage, slays a 1-Health model per point', () => {
    const o = exactOutcome(
      parseScenario({ attacker: { ...clawlord }, target: { models: 2, health: 1, save: '4+' }, situation: { ability: 'power-through', charged: true } }),
    );
    close(o.slain![2], 2 / 3);
    close(o.destroyed!, 2 / 3);
  });
});

describe('Crit (2 Hits) with one shared Damage roll on a weapon that cannot wound', () => {
  // Wound 6+ with −1 needs a 7 (§2.4): no attack ever wounds, so nothing gets through; this was NaN.
  const cannotWound = { ...blade, hit: '4+', wound: '6+', damage: 'D3', attacks: 2, abilities: ['crit-2-hits'] };
  const situation = { 'crit-2-hits-damage': 'shared', 'wound-modifier': -1 };
  it('deals 0 damage with probability 1, slays nothing, destroys nothing', () => {
    const o = exactOutcome(parseScenario({ attacker: { models: 1, weapons: [cannotWound] }, target: { models: 2, health: 2, save: '4+' }, situation }));
    for (const d of [o.damage, o.slain!]) {
      expect(Array.from(d).every(Number.isFinite)).toBe(true);
      close(d[0], 1);
      close(d.reduce((a, b) => a + b, 0), 1);
    }
    expect(o.destroyed).toBe(0);
  });
  it('the same weapon wounding on 6+ (no modifier): one attack, one shared D3, closed form', () => {
    // Per hit through = 1/6 · 1/2 (save 4+). A crit (1/6) scores 2 hits, a 4 or 5 (2/6) one hit.
    const s = 1 / 12;
    const o = exactOutcome(parseScenario({
      attacker: { models: 1, weapons: [{ ...cannotWound, attacks: 1 }] },
      target: { models: 1, health: 10, save: '4+' },
      situation: { 'crit-2-hits-damage': 'shared' },
    }));
    const one = (2 / 6) * s + (1 / 6) * 2 * s * (1 - s); // exactly one hit through: D3 once
    const both = (1 / 6) * s * s; // both hits through: twice one D3
    close(o.damage[1], one / 3);
    close(o.damage[2], one / 3 + both / 3);
    close(o.damage[3], one / 3);
    close(o.damage[4], both / 3);
    close(o.damage[5], 0);
    close(o.damage[6], both / 3);
  });
});
