/**
 * The questions adapter (kills / compare / table): the scenario it builds, its table keys, and
 * what it counts as removal and breaking.
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { ninthAgeQuestions as q } from '../../../src/systems/ninth-age/questions.js';
import type { SituationFlags } from '../../../src/systems/types.js';
import { unit } from './helpers.js';

const flags = (more: Partial<SituationFlags> = {}): SituationFlags => ({ charge: false, flank: false, rear: false, shooting: false, extra: {}, ...more });
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

describe('ninth-age questions', () => {
  it('builds melee (charge, flank, rear) and shooting scenarios', () => {
    expect(q.scenario(unit(), unit(), flags({ charge: true, flank: true }))).toMatchObject({ situation: { type: 'melee', charging: 'attacker', facing: 'flank' } });
    expect(q.scenario(unit(), unit(), flags({ rear: true }))).toMatchObject({ situation: { type: 'melee', charging: 'none', facing: 'rear' } });
    expect(q.scenario(unit(), unit(), flags({ shooting: true, extra: { moved: true } }))).toMatchObject({ situation: { type: 'shooting', moved: true } });
  });
  it('only units with a missile weapon and BS shoot', () => {
    expect(q.canAttack(unit({ bs: 3, equipment: ['bow'] }), flags({ shooting: true }))).toBe(true);
    expect(q.canAttack(unit({ bs: 3, items: ['skull-splitter'] }), flags({ shooting: true }))).toBe(true);
    expect(q.canAttack(unit({ bs: 3 }), flags({ shooting: true }))).toBe(false);
    expect(q.canAttack(unit({ bs: 0, equipment: ['bow'] }), flags({ shooting: true }))).toBe(false);
  });
  it('capacity is the wound pool; break probability adds breaking and fleeing to destruction', () => {
    expect(q.capacity(unit({ models: 6, w: 3, 'wounds-lost': 2 }))).toBe(16);
    expect(q.breakProbability!({ damage: Float64Array.of(1), morale: { destroyed: 0.1, holds: 0.5, 'breaks-escapes': 0.2, 'breaks-caught': 0.2 } })).toBeCloseTo(0.5, 15);
  });
  it('the armour axis sets the save: 6+ light … 3+ plate and shield, 2+ with Innate Defence', () => {
    const hit = (armour: string) => {
      const target = q.tableKeys.armour.apply(unit({ equipment: ['heavy-armour', 'shield'], items: ['dragon-mantle'] }), armour);
      const s = ninthAge.parse(q.scenario(unit({ attacks: 6 }), target, flags({ flank: true })));
      return mean(ninthAge.exact(s).damage) / 6;
    };
    near(hit('none'), 1 / 4);
    for (const [armour, saved] of [['6+', 1], ['5+', 2], ['4+', 3], ['3+', 4], ['2+', 5]] as const) near(hit(armour), (1 / 4) * (1 - saved / 6));
  });
  it('the ward axis replaces any ward', () => {
    const target = q.tableKeys.ward.apply(unit({ rules: ['ward-save(6+)'] }), '4+');
    const s = ninthAge.parse(q.scenario(unit({ attacks: 6 }), target, flags({ flank: true })));
    near(mean(ninthAge.exact(s).damage) / 6, 1 / 8);
    expect(() => q.tableKeys.ward.check('7+')).toThrow(/2\+\.\.6\+/);
  });
  it('the default grid target and default targets parse', () => {
    expect(() => ninthAge.parse(q.scenario(unit(), q.defaultGrid.target, flags()))).not.toThrow();
    expect(q.defaultTargets.length).toBeGreaterThanOrEqual(5);
    expect(q.summary(unit({ troop: 'cavalry', equipment: ['lance'] }))).toBe('20× cavalry WS3 BS0 S3 T3 W1 I3 A1 Ld7, lance');
  });
});
