/**
 * The exact engine shares a round's attack plans between scenarios of one shape (melee-shape.ts):
 * the id must ignore exactly the units' losses, and the attack groups must not read them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { meleeGroupsOf } from '../../../src/systems/ninth-age/melee-setup.js';
import { meleeShapeId } from '../../../src/systems/ninth-age/melee-shape.js';
import type { MeleeSituation, Scenario, Unit } from '../../../src/systems/ninth-age/model.js';
import { unitRecord } from '../../../src/systems/ninth-age/unit-record.js';
import { type Json, unit } from './helpers.js';

const melee = (attacker: Json, target: Json, situation: Json = {}): Scenario =>
  ninthAge.parse({ attacker: unit(attacker), target: unit(target), situation: { type: 'melee', charging: 'attacker', ...situation } });

const withLosses = (u: Unit, models: number, woundsLost: number): Unit => unitRecord({ ...u, models, woundsLost });

describe('meleeShapeId', () => {
  const s = melee({ w: 3, models: 30, rules: ['hatred'] }, { w: 2, models: 12, equipment: ['shield'] });

  it('is the same for the same units but for their losses, and for equal content in new objects', () => {
    const id = meleeShapeId(s);
    const other = melee({ models: 5 }, {});
    expect(meleeShapeId(other)).not.toBe(id);
    expect(meleeShapeId({ ...s, attacker: withLosses(s.attacker, 7, 2), target: withLosses(s.target, 1, 1) })).toBe(id);
    expect(meleeShapeId(other)).not.toBe(id);
    const copied = { attacker: unitRecord({ ...s.attacker, profile: { ...s.attacker.profile } }), target: unitRecord({ ...s.target }), situation: { ...s.situation } };
    expect(meleeShapeId(copied)).toBe(id);
  });

  it('differs when anything else differs', () => {
    const id = meleeShapeId(s);
    const variants: Scenario[] = [
      { ...s, attacker: unitRecord({ ...s.attacker, files: 6 }) },
      { ...s, attacker: unitRecord({ ...s.attacker, profile: { ...s.attacker.profile, ws: 4 } }) },
      { ...s, target: unitRecord({ ...s.target, defence: { ...s.target.defence, ward: 5 } }) },
      { ...s, target: unitRecord({ ...s.target, champion: true }) },
      { ...s, situation: { ...(s.situation as MeleeSituation), round: 2 } },
      { ...s, attacker: s.target, target: s.attacker },
    ];
    const ids = variants.map((v) => meleeShapeId(v));
    for (const v of ids) expect(v).not.toBe(id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

const profiles = fc.record({
  troop: fc.constantFrom('infantry', 'monstrous-infantry', 'cavalry', 'monster', 'swarm'),
  ws: fc.integer({ min: 1, max: 6 }),
  s: fc.integer({ min: 2, max: 6 }),
  w: fc.integer({ min: 1, max: 3 }),
  i: fc.integer({ min: 1, max: 6 }),
  a: fc.integer({ min: 1, max: 4 }),
  files: fc.integer({ min: 1, max: 6 }),
  champion: fc.boolean(),
  rules: fc.subarray(['hatred', 'poisoned-attacks', 'random-attacks(D3)', 'impact-hits(D3)', 'fear', 'fight-in-extra-rank', 'multiple-wounds(D3)']),
});

describe('meleeGroupsOf', () => {
  it('reads neither unit’s models nor wounds lost (fast-check)', () => {
    fc.assert(
      fc.property(profiles, profiles, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), (a, t, mA, mT, fearA) => {
        const s = melee({ ...a, models: 40 }, { ...t, models: 40 }, { round: 1 });
        const s2 = { ...s, attacker: withLosses(s.attacker, mA, mA % s.attacker.profile.w), target: withLosses(s.target, mT, (mT + 1) % s.target.profile.w) };
        // every group's label, step, and count and profile at every number of models alive, as text
        const text = (x: Scenario) => {
          const g = meleeGroupsOf(x, fearA, false);
          const parts: string[] = [];
          for (const side of [g.attacker, g.target])
            for (const list of [side.groups, side.groupsVsCharacter, side.groupsVsChampion])
              for (const e of list) for (let alive = 0; alive <= 41; alive++) parts.push(JSON.stringify([e.label, e.initiative, e.count(alive), e.profile(alive)]));
          return parts.join('\n');
        };
        expect(text(s2)).toBe(text(s));
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});
