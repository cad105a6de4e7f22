/**
 * Issue 13: the exact engine refuses, at once and in one line, a scenario that would run for
 * minutes or exhaust memory; and probabilities still sum to 1 within 1e-12 at 10,000 attacks.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DIST_LENGTH, withWorkBudget, workSpent } from '../../src/core/budget.js';
import * as D from '../../src/core/dist.js';
import { InputError, TooLargeError } from '../../src/core/errors.js';
import { genericScenarioFromFlags, type GenericFlags } from '../../src/cli/generic-flags.js';
import { runScenario } from '../../src/cli/answer.js';
import { scenarioFromJson } from '../../src/cli/scenario-file.js';
import { readFileSync } from 'node:fs';

const RUN = { samples: 0, seed: 'x', threads: 1 };

/** Run `f` and return what it threw, with how long it took. */
async function refusal(f: () => unknown): Promise<{ error: Error; ms: number }> {
  const started = performance.now();
  try {
    await f();
  } catch (error) {
    return { error: error as Error, ms: performance.now() - started };
  }
  throw new Error('expected a refusal, but it ran');
}

function exactFromFlags(f: GenericFlags) {
  return runScenario(genericScenarioFromFlags(f), 'exact', RUN);
}

/** One line, naming a quantity, suggesting --mc; an InputError (the CLI: exit 2). */
function expectTooLarge(error: Error, mentions: string): void {
  expect(error).toBeInstanceOf(TooLargeError);
  expect(error).toBeInstanceOf(InputError);
  expect(error.message).not.toContain('\n');
  expect(error.message).toContain('too large for the exact engine');
  expect(error.message).toContain(mentions);
  expect(error.message).toContain('--mc');
}

