/**
 * Published odds, the adjustments after the table lookup (rules/hott.md §7.8), and the readings
 * of §8 that are options. Expected numbers come from the rules file or from the 36 die pairs
 * enumerated here.
 */
import { describe, expect, it } from 'vitest';
import { parseHott } from '../../../src/systems/hott/schema.js';
import { hott } from '../../../src/systems/hott/index.js';
import { resultTable } from '../../../src/systems/hott/results.js';

const outcome = (input: unknown) => hott.exact(parseHott(input)).outcomes!;
const table = (input: unknown) => resultTable(parseHott(input));

/** The five cases over the 36 die pairs of d6+a against d6+b (≥ doubling). */
function enumerate(a: number, b: number, accept: (dA: number, dB: number) => boolean = () => true) {
  const c = { doubles: 0, wins: 0, ties: 0, loses: 0, doubled: 0 };
  for (let dA = 1; dA <= 6; dA++)
    for (let dB = 1; dB <= 6; dB++) {
      if (!accept(dA, dB)) continue;
      const tA = dA + a;
      const tB = dB + b;
      if (tA > tB) c[tA >= 2 * tB ? 'doubles' : 'wins'] += 1 / 36;
      else if (tB > tA) c[tB >= 2 * tA ? 'doubled' : 'loses'] += 1 / 36;
      else c.ties += 1 / 36;
    }
  return c;
}

/** A categorical table equal to the expected one (float sums within 1e-12). */
function expectTable(actual: Record<string, number>, expected: Record<string, number>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [k, v] of Object.entries(expected)) expect(actual[k], k).toBeCloseTo(v, 12);
}

function expectCombat(actual: Record<string, number>, expected: Record<string, number>): void {
  for (const [k, v] of Object.entries(expected)) expect(actual[k] ?? 0, k).toBeCloseTo(v, 12);
}

describe('hott: published odds', () => {
  it('factor 4 against factor 2: doubles 9/36, wins 17/36, ties 4/36, loses 6/36, is doubled 0/36 (Spears v Hordes)', () => {
    expectCombat(outcome({ attacker: { type: 'spears' }, target: { type: 'hordes' } }).combat, {
      doubles: 9 / 36,
      wins: 17 / 36,
      ties: 4 / 36,
      loses: 6 / 36,
      doubled: 0,
    });
  });
  it('factor 3 against factor 3: 2, 13, 6, 13, 2 (/36) (Warbands v Warbands)', () => {
    expectCombat(outcome({ attacker: { type: 'warbands' }, target: { type: 'barbaros' } }).combat, {
      doubles: 2 / 36,
      wins: 13 / 36,
      ties: 6 / 36,
      loses: 13 / 36,
      doubled: 2 / 36,
    });
  });
  it('factors from −4 to 7 agree with the enumeration of the 36 die pairs, negative totals included (§6.7)', () => {
    // Hordes 2 − 2 marsh − 2 overlaps − 1 rear − 1 demoralised = −4; Blades 5 + 1 general + 1 height = 7.
    const sides = [
      [{ type: 'hordes', overlaps: 2, 'rear-harassment': true, demoralised: true, terrain: 'marsh' }, -4],
      [{ type: 'hordes', overlaps: 1 }, 1],
      [{ type: 'spears' }, 4],
      [{ type: 'blades', general: true, terrain: 'gentle-hill', higher: true }, 7],
    ] as const;
    for (const [a, fa] of sides)
      for (const [b, fb] of sides) {
        if (a.type === 'blades' && b.type === 'blades') continue;
        expectCombat(outcome({ attacker: a, target: b }).combat, enumerate(fa, fb));
      }
  });
});

describe('hott: adjustments after the lookup (§7.8)', () => {
  it('1. an aerial winner captures a Stronghold only with ground-troop support', () => {
    expect(table({ attacker: { type: 'flyers' }, target: { type: 'stronghold' } })).toMatchObject({ targetBeaten: 'nothing', targetDoubled: 'nothing' });
    expect(table({ attacker: { type: 'flyers', supports: ['flyers'] }, target: { type: 'stronghold' } }).targetBeaten).toBe('nothing');
    expect(table({ attacker: { type: 'flyers', supports: ['hordes'] }, target: { type: 'stronghold' } })).toMatchObject({
      targetBeaten: 'captured',
      targetDoubled: 'captured',
    });
    // A Hero beaten by the Stronghold flees.
    expect(table({ attacker: { type: 'heroes' }, target: { type: 'stronghold' } }).attackerBeaten).toBe('flee');
  });
  it('2. Rematador: a general that must recoil from Sneakers is destroyed, only when only Sneakers touch it', () => {
    expect(table({ attacker: { type: 'sneakers' }, target: { type: 'spears', general: true } }).targetBeaten).toBe('destroyed');
    expect(table({ attacker: { type: 'sneakers' }, target: { type: 'spears' } }).targetBeaten).toBe('recoil');
    expect(
      table({ attacker: { type: 'sneakers' }, target: { type: 'spears', general: true }, situation: { 'only-sneakers-in-contact': false } }).targetBeaten,
    ).toBe('recoil');
    // Ambiguity 18: an aerial general doubled by Sneakers flees and is not converted; beaten it recoils and dies.
    expect(table({ attacker: { type: 'sneakers' }, target: { type: 'airboats', general: true } })).toMatchObject({
      targetBeaten: 'destroyed',
      targetDoubled: 'flee',
    });
  });
  it('3. recoil blocked turns R, F and L into X; rear harassment blocks it in every mode', () => {
    expect(table({ attacker: { type: 'blades' }, target: { type: 'lurkers', 'recoil-blocked': true } }).targetBeaten).toBe('destroyed');
    expect(table({ attacker: { type: 'blades' }, target: { type: 'sneakers', 'recoil-blocked': true } }).targetBeaten).toBe('destroyed');
    expect(table({ attacker: { type: 'blades', 'recoil-blocked': true }, target: { type: 'spears' } }).attackerBeaten).toBe('destroyed');
    expect(table({ attacker: { type: 'blades' }, target: { type: 'gods', 'recoil-blocked': true } }).targetBeaten).toBe('nothing');
    expect(
      table({ attacker: { type: 'shooters' }, target: { type: 'blades', 'rear-harassment': true }, situation: { mode: 'shooting' } }).targetBeaten,
    ).toBe('destroyed');
  });
  it('4. the shooter and the Magician ignore every defeat', () => {
    expect(table({ attacker: { type: 'shooters' }, target: { type: 'paladins' }, situation: { mode: 'shooting' } })).toMatchObject({
      attackerBeaten: 'nothing',
      attackerDoubled: 'nothing',
      targetBeaten: 'nothing',
      targetDoubled: 'destroyed',
    });
  });
  it('Knights that did not charge the Shooters this turn only recoil (ambiguity 7)', () => {
    expect(table({ attacker: { type: 'knights' }, target: { type: 'shooters' } }).attackerBeaten).toBe('destroyed');
    expect(table({ attacker: { type: 'knights' }, target: { type: 'shooters' }, situation: { charged: false } }).attackerBeaten).toBe('recoil');
    expect(table({ attacker: { type: 'shooters' }, target: { type: 'knights' } }).targetBeaten).toBe('recoil');
  });
});

