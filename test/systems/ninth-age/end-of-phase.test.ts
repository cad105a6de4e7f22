/**
 * Hellfire and Lightning Attack (§7): D6 extra hits at the end of the phase on a unit marked during
 * it. They never count towards the combat result (A25); the end of the phase comes after the break
 * test, flee and pursuit (§4.1), so a unit that fled still takes them and a unit caught in pursuit
 * does not. Expected values are closed forms written here from the rules.
 *
 * Baseline as in coverage.test.ts: WS3 vs WS3 (4+, 1/2), S3 vs T3 (4+, 1/2).
 */
import { describe, expect, it } from 'vitest';
import { mean } from '../../../src/core/dist.js';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { type Json, binomialPmf, oneSided, shooting, unit } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

/** P(K = k) when K ~ Binomial(N, q) and N is one D6 (the D6 extra hits, each wounding with q). */
const d6Binomial = (q: number, k: number) => [1, 2, 3, 4, 5, 6].reduce((sum, n) => sum + (k <= n ? binomialPmf(n, q, k) : 0), 0) / 6;

/** E[x^N] for N one D6: P(none of the D6 hits wounds) when each fails with probability x. */
const noneOfD6 = (x: number) => [1, 2, 3, 4, 5, 6].reduce((sum, n) => sum + x ** n, 0) / 6;

/** Both units strike (oneSided keeps the target's attacks out). */
const bothStrike = (attacker: Json, target: Json, situation: Json = {}) =>
  ninthAge.parse({ attacker: unit(attacker), target: unit(target), situation: { type: 'melee', ...situation } });

describe('Hellfire — §7: D6 S1 hits with no saves of any kind after an unsaved wound', () => {
  // plate armour (4+) and a 4+ ward stop the attack itself, never the extra hits (S1 vs T3: 6+);
  // Unbreakable: the losing unit stays on the table for the end of the phase
  const target = { models: 40, equipment: ['plate-armour'], rules: ['ward-save(4+)', 'unbreakable'] };
  const situation = { facing: 'flank', pursuit: false };
  it('one attack: unsaved 1/16, then 1 + Binomial(D6, 1/6) wounds', () => {
    const d = ninthAge.exact(oneSided({ attacks: 1, rules: ['hellfire'] }, target, situation)).damage;
    const u = (1 / 2) * (1 / 2) * (1 / 2) * (1 / 2);
    near(d[0], 1 - u);
    for (let k = 0; k <= 6; k++) near(d[1 + k], u * d6Binomial(1 / 6, k));
    near(mean(d), u * (1 + 3.5 / 6));
    near(mean(ninthAge.exact(oneSided({ attacks: 1 }, target, situation)).damage), u);
  });
  it('once per phase, after at least one unsaved wound however many there were', () => {
    // five attacks: U ~ Binomial(5, 1/16) unsaved wounds; one D6 of extra hits when U ≥ 1
    const u = 1 / 16;
    near(mean(ninthAge.exact(oneSided({ attacks: 5, rules: ['hellfire'] }, target, situation)).damage), 5 * u + (1 - (1 - u) ** 5) * (3.5 / 6));
  });
  it('A25: the extra wounds do not score; a unit that fled still takes them, a unit caught in pursuit does not', () => {
    // A lone attacker against eight models four wide (no ranks): 1/4 to win by 1, else a draw. Ld 0
    // always breaks; caught when the 2D6 pursuit is at least the 2D6 flee roll: 721/1296 (Example 12).
    const attacker = { models: 1, files: 1, attacks: 1 };
    const eight = { models: 8, files: 4, ld: 0 };
    const plain = ninthAge.exact(oneSided(attacker, eight, { charging: 'none' }));
    const hellfire = ninthAge.exact(oneSided({ ...attacker, rules: ['hellfire'] }, eight, { charging: 'none' }));
    expect(hellfire.morale).toEqual(plain.morale);
    const caught = 721 / 1296;
    near(hellfire.morale!.draw, 3 / 4);
    near(hellfire.morale!['breaks-caught'], (1 / 4) * caught);
    near(hellfire.morale!['breaks-escapes'], (1 / 4) * (1 - caught));
    // the escaping unit takes 1 + Binomial(D6, 1/6) wounds, the caught one only its 1
    near(hellfire.damage[1], (1 / 4) * caught + (1 / 4) * (1 - caught) * d6Binomial(1 / 6, 0));
    near(mean(hellfire.damage), 1 / 4 + (1 / 4) * (1 - caught) * (3.5 / 6));
    near(hellfire.destroyed!, (1 / 4) * caught);
  });
  it("the extra hits can finish the unit: its last model falling at the end of the phase is 'destroyed'", () => {
    // a lone W2 target: one unsaved wound (1/4) loses the round by 1, Ld 0 breaks; the Ld 7 winner
    // restrains on 21/36, else pursues and catches on 721/1296 (§12.3); a target that escaped dies to
    // any wound of the D6 S1 hits
    const s = oneSided({ models: 1, files: 1, attacks: 1, rules: ['hellfire'] }, { models: 1, files: 1, w: 2, ld: 0 }, { charging: 'none', pursuit: false });
    const o = ninthAge.exact(s);
    const survives = noneOfD6(5 / 6);
    const caught = (15 / 36) * (721 / 1296);
    near(o.morale!['breaks-caught'], (1 / 4) * caught);
    near(o.morale!.destroyed, (1 / 4) * (1 - caught) * (1 - survives));
    near(o.morale!['breaks-escapes'], (1 / 4) * (1 - caught) * survives);
    near(o.morale!.draw, 3 / 4);
    near(o.destroyed!, (1 / 4) * (caught + (1 - caught) * (1 - survives)));
    near(o.slain![1], (1 / 4) * (1 - caught) * (1 - survives));
  });
  it("the target's Hellfire attacks mark the attacker: 'attacker-destroyed' when its last model falls", () => {
    // a lone W2 attacker without attacks; the target's one Hellfire attack wins by 1 on 1/4, the
    // attacker then tests on Ld 7 − 1 = 6 (15/36); if it breaks, the Ld 7 target restrains on 21/36,
    // else catches it on 721/1296 (§12.3); held or fled, it takes the D6 S1 hits
    const s = bothStrike({ models: 1, files: 1, w: 2, attacks: 0 }, { models: 8, files: 4, attacks: 1, rules: ['hellfire'] }, { charging: 'none', pursuit: false });
    const m = ninthAge.exact(s).morale!;
    const survives = noneOfD6(5 / 6);
    const caught = (15 / 36) * (721 / 1296);
    near(m.draw, 3 / 4);
    near(m['attacker-breaks-caught'], (1 / 4) * (21 / 36) * caught);
    near(m['attacker-destroyed'], (1 / 4) * (1 - (21 / 36) * caught) * (1 - survives));
    near(m['attacker-holds'], (1 / 4) * (15 / 36) * survives);
    near(m['attacker-breaks-escapes'], (1 / 4) * (21 / 36) * (1 - caught) * survives);
  });
  it("when the target lost, its own result is reported even if the attacker then falls to the extra hits", () => {
    const s = bothStrike(
      { models: 1, files: 1, w: 2, attacks: 0 },
      { models: 8, files: 4, attacks: 1, ld: 0, rules: ['hellfire'] },
      { charging: 'none', pursuit: false, 'attacker-bonus': 3 },
    );
    // the target (Ld 0) breaks; the Ld 7 attacker restrains on 21/36, else catches it on 721/1296
    const caught = (15 / 36) * (721 / 1296);
    near(ninthAge.exact(s).morale!['breaks-escapes'], 1 - caught);
    near(ninthAge.exact(s).morale!['breaks-caught'], caught);
  });
  it('a rule of the model acts on its close-combat attacks only: shooting is unchanged (§7, §5.3)', () => {
    const bow = { shots: 4, bs: 3, equipment: ['bow'] };
    near(mean(ninthAge.exact(shooting({ ...bow, rules: ['hellfire'] }, { models: 40 })).damage), 4 * (1 / 4));
  });
});

