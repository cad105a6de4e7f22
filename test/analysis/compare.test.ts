import { describe, expect, it } from 'vitest';
import { compareOptions } from '../../src/analysis/compare.js';
import { loadLibrary, questionsOf } from '../../src/analysis/units.js';
import { fromArray } from '../../src/core/dist.js';
import { compareReport } from '../../src/questions/question-reports.js';
import { findSystem } from '../../src/systems/registry.js';
import type { Outcome } from '../../src/systems/types.js';

/**
 * Two options on a small case, enumerated die by die:
 *   A: two dice, each scoring 1 damage on a 4+;
 *   B: one die scoring D3 damage on a 5+ (a second die gives the D3).
 * P(A > B) is counted over all 6^2 × 6^2 equally likely rolls.
 */
function enumerate() {
  const a: number[] = [0, 0, 0];
  const b: number[] = [0, 0, 0, 0];
  for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) a[(x >= 4 ? 1 : 0) + (y >= 4 ? 1 : 0)] += 1 / 36;
  for (let x = 1; x <= 6; x++) for (let d = 1; d <= 6; d++) b[x >= 5 ? Math.ceil(d / 2) : 0] += 1 / 36;
  let greater = 0;
  let equal = 0;
  let less = 0;
  let total = 0;
  for (let x1 = 1; x1 <= 6; x1++)
    for (let x2 = 1; x2 <= 6; x2++)
      for (let y = 1; y <= 6; y++)
        for (let d = 1; d <= 6; d++) {
          const damageA = (x1 >= 4 ? 1 : 0) + (x2 >= 4 ? 1 : 0);
          const damageB = y >= 5 ? Math.ceil(d / 2) : 0;
          total++;
          if (damageA > damageB) greater++;
          else if (damageA === damageB) equal++;
          else less++;
        }
  return { a, b, pAGreater: greater / total, pEqual: equal / total, pBGreater: less / total };
}

describe('compare: P(option A does strictly more damage than option B)', () => {
  it('equals exact enumeration of the dice on a small case', async () => {
    const { a, b, pAGreater, pEqual, pBGreater } = enumerate();
    const lib = loadLibrary();
    const unit = lib.find('aos/liberators', 'unit');
    const target = { unit: lib.find('aos/clawlord', 'target'), option: 'default' };
    // The evaluator stands in for the engine: option 'default' is A, 'all-warhammers' is B.
    const evaluate = async (_system: string, input: unknown): Promise<Outcome> => {
      const weapons = (input as { attacker: { weapons: unknown[] } }).attacker.weapons;
      return { damage: fromArray(weapons.length === 2 ? a : b), destroyed: 0 };
    };
    const flags = { charge: false, flank: false, rear: false, shooting: false, extra: {} };
    const result = await compareOptions(unit, ['default', 'all-warhammers'], [target], flags, 'destroyed', evaluate);
    const t = result.targets[0];
    expect(t.beats[0][1]).toBeCloseTo(pAGreater, 14);
    // and the reverse: P(B > A) = 1 − P(A > B) − P(A = B)
    let equal = 0;
    for (let k = 0; k < 3; k++) equal += a[k] * b[k];
    expect(t.beats[1][0]).toBeCloseTo(1 - pAGreater - equal, 14);
    // an option against an independent copy of itself: P(X > X') = (1 − Σ p²) / 2
    expect(t.beats[0][0]).toBeCloseTo((1 - a.reduce((s, p) => s + p * p, 0)) / 2, 14);
    // P(A > B) + P(A = B) + P(B > A) = 1, each against the count of the 6^4 rolls
    expect(t.equal[0][1]).toBeCloseTo(pEqual, 14);
    expect(t.equal[1][0]).toBeCloseTo(pEqual, 14);
    expect(t.beats[1][0]).toBeCloseTo(pBGreater, 14);
    expect(pAGreater + pEqual + pBGreater).toBe(1);
    expect(t.beats[0][1] + t.equal[0][1] + t.beats[1][0]).toBeCloseTo(1, 14);
    expect(t.verdict).toMatchObject({ winners: ['default'], decidedBy: 'meanDamage', runnerUp: 'all-warhammers' }); // mean 1 against 2/3
  });
});

/**
 * The verdict names the measure that decides it. Three options of whfb/spearmen; the
 * evaluator stands in for the engine and hands out the given outcomes in option order.
 */