describe('hott: readings offered as options (§8)', () => {
  it('ambiguity 6: the backfire hits only attacks on a Hero, Aerial Hero or Magician unless backfire-any-target', () => {
    const onHordes = (situation: object) => ({ attacker: { type: 'magicians' }, target: { type: 'hordes' }, situation: { mode: 'magic', ...situation } });
    // Magician d6+4 against Hordes d6+2 (HC1): beaten → recoil, doubled → destroyed (§7.7).
    const all = enumerate(4, 2);
    expect(all.doubles).toBeGreaterThan(0);
    const plain = outcome(onHordes({}));
    expectTable(plain.attacker, { nothing: 1 });
    expect(plain.target.recoil).toBeCloseTo(all.wins, 12);
    expect(plain.target.destroyed).toBeCloseTo(all.doubles, 12);
    const notOne = enumerate(4, 2, (dA) => dA !== 1);
    const any = outcome(onHordes({ 'backfire-any-target': true }));
    expect(any.attacker.vanished).toBeCloseTo(1 / 6, 12);
    expect(any.target.recoil).toBeCloseTo(notOne.wins, 12);
    expect(any.target.destroyed).toBeCloseTo(notOne.doubles, 12);
    expect(any.combat.wins).toBeCloseTo(all.wins, 12);
  });
  it('ambiguity 10: a Stronghold beaten by shooting is captured, or unaffected with shooting-can-capture false', () => {
    const input = (situation: object) => ({ attacker: { type: 'artillery' }, target: { type: 'stronghold' }, situation: { mode: 'shooting', ...situation } });
    // Artillery 4 − 1 Muro against 6: A wins when dA + 3 > dB + 6.
    const c = enumerate(3, 6);
    expect(outcome(input({})).target.captured).toBeCloseTo(c.wins + c.doubles, 12);
    expectTable(outcome(input({ 'shooting-can-capture': false })).target, { nothing: 1 });
  });
  it('ambiguity 4: doubled-never-milder makes a doubled Dragon or God suffer at least its beaten row', () => {
    // Paladin 6 against a Dragon 6 − 2 overlaps = 4: beaten → destroyed; doubled → flee (literal) or destroyed (option).
    const input = (situation: object) => ({ attacker: { type: 'paladins' }, target: { type: 'dragons', overlaps: 2 }, situation });
    const c = enumerate(6, 4);
    expect(c.doubles).toBeGreaterThan(0);
    expect(outcome(input({})).target.destroyed).toBeCloseTo(c.wins, 12);
    expect(outcome(input({})).target.flee).toBeCloseTo(c.doubles, 12);
    expect(outcome(input({ 'doubled-never-milder': true })).target.destroyed).toBeCloseTo(c.wins + c.doubles, 12);
    // Flyers (2) doubled by a Paladin flee; beaten they recoil: the harsher row is still flee.
    const flyers = (situation: object) => ({ attacker: { type: 'paladins' }, target: { type: 'flyers' }, situation });
    expect(outcome(flyers({ 'doubled-never-milder': true })).target).toEqual(outcome(flyers({})).target);
    const god = (situation: object) => ({ attacker: { type: 'clerics' }, target: { type: 'gods', overlaps: 2 }, situation });
    // Cleric HC2 4 against a God 6 − 2 overlaps = 4: doubled by a Cleric → flee (literal) or leave (option).
    const g = enumerate(4, 4);
    expect(outcome(god({})).target.flee).toBeCloseTo(g.doubles, 12);
    expect(outcome(god({})).target.leave).toBeCloseTo(g.wins, 12);
    expect(outcome(god({ 'doubled-never-milder': true })).target.leave).toBeCloseTo(g.wins + g.doubles, 12);
  });
});
