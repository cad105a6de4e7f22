/**
 * The checklist of traps, rules/kings-of-war.md §13, one block per item. Expected numbers are
 * closed forms: dice × P(hit) × P(damage) for a mean, or the 2D6 counts of §6.2.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { successes } from '../../../src/systems/kings-of-war/exact-dice.js';
import { nerveTest } from '../../../src/systems/kings-of-war/nerve.js';
import { toDamage, toHit } from '../../../src/systems/kings-of-war/tables.js';
import { binomialPmf, exact, expectPmf, near } from './helpers.js';

const front = { attack: 'melee', charge: 'front' };
const meanOf = (a: Record<string, unknown>, t: Record<string, unknown>, s: Record<string, unknown>) => mean(exact(a, t, s).damage);

describe('§13.1 natural 1 always fails; no automatic 6', () => {
  it('a 2+ stays 2+ whatever the bonuses (Me 2+ with Brew of Sharpness hits 5/6)', () => {
    expect(toHit(1)).toEqual({ need: 2, halved: false });
    near(meanOf({ me: '2+', artefact: 'brew-of-sharpness' }, {}, front), 10 * (5 / 6) * (1 / 2));
  });
  it('needing 7+ (or 9+) to hit: half the dice on 6s, once (A2)', () => {
    expect(toHit(7)).toEqual({ need: 6, halved: true });
    expect(toHit(9)).toEqual({ need: 6, halved: true });
    // Me 6+, hindered, into an Ensnare front: 8+ → ⌊10/2⌋ = 5 dice at 6+, damage 4+.
    const out = exact({ me: '6+' }, { rules: ['ensnare'] }, { ...front, hindered: 'obstacle' });
    expectPmf(out.damage, binomialPmf(5, 1 / 12));
  });
  it('to damage: floor 2+; the hardest target in this rule set is 6+, never "cannot damage"', () => {
    expect(toDamage(0)).toBe(2);
    // De 6+ with Ensorcelled Armour stays 6+ (capped), and Big Shield sets 6+: still 1/6 per hit.
    near(meanOf({}, { type: 'hero-infantry', size: undefined, de: '6+', artefact: 'ensorcelled-armour', rules: ['big-shield'] }, front), 10 * (1 / 2) * (1 / 6));
  });
});

describe('§13.2 multipliers apply to attack dice', () => {
  const perDie = (1 / 2) * (1 / 2);
  it('front ×1, flank ×2, rear ×3', () => {
    near(meanOf({}, {}, front), 10 * perDie);
    near(meanOf({}, {}, { attack: 'melee', charge: 'flank' }), 20 * perDie);
    near(meanOf({}, {}, { attack: 'melee', charge: 'rear' }), 30 * perDie);
  });
  it('a war engine is hit ×3 from any side', () => {
    const engine = { type: 'war-engine', size: undefined };
    near(meanOf({}, engine, front), 30 * perDie);
    near(meanOf({}, engine, { attack: 'melee', charge: 'flank' }), 30 * perDie);
  });
  it('an Individual is never hit with a multiplier, even an individual war engine', () => {
    const hero = { type: 'hero-infantry', size: undefined, rules: ['individual'] };
    near(meanOf({}, hero, { attack: 'melee', charge: 'rear' }), 10 * perDie);
    near(meanOf({}, { type: 'war-engine', size: undefined, rules: ['individual'] }, { attack: 'melee', charge: 'rear' }), 10 * perDie);
  });
  it('an Individual attacker never multiplies, except ×3 against a war engine', () => {
    const hero = { type: 'hero-infantry', size: undefined, rules: ['individual'] };
    near(meanOf(hero, {}, { attack: 'melee', charge: 'rear' }), 10 * perDie);
    near(meanOf(hero, { type: 'war-engine', size: undefined }, front), 30 * perDie);
  });
  it('a counter-charge is ×1 (it always strikes the front)', () => {
    near(meanOf({}, {}, { attack: 'melee', charge: 'counter-charge' }), 10 * perDie);
  });
  it('A3: multiply then halve (Att 5 on a flank at 7+: 5 dice), or halve then multiply (4 dice)', () => {
    const situation = { attack: 'melee', charge: 'flank', hindered: 'obstacle' };
    const target = { rules: ['ensnare'] };
    // Me 6+, hindered: 7+ (Ensnare does not apply on a flank). Damage 4+.
    near(meanOf({ att: 5, me: '6+' }, target, situation), 5 * (1 / 12));
    near(meanOf({ att: 5, me: '6+' }, target, { ...situation, halving: 'before-multiplier' }), 4 * (1 / 12));
    near(meanOf({ att: 7, me: '6+' }, target, { ...situation, charge: 'rear', halving: 'before-multiplier' }), 9 * (1 / 12));
    near(meanOf({ att: 7, me: '6+' }, target, { ...situation, charge: 'rear' }), 10 * (1 / 12));
  });
});

describe('§13.3 Thunderous Charge lost when hindered, Disordered or against a Phalanx front', () => {
  const tc = { rules: ['thunderous-charge(2)'] };
  const kept = 10 * (1 / 2) * (5 / 6);
  const lost = 10 * (1 / 2) * (1 / 2);
  it('kept on a clean charge', () => near(meanOf(tc, {}, front), kept));
  it('lost when Disordered or Wavered (a Fury counter-charge)', () => {
    near(meanOf(tc, {}, { ...front, 'attacker-state': 'disordered' }), lost);
    near(meanOf({ rules: ['thunderous-charge(2)', 'fury'] }, {}, { attack: 'melee', charge: 'counter-charge', 'attacker-state': 'wavered' }), lost);
  });
  it('lost against a Phalanx front, kept on its flank', () => {
    near(meanOf(tc, { rules: ['phalanx'] }, front), lost);
    near(meanOf(tc, { rules: ['phalanx'] }, { attack: 'melee', charge: 'flank' }), 2 * kept);
  });
  it('hindered: −1 to hit at most, never on a counter-charge', () => {
    near(meanOf(tc, {}, { ...front, hindered: 'difficult-terrain' }), 10 * (1 / 3) * (1 / 2));
    near(meanOf(tc, {}, { attack: 'melee', charge: 'counter-charge', hindered: 'ends-on-obstacle' }), kept);
  });
});

describe('§13.4 damage accumulates; the test is taken only when damage was dealt', () => {
  it('an attack that can deal nothing leaves a heavily damaged unit untested', () => {
    // War-bow at 7+ rolls no dice (A4): the 15 damage already carried never forces a test.
    const out = exact({ artefact: 'war-bow-of-kaba' }, { damage: 15, rules: ['individual'], type: 'hero-infantry', size: undefined }, { attack: 'shooting', with: 'war-bow-of-kaba', order: 'advance', cover: true });
    near(out.outcomes!['nerve test'].none, 1);
    near(out.destroyed!, 0);
  });
  it('the test uses the total: 1 new point on 12 carried routs 35/36 of the time it is dealt', () => {
    const out = exact({ att: 1, me: '2+' }, { damage: 12 }, front);
    const dealt = (5 / 6) * (1 / 2);
    near(out.destroyed!, dealt * (35 / 36));
    expect(out.outcomes!['target damage']['12']).toBeCloseTo(1 - dealt, 12);
  });
});

describe('§13.5 double 1 holds, double 6 wavers', () => {
  const plan = { nerve: { waver: 14, rout: 16 }, modifier: 0, rerollRout: false };
  it('rout capped at 35/36 even with 40 damage and Brutal', () => near(nerveTest(40, { ...plan, modifier: 1 }).routed, 35 / 36));
  it('a double 6 that does not rout wavers, except on a Fearless unit (A6)', () => {
    near(nerveTest(0, plan).wavered, 1 / 36);
    near(nerveTest(0, { ...plan, nerve: { waver: null, rout: 16 } }).wavered, 0);
  });
});

describe('§13.6 Inspiring re-rolls only Routed results, once: r²', () => {
  const plan = { nerve: { waver: 14, rout: 16 }, modifier: 0, rerollRout: true };
  it('for every total, routed = r², wavered = w(1+r), steady = s(1+r)', () => {
    for (let d = 0; d <= 20; d++) {
      const once = nerveTest(d, { ...plan, rerollRout: false });
      const twice = nerveTest(d, plan);
      near(twice.routed, once.routed ** 2);
      near(twice.wavered, once.wavered * (1 + once.routed));
      near(twice.steady, once.steady * (1 + once.routed));
    }
  });
  it('every source gives the same single re-roll, and several do not stack', () => {
    const hero = { type: 'hero-infantry', size: undefined, damage: 5 };
    const routed = (t: Record<string, unknown>, inspired = false) => exact({}, { ...hero, ...t }, { ...front, inspired }).destroyed!;
    const one = routed({ rules: ['inspiring'] });
    expect(one).toBeLessThan(routed({}));
    near(routed({ rules: ['very-inspiring'] }), one);
    near(routed({ artefact: 'helm-of-confidence' }), one);
    near(routed({ artefact: 'inspiring-talisman' }), one);
    near(routed({}, true), one);
    near(routed({ rules: ['inspiring'], artefact: 'helm-of-confidence' }, true), one);
  });
});

describe('§13.7 breath, spells and the Hammer: fixed 4+, no modifiers, no halving, Elite re-rolls 1s', () => {
  it('breath with Elite, moved, target Stealthy Individual in cover: per die (7/12)(1/2)', () => {
    const target = { rules: ['stealthy', 'individual'], type: 'hero-infantry', size: undefined };
    near(meanOf({ rules: ['breath-attack(att)', 'elite'] }, target, { attack: 'shooting', with: 'breath-attack', order: 'advance', cover: true }), 10 * (7 / 12) * (1 / 2));
  });
  it("Kevinar's Hammer with Elite: (7/12)(5/6)", () => {
    near(meanOf({ rules: ['elite'], artefact: 'kevinars-flying-hammer' }, {}, { attack: 'shooting', with: 'kevinars-flying-hammer' }), (7 / 12) * (5 / 6));
  });
});

describe('§13.8 re-rolls: natural 1s only; one failed die never re-rolled twice (A7)', () => {
  it('Elite at 2+ leaves no failure a Blade of Slashing may take', () => {
    expectPmf(successes(10, 2, true, true), binomialPmf(10, 35 / 36));
  });
  it('Elite re-rolls only 1s: at 5+ it hits (1/3)(7/6) = 7/18', () => {
    expectPmf(successes(10, 5, true, false), binomialPmf(10, 7 / 18));
  });
  it('Blade of Slashing alone on 1 die: P(hit) = p + (1−p)p', () => {
    expectPmf(successes(1, 4, false, true), [1 / 4, 3 / 4]);
  });
  it('Elite + Blade on 1 die at 4+: a re-rolled 1 cannot be re-rolled again', () => {
    // Success: 1/2 + (1/6)(1/2); faces 2–3 (1/3) get the Blade's re-roll at 1/2.
    expectPmf(successes(1, 4, true, true), [1 - (7 / 12 + (1 / 3) * (1 / 2)), 7 / 12 + (1 / 3) * (1 / 2)]);
  });
});

describe('§13.9 Big Shield sets De 6+ through the front; it is not a +1', () => {
  it('a De 2+ unit with Big Shield is damaged on 6+ from the front, 2+ from the flank', () => {
    near(meanOf({}, { de: '2+', rules: ['big-shield'] }, front), 10 * (1 / 2) * (1 / 6));
    near(meanOf({}, { de: '2+', rules: ['big-shield'] }, { attack: 'melee', charge: 'flank' }), 20 * (1 / 2) * (5 / 6));
  });
  it('against shooting through its front arc only (A12)', () => {
    const bows = { ra: '4+', weapon: 'bows' };
    near(meanOf(bows, { rules: ['big-shield'] }, { attack: 'shooting' }), 10 * (1 / 2) * (1 / 6));
    near(meanOf(bows, { rules: ['big-shield'] }, { attack: 'shooting', arc: 'flank' }), 10 * (1 / 2) * (1 / 2));
  });
});

describe('§13.10 Nimble (Fly, Individual) ignores the moving penalty (A1, a toggle)', () => {
  const moved = { attack: 'shooting', order: 'advance' };
  const shooter = (rules: string[]) => ({ ra: '4+', weapon: 'bows', rules });
  it('Nimble, Fly and Individual shoot at 4+ after moving; others at 5+', () => {
    near(meanOf(shooter([]), {}, moved), 10 * (1 / 3) * (1 / 2));
    for (const rule of ['nimble', 'fly']) near(meanOf(shooter([rule]), {}, moved), 10 * (1 / 2) * (1 / 2));
    near(meanOf({ ...shooter(['individual']), type: 'hero-infantry', size: undefined }, {}, moved), 10 * (1 / 2) * (1 / 2));
  });
  it('with nimble-ignores-moving off, Nimble takes the −1', () => {
    near(meanOf(shooter(['nimble']), {}, { ...moved, 'nimble-ignores-moving': false }), 10 * (1 / 3) * (1 / 2));
  });
});
