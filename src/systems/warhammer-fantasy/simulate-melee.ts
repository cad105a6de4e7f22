/**
 * Simulator for one round of close combat, rolled as at the table: stupidity tests, the charged
 * unit's fear or terror test, the roll-off for equal Initiative, the first striker's attacks, the
 * reply of the models left, combat resolution, the break test, the flee and pursuit rolls.
 *
 * The plan is compiled once per scenario into numbers (RoundDice, LoserDice). Every die
 * is rolled each sample; what follows from the dice deterministically — the verdict of each pair
 * of casualties met, the record of each fate — is worked out once and kept across chunks, and a
 * sample is counted by (verdict, fate) in a typed array, added into the tally once per chunk.
 */
import { IntPairTable } from '../../core/int-pair-table.js';
import { objectArray } from '../../core/object-array.js';
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { type Combatant, type MeleePlan, meleePlan } from './melee-plan.js';
import { COMBAT_RESULTS, type CombatResult, FATES, type Fate } from './outcome-keys.js';
import { Judging, type Verdict } from './resolution.js';
import type { MeleeScenario } from './schema.js';
import { type AttackRoller, Casualties, attackRoller, rollNd6 } from './simulate-attack.js';
import { pairTotal, roll2d6 } from '../../core/two-d6.js';
import { grownInt32 } from '../../core/grown.js';

/** Sides as numbers in the hot loops. */
export const ATTACKER = 0;
export const TARGET = 1;
/** RoundDice.first: equal Initiative, a roll-off. */
const ROLL_OFF = 2;
/** RoundDice.rollBlows: the blows were struck (no side fled at the charge). */
export const STRUCK = -1;

/** One kind of blow of a side's models (the model's, its mount's, a joined character's), normal and afraid. */
class BlowDice {
  constructor(
    /** Attacks per fighting model, or in all when `fixed` (a joined character's, §8). */
    readonly attacks: number,
    readonly fixed: boolean,
    readonly normal: AttackRoller,
    readonly afraid: AttackRoller,
  ) {}
}

/** One side's dice in a round: its stupidity test, its blows, and its models as the enemy's blows land. */
class SideDice {
  /** This unit's models as the enemy's blows land. */
  readonly casualties: Casualties;
  private readonly blows: BlowDice[];
  /** Models fighting before stupidity and casualties (§8). */
  private readonly fighting: number;
  private readonly stupid: boolean;
  private readonly ld: number;
  /** The §16.10 option: a stupid unit's odd model fights on a 4+. */
  private readonly oddModel: boolean;

  constructor(c: Combatant, enemy: Combatant, plan: MeleePlan) {
    this.casualties = new Casualties(c.defender);
    const w = enemy.defender.w;
    // One elements kind for every side's blows, none too (objectArray): strike is not compiled again for another.
    this.blows = objectArray();
    for (const b of c.blows) this.blows.push(new BlowDice(b.attacks, b.fixed ?? false, attackRoller(b.strike, w), attackRoller(b.afraidStrike, w)));
    this.fighting = c.fighting;
    this.stupid = c.stupid;
    this.ld = c.ld;
    this.oddModel = plan.situation.options.stupidity === 'odd-model-4+';
  }

  /** Models fighting after the start-of-turn stupidity test (§11, §16.10). */
  fightingModels(rng: Rng): number {
    if (!this.stupid || roll2d6(rng) <= this.ld) return this.fighting;
    const half = Math.floor(this.fighting / 2);
    if (this.oddModel && this.fighting % 2 === 1 && rng.d6() >= 4) return half + 1;
    return half;
  }

  /** All blows of `models` fighting models: the model's attacks, then its mount's (§4). */
  strike(models: number, afraid: boolean, rng: Rng, target: Casualties): void {
    const blows = this.blows;
    for (let i = 0; i < blows.length; i++) {
      const b = blows[i];
      (afraid ? b.afraid : b.normal).roll(b.fixed ? b.attacks : models * b.attacks, rng, target);
    }
  }
}

/** The dice of a round's blows compiled from its plan: stupidity, the charge-time test, strike order, both sides' blows. */
export class RoundDice {
  readonly attacker: SideDice;
  readonly target: SideDice;
  /** ATTACKER, TARGET, or ROLL_OFF. */
  readonly first: number;
  /** The charged side's fear or terror test (§11): its side (−1: none), whether it is rolled (else given), its Ld, whether a failure flees. */
  private readonly testSide: number;
  private readonly testRolled: boolean;
  private readonly testGivenPassed: boolean;
  private readonly testLd: number;
  private readonly testFlees: boolean;

