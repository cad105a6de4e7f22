/**
 * Psychology in a round of close combat (§10, §11, §16.17), checked against E10 and closed forms.
 */
import { describe, it } from 'vitest';
import { warhammerFantasy as W } from '../../../src/systems/warhammer-fantasy/index.js';
import { near, scenario, unit } from './helpers.js';

const flees = (fates: Record<string, number> | undefined) => (fates?.breaks ?? 0) + (fates?.caught ?? 0);

describe('warhammer-fantasy psychology', () => {
  const A = unit({ models: 30, width: 5, ws: 4, s: 4, t: 4, ld: 8, armour: ['light', 'shield'], rules: ['standard', 'causes-fear'] });
  const B = unit({ models: 25, width: 5, armour: ['light', 'shield'], rules: ['standard'] });
  const aWinsE10c = 793902678976 / 847288609443;
  const pFailLd7 = 15 / 36; // 2D6 > 7

  it('§11 fear at the charge: B (Ld 7) fails on 15/36 and, outnumbered, flees before blows are struck (E10c otherwise)', () => {
    const o = W.exact(scenario(A, B, { charging: 'attacker' }));
    near(o.morale?.['flees-at-charge'], pFailLd7);
    near(o.outcomes?.combat['no-combat'], pFailLd7);
    near(o.outcomes?.combat['attacker-wins'], (1 - pFailLd7) * aWinsE10c);
  });

  it('§11 terror: a failed test means flight whatever the Unit Strengths', () => {
    const small = { ...A, models: 5, rules: ['causes-terror'] };
    near(W.exact(scenario(small, B, { charging: 'attacker' })).morale?.['flees-at-charge'], pFailLd7);
  });

  it('§11 frenzy: immune to psychology, so no fear test and no fear auto-break', () => {
    const frenzied = { ...B, a: 1, rules: ['standard', 'frenzy'] };
    const o = W.exact(scenario(A, frenzied, { charging: 'attacker' }));
    near(o.morale?.['flees-at-charge'] ?? 0, 0);
    // Beaten frenzied units take an ordinary break test, so some hold.
    const lost = o.outcomes?.combat['attacker-wins'] ?? 0;
    if (!(flees(o.morale) < lost - 0.01)) throw new Error(`frenzied unit fled ${flees(o.morale)} of ${lost}`);
  });

  it('§16.17 Stubborn does not prevent the fear auto-break', () => {
    const stubborn = W.exact(scenario(A, { ...B, rules: ['standard', 'stubborn'] }, { charging: 'attacker', 'fear-test': 'passed' }));
    near(flees(stubborn.morale), aWinsE10c);
  });

  it('§1 General: a unit within 30 cm tests on the General\'s Ld when higher', () => {
    // E10b with B on the General's Ld 9 instead of 7: Stubborn, P(flee) = P(A wins) · P(2D6 > 9) = P(A wins) · 6/36.
    const A10 = unit({ models: 20, width: 5, ws: 4, s: 4, t: 4, ld: 8, armour: ['light', 'shield'], rules: ['standard'] });
    const o = W.exact(scenario(A10, { ...B, rules: ['standard', 'stubborn', 'general(9)'] }, { charging: 'attacker' }));
    near(flees(o.morale), (5288806000 / 10460353203) * (6 / 36));
  });
});
