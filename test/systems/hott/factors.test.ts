/**
 * Each side's factor (HC by the opponent's class plus the tactical factors) — rules/hott.md
 * §6.2–§6.5, with the readings of §8. Expected values are the HC of §4.2 plus the modifiers as
 * the file states them.
 */
import { describe, expect, it } from 'vitest';
import { parseHott } from '../../../src/systems/hott/schema.js';
import { combatFactors } from '../../../src/systems/hott/factors.js';

const factors = (input: unknown) => combatFactors(parseHott(input));
const close = (attacker: object, target: object, situation: object = {}) => factors({ attacker, target, situation });
const shoot = (attacker: object, target: object, situation: object = {}) =>
  factors({ attacker, target, situation: { mode: 'shooting', ...situation } });
const magic = (attacker: object, target: object, situation: object = {}) =>
  factors({ attacker, target, situation: { mode: 'magic', ...situation } });

describe('hott: HC by the opponent class (§6.2)', () => {
  it('HC1 against foot or a Stronghold, HC2 against mounted or aerial', () => {
    expect(close({ type: 'blades' }, { type: 'spears' })).toEqual({ attacker: 5, target: 4 });
    expect(close({ type: 'blades' }, { type: 'knights' })).toEqual({ attacker: 3, target: 3 });
    expect(close({ type: 'airboats' }, { type: 'knights' })).toEqual({ attacker: 3, target: 4 });
    // The Stronghold has 6 against everything; Blades use HC1 against it, −1 Muro.
    expect(close({ type: 'blades' }, { type: 'stronghold' })).toEqual({ attacker: 4, target: 6 });
    expect(close({ type: 'knights' }, { type: 'stronghold' })).toEqual({ attacker: 2, target: 6 });
  });
  it('Riders 3/3 by default, 2/2 as the option (ambiguity 2)', () => {
    expect(close({ type: 'riders' }, { type: 'knights' })).toEqual({ attacker: 3, target: 4 });
    expect(close({ type: 'riders' }, { type: 'knights' }, { 'riders-hc': '2/2' })).toEqual({ attacker: 2, target: 4 });
  });
});

describe('hott: close-combat modifiers (§6.3)', () => {
  it('+1 general', () => {
    expect(close({ type: 'blades', general: true }, { type: 'spears', general: true })).toEqual({ attacker: 6, target: 5 });
  });
  it('−2 in difficult terrain for its class; none on a gentle hill or a road', () => {
    expect(close({ type: 'blades', terrain: 'wood' }, { type: 'spears' }).attacker).toBe(3);
    expect(close({ type: 'blades', terrain: 'gentle-hill' }, { type: 'spears', terrain: 'road' })).toEqual({ attacker: 5, target: 4 });
    // A difficult hill or a marsh is not difficult for aerial elements (§4.5).
    expect(close({ type: 'flyers', terrain: 'difficult-hill' }, { type: 'flyers', terrain: 'marsh' })).toEqual({ attacker: 2, target: 2 });
  });
  it('−2 for mounted or aerial fighting an enemy in terrain difficult for them, once only', () => {
    expect(close({ type: 'knights' }, { type: 'blades', terrain: 'marsh' })).toEqual({ attacker: 1, target: 1 });
    expect(close({ type: 'knights', terrain: 'marsh' }, { type: 'blades', terrain: 'marsh' })).toEqual({ attacker: 1, target: 1 });
    // Foot never take it for the enemy's terrain.
    expect(close({ type: 'spears' }, { type: 'blades', terrain: 'marsh' })).toEqual({ attacker: 4, target: 3 });
    // Blades on a difficult hill: difficult for the Knights, not for the Flyers.
    expect(close({ type: 'knights' }, { type: 'blades', terrain: 'difficult-hill' }).attacker).toBe(1);
    expect(close({ type: 'flyers' }, { type: 'blades', terrain: 'difficult-hill' }).attacker).toBe(2);
    // A wood is difficult for aerial elements too.
    expect(close({ type: 'flyers' }, { type: 'blades', terrain: 'wood' }).attacker).toBe(0);
  });
  it('Explorers never take the −2 in difficult terrain; Beasts ignore the enemy-terrain −2 too unless the option says not (ambiguity 3)', () => {
    expect(close({ type: 'shooters', terrain: 'wood' }, { type: 'lurkers', terrain: 'marsh' })).toEqual({ attacker: 3, target: 2 });
    expect(close({ type: 'beasts' }, { type: 'blades', terrain: 'wood' }).attacker).toBe(3);
    expect(close({ type: 'beasts' }, { type: 'blades', terrain: 'wood' }, { 'explorer-ignores-enemy-terrain': false }).attacker).toBe(1);
    expect(close({ type: 'beasts', terrain: 'wood' }, { type: 'blades' }, { 'explorer-ignores-enemy-terrain': false }).attacker).toBe(3);
  });
  it('no terrain −2 for either side against a Stronghold (§6.6)', () => {
    expect(close({ type: 'knights', terrain: 'marsh' }, { type: 'stronghold' })).toEqual({ attacker: 2, target: 6 });
  });
  it('−1 per overlapped flank; overlaps ignored against a Dragon (Solitario)', () => {
    expect(close({ type: 'blades', overlaps: 1 }, { type: 'spears', overlaps: 2 })).toEqual({ attacker: 4, target: 2 });
    expect(close({ type: 'blades', overlaps: 2 }, { type: 'dragons', overlaps: 2 })).toEqual({ attacker: 3, target: 4 });
  });
  it('−1 rear harassment, in addition to overlaps (worst case −3, ambiguity 15)', () => {
    expect(close({ type: 'blades', overlaps: 2, 'rear-harassment': true }, { type: 'spears' }).attacker).toBe(2);
  });
  it('+1 rear support for Spears and Warbands (in difficult terrain it is refused by parse)', () => {
    expect(close({ type: 'spears', 'rear-support': true }, { type: 'warbands', 'rear-support': true })).toEqual({ attacker: 5, target: 4 });
    expect(close({ type: 'spears', 'rear-support': true, terrain: 'gentle-hill' }, { type: 'blades' }).attacker).toBe(5);
  });
  it('+1 height or river bank against a terrestrial opponent (against an aerial one it is refused by parse); both together +1', () => {
    expect(close({ type: 'blades', terrain: 'gentle-hill', higher: true }, { type: 'spears' }).attacker).toBe(6);
    expect(close({ type: 'blades', 'defending-bank': true }, { type: 'spears', terrain: 'river' })).toEqual({ attacker: 6, target: 2 });
    expect(
      close({ type: 'blades', terrain: 'gentle-hill', higher: true, 'defending-bank': true }, { type: 'spears', terrain: 'river' }).attacker,
    ).toBe(6);
  });
  it('Stronghold: −1 Muro to the enemy, −1 per support to the Stronghold (ambiguity 9)', () => {
    expect(close({ type: 'blades', supports: ['spears'] }, { type: 'stronghold' })).toEqual({ attacker: 4, target: 5 });
    expect(close({ type: 'blades', supports: ['spears', 'hordes'] }, { type: 'stronghold' })).toEqual({ attacker: 4, target: 4 });
  });
  it('−1 demoralised corps in large battles', () => {
    expect(close({ type: 'blades', demoralised: true }, { type: 'spears' })).toEqual({ attacker: 4, target: 4 });
  });
});

