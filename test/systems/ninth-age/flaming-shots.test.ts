/**
 * Flaming Attacks in shooting — 9th Age §5.3 keeps out of shooting only the model rules that say
 * "close-combat attacks"; the Flaming Attacks entry (§7) has no such limit. So a flaming shooter
 * re-rolls failed to-wound rolls against a Flammable target, denies Regeneration and meets
 * Fireborn's 2+ ward. A weapon's own rules stay with that weapon (Flaming Lance).
 *
 * 4 shots, BS3 (4+, 1/2), S3 bow vs T3 (4+, 1/2), no armour: 1/4 per shot unless stated.
 */
import { describe, expect, it } from 'vitest';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { type Json, binomialPmf, shooting } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

/** The damage of 4 shots equals Binomial(4, q). */
function binomialShots(attacker: Json, target: Json, q: number) {
  const d = ninthAge.exact(shooting({ shots: 4, bs: 3, equipment: ['bow'], ...attacker }, { models: 20, ...target })).damage;
  for (let k = 0; k <= 4; k++) near(d[k] ?? 0, binomialPmf(4, q, k));
}

describe('Flaming Attacks on shooting — §5.3, §7', () => {
  it('Flammable: failed wounds re-rolled, 1/2 · (1/2 + 1/2 · 1/2) = 3/8', () => {
    binomialShots({ rules: ['flaming-attacks'] }, { rules: ['flammable'] }, 3 / 8);
    binomialShots({ items: ['flaming-standard'] }, { rules: ['flammable'] }, 3 / 8);
    binomialShots({}, { rules: ['flammable'] }, 1 / 4);
  });
  it('Regeneration cannot be used against them: 1/4 instead of 1/4 · 1/2', () => {
    binomialShots({ rules: ['flaming-attacks'] }, { rules: ['regeneration(4+)'] }, 1 / 4);
    binomialShots({}, { rules: ['regeneration(4+)'] }, 1 / 8);
  });
  it("Fireborn's 2+ ward: 1/4 · 1/6", () => {
    binomialShots({ rules: ['flaming-attacks'] }, { rules: ['fireborn'] }, 1 / 24);
    binomialShots({ rules: ['flaming-attacks'] }, { items: ['dragonscale-helm'] }, (1 / 4) * (1 / 6) * (5 / 6)); // the helm's +1: 6+ save
    binomialShots({}, { rules: ['fireborn'] }, 1 / 4);
  });
  it("a Flaming Lance's rule stays with the lance: the rider's bow is not flaming", () => {
    binomialShots({ troop: 'cavalry', items: ['flaming-lance'] }, { rules: ['flammable'] }, 1 / 4);
  });
});