describe('work meter: the inputs of issue 13 are refused within a second', () => {
  it('--attacks 10000 --attacker-models 1000 (hung): the attack count range is too large', async () => {
    const { error, ms } = await refusal(() => exactFromFlags({ attacks: '10000', attackerModels: '1000', hit: '3', wound: '4', save: '4' }));
    expectTooLarge(error, `ranges over 10,000,001 values (at most ${MAX_DIST_LENGTH.toLocaleString('en-US')})`);
    expect(ms).toBeLessThan(1000);
  });

  it('--attacks 1000 --attacker-models 1000: a million attacks, refused on the work estimate', async () => {
    const { error, ms } = await refusal(() => exactFromFlags({ attacks: '1000', attackerModels: '1000', hit: '3', wound: '4', save: '4' }));
    expectTooLarge(error, 'steps (at most 5.0e9');
    expect(ms).toBeLessThan(1000);
  });

  it('--damage D6+10000 from 1,000 attacks: the damage range is too large', async () => {
    const { error, ms } = await refusal(() => exactFromFlags({ attacks: '10', attackerModels: '100', hit: '3', wound: '4', damage: 'D6+10000' }));
    expectTooLarge(error, 'values (at most');
    expect(ms).toBeLessThan(1000);
  });

  it('excess damage lost over thousands of attacks on a thousand models: refused on the work estimate', async () => {
    const { error, ms } = await refusal(() => exactFromFlags({ attacks: '5000', attackerModels: '4', hit: '3', wound: '4', damage: 'D6', models: '1000', health: '100', spill: false }));
    expectTooLarge(error, 'attacks on 1,000 models of 100 health without spill-over');
    expect(ms).toBeLessThan(1000);
  });

  it('--damage D6+100000 (110 s) and D6+99999999999999999999 (a 17-line RangeError): one line naming the bound', async () => {
    for (const damage of ['D6+100000', 'D6+99999999999999999999']) {
      const { error, ms } = await refusal(() => genericScenarioFromFlags({ attacks: '20', hit: '3', wound: '4', damage }));
      expect(error).toBeInstanceOf(InputError);
      expect(error.message).toBe(`--damage: dice expression '${damage}': modifier too large (at most 10,000)`);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('an Age of Sigmar weapon with "damage": "D6+1000000000" (8.5 GB): one line naming the field', async () => {
    const file = new URL('../../src/data/age-of-sigmar/scenarios/ex01-liberators-vs-clawlord.json', import.meta.url);
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    raw.attacker.weapons[0].damage = 'D6+1000000000';
    const { error, ms } = await refusal(() => scenarioFromJson(raw, 'bomb.json', null));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('attacker.weapons[0].damage');
    expect(error.message).toContain('too large (at most 10,000)');
    expect(ms).toBeLessThan(1000);
  });
});

describe('work meter: core operations', () => {
  it('each operation checks its own size, even outside a budget', async () => {
    const cases: Array<[() => unknown, string]> = [
      [() => D.point(MAX_DIST_LENGTH), 'values'],
      [() => D.uniform(0, 2e7), 'values'],
      [() => D.sumIid(D.point(10_000), 1000), 'values'],
      [() => D.convolve(D.uniform(0, 200_000), D.uniform(0, 200_000)), 'steps'],
      [() => D.compound(D.point(1_000_000), D.bernoulli(0.5)), 'steps'],
      [() => D.sumIid(D.uniform(0, 5000), 1000), 'values'],
      [() => D.sumIid(D.uniform(0, 1000), 5000), 'steps'],
      [() => D.thin(D.uniform(0, 200_000), 0.5), 'steps'],
      [() => D.mapValues(D.point(1), () => 2e7), 'values'],
    ];
    for (const [f, mentions] of cases) {
      const { error, ms } = await refusal(f);
      expectTooLarge(error, mentions);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('sparse operands cost what they really cost: the sum of 200 copies of point(10,000) is cheap', () => {
    const d = D.sumIid(D.point(10_000), 200);
    expect(d.length).toBe(2_000_001);
    expect(d[2_000_000]).toBe(1);
  });

  it('inside withWorkBudget the work adds up; outside it each operation stands alone', () => {
    const a = D.uniform(0, 999);
    const once = withWorkBudget(() => {
      D.convolve(a, a);
      return workSpent();
    });
    expect(once).toBeGreaterThanOrEqual(1e6); // 1000 × 1000 multiply-adds
    expect(() => withWorkBudget(() => [1, 2, 3].map(() => D.convolve(a, a)), 2.5 * once)).toThrow(TooLargeError);
    for (let i = 0; i < 3; i++) D.convolve(a, a); // no meter outside: fine
    expect(workSpent()).toBe(0);
  });
});

/** Neumaier's compensated sum, written here so the check does not add its own rounding. */
function compensatedSum(d: ArrayLike<number>): number {
  let s = 0;
  let c = 0;
  for (let k = 0; k < d.length; k++) {
    const t = s + d[k];
    c += Math.abs(s) >= Math.abs(d[k]) ? s - t + d[k] : d[k] - t + s;
    s = t;
  }
  return s + c;
}

describe('10,000 attacks at extreme targets: probabilities sum to 1 within 1e-12', () => {
  it('a one-attack term whose entries add up to 1 − 1.7e-16, summed 10,000 times', () => {
    // P(0 damage), P(1 damage) of one attack hitting on 2+ and wounding on 2+ as the generic
    // pipeline builds it (1/6 + 5/6 · 1/6 and 5/6 · 5/6, each rounded once more than here)
    const term = Float64Array.of(0.3055555555555555, 0.6944444444444443);
    expect(Math.abs(compensatedSum(term) - 1)).toBeGreaterThan(1e-16); // the rounding is really there
    for (const d of [D.sumIid(term, 10_000), D.compound(D.point(10_000), term), D.thin(D.point(10_000), 25 / 36)]) {
      expect(Math.abs(compensatedSum(d) - 1)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(D.mean(d) / (10_000 * (25 / 36)) - 1)).toBeLessThan(1e-12);
    }
  });

  for (const [hit, wound, save, p] of [
    ['2', '2', undefined, 25 / 36],
    ['6', '6', '2', 1 / 216],
    ['2', '6', '6', (5 / 6) * (1 / 6) * (5 / 6)],
    ['6', '2', undefined, 5 / 36],
  ] as const) {
    it(`generic: 10,000 attacks, hit ${hit}+, wound ${wound}+, save ${save ?? 'none'}: total 1 and mean 10,000 p`, async () => {
      const { exact } = await exactFromFlags({ attacks: '10000', hit, wound, save });
      for (const d of [exact!.damage, exact!.slain].filter((x) => x !== undefined)) {
        expect(Math.abs(compensatedSum(d) - 1)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(D.mean(d) / (10_000 * p) - 1)).toBeLessThan(1e-10);
      }
    });
  }
});
