/**
 * The simulator: every sample is one attack rolled die by die in rule order, as a player does
 * at the table (the target's Regeneration and Heal first, then Bane-chant, the Yellow-Bellied
 * roll, to-hit dice with their re-rolls, Blast, damage dice, the 2D6 nerve test and its
 * re-roll, Headstrong, Lifeleech and the Crystal Pendant). It never looks at exact results.
 *
 * The plan is compiled once per scenario (kept across chunks) into pools, counters and a nerve
 * table (sim-dice.ts); the loop counts into typed arrays and allocates nothing per sample.
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import { type FaceCounter, faceCounter } from '../../core/face-automaton.js';
import type { Rng } from '../../core/rng.js';
import { Counts, type Tally } from '../../sim/tally.js';
import { type DicePlan, makePlan, PENDANT_HITS, type Plan } from './plan.js';
import type { Scenario } from './schema.js';
import { NerveTest, PlainPools, PoolRoller, ROUTED, STEADY, WAVERED } from './sim-dice.js';
import { succeeds } from './tables.js';
import { warmUpOnce } from '../../sim/warm-up.js';
import { EVERY_RULE, NO_RULE, WARM_UP_SAMPLES, warmUpRng } from './warm-up-plans.js';

/** Spells hit on 4+ (§8.1); Headstrong recovers on 4+ (§6.3); unclear sight and cover (§1). */
const FOUR_UP = 4;
/** Bane-chant and Heal dice: each 4+ counts (§8.1). */
const fourUps = faceCounter((face) => face >= FOUR_UP);

/** One attack's dice: to hit, Blast, to damage (§11). */
class AttackDice {
  private readonly dice: number;
  private readonly hit: PoolRoller;
  private readonly blast: DiceExpr | null;
  private readonly damage: PoolRoller;
  /** Both pools at once when neither re-rolls and there is no Blast. */
  private readonly plain: PlainPools | null;

  constructor(plan: DicePlan) {
    this.dice = plan.dice;
    this.hit = new PoolRoller(plan.hitNeed, plan.eliteHit, plan.oneFailedHit);
    this.blast = plan.blast;
    this.damage = new PoolRoller(plan.damageNeed, plan.viciousDamage, plan.oneFailedDamage);
    const rerolls = plan.eliteHit || plan.oneFailedHit || plan.viciousDamage || plan.oneFailedDamage;
    this.plain = rerolls || plan.blast !== null ? null : new PlainPools(plan.hitNeed, plan.damageNeed);
  }

  roll(rng: Rng): number {
    if (this.plain !== null) return this.plain.roll(this.dice, rng);
    const hits = this.hit.roll(this.dice, rng);
    let damageDice = hits;
    if (this.blast !== null) {
      damageDice = 0;
      for (let i = 0; i < hits; i++) damageDice += rollDice(this.blast, rng);
    }
    return this.damage.roll(damageDice, rng);
  }
}

const NO_COVER = 0;
const IN_COVER = 1;
const UNCLEAR_COVER = 2;

/** One attacking unit compiled: its charge or sight roll, Bane-chant, cover, then its attacks. */
export class Attacker {
  private readonly yellowBellied: boolean;
  private readonly sightUnclear: boolean;
  private readonly baneChantDice: number;
  private readonly cover: number;
  /** The attacks by (Bane-chant worked ? 2 : 0) + (in cover ? 1 : 0). */
  private readonly attacks: readonly (readonly AttackDice[])[];
  /** The one attack of a unit with nothing to roll before it (no charge or sight roll, Bane-chant or unclear cover). */
  private readonly only: AttackDice | null;

  constructor(plan: Plan) {
    this.yellowBellied = plan.yellowBellied;
    this.sightUnclear = plan.sightUnclear;
    this.baneChantDice = plan.baneChantDice ?? 0;
    this.cover = plan.cover === 'no' ? NO_COVER : plan.cover === 'yes' ? IN_COVER : UNCLEAR_COVER;
    const { plain, baned } = plan.attacks;
    this.attacks = [plain.open, plain.covered, baned.open, baned.covered].map((attacks) => attacks.map((a) => new AttackDice(a)));
    const certain = !this.yellowBellied && !this.sightUnclear && this.baneChantDice === 0 && this.cover !== UNCLEAR_COVER;
    const attacks = this.attacks[this.cover === IN_COVER ? 1 : 0];
    this.only = certain && attacks.length === 1 ? attacks[0] : null;
  }

