/**
 * Full ranks — 9th Age §4.3: a rank of at least 5 models (3 for Monstrous Ranks, 1 for Monster
 * Ranks) is full even when it is shorter than the unit's width; casualties come off the rear rank.
 * Full ranks feed the rank bonus, Steadfast, Disrupted, the flank/rear bonus (§12.1, §12.2) and
 * Impact Hits' Strength (§6); Horde (ranks 10+ wide, 6+ Monstrous) adds a supporting rank.
 *
 * Every expected value is computed here from those rules: ranks laid out model by model, 2D6 counted
 * over the 36 rolls, binomials written out.
 */
import { describe, expect, it } from 'vitest';
import { ninthAge } from '../../../src/systems/ninth-age/index.js';
import { binomialPmf, oneSided, unit } from './helpers.js';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-12);

/** The ranks of `alive` models `files` wide, front first: full ranks of `files`, the rest behind. */
function rankSizes(alive: number, files: number): number[] {
  const sizes: number[] = [];
  for (let left = alive; left > 0; left -= files) sizes.push(Math.min(files, left));
  return sizes;
}

/** Ranks of at least `full` models (§4.3). */
const fullRanksOf = (alive: number, files: number, full: number) => rankSizes(alive, files).filter((n) => n >= full).length;

/** P(2D6 ≤ ld), counted over the 36 rolls (§3.1). */
const pass = (ld: number) => {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= ld) ways++;
  return ways / 36;
};

const rankBonus = (ranks: number) => Math.min(3, Math.max(0, ranks - 1));

const FULL: Record<string, number> = { infantry: 5, 'monstrous-infantry': 3, chariot: 3, monster: 1 };

/** Every (models, files) pair of a troop type up to `maxModels`. */
function formations(maxModels: number, maxFiles: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let models = 1; models <= maxModels; models++) for (let files = 1; files <= Math.min(models, maxFiles); files++) out.push([models, files]);
  return out;
}