describe('Lightning Attack — §7: D6 S4 hits on a unit with Fly hit during the phase', () => {
  // heavy armour: 5+ against the S3 attack (fails 2/3), 6+ against the S4 extra hits (fails 5/6)
  const flyers = { models: 40, rules: ['fly(6)', 'unbreakable'], equipment: ['heavy-armour'] };
  const situation = { facing: 'flank', pursuit: false };
  it('a hit marks the unit even when it then fails to wound; the extra hits are saved normally', () => {
    const d = ninthAge.exact(oneSided({ attacks: 1, rules: ['lightning-attack'] }, flyers, situation)).damage;
    // hit 1/2; given a hit the attack itself is unsaved on 1/2 · 2/3 = 1/3; each extra hit 2/3 · 5/6 = 5/9
    const extra = (k: number) => d6Binomial(5 / 9, k);
    near(d[0], 1 / 2 + (1 / 2) * (2 / 3) * extra(0));
    for (let k = 1; k <= 7; k++) near(d[k], (1 / 2) * ((2 / 3) * extra(k) + (1 / 3) * extra(k - 1)));
    near(mean(d), (1 / 2) * (1 / 3 + 3.5 * (5 / 9)));
  });
  it('no effect on a unit without Fly', () => {
    near(mean(ninthAge.exact(oneSided({ attacks: 1, rules: ['lightning-attack'] }, { models: 40, equipment: ['heavy-armour'] }, situation)).damage), (1 / 4) * (2 / 3));
  });
  it("a mount's Lightning Attack marks the unit too", () => {
    const rider = { troop: 'cavalry', models: 1, files: 1, a: 0, mount: { ws: 3, s: 3, i: 3, a: 1, rules: ['lightning-attack'] } };
    near(mean(ninthAge.exact(oneSided(rider, flyers, situation)).damage), (1 / 2) * (1 / 3 + 3.5 * (5 / 9)));
  });
});
