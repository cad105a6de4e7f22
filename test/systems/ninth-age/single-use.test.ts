/**
 * Single-use items of §11 on a one-model unit (the bearer is that model): Lucky Shield discards the
 * first hit it suffers while the shield is used, Lucky Charm re-rolls the first failed armour save,
 * Gemstone Shielding is a 4+ ward for the first wound it improves. Expected values are closed forms
 * written here from the rules.
 *
 * Baseline as in coverage.test.ts: WS3 vs WS3 (4+, 1/2), S3 vs T3 (4+, 1/2): a wound 1/4 per attack.
 * The bearer has W10, so no attack here can kill it and every wound shows.
 */
import { describe, expect, it } from 'vitest';
import { type Dist, mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { type Json, binomialPmf, oneSided, shooting } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

const bearer = (fields: Json) => ({ models: 1, files: 1, w: 10, ...fields });

function damage(attacker: Json, target: Json, situation: Json = {}): Dist {
  return ninthAge.exact(oneSided(attacker, bearer(target), { facing: 'flank', ...situation })).damage;
}

describe('Lucky Shield — the first hit suffered while using it is discarded', () => {
  // 3 attacks: H ~ Binomial(3, 1/2) hits, max(H − 1, 0) go on; each is unsaved on 1/2 · 5/6 (shield 6+)
  const onward = (k: number) => [0, 1, 2, 3].reduce((sum, h) => sum + binomialPmf(3, 1 / 2, h) * binomialPmf(Math.max(h - 1, 0), 5 / 12, k), 0);
  it('three attacks: one hit fewer whenever there is one', () => {
    const d = damage({ attacks: 3 }, { items: ['lucky-shield'] });
    for (let k = 0; k <= 2; k++) near(d[k], onward(k));
    near(mean(d), (3 / 2 - 1 + 1 / 8) * (5 / 12));
    near(mean(damage({ attacks: 3 }, { equipment: ['shield'] })), 3 * (1 / 2) * (5 / 12));
  });
  it('not while the shield is not used: with a great weapon in close combat (§8.1)', () => {
    near(mean(damage({ attacks: 3 }, { equipment: ['great-weapon'], items: ['lucky-shield'] })), 3 * (1 / 4));
  });
  it('a magic shield: no Parry (§8.1)', () => {
    // WS4 vs WS3 in the front: 3+, Parry would make it 4+; the first of the two attacks to hit is discarded
    near(mean(damage({ attacks: 2, ws: 4 }, { items: ['lucky-shield'] }, { facing: 'front' })), (2 / 3) * (2 / 3) * (1 / 2) * (5 / 6));
  });
  it('against shooting too: two shots, the first hit discarded', () => {
    const d = ninthAge.exact(shooting({ shots: 2, bs: 3, equipment: ['bow'] }, bearer({ items: ['lucky-shield'] }))).damage;
    near(mean(d), (1 / 4) * (1 / 2) * (5 / 6));
  });
  it('a discarded hit has no further effect: it marks nothing for Lightning Attack', () => {
    const d = damage({ attacks: 1, rules: ['lightning-attack'] }, { rules: ['fly(6)'], items: ['lucky-shield'] });
    near(d[0], 1);
  });
});

describe('Lucky Charm — one failed armour save re-rolled', () => {
  // heavy armour 5+ against S3: a save fails with f = 2/3. Two attacks: W ~ Binomial(2, 1/4) wounds;
  // F ~ Binomial(W, f) failures, the first re-rolled: U = F − 1 + Bernoulli(f) when F ≥ 1.
  const f = 2 / 3;
  const unsaved = (u: number) =>
    [0, 1, 2].reduce((sum, w) => {
      let p = 0;
      for (let fails = 0; fails <= w; fails++) {
        const q = binomialPmf(w, f, fails);
        if (fails === 0) p += u === 0 ? q : 0;
        else p += q * ((u === fails ? f : 0) + (u === fails - 1 ? 1 - f : 0));
      }
      return sum + binomialPmf(2, 1 / 4, w) * p;
    }, 0);
  it('two attacks against heavy armour', () => {
    const d = damage({ attacks: 2 }, { equipment: ['heavy-armour'], items: ['lucky-charm'] });
    for (let u = 0; u <= 2; u++) near(d[u], unsaved(u));
    near(mean(d), 2 * (1 / 4) * f - (1 - f) * (1 - (1 - f / 4) ** 2));
  });
  it('a die is re-rolled only once: after the Dusk Stone re-rolled it, the charm cannot (§1.2)', () => {
    near(mean(damage({ attacks: 2 }, { equipment: ['heavy-armour'], items: ['dusk-stone', 'lucky-charm'] })), 2 * (1 / 4) * f * f);
  });
  it('no armour save, nothing to re-roll', () => {
    near(mean(damage({ attacks: 2 }, { items: ['lucky-charm'] })), 2 * (1 / 4));
  });
});

describe('Gemstone Shielding — a 4+ ward against one wound after a failed (or no) armour save', () => {
  it('no armour: the first wound gets the 4+ ward', () => {
    // W ~ Binomial(2, 1/4); U = W − Bernoulli(1/2) when W ≥ 1
    const d = damage({ attacks: 2 }, { items: ['gemstone-shielding'] });
    near(d[0], 9 / 16 + (6 / 16) * (1 / 2));
    near(d[1], (6 / 16) * (1 / 2) + (1 / 16) * (1 / 2));
    near(d[2], (1 / 16) * (1 / 2));
  });
  it('only after a failed armour save: the first wound that heavy armour does not stop', () => {
    // R ~ Binomial(2, 1/4 · 2/3) wounds reach the ward step
    const r = (1 / 4) * (2 / 3);
    near(mean(damage({ attacks: 2 }, { equipment: ['heavy-armour'], items: ['gemstone-shielding'] })), 2 * r - (1 / 2) * (1 - (1 - r) ** 2));
  });
  it('one ward roll per wound (§4.8): it replaces a 5+ ward once, a 4+ or better ward makes it useless', () => {
    near(mean(damage({ attacks: 2 }, { rules: ['ward-save(5+)'], items: ['gemstone-shielding'] })), 2 * (1 / 4) * (2 / 3) - (1 - (3 / 4) ** 2) * (2 / 3 - 1 / 2));
    near(mean(damage({ attacks: 2 }, { rules: ['ward-save(4+)'], items: ['gemstone-shielding'] })), 2 * (1 / 4) * (1 / 2));
    near(mean(damage({ attacks: 2 }, { items: ['supreme-shielding', 'gemstone-shielding'] })), 2 * (1 / 4) * (1 / 2));
  });
  it('a ward: Holy Attacks re-roll its success (1/4)', () => {
    near(mean(damage({ attacks: 2, rules: ['holy-attacks'] }, { items: ['gemstone-shielding'] })), 2 * (1 / 4) - (1 / 4) * (1 - (3 / 4) ** 2));
  });
  it('kept for the wounds Regeneration cannot save: Lethal Strike natural 6s (§7)', () => {
    // Regeneration 3+ beats the 4+ ward except on a natural-6 wound (1/12 per attack), where the gem is used
    const normal = (1 / 2) * (1 / 3) * (1 / 3); // wound roll 4–5, Regeneration fails 1/3
    const lethal = (1 / 2) * (1 / 6);
    const d = damage({ attacks: 2, rules: ['lethal-strike'] }, { rules: ['regeneration(3+)'], items: ['gemstone-shielding'] });
    near(mean(d), 2 * (normal + lethal) - (1 - (1 - lethal) ** 2) * (1 / 2));
  });
  it('no saves of any kind: never against the Hellfire hits (§7)', () => {
    // Regeneration 3+ is better than the gem, so it is kept for later; the D6 S1 hits get no ward
    // (Unbreakable: a bearer caught in pursuit would be gone before the end of the phase)
    const u = (1 / 4) * (1 / 3);
    const d = damage({ attacks: 1, rules: ['hellfire'] }, { rules: ['regeneration(3+)', 'unbreakable'], items: ['gemstone-shielding'] });
    near(mean(d), u * (1 + 3.5 / 6));
  });
});
