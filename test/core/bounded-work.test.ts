/**
 * Bounded work: every exact fight, engagement and question either stays within the work meter
 * (core/budget.ts, about 5 s) or is refused in one line that names the work and suggests --mc,
 * before the work is done. Each input below ran for minutes (or ran out of memory) before the
 * estimates; the refusal is checked to come from the estimate — the work charged when it is
 * refused is a small share of the limit — not from a timer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORK_LIMIT, WorkAccount } from '../../src/core/budget.js';
import { InputError, TooLargeError } from '../../src/core/errors.js';
import { COMPILE_UNITS, estimateFightWork, laterRoundsWork, runChain } from '../../src/fight/chain.js';
import type { FightModel } from '../../src/fight/types.js';
import { fightModel } from '../../src/systems/ninth-age/fight.js';
import type { FightScenario } from '../../src/systems/ninth-age/fight-schema.js';
import { findSystem } from '../../src/systems/registry.js';
import { rankEngagements, rankPlan } from '../../src/analysis/engagements.js';
import { killsPlan, whatKills } from '../../src/analysis/kills.js';
import { compareOptions, comparePlan } from '../../src/analysis/compare.js';
import type { Evaluate } from '../../src/analysis/pairing.js';
import { expectQuestionWork, type Planned } from '../../src/analysis/question-work.js';
import { DEFAULT_OPTION, loadLibrary, type Unit } from '../../src/analysis/units.js';
import { withEvaluator } from '../../src/cli/questions.js';
import type { SituationFlags, SystemId } from '../../src/systems/types.js';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Run the exact engine of `input` on a fresh meter: what it threw (or null) and the work charged. */
function exactRun(system: string, input: unknown): { error: Error | null; spent: number } {
  const s = findSystem(system);
  const parsed = s.parse(input);
  const account = new WorkAccount();
  try {
    account.run(() => s.exact(parsed));
    return { error: null, spent: account.spent };
  } catch (error) {
    return { error: error as Error, spent: account.spent };
  }
}

/** The steps a refusal line says the work needs. */
function neededSteps(message: string): number {
  const m = /needs about ([\d.e,]+) steps/.exec(message);
  if (!m) throw new Error(`no estimate in: ${message}`);
  return Number(m[1].replace(/,/g, ''));
}

/** Refused on the estimate: one line, the estimate above the limit, --mc suggested, and little work done first. */
function expectRefusedUpFront(system: string, input: unknown, mentions: string): void {
  const { error, spent } = exactRun(system, input);
  expect(error).toBeInstanceOf(TooLargeError);
  expect(error).toBeInstanceOf(InputError);
  const message = error!.message;
  expect(message).not.toContain('\n');
  expect(message).toContain('too large for the exact engine');
  expect(message).toContain(mentions);
  expect(message).toContain('--mc');
  expect(neededSteps(message)).toBeGreaterThan(WORK_LIMIT);
  expect(spent).toBeLessThan(WORK_LIMIT / 10);
}

const t9aUnit = (models: number, w: number) => ({
  troop: w === 1 ? 'infantry' : 'monstrous-infantry',
  models,
  files: 10,
  m: 4,
  ws: 4,
  bs: 3,
  s: 4,
  t: 4,
  w,
  i: 4,
  a: 10,
  ld: 7,
});
const wfbUnit = (models: number) => ({ models, width: 10, m: 4, ws: 4, bs: 3, s: 4, t: 4, w: 1, i: 4, a: 10, ld: 7 });

const aosUnit = (name: string, side: string, target: string) => ({
  name,
  side,
  targets: [target],
  unit: { models: 24, health: 10, save: '4+', keywords: ['infantry'], weapons: [{ name: 'Blade', attacks: 10, hit: '3+', wound: '3+', rend: '-', damage: 'D6' }] },
});
const aosEngagement = (turns: number) => ({
  engagement: { turns, phases: ['combat'] },
  units: [aosUnit('A', 'attacker', 'B'), aosUnit('B', 'defender', 'A')],
});

/** The largest Kings of War engagement: ten 200-attack hordes on a Regenerating horde of nerve 59/60. */
const kowLargest = (turns: number) => ({
  target: { type: 'infantry', size: 'horde', me: '4+', ra: '-', de: '6+', att: 20, nerve: '59/60', rules: ['regeneration(4+)'] },
  attackers: Array.from({ length: 10 }, (_, i) => ({
    unit: { type: 'infantry', size: 'horde', me: '2+', ra: '-', de: '4+', att: 200, nerve: '25/27', rules: ['crushing-strength(3)', 'brutal', 'vicious'] },
    situation: { attack: 'melee', charge: ['front', 'flank', 'rear'][i % 3] },
  })),
  engagement: { turns },
});