describe('full ranks — §4.3', () => {
  it('the rank bonus of every formation: a lone Ld 10 enemy tests on Ld 10 − (full ranks − 1)', () => {
    for (const troop of ['infantry', 'monstrous-infantry', 'monster']) {
      const max = troop === 'infantry' ? 24 : troop === 'monster' ? 5 : 14;
      for (const [models, files] of formations(max, troop === 'infantry' ? 11 : 7)) {
        // the enemy: cavalry (never stomped) and Immune to Psychology (no Fear of monsters)
        const lone = { troop: 'cavalry', models: 1, files: 1, attacks: 0, ld: 10, rules: ['immune-to-psychology'] };
        const s = oneSided({ troop, models, files, attacks: 0 }, lone, { charging: 'none' });
        const m = ninthAge.exact(s).morale!;
        const bonus = rankBonus(fullRanksOf(models, files, FULL[troop]));
        if (bonus === 0) near(m.draw, 1);
        else near(m.holds, pass(10 - bonus));
      }
    }
  });

  it('a 10-wide unit of 17 has two full ranks (10 and 7), 14 has one (10 and 4)', () => {
    const score = (models: number) => {
      const s = oneSided({ models, files: 10, attacks: 0 }, { models: 1, files: 1, attacks: 0, ld: 10 }, { charging: 'none' });
      return ninthAge.exact(s).morale!;
    };
    near(score(17).holds, pass(9));
    near(score(14).draw, 1);
  });

  it('Steadfast at every formation: more full ranks than the enemy ignores the −D', () => {
    // The lone attacker has no full rank and scores 5; the target scores its rank bonus and loses.
    for (const [models, files] of formations(24, 10)) {
      const s = oneSided({ models: 1, files: 1, attacks: 0 }, { models, files, attacks: 0, ld: 8 }, { charging: 'none', 'attacker-bonus': 5 });
      const ranks = fullRanksOf(models, files, 5);
      const d = 5 - rankBonus(ranks);
      near(ninthAge.exact(s).morale!.holds, ranks > 0 ? pass(8) : pass(8 - d));
    }
  });

  it('flank and rear bonus: +1 / +2, one more with a full rank, however narrow the rank is', () => {
    for (const facing of ['flank', 'rear'] as const)
      for (const [models, files] of formations(14, 10)) {
        const s = oneSided({ models, files, attacks: 0 }, { models: 1, files: 1, attacks: 0, ld: 10 }, { charging: 'none', facing });
        const ranks = fullRanksOf(models, files, 5);
        const d = rankBonus(ranks) + (facing === 'flank' ? 1 : 2) + (ranks >= 1 ? 1 : 0);
        near(ninthAge.exact(s).morale!.holds, pass(10 - d));
      }
  });

  it('Disrupted by a flanking enemy with two full ranks, counted on short ranks too', () => {
    // 30 models five wide: six full ranks, Steadfast against any attacker here unless Disrupted.
    for (const [models, files] of formations(20, 10)) {
      const s = oneSided({ models, files, attacks: 0 }, { models: 30, files: 5, attacks: 0, ld: 8 }, { charging: 'none', facing: 'flank', 'attacker-bonus': 6 });
      const ranks = fullRanksOf(models, files, 5);
      const d = 6 + rankBonus(ranks) + 1 + (ranks >= 1 ? 1 : 0) - 3;
      near(ninthAge.exact(s).morale!.holds, ranks >= 2 ? pass(8 - d) : pass(8));
    }
  });

  it('casualties during the round: the target keeps Steadfast while a rank of 5+ stands', () => {
    // 12 models ten wide (ranks 10 and 2: one full rank). The lone attacker's 8 attacks each kill on
    // 1/4; it scores J + 4 and has no rank, so the target (Ld 8) is Steadfast while it keeps a rank
    // of five (J ≤ 7), and tests on Ld 8 − D once fewer than five remain.
    const s = oneSided({ models: 1, files: 1, attacks: 8 }, { models: 12, files: 10, attacks: 0, ld: 8 }, { charging: 'none', 'attacker-bonus': 4 });
    const m = ninthAge.exact(s).morale!;
    let holds = 0;
    for (let j = 0; j <= 8; j++) {
      const alive = 12 - j;
      const ranks = fullRanksOf(alive, 10, 5);
      const d = j + 4 - rankBonus(ranks);
      holds += binomialPmf(8, 1 / 4, j) * (ranks > 0 ? pass(8) : pass(8 - d));
    }
    near(m.holds, holds);
  });

  it('supporting attacks of Horde formations at every casualty count', () => {
    // The target (I5, 6 attacks at 1/4) strikes first; the survivors of the attacker (I1) then fight
    // with their front rank and, being ten wide (Horde), the second and third ranks; nine wide: the
    // second rank only. Each attack wounds on 1/2 · 1/2 against the big target.
    for (const [models, files, supportRanks] of [
      [23, 10, 2],
      [23, 9, 1],
      [14, 10, 2],
      [9, 6, 1],
    ]) {
      const s = ninthAge.parse({
        attacker: unit({ models, files, i: 1 }),
        target: unit({ models: 80, files: 5, i: 5, attacks: 6 }),
        situation: { type: 'melee', charging: 'none' },
      });
      const d = ninthAge.exact(s).damage;
      const expected = new Array(models + 1).fill(0);
      for (let j = 0; j <= 6; j++) {
        const ranks = rankSizes(models - j, files);
        const attacks = ranks.slice(0, 1 + supportRanks).reduce((a, b) => a + b, 0);
        for (let k = 0; k <= attacks; k++) expected[k] += binomialPmf(6, 1 / 4, j) * binomialPmf(attacks, 1 / 4, k);
      }
      expected.forEach((p, k) => near(d[k] ?? 0, p));
    }
  });

  it('Monstrous Horde (6 wide) and the Monstrous rank of 3', () => {
    // Monstrous infantry A2: two attacks in front, up to 3 supporting = 2 (A10); 6 wide adds the 3rd rank.
    for (const [models, files] of [
      [14, 6],
      [14, 5],
      [8, 6],
    ]) {
      const s = oneSided({ troop: 'monstrous-infantry', models, files, a: 2 }, { models: 80, files: 5 }, { facing: 'flank' });
      const ranks = rankSizes(models, files);
      const attacks = 2 * ranks.slice(0, files >= 6 ? 3 : 2).reduce((a, b) => a + b, 0);
      // stomps of 1 at S3 on infantry, one per model in contact, wound on 1/2 with no roll to hit
      const stomps = ranks[0];
      near(ninthAge.exact(s).damage.reduce((m, p, k) => m + p * k, 0), attacks / 4 + stomps / 2);
    }
  });

  it("Impact Hits' Strength: +1 per full rank after the first, a short rank of 3 chariots counting", () => {
    // Chariots A0 (no normal attacks): one D6 of S3 + (ranks − 1) impact hits per chariot in front,
    // against T4 with no armour: to wound 7 − clamp(4 + 4 − S, 2, 6) sixths.
    for (const [models, files] of formations(9, 4)) {
      const s = oneSided({ troop: 'chariot', models, files, a: 0 }, { models: 40, files: 10, t: 4 }, { charging: 'attacker' });
      const strength = Math.min(10, 3 + Math.max(0, fullRanksOf(models, files, 3) - 1));
      const wound = (7 - Math.max(2, Math.min(6, 8 - strength))) / 6;
      const mean = ninthAge.exact(s).damage.reduce((m, p, k) => m + p * k, 0);
      expect(Math.abs(mean - Math.min(models, files) * 3.5 * wound)).toBeLessThan(1e-9);
    }
  });
});

