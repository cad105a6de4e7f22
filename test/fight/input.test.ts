/**
 * Bad fight input is one ScenarioError naming the field (the CLI prints it as one line, exit 2).
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/core/errors.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../src/systems/warhammer-fantasy/index.js';

const t9aUnit = { models: 10, files: 5, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
const whfbUnit = { models: 10, width: 5, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };

function t9aError(situation: Record<string, unknown>, attacker: Record<string, unknown> = t9aUnit): string {
  try {
    ninthAge.parse({ attacker, target: t9aUnit, situation: { type: 'fight', ...situation } });
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error('no error');
}

function whfbError(situation: Record<string, unknown>): string {
  try {
    warhammerFantasy.parse({ attacker: whfbUnit, target: whfbUnit, situation: { phase: 'fight', ...situation } });
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error('no error');
}

describe('fight input', () => {
  it('rounds must be 1..50', () => {
    for (const rounds of [0, 51, 2.5]) {
      expect(t9aError({ rounds })).toMatch(/^situation\.rounds: must be a whole number from 1 to 50/);
      expect(whfbError({ rounds })).toMatch(/^situation\.rounds: must be a whole number from 1 to 50/);
    }
  });

  it('a fight has no shooting keys and no round bookkeeping of its own', () => {
    expect(t9aError({ 'long-range': true })).toMatch(/long-range/);
    expect(whfbError({ round: 2 })).toMatch(/^situation\.round: a fight starts at round 1/);
    expect(whfbError({ 'previous-round-winner': 'attacker' })).toMatch(/^situation\.previous-round-winner:/);
    expect(whfbError({ 'long-range': true })).toMatch(/long-range/);
  });

  it('what a fight does not carry yet is named, never ignored', () => {
    expect(t9aError({}, { ...t9aUnit, rules: ['hellfire'] })).toMatch(/rule 'hellfire' is not supported yet/);
    expect(t9aError({}, { ...t9aUnit, attacks: 12 })).toMatch(/^attacker\.attacks: a fixed number of attacks cannot follow/);
    expect(t9aError({}, { ...t9aUnit, models: 1, files: 1, items: ['lucky-charm'] })).toMatch(/rule 'lucky-charm' is not supported yet/);
  });
});