describe('the inputs that ran for minutes are refused on their estimate', () => {
  it('9th Age: 243 against 243 single-wound models with 10 attacks (146 s, 6.2 GB)', () => {
    expectRefusedUpFront('ninth-age', { attacker: t9aUnit(243, 1), target: t9aUnit(243, 1), situation: { type: 'fight', charging: 'attacker' } }, 'a fight of 12 rounds');
  });

  it('9th Age: 81 against 81 three-wound models at 50 rounds (67 s, 1.7 GB)', () => {
    expectRefusedUpFront('ninth-age', { attacker: t9aUnit(81, 3), target: t9aUnit(81, 3), situation: { type: 'fight', charging: 'attacker', rounds: 50 } }, 'a fight of 50 rounds');
  });

  it('Warhammer Fantasy: 140 against 140 with 10 attacks (49 s, 1.8 GB)', () => {
    expectRefusedUpFront('warhammer-fantasy', { attacker: wfbUnit(140), target: wfbUnit(140), situation: { phase: 'fight', charging: 'attacker' } }, 'a fight of 12 rounds');
  });

  it('Age of Sigmar: two 24-model units of health 10, 10 attacks of damage D6 each, at 2 and 20 player turns (40 s, > 500 s)', () => {
    expectRefusedUpFront('age-of-sigmar', aosEngagement(2), 'an engagement of 2 units over 2 player turns');
    expectRefusedUpFront('age-of-sigmar', aosEngagement(20), 'an engagement of 2 units over 20 player turns');
  });

  it('Kings of War: the largest engagement over 20 turns', () => {
    expectRefusedUpFront('kings-of-war', kowLargest(20), 'an engagement of 20 turns');
  });

  it('Kings of War: the largest engagement over one turn is answered within the meter', () => {
    const { error, spent } = exactRun('kings-of-war', kowLargest(1));
    expect(error).toBeNull();
    expect(spent).toBeLessThan(WORK_LIMIT);
  });
});