  /** Whether the last roll's attack was made: its charge did not halt and it could see (§7, §1). */
  madeIt = true;

  /** The damage this unit deals. */
  roll(rng: Rng): number {
    if (this.only !== null) return this.only.roll(rng);
    // The Yellow-Bellied roll (on the charge order) and an unclear line of sight may stop the attack (§7, §1).
    this.madeIt = false;
    if (this.yellowBellied && rng.d6() === 1) return 0;
    if (this.sightUnclear && rng.d6() < FOUR_UP) return 0;
    this.madeIt = true;
    // Bane-chant(n): n dice on 4+, it works if at least one hits (§8.1).
    const baned = this.baneChantDice > 0 && fourUps.count(rng, this.baneChantDice) > 0;
    // Unclear cover: 4+ no cover, 1–3 in cover (§1).
    const covered = this.cover === IN_COVER || (this.cover === UNCLEAR_COVER && rng.d6() < FOUR_UP);
    const attacks = this.attacks[(baned ? 2 : 0) + (covered ? 1 : 0)];
    let dealt = 0;
    for (let i = 0; i < attacks.length; i++) dealt += attacks[i].roll(rng);
    return dealt;
  }
}

/**
 * Regeneration (§7): a die per point of damage, each point kept on a roll below the value;
 * counted as the points removed, a roll at or above the value (2+ to 6+: a 1 never removes).
 */
export class Regeneration {
  private readonly removes: FaceCounter;
  constructor(regeneration: number) {
    this.removes = faceCounter((face) => face >= regeneration);
  }
  /** The damage kept. */
  kept(damage: number, rng: Rng): number {
    return damage - this.removes.count(rng, damage);
  }
}

/** Heal (§8.1): `dice` spell dice, each 4+ removing a point while any is left. */
export function healed(damage: number, dice: number, rng: Rng): number {
  return Math.max(0, damage - fourUps.count(rng, dice));
}

/** The attacker's own damage after the combat: Lifeleech and the Crystal Pendant (§7, §8.2). */
class AttackerDamage {
  private readonly start: number;
  private readonly lifeleech: number;
  private readonly pendantNeed: number;

  constructor(a: NonNullable<Plan['attackerDamage']>) {
    this.start = a.start;
    this.lifeleech = a.lifeleech;
    this.pendantNeed = a.pendantNeed ?? 0;
  }

  roll(dealt: number, routed: boolean, rng: Rng): number {
    let own = Math.max(0, this.start - Math.min(this.lifeleech, dealt));
    if (routed && this.pendantNeed !== 0) {
      const hits = rollDice(PENDANT_HITS, rng);
      for (let i = 0; i < hits; i++) if (succeeds(rng.d6(), this.pendantNeed)) own++;
    }
    return own;
  }
}

/** A single attack's plan compiled once. */
class Compiled {
  readonly priorDamage: number;
  readonly regeneration: Regeneration | null;
  readonly heal: number;
  readonly attacker: Attacker;
  readonly nerve: NerveTest;
  readonly ironResolve: boolean;
  readonly headstrong: boolean;
  readonly attackerDamage: AttackerDamage | null;

  constructor(plan: Plan) {
    this.priorDamage = plan.prior.damage;
    this.regeneration = plan.prior.regeneration === null ? null : new Regeneration(plan.prior.regeneration);
    this.heal = plan.prior.heal ?? 0;
    this.attacker = new Attacker(plan);
    this.nerve = new NerveTest(plan.nerve);
    this.ironResolve = plan.ironResolve;
    this.headstrong = plan.headstrong;
    this.attackerDamage = plan.attackerDamage === null ? null : new AttackerDamage(plan.attackerDamage);
  }
}

const compiled = new WeakMap<Scenario, Compiled>();

