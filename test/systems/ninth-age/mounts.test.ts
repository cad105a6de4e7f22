/**
 * Multi-part models strike part by part — 9th Age §4.2: "each part strikes at its own I"; Grinding
 * Attacks at "the model's own I", so a mount's Grinding Attacks at the mount's Initiative (§6).
 * Expected values are closed forms written here from the to-hit and to-wound tables.
 */
import { describe, expect, it } from 'vitest';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { oneSided, unit } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

/**
 * A lone knight (T3, W1, no armour) whose rider (I5) has no attacks and whose mount has only
 * Grinding Attacks (1), against a lone I3 swordsman: WS3 vs WS3 hits on 4+ and S3 vs T3 wounds on
 * 4+, so the swordsman kills the knight on 1/4; the grinding hit (S4 vs T3) wounds on 3+ (2/3).
 */
function knightAgainstSwordsman(mountI: number, riderItems: string[] = []) {
  return ninthAge.parse({
    attacker: unit({ troop: 'cavalry', models: 1, files: 1, i: 5, a: 0, items: riderItems, mount: { ws: 3, s: 4, i: mountI, a: 0, rules: ['grinding-attacks(1)'] } }),
    target: unit({ models: 1, files: 1, i: 3 }),
    situation: { type: 'melee', charging: 'none' },
  });
}

describe("a mount's attacks at the mount's Initiative — §4.2, §6", () => {
  it('mount I2 grinds after the I3 swordsman: only if the knight survived (3/4 · 2/3)', () => {
    near(ninthAge.exact(knightAgainstSwordsman(2)).damage[1], (3 / 4) * (2 / 3));
  });
  it('mount I4 grinds first: 2/3, whatever the rider', () => {
    near(ninthAge.exact(knightAgainstSwordsman(4)).damage[1], 2 / 3);
  });
  it("mount I3 strikes together with the swordsman: simultaneous, 2/3; the rider's potion does not speed the mount", () => {
    near(ninthAge.exact(knightAgainstSwordsman(3)).damage[1], 2 / 3);
    near(ninthAge.exact(knightAgainstSwordsman(2, ['potion-of-swiftness'])).damage[1], (3 / 4) * (2 / 3));
  });
  it("a model's own Grinding Attacks at its own I, a profile change (Potion of Swiftness +3 I) included (§6)", () => {
    const ogre = (items: string[]) =>
      ninthAge.parse({
        attacker: unit({ models: 1, files: 1, i: 2, a: 0, items, rules: ['grinding-attacks(1)'], s: 4 }),
        target: unit({ models: 1, files: 1, i: 3 }),
        situation: { type: 'melee', charging: 'none' },
      });
    near(ninthAge.exact(ogre([])).damage[1], (3 / 4) * (2 / 3));
    near(ninthAge.exact(ogre(['potion-of-swiftness'])).damage[1], 2 / 3);
  });
});

describe("a mount's attacks with the mount's own WS — §2 (found by the brute-force witness)", () => {
  it('a WS4 horse under a WS1 rider hits a WS3 swordsman on 3+, not 5+', () => {
    // one mount attack: WS4 vs WS3 → 3+ (2/3); S3 vs T3 → 4+ (1/2); no armour
    const rider = { troop: 'cavalry', models: 1, files: 1, ws: 1, a: 0, mount: { ws: 4, s: 3, i: 3, a: 1, rules: [] } };
    near(ninthAge.exact(oneSided(rider, { models: 5, files: 5, ws: 3 }, { facing: 'flank' })).damage[1], (2 / 3) * (1 / 2));
  });
  it('a failed Fear test sets the whole unit to WS 1, mount included (§12.6)', () => {
    // the Ld 2 knights fail their Fear test on Ld 1 always: WS1 vs WS3 → 5+ (1/3)
    const rider = { troop: 'cavalry', models: 1, files: 1, ws: 1, a: 0, ld: 2, mount: { ws: 4, s: 3, i: 3, a: 1, rules: [] } };
    near(ninthAge.exact(oneSided(rider, { models: 5, files: 5, ws: 3, rules: ['fear'] }, { facing: 'flank' })).damage[1], (1 / 3) * (1 / 2));
  });
});