describe('the estimates', () => {
  it("a fight: the estimate is the chain's own refusal line, from round 1 fought from the start", () => {
    const s = findSystem('ninth-age');
    // Past the line: the chain refuses it at round 2 with about the work the estimate gave before any round
    const large = s.parse({ attacker: t9aUnit(243, 1), target: t9aUnit(243, 1), situation: { type: 'fight', charging: 'attacker' } });
    const estimate = s.estimate!(large);
    expect(estimate).toBeGreaterThan(WORK_LIMIT);
    const { error } = exactRun('ninth-age', { attacker: t9aUnit(243, 1), target: t9aUnit(243, 1), situation: { type: 'fight', charging: 'attacker' } });
    expect(error).toBeInstanceOf(TooLargeError);
    const needed = neededSteps(error!.message);
    expect(estimate / needed).toBeGreaterThan(0.9);
    expect(estimate / needed).toBeLessThan(1.1);
  });

  it.each([
    ['ninth-age', { attacker: t9aUnit(20, 1), target: t9aUnit(20, 1), situation: { type: 'fight', charging: 'attacker' } }],
    ['ninth-age', { attacker: t9aUnit(10, 3), target: t9aUnit(10, 3), situation: { type: 'fight', charging: 'attacker', rounds: 20 } }],
    ['warhammer-fantasy', { attacker: wfbUnit(20), target: wfbUnit(20), situation: { phase: 'fight', charging: 'attacker' } }],
  ] as const)('a %s fight within the line: the estimate is within a factor of 3 of the work the chain charges', (system, input) => {
    const s = findSystem(system);
    const estimate = s.estimate!(s.parse(input));
    const { error, spent } = exactRun(system, input);
    expect(error).toBeNull();
    expect(estimate).toBeLessThan(WORK_LIMIT);
    expect(estimate / spent).toBeGreaterThan(1 / 3);
    expect(estimate / spent).toBeLessThan(3);
  });

  it('an Age of Sigmar engagement: the estimate is within a factor of 3 of the work it charges, and past the line it is refused before any', () => {
    const engagement = (models: number) => ({
      engagement: { turns: 2, phases: ['combat'] },
      units: ['A', 'B'].map((name, i) => ({
        name,
        side: i === 0 ? 'attacker' : 'defender',
        targets: [i === 0 ? 'B' : 'A'],
        unit: { models, health: 5, save: '4+', keywords: ['infantry'], weapons: [{ name: 'Blade', attacks: 5, hit: '3+', wound: '3+', rend: '-', damage: 'D6' }] },
      })),
    });
    const s = findSystem('age-of-sigmar');
    const estimate = s.estimate!(s.parse(engagement(8)));
    const { error, spent } = exactRun('age-of-sigmar', engagement(8));
    expect(error).toBeNull();
    expect(estimate / spent).toBeGreaterThan(1 / 3);
    expect(estimate / spent).toBeLessThan(3);
    expect(s.estimate!(s.parse(engagement(40)))).toBeGreaterThan(WORK_LIMIT);
    expectRefusedUpFront('age-of-sigmar', engagement(40), 'an engagement of 2 units over 2 player turns');
  });

  it('a fight: no later rounds, no work; the states met grow with the rounds up to the bound', () => {
    expect(laterRoundsWork({ bound: 1000, rounds: 1, afterFirst: 10, outcomes: 100, compileUnits: 1100 })).toBe(0);
    const two = laterRoundsWork({ bound: 1000, rounds: 2, afterFirst: 10, outcomes: 100, compileUnits: 1100 });
    const capped = laterRoundsWork({ bound: 1000, rounds: 50, afterFirst: 10, outcomes: 100, compileUnits: 1100 });
    const wider = laterRoundsWork({ bound: 2000, rounds: 50, afterFirst: 10, outcomes: 100, compileUnits: 1100 });
    expect(two).toBeGreaterThan(0);
    expect(capped).toBeGreaterThan(two);
    expect(wider).toBeGreaterThan(capped);
  });

  it("a fight: its model's units of compiling an outcome are what its estimate and its meter charge", () => {
    // The work is units × compiled outcomes + the rest: with the model's units u, twice them and
    // the chain's default (a model with none of its own), the two differences are in the ratio of the units
    const input = { attacker: t9aUnit(10, 1), target: t9aUnit(10, 1), situation: { type: 'fight', charging: 'attacker' } };
    const model = fightModel(findSystem('ninth-age').parse(input) as FightScenario);
    const u = model.compileUnits!;
    const dearer = { ...model, compileUnits: 2 * u };
    const { compileUnits: _units, ...plain } = model;
    const charged = (m: FightModel) => {
      const account = new WorkAccount(Infinity);
      account.run(() => runChain(m));
      return account.spent;
    };
    for (const work of [estimateFightWork, charged]) {
      const [own, twice, chainDefault] = [model, dearer, plain].map(work);
      expect(twice).toBeGreaterThan(own);
      expect((chainDefault - own) / (twice - own)).toBeCloseTo((COMPILE_UNITS - u) / u, 9);
    }
  });

  it('a question: the work of its pairings adds up on one account', () => {
    const account = new WorkAccount(3e9);
    const small = { attacker: t9aUnit(10, 1), target: t9aUnit(10, 1), situation: { type: 'fight', charging: 'attacker' } };
    const s = findSystem('ninth-age');
    const parsed = s.parse(small);
    account.run(() => s.exact(parsed));
    const once = account.spent;
    expect(once).toBeGreaterThan(0);
    account.run(() => s.exact(parsed));
    // The second run reuses a few cached distributions of the first: about twice, never less.
    expect(account.spent).toBeGreaterThan(1.9 * once);
    expect(account.spent).toBeLessThanOrEqual(2 * once);
  });
});

describe('reasonable fights and engagements are still answered', () => {
  const data = new URL('../../src/data/', import.meta.url);
  const bundled = ['ninth-age', 'warhammer-fantasy', 'age-of-sigmar', 'kings-of-war', 'hott'].flatMap((system) =>
    readdirSync(new URL(`${system}/scenarios/`, data))
      .filter((f) => /^(fight|engagement|hero-fights)/.test(f))
      .map((f) => [system, f] as const),
  );

  it.each(bundled)('%s %s', (system, file) => {
    const { name: _name, description: _description, system: _system, ...input } = JSON.parse(readFileSync(new URL(`${system}/scenarios/${file}`, data), 'utf8'));
    const { error, spent } = exactRun(system, input);
    expect(error).toBeNull();
    expect(spent).toBeLessThan(WORK_LIMIT);
  });
});