describe('hott: shooting modifiers (§6.4)', () => {
  it('the target uses HC1; +1 target general (a shooting general is refused by parse, ambiguity 12)', () => {
    expect(shoot({ type: 'shooters' }, { type: 'knights', general: true })).toEqual({ attacker: 4, target: 4 });
  });
  it('−1 to the target per supported flank of the shooter', () => {
    expect(shoot({ type: 'artillery', 'missile-support': 2 }, { type: 'blades' })).toEqual({ attacker: 4, target: 3 });
  });
  it('no terrain, overlap or rear modifiers in shooting (ambiguity 13)', () => {
    expect(shoot({ type: 'shooters' }, { type: 'blades', terrain: 'wood', 'rear-harassment': true })).toEqual({ attacker: 3, target: 5 });
  });
  it('−1 Muro to the shooter of a Stronghold; −1 demoralised either side (ambiguity 19)', () => {
    expect(shoot({ type: 'shooters' }, { type: 'stronghold' })).toEqual({ attacker: 2, target: 6 });
    expect(shoot({ type: 'shooters', demoralised: true }, { type: 'blades', demoralised: true })).toEqual({ attacker: 2, target: 4 });
  });
});

describe('hott: magic modifiers (§6.5)', () => {
  it('−1 per enhancer, no cap but the PIPs', () => {
    expect(magic({ type: 'magicians', enhancers: 4 }, { type: 'blades' })).toEqual({ attacker: 4, target: 1 });
  });
  it('weakened +2 by a wood or building, or by reason (b)/(c); never more than +2', () => {
    expect(magic({ type: 'magicians' }, { type: 'blades', terrain: 'wood' }).target).toBe(7);
    expect(magic({ type: 'magicians' }, { type: 'blades', terrain: 'marsh' }).target).toBe(5);
    expect(magic({ type: 'magicians' }, { type: 'heroes' }, { weakened: true }).target).toBe(7);
    expect(magic({ type: 'magicians' }, { type: 'heroes', terrain: 'built-up' }, { weakened: true }).target).toBe(7);
  });
  it('the Magician uses HC against the target class; −1 Muro', () => {
    expect(magic({ type: 'magicians' }, { type: 'stronghold' })).toEqual({ attacker: 3, target: 6 });
    expect(magic({ type: 'magicians' }, { type: 'flyers', general: true })).toEqual({ attacker: 4, target: 3 });
  });
});