describe('compare: the verdict names the deciding measure, and ties are ties', () => {
  const lib = loadLibrary();
  const unit = lib.find('whfb/spearmen', 'unit');
  const target = { unit: lib.find('whfb/halberdiers', 'target'), option: 'default' };
  const q = questionsOf(findSystem('warhammer-fantasy'));
  const flags = { charge: true, flank: false, rear: false, shooting: false, extra: {} };
  const options = ['default', 'hand-weapons', 'deep'];

  async function compareWith(outcomes: Outcome[]) {
    let call = 0;
    const evaluate = async (): Promise<Outcome> => outcomes[call++ % outcomes.length];
    const result = await compareOptions(unit, options, [target], flags, 'destroyed', evaluate);
    const { report, json } = compareReport(result, q);
    return { t: result.targets[0], line: report.lines[0], report, json: json as { targets: Array<Record<string, unknown>> } };
  }

  // 1 wound with probability 1/2, 2 with 1/4 (mean 1); and 2 wounds with probability 1/2 (mean 1)
  const spread = () => fromArray([1 / 4, 1 / 2, 1 / 4]);
  const lumpy = () => fromArray([1 / 2, 0, 1 / 2]);

  it('identical distributions and figures: a tie, not a winner by list order', async () => {
    const { t, line, report, json } = await compareWith([0, 1, 2].map(() => ({ damage: spread(), destroyed: 0.1 })));
    expect(t.verdict.winners).toEqual(options);
    expect(t.verdict.decidedBy).toBeNull();
    expect(line).toBe('Against Halberdiers: default, hand-weapons and deep tie: identical wounds distributions.');
    expect(json.targets[0].winner).toBeNull();
    expect(report.tables[0].rows.map((row) => row[row.length - 1])).toEqual(['tie', 'tie', 'tie']);
    // P(X > X') for two independent copies = (1 − Σ p²) / 2 = (1 − 3/8) / 2; P(X = X') = Σ p² = 3/8
    expect(t.beats[0][1]).toBeCloseTo(5 / 16, 15);
    expect(t.equal[0][1]).toBeCloseTo(3 / 8, 15);
  });

  it('the mean ties but P(remove) differs: the verdict names P(remove), true for it', async () => {
    const { t, line } = await compareWith([
      { damage: spread(), destroyed: 0.08 },
      { damage: spread(), destroyed: 0.08 },
      { damage: spread(), destroyed: 0.16 },
    ]);
    expect(t.verdict).toMatchObject({ winners: ['deep'], decidedBy: 'pRemove', runnerUp: 'default', sameOn: ['meanDamage'], sameDamage: true });
    expect(line).toBe('Against Halberdiers: deep is more likely to destroy it (16.0% against 8.0% for default), with the same wounds distribution as default.');
    expect(line).not.toContain('on average');
  });

  it('same mean, different distributions, P(remove) decides: "the same mean", not "the same distribution"', async () => {
    const { t, line } = await compareWith([
      { damage: lumpy(), destroyed: 0.3 },
      { damage: spread(), destroyed: 0.1 },
      { damage: spread(), destroyed: 0.1 },
    ]);
    expect(t.verdict).toMatchObject({ winners: ['default'], decidedBy: 'pRemove', runnerUp: 'hand-weapons', sameDamage: false });
    expect(line).toBe('Against Halberdiers: default is more likely to destroy it (30.0% against 10.0% for hand-weapons), with the same mean wounds as hand-weapons.');
  });

  it('a higher mean decides even against a higher P(remove); two options tied for the best share it', async () => {
    const more = await compareWith([
      { damage: spread(), destroyed: 0.5 },
      { damage: fromArray([0, 1 / 2, 1 / 2]), destroyed: 0.1 },
      { damage: spread(), destroyed: 0.5 },
    ]);
    expect(more.t.verdict).toMatchObject({ winners: ['hand-weapons'], decidedBy: 'meanDamage' });
    expect(more.line).toBe('Against Halberdiers: hand-weapons does more wounds on average (1.50 against 1.00 for default).');
    const shared = await compareWith([
      { damage: spread(), destroyed: 0.2 },
      { damage: lumpy(), destroyed: 0.2 },
      { damage: spread(), destroyed: 0.1 },
    ]);
    expect(shared.t.verdict).toMatchObject({ winners: ['default', 'hand-weapons'], decidedBy: null });
    expect(shared.line).toBe('Against Halberdiers: default and hand-weapons tie: the same mean wounds, P(destroy) and P(≥ half).');
  });

  it('P(A = B) stands next to P(A > B) in the table and the JSON', async () => {
    const { t, report, json } = await compareWith([
      { damage: spread(), destroyed: 0 },
      { damage: lumpy(), destroyed: 0 },
      { damage: fromArray([0, 1]), destroyed: 0 },
    ]);
    const names = report.tables[0].columns.map((c) => c.name);
    expect(names.slice(6, 10)).toEqual(['P(default > hand-weapons)', 'P(default = hand-weapons)', 'P(default > deep)', 'P(default = deep)']);
    // by hand over the outcomes: spread (1/4, 1/2, 1/4) against lumpy (1/2, 0, 1/2) is greater when
    // 1 or 2 meets 0: (1/2 + 1/4) · 1/2 = 3/8, equal 1/4 · 1/2 + 1/4 · 1/2 = 1/4; against a certain
    // 1: greater 1/4 (a 2), equal 1/2
    expect(report.tables[0].rows[0].slice(6, 10)).toEqual([3 / 8, 1 / 4, 1 / 4, 1 / 2]);
    expect(json.targets[0].pEqual).toEqual(t.equal);
  });
});