describe('a question over many pairings is refused on its estimate before its first pairing', () => {
  /** A Kings of War library of `n` units: copies of the bundled ones that attack (the stone-thrower left out). */
  const kowLibrary = (n: number): Unit[] => {
    const dir = new URL('../../src/data/kings-of-war/units/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('stone-thrower'));
    const folder = mkdtempSync(join(tmpdir(), 'warodds-kow-'));
    mkdirSync(join(folder, 'kings-of-war'));
    for (let i = 0; i < n; i++) {
      const raw = JSON.parse(readFileSync(new URL(files[i % files.length], dir), 'utf8'));
      writeFileSync(join(folder, 'kings-of-war', `copy-${i}.json`), JSON.stringify({ ...raw, name: `${raw.name} ${i}` }));
    }
    return loadLibrary(folder)
      .ofSystem('kings-of-war')
      .filter((u) => u.id.startsWith('copy-'));
  };

  it('Kings of War: kills --turns 20 --pairs over 68 units (2,211 pairs) — refused with little work charged', () => {
    const lib = kowLibrary(68);
    const target = { unit: lib[0] , option: DEFAULT_OPTION };
    const plan = rankPlan(target, lib.slice(1), 20, true, { charge: false, flank: false, rear: false, shooting: false, extra: {} });
    expect(plan.length).toBe((67 * 66) / 2);
    const account = new WorkAccount();
    let error: Error | null = null;
    try {
      expectQuestionWork('kills over 20 turns by pairs', plan, account);
    } catch (e) {
      error = e as Error;
    }
    expect(error).toBeInstanceOf(TooLargeError);
    expect(error!.message).not.toContain('\n');
    expect(error!.message).toContain('kills over 20 turns by pairs (2,211 pairings)');
    expect(error!.message).toContain('--mc');
    expect(neededSteps(error!.message)).toBeGreaterThan(WORK_LIMIT);
    expect(account.spent).toBeLessThan(WORK_LIMIT / 10);
  });

  it('Kings of War: the same question over the bundled library is estimated within the limit', () => {
    const lib = kowLibrary(7);
    const plan = rankPlan({ unit: lib[0] , option: DEFAULT_OPTION }, lib.slice(1), 20, true, { charge: false, flank: false, rear: false, shooting: false, extra: {} });
    const estimate = expectQuestionWork('kills', plan);
    expect(estimate).toBeGreaterThan(0);
    expect(estimate).toBeLessThan(WORK_LIMIT);
  });

  /** A units folder of 19 large blocks of a rule set with whole fights: 32 to 68 models ten wide (or `extra` more each), S3–S5, one to three attacks. */
  const largeBlocks = (system: 'ninth-age' | 'warhammer-fantasy', extra = 0): Unit[] => {
    const folder = mkdtempSync(join(tmpdir(), 'warodds-blocks-'));
    mkdirSync(join(folder, system));
    for (let i = 1; i <= 19; i++) {
      const profile = { m: 4, ws: 4, bs: 3, s: 3 + (i % 3), t: 4, w: 1, i: 4, a: 1 + (i % 3), ld: 7 };
      const unit =
        system === 'ninth-age'
          ? { name: `Block ${i}`, troop: 'infantry', models: 30 + extra + 2 * i, files: 10, ...profile, equipment: ['hand-weapon', 'light-armour', 'shield'], standard: true, musician: true }
          : { name: `Block ${i}`, type: 'infantry', models: 30 + extra + 2 * i, width: 10, ...profile, armour: ['light', 'shield'], weapon: 'hand-weapon', rules: ['standard', 'musician'] };
      writeFileSync(join(folder, system, `block-${i}.json`), JSON.stringify(unit));
    }
    return loadLibrary(folder)
      .ofSystem(system)
      .filter((u) => u.id.startsWith('block-'));
  };

  /** Ask a question as `kills` and `compare` do with the exact engine: what it threw, and how many pairings it computed. */
  async function asked(question: string, plan: () => Planned[], ask: (evaluate: Evaluate) => Promise<unknown>): Promise<{ error: Error | null; computed: number }> {
    let computed = 0;
    try {
      await withEvaluator({}, plan().length, { question, pairings: plan }, (evaluate) => ask((system, input, label) => (computed++, evaluate(system, input, label))));
      return { error: null, computed };
    } catch (error) {
      return { error: error as Error, computed };
    }
  }

  /** Refused on the question's estimate: one line naming the question and its pairings, the estimate past the limit, --mc suggested. */
  function expectQuestionRefused(error: Error | null, names: string): void {
    expect(error).toBeInstanceOf(TooLargeError);
    expect(error!.message).not.toContain('\n');
    expect(error!.message).toContain(`too large for the exact engine: ${names}`);
    expect(error!.message).toContain('use --mc, or fewer candidates, options, turns or rounds');
    expect(neededSteps(error!.message)).toBeGreaterThan(WORK_LIMIT);
  }

  const noFlags: SituationFlags = { charge: false, flank: false, rear: false, shooting: false, fight: false, extra: {} };
  const fight: SituationFlags = { ...noFlags, fight: true };

  it.each(['ninth-age', 'warhammer-fantasy'] as const)('%s: kills --fight over 19 large units — refused before its first pairing', async (system) => {
    const blocks = largeBlocks(system);
    const target = { unit: blocks.find((u) => u.id === 'block-19')!, option: DEFAULT_OPTION };
    const candidates = blocks.map((unit) => ({ unit }));
    const question = `kills of ${system}/block-19 in a whole fight`;
    const { error, computed } = await asked(question, () => killsPlan(target, candidates, fight), (evaluate) => whatKills(target, candidates, fight, 'break', evaluate));
    expectQuestionRefused(error, `${question} (19 pairings)`);
    expect(computed).toBe(0);
  });

  it('9th Age: compare --fight of two options against 19 larger units — refused before its first pairing', async () => {
    // Against the blocks of 32 to 68 models the 38 fights are answered within the meter
    const blocks = largeBlocks('ninth-age', 40);
    const spears = loadLibrary().ofSystem('ninth-age').find((u) => u.id === 'line-infantry-spears')!;
    const options = ['hand-weapon-and-shield', 'horde'];
    const targets = blocks.map((unit) => ({ unit, option: DEFAULT_OPTION }));
    const question = 'compare of ninth-age/line-infantry-spears in a whole fight';
    const { error, computed } = await asked(question, () => comparePlan(spears, options, targets, fight), (evaluate) => compareOptions(spears, options, targets, fight, 'break', evaluate));
    expectQuestionRefused(error, `${question} (38 pairings)`);
    expect(computed).toBe(0);
  });

  it('Age of Sigmar: kills --turns 2 --pairs over large units — refused before its first pairing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'warodds-aos-'));
    mkdirSync(join(folder, 'age-of-sigmar'));
    for (let i = 1; i <= 6; i++) {
      const weapons = [{ name: 'Blade', attacks: 3, hit: '3+', wound: '3+', rend: '1', damage: 'D3' }];
      writeFileSync(join(folder, 'age-of-sigmar', `mob-${i}.json`), JSON.stringify({ name: `Mob ${i}`, models: 20, health: 2 + i, save: '4+', keywords: ['infantry'], weapons }));
    }
    const mobs = loadLibrary(folder)
      .ofSystem('age-of-sigmar')
      .filter((u) => u.id.startsWith('mob-'));
    const target = { unit: mobs[5], option: DEFAULT_OPTION };
    const candidates = mobs.slice(0, 5);
    const question = 'kills of age-of-sigmar/mob-6 over 2 turns by pairs of attackers';
    const { error, computed } = await asked(question, () => rankPlan(target, candidates, 2, true, { ...noFlags, charge: true }), (evaluate) => rankEngagements(target, candidates, 2, true, { ...noFlags, charge: true }, evaluate));
    expectQuestionRefused(error, `${question} (10 pairings)`);
    expect(computed).toBe(0);
  });
});