  constructor(plan: MeleePlan) {
    this.attacker = new SideDice(plan.attacker, plan.target, plan);
    this.target = new SideDice(plan.target, plan.attacker, plan);
    this.first = plan.first === 'roll-off' ? ROLL_OFF : plan.first === 'attacker' ? ATTACKER : TARGET;
    const test = plan.chargeTest;
    this.testSide = test === null ? -1 : test.side === 'attacker' ? ATTACKER : TARGET;
    this.testRolled = test?.given === 'roll';
    this.testGivenPassed = test?.given === 'passed';
    this.testLd = test === null ? 0 : plan[test.side].ld;
    this.testFlees = test?.failFlees ?? false;
  }

  /**
   * The blows of one round rolled into the sides' casualties: stupidity, the charge-time fear or
   * terror test, the strike order and both sides' blows. Returns the side that fled at the charge
   * (no blows struck), or STRUCK. A fight's round with a challenge rolls one roll-off for both
   * combats and passes its winner as `rolledFirst` (−1: none).
   */
  rollBlows(rng: Rng, rolledFirst: number): number {
    // Start of turn: stupidity tests (§11).
    const fightingA = this.attacker.fightingModels(rng);
    const fightingT = this.target.fightingModels(rng);
    // Charge declaration: the charged unit's fear or terror test (§11).
    let afraid = -1;
    if (this.testSide >= 0) {
      const passed = this.testRolled ? roll2d6(rng) <= this.testLd : this.testGivenPassed;
      if (!passed) {
        if (this.testFlees) return this.testSide;
        afraid = this.testSide;
      }
    }
    // Equal Initiative: a roll-off, unless one was rolled for the whole combat (`rolledFirst`, §16.6)
    const firstSide = this.first !== ROLL_OFF ? this.first : rolledFirst >= 0 ? rolledFirst : rollOff(rng);
    const aFirst = firstSide === ATTACKER;
    const first = aFirst ? this.attacker : this.target;
    const second = aFirst ? this.target : this.attacker;
    second.casualties.reset();
    first.strike(aFirst ? fightingA : fightingT, afraid === firstSide, rng, second.casualties);
    // Casualties cannot strike back (§8): each removes one fighting model.
    const replying = Math.max(0, (aFirst ? fightingT : fightingA) - second.casualties.slain);
    first.casualties.reset();
    second.strike(replying, afraid === 1 - firstSide, rng, first.casualties);
    return STRUCK;
  }
}

/** Strike order for equal Initiative (§4, §16.6): a roll-off, ties re-rolled; ATTACKER or TARGET. */
export function rollOff(rng: Rng): number {
  for (;;) {
    // The attacker's die in the pair's low digit, the target's in its high one.
    const pair = rng.twoFaces();
    const t = (pair / 6) | 0;
    const a = pair - 6 * t;
    if (a !== t) return a > t ? ATTACKER : TARGET;
  }
}

/** Fate codes of LoserDice.roll: 0 after a draw, else the index of the Fate in FATES plus 1. */
export const FATE_CODES = FATES.length + 1;
const HOLDS = FATES.indexOf('holds') + 1;
const BREAKS = FATES.indexOf('breaks') + 1;
const CAUGHT = FATES.indexOf('caught') + 1;
const WIPED_OUT = FATES.indexOf('wiped-out') + 1;

/**
 * The dice after a round's verdict (§10, §12), their numbers read once from the plan: a simulator
 * keeps one per verdict met and rolls it sample after sample.
 */
export class LoserDice {
  /** 0: a draw, nobody tests; 1: the loser has no model left; 2: it flees without a roll (fear, §10); 3: it takes a break test. */
  private readonly kind: number;
  /** The highest 2D6 total that holds (§10). */
  private readonly holdsUpTo: number;
  /** Insane courage: double 1 always holds (§1 option); the Battle Standard re-rolls a failed test (§1). */
  private readonly insaneCourage: boolean;
  private readonly battleStandard: boolean;
  /** The winner pursues always, or after failing a restraint test on its Ld (§12). */
  private readonly alwaysPursues: boolean;
  private readonly restraintTest: boolean;
  private readonly winnerLd: number;
  /** D6 of the flee and the pursuit moves (§12). */
  private readonly fleeDice: number;
  private readonly pursuitDice: number;

  constructor(plan: MeleePlan, verdict: Verdict) {
    const won = verdict.kind === 'win';
    this.kind = !won ? 0 : verdict.loserWipedOut ? 1 : verdict.autoBreak ? 2 : 3;
    const loser = won && verdict.loser === 'attacker' ? plan.attacker : plan.target;
    const winner = won && verdict.winner === 'attacker' ? plan.attacker : plan.target;
    this.holdsUpTo = won ? verdict.holdsUpTo : 0;
    this.insaneCourage = plan.situation.options.insaneCourage;
    this.battleStandard = loser.unit.rules.battleStandard;
    this.alwaysPursues = winner.pursuit === 'always';
    this.restraintTest = winner.pursuit === 'restraint-test';
    this.winnerLd = winner.ld;
    this.fleeDice = loser.moveDice;
    this.pursuitDice = winner.moveDice;
    this.key = loserDiceKey(this.kind, this.holdsUpTo, this.insaneCourage, this.battleStandard, this.alwaysPursues, this.restraintTest, this.winnerLd, this.fleeDice, this.pursuitDice);
  }