/** Nerve test slots: no test, then the three results. */
const NO_TEST = 0;
const NERVE_TESTS = ['none', 'steady', 'wavered', 'routed'] as const;
/** Headstrong's next turn. */
const NOT_WAVERED = 0;
const STILL_WAVERED = 1;
const NEXT_ROUTED = 2;
const NEXT_TURN = ['not-wavered', 'wavered', 'routed'] as const;

/** What the samples of one call counted (the loop counts into these, the tally is told once). */
class SampleCounts {
  /** By dealt · 2 + (routed ? 1 : 0). */
  readonly dealt = new Counts();
  /** Nerve tests: none, steady, wavered, routed. */
  readonly tests = new Float64Array(4);
  readonly nextTurn = new Float64Array(3);
  readonly targetDamage = new Counts();
  readonly attackerDamage = new Counts();
}

/** n samples of one attack, counted into `out`. A function of its own, so the JIT compiles only the loop. */
function rollSamples(c: Compiled, rng: Rng, n: number, out: SampleCounts): void {
  const { priorDamage, regeneration, heal, attacker, nerve, ironResolve, headstrong, attackerDamage } = c;
  const { dealt: dealtCounts, tests, nextTurn, targetDamage, attackerDamage: attackerDamages } = out;
  for (let i = 0; i < n; i++) {
    // The target's turn before the attack: Regeneration (§7), then Heal cast on it (§8.1).
    let carried = priorDamage;
    if (regeneration !== null) carried = regeneration.kept(carried, rng);
    if (heal > 0) carried = healed(carried, heal, rng);
    const dealt = attacker.roll(rng);
    const total = carried + dealt;
    let result = -1;
    let left = total;
    if (dealt > 0) {
      result = nerve.roll(total, rng);
      if (result === STEADY && ironResolve) left--; // Iron Resolve: Steady removes one point (§6.3, §7)
    }
    const routed = result === ROUTED;
    dealtCounts.add(2 * dealt + (routed ? 1 : 0));
    tests[result + 1]++;
    if (!routed) targetDamage.add(left);
    // Headstrong: a Wavered unit shakes it off on 4+ at the start of its turn (§6.3, §7).
    if (headstrong) nextTurn[result === WAVERED && rng.d6() < FOUR_UP ? STILL_WAVERED : routed ? NEXT_ROUTED : NOT_WAVERED]++;
    if (attackerDamage !== null) attackerDamages.add(attackerDamage.roll(dealt, routed, rng));
  }
}

/** The sample loop rolled on each warm-up plan (warm-up-plans.ts), once, before the first scenario. */
const warmUp = warmUpOnce(() => {
  const rng = warmUpRng();
  const plans = [new Compiled(EVERY_RULE), new Compiled(NO_RULE)];
  return () => {
    for (const c of plans) rollSamples(c, rng, WARM_UP_SAMPLES, new SampleCounts());
  };
});

export function simulateScenario(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  warmUp();
  let c = compiled.get(s);
  if (c === undefined) compiled.set(s, (c = new Compiled(makePlan(s))));
  const out = new SampleCounts();
  rollSamples(c, rng, n, out);
  const { tests, nextTurn, targetDamage, attackerDamage: attackerDamages } = out;
  out.dealt.toArray().forEach((times, k) => tally.recordMany(k >> 1, undefined, (k & 1) === 1, times));
  tally.recordMorale('steady', tests[NO_TEST] + tests[STEADY + 1]);
  tally.recordMorale('wavered', tests[WAVERED + 1]);
  tally.recordMorale('routed', tests[ROUTED + 1]);
  NERVE_TESTS.forEach((t, k) => tally.recordOutcome('nerve test', t, tests[k]));
  targetDamage.toArray().forEach((times, k) => tally.recordOutcome('target damage', String(k), times));
  tally.recordOutcome('target damage', 'routed', tests[ROUTED + 1]);
  if (c.headstrong) NEXT_TURN.forEach((t, k) => tally.recordOutcome('target next turn', t, nextTurn[k]));
  if (c.attackerDamage !== null) attackerDamages.toArray().forEach((times, k) => tally.recordOutcome('attacker damage', String(k), times));
}