describe('questions the exact engine answers well within the meter are not refused', () => {
  const library = loadLibrary();
  const unit = (system: SystemId, id: string) => library.ofSystem(system).find((u) => u.id === id)!;

  it('Age of Sigmar: the documented kills aos/example-monster --turns 2 --pairs --charge over three attackers is answered', async () => {
    const target = { unit: unit('age-of-sigmar', 'example-monster'), option: DEFAULT_OPTION };
    const candidates = ['example-cavalry', 'example-elite-infantry', 'example-horde'].map((id) => unit('age-of-sigmar', id));
    const flags = { charge: true, flank: false, rear: false, shooting: false, fight: false, extra: {} };
    const plan = () => rankPlan(target, candidates, 2, true, flags);
    expect(expectQuestionWork('kills', plan())).toBeLessThan(WORK_LIMIT / 4);
    let computed = 0;
    const { value } = await withEvaluator({}, 3, { question: 'kills', pairings: plan }, (evaluate) =>
      rankEngagements(target, candidates, 2, true, flags, (system, input, label) => (computed++, evaluate(system, input, label))),
    );
    expect(computed).toBe(3);
    expect(value.rows).toHaveLength(3);
  });

  it.each<[SystemId, string, string]>([
    ['ninth-age', 'line-infantry-spears', 'horde'],
    ['warhammer-fantasy', 'spearmen', 'deep'],
  ])('%s: kills --fight of the largest bundled %s (%s) over the bundled library is estimated within the meter', (system, id, option) => {
    const flags = { charge: false, flank: false, rear: false, shooting: false, fight: true, extra: {} };
    const plan = killsPlan({ unit: unit(system, id), option }, library.ofSystem(system).map((u) => ({ unit: u })), flags);
    expect(expectQuestionWork('kills', plan)).toBeLessThan(WORK_LIMIT);
  });
});