  /** Everything roll reads, as one number: equal keys roll alike (a simulator keeps one of them). */
  readonly key: number;

  /** The loser's fate rolled: 0 after a draw, else the index of the Fate in FATES plus 1. */
  roll(rng: Rng): number {
    const kind = this.kind;
    if (kind === 0) return 0;
    if (kind === 1) return WIPED_OUT;
    if (kind === 3 && !this.failsBreakTest(rng)) return HOLDS;
    // Pursuit (§12): the winner declares; a unit that may hold back needs a passed Ld test.
    const pursues = this.alwaysPursues || (this.restraintTest && roll2d6(rng) > this.winnerLd);
    const fled = rollNd6(this.fleeDice, rng);
    return pursues && rollNd6(this.pursuitDice, rng) >= fled ? CAUGHT : BREAKS;
  }

  /** Break test (§10): 2D6 against the holding total; insane courage and the Battle Standard re-roll (§1). */
  private failsBreakTest(rng: Rng): boolean {
    if (!this.failsOnce(rng)) return false;
    return this.battleStandard ? this.failsOnce(rng) : true;
  }

  private failsOnce(rng: Rng): boolean {
    const pair = rng.twoFaces();
    if (this.insaneCourage && pair === 0) return false; // double 1
    return pairTotal(pair) > this.holdsUpTo;
  }
}

/**
 * LoserDice's fields as one Smi. A 2D6 total is 2 … 12, so a score compared with one (holdsUpTo,
 * the winner's Ld in the restraint test) acts alike at or below 1 and at or above 12: clamped to
 * 1 … 12 it keys the same rolls. Flee and pursuit dice are 5 or 8 (§12), below 16.
 */
function loserDiceKey(
  kind: number,
  holdsUpTo: number,
  insaneCourage: boolean,
  battleStandard: boolean,
  alwaysPursues: boolean,
  restraintTest: boolean,
  winnerLd: number,
  fleeDice: number,
  pursuitDice: number,
): number {
  if (fleeDice > 15 || pursuitDice > 15) throw new Error(`LoserDice: ${fleeDice} and ${pursuitDice} move dice are beyond its key`);
  const flags = (insaneCourage ? 8 : 0) + (battleStandard ? 4 : 0) + (alwaysPursues ? 2 : 0) + (restraintTest ? 1 : 0);
  const score = (x: number): number => Math.min(12, Math.max(1, x));
  return ((((kind * 16 + flags) * 16 + score(holdsUpTo)) * 16 + score(winnerLd)) * 16 + fleeDice) * 16 + pursuitDice;
}

/** What the blows of one round decided (a pair of casualties met): the verdict, its break-test dice and the target's losses. */
class RoundJudgement {
  readonly loserDice: LoserDice;
  constructor(
    readonly verdict: Verdict,
    plan: MeleePlan,
    readonly targetLost: number,
    readonly targetSlain: number,
  ) {
    this.loserDice = new LoserDice(plan, verdict);
  }
}

/** Most judgement slots indexed directly (1 MB of Int32). */
const DIRECT_MAX = 1 << 18;

/** A melee scenario's round, compiled once, with the judgements met kept across chunks. */
class OneRound {
  private readonly dice: RoundDice;
  /** Combat resolution of the plan, compiled once (§9, §10). */
  private readonly judging: Judging;
  /**
   * Judgement ids by (attacker's casualties key, target's): in a table indexed by both when their
   * ranges are small (−1: not judged yet), else hashed; the judgements by id.
   */
  private readonly direct: Int32Array | null;
  private readonly ids = new IntPairTable();
  private readonly judgements: RoundJudgement[] = objectArray();
  /** Each judgement's break-test dice by id (read in the hot loop without its judgement). */
  private readonly loserDice: LoserDice[] = objectArray();
  /** Samples of the current call by judgement id × FATE_CODES + fate code. */
  private counts = new Int32Array(64 * FATE_CODES);

  constructor(private readonly plan: MeleePlan) {
    this.dice = new RoundDice(plan);
    this.judging = new Judging(plan);
    const range = this.dice.attacker.casualties.keyRange * this.dice.target.casualties.keyRange;
    this.direct = range <= DIRECT_MAX ? new Int32Array(range).fill(-1) : null;
  }

  simulate(rng: Rng, n: number, tally: Tally): void {
    // The tally's slots, found in a fixed order before any count.
    const slots = recordSlots(tally);
    const dice = this.dice;
    const onA = dice.attacker.casualties;
    const onT = dice.target.casualties;
    const direct = this.direct;
    const rangeT = onT.keyRange;
    this.counts.fill(0);
    let fledA = 0;
    let fledT = 0;
    for (let i = 0; i < n; i++) {
      const fled = dice.rollBlows(rng, -1);
      if (fled !== STRUCK) {
        if (fled === ATTACKER) fledA++;
        else fledT++;
        continue;
      }
      let j: number;
      if (direct !== null) {
        const at = onA.key() * rangeT + onT.key();
        j = direct[at];
        if (j < 0) j = direct[at] = this.judge(onA, onT);
      } else {
        j = this.ids.get(onA.key(), onT.key());
        if (j < 0) this.ids.set(onA.key(), onT.key(), (j = this.judge(onA, onT)));
      }
      this.counts[j * FATE_CODES + this.loserDice[j].roll(rng)]++;
    }
    this.intoTally(tally, slots, n, fledA, fledT);
  }

  /** The judgement of the casualties just rolled. */
  private judge(onA: Casualties, onT: Casualties): number {
    const verdict = this.judging.verdict({ points: onT.points, modelsLeft: onA.modelsLeft }, { points: onA.points, modelsLeft: onT.modelsLeft });
    const j = this.judgements.length;
    const judged = new RoundJudgement(verdict, this.plan, onT.lost, onT.slain);
    this.judgements.push(judged);
    this.loserDice.push(judged.loserDice);
    if ((j + 1) * FATE_CODES > this.counts.length) this.counts = grownInt32(this.counts, (j + 1) * FATE_CODES);
    return j;
  }

  /** The call's samples into the tally: damage, models slain and destruction of the target, each side's fate, the combat result. */
  private intoTally(tally: Tally, slots: RecordSlots, n: number, fledA: number, fledT: number): void {
    if (n === 0) return;
    tally.samples += n;
    tally.tracksSlain = true;
    tally.tracksDestroyed = true;
    // A side that fled at the charge (§11): no blows, no combat.
    const noBlows = fledA + fledT;
    tally.damage.addMany(0, noBlows);
    tally.slain.addMany(0, noBlows);
    count(tally, slots, 'flees-at-charge', 'holds', 'no-combat', fledT);
    count(tally, slots, 'holds', 'flees-at-charge', 'no-combat', fledA);
    this.judgements.forEach((judged, j) => {
      for (let code = 0; code < FATE_CODES; code++) {
        const times = this.counts[j * FATE_CODES + code];
        if (times === 0) continue;
        tally.damage.addMany(judged.targetLost, times);
        tally.slain.addMany(judged.targetSlain, times);
        const verdict = judged.verdict;
        if (verdict.kind === 'draw') {
          count(tally, slots, 'holds', 'holds', 'draw', times);
          continue;
        }
        const loserFate = FATES[code - 1];
        const targetFate: Fate = verdict.loser === 'target' ? loserFate : 'holds';
        const attackerFate: Fate = verdict.loser === 'attacker' ? loserFate : 'holds';
        if (targetFate === 'wiped-out' || targetFate === 'caught') tally.destroyed += times;
        count(tally, slots, targetFate, attackerFate, verdict.winner === 'attacker' ? 'attacker-wins' : 'target-wins', times);
      }
    });
  }
}

const rounds = new WeakMap<MeleeScenario, OneRound>();

export function simulateMelee(sc: MeleeScenario, rng: Rng, n: number, tally: Tally): void {
  let round = rounds.get(sc);
  if (!round) rounds.set(sc, (round = new OneRound(meleePlan(sc))));
  round.simulate(rng, n, tally);
}

/** The tally's slots of the round's tables, found once per chunk (no string-keyed lookup per sample). */
interface RecordSlots {
  readonly target: Record<Fate, number>;
  readonly attacker: Record<Fate, number>;
  readonly combat: Record<CombatResult, number>;
}

function recordSlots(tally: Tally): RecordSlots {
  const slots = <K extends string>(keys: readonly K[], slot: (k: K) => number) => Object.fromEntries(keys.map((k) => [k, slot(k)])) as Record<K, number>;
  return {
    target: slots(FATES, (f) => tally.moraleSlot(f)),
    combat: slots(COMBAT_RESULTS, (c) => tally.outcomeSlot('combat', c)),
    attacker: slots(FATES, (f) => tally.outcomeSlot('attacker', f)),
  };
}

function count(tally: Tally, slots: RecordSlots, target: Fate, attacker: Fate, combat: CombatResult, times: number): void {
  if (times === 0) return;
  tally.count(slots.target[target], times);
  tally.count(slots.combat[combat], times);
  tally.count(slots.attacker[attacker], times);
}
