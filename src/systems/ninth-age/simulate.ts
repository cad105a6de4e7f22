/**
 * The 9th Age simulator: every die rolled in rule order, like players at the table. Fear tests,
 * then each Initiative step (simultaneous within a step, casualties removed between steps), the
 * combat result, the break test, flee and pursuit, then the end-of-phase hits of Hellfire and
 * Lightning Attack; or one unit's shooting and the Panic test.
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { AttackDice, AttackDiceTable, Victim, rollAttack, rollAttacks } from './attack-sim.js';
import { MELEE_CATEGORIES, type MeleeCategory, SHOOTING_CATEGORIES, type ShootingCategory } from './categories.js';
import { type MeleeSide, addWounds, aliveCode, meleeSides, modelsAlive, standingLeadership, takesFearTest, victimAt, woundPool } from './melee-setup.js';
import type { MeleeSituation, Scenario, ShootingSituation, Unit } from './model.js';
import { type AttackCount, type AttackGroup, type EndOfPhaseHits, INITIATIVE_STEPS, endOfPhaseHits, shotCount } from './groups.js';
import { shootingProfile } from './profile.js';
import { type LoserTest, type RoundResult, type Side, roundResult } from './resolution.js';
import { spillOver } from './challenge-round.js';

/** A Leadership test: 2D6 ≤ Ld, a failure re-rolled once when allowed (§3.1, §1.2). */
function rollLeadership(ld: number, reroll: boolean, rng: Rng): boolean {
  if (rng.d6() + rng.d6() <= ld) return true;
  return reroll && rng.d6() + rng.d6() <= ld;
}

/**
 * The attacks of one group, looked up by the side's alive code (aliveCode): its dice and its count,
 * each worked out on first use (most alive codes of a round are never met).
 */
class CompiledGroup {
  private readonly dice: Array<AttackDice | undefined> = [];
  private readonly counts: Array<AttackCount | undefined> = [];

  constructor(
    private readonly group: AttackGroup,
    private readonly table: AttackDiceTable,
  ) {}

  diceAt(alive: number): AttackDice {
    return (this.dice[alive] ??= this.table.of(this.group.profile(alive)));
  }

  countAt(alive: number): AttackCount {
    return (this.counts[alive] ??= this.group.count(alive));
  }
}

interface CompiledSide {
  readonly side: MeleeSide;
  /** aliveCode(side, d) by damage index d, 0 … cap. */
  readonly alive: Int32Array;
  /** Per Initiative step (index into INITIATIVE_STEPS), the groups striking then at the enemy R&F. */
  readonly steps: CompiledGroup[][];
  /** The same at the enemy's joined character. */
  readonly stepsVsCharacter: CompiledGroup[][];
}

function compile(side: MeleeSide, table: AttackDiceTable): CompiledSide {
  const byStep = (groups: AttackGroup[]) =>
    INITIATIVE_STEPS.map((step) => groups.filter((g) => g.initiative === step).map((g) => new CompiledGroup(g, table)));
  const alive = Int32Array.from({ length: side.cap + 1 }, (_, d) => aliveCode(side, d));
  return { side, alive, steps: byStep(side.groups), stepsVsCharacter: byStep(side.groupsVsCharacter) };
}

/** The groups striking at one step, in their listed order, each attack rolled in turn. */
function rollGroups(groups: CompiledGroup[], alive: number, rng: Rng, victim: Victim): number {
  let wounds = 0;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    const c = g.countAt(alive);
    let attacks = c.flat;
    if (c.dice) for (let r = 0; r < c.rolls; r++) attacks += rollDice(c.dice, rng);
    wounds += rollAttacks(g.diceAt(alive), attacks, rng, victim);
  }
  return wounds;
}

/** A unit's end-of-phase hits (EndOfPhaseHits) with their dice flattened. */
interface EndOfPhaseDice {
  readonly hits: DiceExpr;
  readonly hellfire: AttackDice;
  readonly lightning: AttackDice;
}

function endOfPhaseDice(e: EndOfPhaseHits): EndOfPhaseDice {
  return { hits: e.hits, hellfire: new AttackDice(e.hellfire), lightning: new AttackDice(e.lightning) };
}

/** End of the phase: D6 Hellfire hits, then D6 Lightning Attack hits, on a marked victim (§7, A25). */
function rollEndOfPhase(e: EndOfPhaseDice, victim: Victim, rng: Rng): number {
  let wounds = 0;
  if (victim.hellfire) for (let n = rollDice(e.hits, rng); n > 0; n--) wounds += rollAttack(e.hellfire, rng, victim);
  if (victim.lightning) for (let n = rollDice(e.hits, rng); n > 0; n--) wounds += rollAttack(e.lightning, rng, victim);
  return wounds;
}

function categoryOf(side: Side, result: 'holds' | 'breaks-escapes' | 'breaks-caught' | 'destroyed'): MeleeCategory {
  if (side === 'target') return result;
  return result === 'destroyed' ? 'attacker-destroyed' : (`attacker-${result}` as MeleeCategory);
}

/** Both sides of a melee round for one pair of Fear-test results (§12.6). */
interface CompiledSides {
  readonly attacker: CompiledSide;
  readonly target: CompiledSide;
  /** Indices into INITIATIVE_STEPS at which some group of either side strikes, in order. */
  readonly activeSteps: readonly number[];
}

/**
 * A melee round compiled: the Fear tests to roll, and both sides for each pair of their results,
 * compiled on first use (without Fear only one pair is ever rolled).
 */
export class CompiledRound {
  readonly fearA: boolean;
  readonly fearT: boolean;
  readonly ldA: number;
  readonly ldT: number;
  readonly rerollA: boolean;
  readonly rerollT: boolean;
  /** By attacker failed Fear × 2 + target failed Fear. */
  private readonly sides: Array<CompiledSides | undefined> = [];

  /** Its attacks' dice come from `table` (one per scenario, shared by the rounds of a fight). */
  constructor(
    readonly scenario: Scenario,
    private readonly table: AttackDiceTable = new AttackDiceTable(),
  ) {
    this.fearA = takesFearTest(scenario.attacker, scenario.target);
    this.fearT = takesFearTest(scenario.target, scenario.attacker);
    this.ldA = standingLeadership(scenario.attacker, scenario.target);
    this.ldT = standingLeadership(scenario.target, scenario.attacker);
    this.rerollA = scenario.attacker.morale.rerollLeadership;
    this.rerollT = scenario.target.morale.rerollLeadership;
  }

  /** Both sides after Fear tests with this result (0 … 3: attacker failed × 2 + target failed). */
  sidesAt(fear: number): CompiledSides {
    return (this.sides[fear] ??= this.compileSides(fear));
  }

  private compileSides(fear: number): CompiledSides {
    const sides = meleeSides(this.scenario, fear >= 2, (fear & 1) === 1);
    const attacker = compile(sides.attacker, this.table);
    const target = compile(sides.target, this.table);
    return { attacker, target, activeSteps: INITIATIVE_STEPS.map((_, k) => k).filter((k) => strikesAt(attacker, k) || strikesAt(target, k)) };
  }

  /** The Fear tests at the start of the Combat Phase rolled (§12.6): their result as sidesAt takes it. */
  rollFear(rng: Rng): number {
    const failA = this.fearA && !rollLeadership(this.ldA, this.rerollA, rng);
    const failT = this.fearT && !rollLeadership(this.ldT, this.rerollT, rng);
    return (failA ? 2 : 0) + (failT ? 1 : 0);
  }
}

const strikesAt = (c: CompiledSide, k: number): boolean => c.steps[k].length > 0 || c.stepsVsCharacter[k].length > 0;

/** A round's wounds as rolled, written in place by the roll functions below (no object per round). */
export class RolledBlows {
  /** Damage indices of the units' combat (see MeleeSide): the rank and file's wounds, then a joined character's. */
  dT = 0;
  dA = 0;
  /** Wounds on each fighter in the challenge, Overkill included (0 without a challenge). */
  oT = 0;
  oA = 0;
}

/**
 * One round's Fear tests and Initiative steps rolled (§12.6, §4.2): the wounds caused on the target
 * and on the attacker, Overkill included in a challenge, written into `out`. Only the steps at which
 * someone strikes are visited: a step without attacks changes nothing.
 */
export function rollRoundWounds(c: CompiledRound, rng: Rng, victimT: Victim, victimA: Victim, out: RolledBlows): void {
  const challenge = (c.scenario.situation as MeleeSituation).challenge;
  const { attacker, target, activeSteps } = c.sidesAt(c.rollFear(rng));
  let dT = 0;
  let dA = 0;
  for (let i = 0; i < activeSteps.length; i++) {
    const k = activeSteps[i];
    const aliveA = attacker.alive[dA];
    const aliveT = target.alive[dT];
    // In a challenge a fighter still standing may strike its fallen opponent for Overkill (§4.11)
    if (challenge ? aliveA === 0 && aliveT === 0 : aliveA === 0 || aliveT === 0) break;
    // Simultaneous within the step: both sides strike with the models alive at its start, at the
    // enemy's rank and file while any stand, else at its joined character (§4.4)
    const atT = victimAt(target.side, dT) === target.side ? attacker.steps[k] : attacker.stepsVsCharacter[k];
    const atA = victimAt(attacker.side, dA) === attacker.side ? target.steps[k] : target.stepsVsCharacter[k];
    const onTarget = aliveA > 0 ? rollGroups(atT, aliveA, rng, victimT) : 0;
    const onAttacker = aliveT > 0 ? rollGroups(atA, aliveT, rng, victimA) : 0;
    dT = addWounds(target.side, dT, onTarget);
    dA = addWounds(attacker.side, dA, onAttacker);
  }
  out.dT = dT;
  out.dA = dA;
  out.oT = 0;
  out.oA = 0;
}

/** A round with an accepted challenge compiled: the units' combat and the challenge (§4.11). */
export class CompiledChallenge {
  /** By the Fear tests' result (see CompiledRound.sidesAt): the steps at which someone in the units or the challenge strikes. */
  private readonly steps: Array<readonly number[] | undefined> = [];

  constructor(
    readonly units: CompiledRound,
    readonly duel: CompiledRound,
    /** Whether each side's fighter is its unit's champion, taking the wounds beyond its rank and file (§4.10). */
    readonly spills: { readonly attacker: boolean; readonly target: boolean },
  ) {}

  activeSteps(fear: number): readonly number[] {
    return (this.steps[fear] ??= [...new Set([...this.units.sidesAt(fear).activeSteps, ...this.duel.sidesAt(fear).activeSteps])].sort((x, y) => x - y));
  }
}

/**
 * A round with an accepted challenge rolled (§4.11): one Fear test per unit binding its fighter too
 * (§12.6), then each Initiative step of the units' combat and of the challenge together, a champion
 * fighter taking the wounds that slay its unit's last rank and file (§4.10, spillOver). The wounds
 * are written into `out`.
 */
export function rollChallengeRoundWounds(ch: CompiledChallenge, rng: Rng, victimT: Victim, victimA: Victim, out: RolledBlows): void {
  const fear = ch.units.rollFear(rng);
  const u = ch.units.sidesAt(fear);
  const d = ch.duel.sidesAt(fear);
  const active = ch.activeSteps(fear);
  const spills = ch.spills;
  let dT = 0;
  let dA = 0;
  let oT = 0;
  let oA = 0;
  for (let i = 0; i < active.length; i++) {
    const k = active[i];
    const aliveA = u.attacker.alive[dA];
    const aliveT = u.target.alive[dT];
    const fighterA = d.attacker.alive[oA];
    const fighterT = d.target.alive[oT];
    const unitsFight = aliveA > 0 && aliveT > 0;
    const atT = victimAt(u.target.side, dT) === u.target.side ? u.attacker.steps[k] : u.attacker.stepsVsCharacter[k];
    const atA = victimAt(u.attacker.side, dA) === u.attacker.side ? u.target.steps[k] : u.target.stepsVsCharacter[k];
    const onT = unitsFight ? rollGroups(atT, aliveA, rng, victimT) : 0;
    const onA = unitsFight ? rollGroups(atA, aliveT, rng, victimA) : 0;
    // A fighter standing strikes its opponent, fallen or not (Overkill, §4.11)
    const duelT = fighterA > 0 ? rollGroups(d.attacker.steps[k], fighterA, rng, victimT) : 0;
    const duelA = fighterT > 0 ? rollGroups(d.target.steps[k], fighterT, rng, victimA) : 0;
    oT = spillOver(u.target.side, dT + onT, d.target.side, addWounds(d.target.side, oT, duelT), spills.target);
    oA = spillOver(u.attacker.side, dA + onA, d.attacker.side, addWounds(d.attacker.side, oA, duelA), spills.attacker);
    dT = addWounds(u.target.side, dT, onT);
    dA = addWounds(u.attacker.side, dA, onA);
  }
  out.dT = dT;
  out.dA = dA;
  out.oT = oT;
  out.oA = oA;
}

/** How a loser's test can come out (§12.2, §12.3), in the order of rollLoserTest's code. */
export const LOSER_RESULTS = ['holds', 'breaks-escapes', 'breaks-caught'] as const;

/**
 * The loser's test rolled (§12.2, §7): the wounds it loses to Unstable or Daemonic Instability, and
 * whether it holds, breaks and escapes, or breaks and is caught (§12.3) — as one number (no object
 * per test): extra wounds × 3 + the index of the result in LOSER_RESULTS.
 */
export function rollLoserTest(test: LoserTest, rng: Rng): number {
  let extra = 0;
  let result = 0; // holds
  if (test.kind === 'unstable') extra = test.wounds;
  else if (test.kind === 'daemonic') {
    extra = Math.max(0, rng.d6() + rng.d6() + test.add - test.ld);
    if (extra > 0 && test.reroll) extra = Math.max(0, rng.d6() + rng.d6() + test.add - test.ld);
  } else if (test.kind === 'break' && !rollLeadership(test.ld, test.reroll, rng)) {
    if (test.destroyedOnFailure) result = 2;
    else {
      // pursue or restrain (a passed Leadership test declines), then the flee and pursuit rolls (§4.1, §12.3)
      const pursues = !test.restraint || !rollLeadership(test.restraint.ld, test.restraint.reroll, rng);
      const flee = rollDice(test.flee, rng);
      // caught when the pursuit roll is at least the flee roll (§12.3)
      result = pursues && rollDice(test.pursuit, rng) >= flee ? 2 : 1;
    }
  }
  return extra * 3 + result;
}

/**
 * The combat result of each (wounds on the target, wounds on the attacker) met so far, per
 * scenario: arithmetic only, the same for every sample that ends the round there.
 */
const results = new WeakMap<Scenario, RoundResult[][]>();

/** Each scenario's round compiled once (kept across chunks, like `results`). */
const compiledRounds = new WeakMap<Scenario, CompiledRound>();
function compiledRound(s: Scenario): CompiledRound {
  let round = compiledRounds.get(s);
  if (!round) compiledRounds.set(s, (round = new CompiledRound(s)));
  return round;
}

function simulateMelee(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const round = compiledRound(s);
  let known = results.get(s);
  if (!known) results.set(s, (known = []));
  const byWounds = known;
  // Each category counted here (by its index in MELEE_CATEGORIES), handed to the tally once.
  const categories = new Float64Array(MELEE_CATEGORIES.length);
  const poolT = woundPool(s.target);
  const poolA = woundPool(s.attacker);
  const endT = endOfPhaseDice(endOfPhaseHits(s.target, s.attacker));
  const endA = endOfPhaseDice(endOfPhaseHits(s.attacker, s.target));
  const victimT = new Victim();
  const victimA = new Victim();
  const blows = new RolledBlows();
  for (let sample = 0; sample < n; sample++) {
    victimT.reset();
    victimA.reset();
    rollRoundWounds(round, rng, victimT, victimA, blows);
    const { dT, dA } = blows;
    let damageT = Math.min(dT, poolT);
    let damageA = Math.min(dA, poolA);
    // Which units are still on the table when the phase ends (not wiped out, not caught in pursuit)
    let targetStays = true;
    let attackerStays = true;
    let category: MeleeCategory;
    const row = byWounds[dT] ?? (byWounds[dT] = []);
    const r = row[dA] ?? (row[dA] = roundResult(s, dT, dA));
    if (r.kind === 'destroyed') {
      category = r.side === 'target' ? 'destroyed' : 'attacker-destroyed';
      if (r.side === 'target') targetStays = false;
      else attackerStays = false;
    } else if (r.kind === 'draw') category = 'draw';
    else {
      const loser = r.loser === 'target' ? s.target : s.attacker;
      const pool = r.loser === 'target' ? poolT : poolA;
      const already = r.loser === 'target' ? damageT : damageA;
      const code = rollLoserTest(r.test, rng);
      const extra = Math.floor(code / 3);
      const result = LOSER_RESULTS[code % 3];
      const total = Math.min(pool, already + extra);
      if (r.loser === 'target') damageT = total;
      else damageA = total;
      const wiped = modelsAlive(loser, total) === 0;
      category = categoryOf(r.loser, wiped ? 'destroyed' : result);
      if (wiped || result === 'breaks-caught') {
        if (r.loser === 'target') targetStays = false;
        else attackerStays = false;
      }
    }
    // End of the phase, after flee and pursuit (§4.1): every unit still on the table, fleeing or
    // not, takes the hits its marks call for; they never count towards the combat result (A25).
    if (targetStays) {
      damageT = Math.min(poolT, damageT + rollEndOfPhase(endT, victimT, rng));
      if (modelsAlive(s.target, damageT) === 0) category = 'destroyed';
    }
    if (attackerStays) {
      damageA = Math.min(poolA, damageA + rollEndOfPhase(endA, victimA, rng));
      // the target's own fate comes first; otherwise the attacker's last model falling is reported
      const targetsOwn = category === 'destroyed' || category === 'holds' || category === 'breaks-escapes' || category === 'breaks-caught';
      if (!targetsOwn && modelsAlive(s.attacker, damageA) === 0) category = 'attacker-destroyed';
    }
    const slain = s.target.models - modelsAlive(s.target, damageT);
    // removed: wiped out, or broken and caught in pursuit (§12.3)
    tally.record(damageT, slain, category === 'destroyed' || category === 'breaks-caught');
    categories[MELEE_CATEGORIES.indexOf(category)]++;
  }
  MELEE_CATEGORIES.forEach((category, k) => tally.recordMorale(category, categories[k]));
}

/** A unit's shooting, compiled once: each call rolls every shot and returns the wounds caused (excess lost, §4.10). */
export function shootingRoller(s: Scenario): (rng: Rng) => number {
  const sit = s.situation as ShootingSituation;
  const target = s.target;
  const dice = new AttackDiceTable();
  const profile = dice.of(shootingProfile(s.attacker, sit, target));
  const championProfile = dice.of(shootingProfile(s.attacker, sit, target, true));
  const shots = shotCount(s.attacker, sit);
  const pool = woundPool(target);
  const victim = new Victim();
  return (rng) => {
    victim.reset();
    // the rank and file shoot, then the champion
    const wounds = rollAttacks(profile, shots.rankAndFile, rng, victim) + rollAttacks(championProfile, shots.champion, rng, victim);
    return Math.min(wounds, pool);
  };
}

/** Whether a unit passes a rolled Panic test; Immune to Psychology passes (§12.4). */
export function rollPanic(unit: Unit, rng: Rng): boolean {
  return unit.morale.immunePsychology || rollLeadership(standingLeadership(unit, null), unit.morale.rerollLeadership, rng);
}

function simulateShooting(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const target = s.target;
  const shoot = shootingRoller(s);
  // Each category counted here (by its index in SHOOTING_CATEGORIES), handed to the tally once.
  const categories = new Float64Array(SHOOTING_CATEGORIES.length);
  const count = (category: ShootingCategory) => categories[SHOOTING_CATEGORIES.indexOf(category)]++;
  for (let sample = 0; sample < n; sample++) {
    const damage = shoot(rng);
    const alive = modelsAlive(target, damage);
    const slain = target.models - alive;
    tally.record(damage, slain, alive === 0);
    if (alive === 0) count('destroyed');
    else if (4 * slain < target.models) count('no-panic-test');
    // Panic (§5.5, §12.4): Immune to Psychology passes automatically
    else if (rollPanic(target, rng)) count('holds');
    else count('flees');
  }
  SHOOTING_CATEGORIES.forEach((category, k) => tally.recordMorale(category, categories[k]));
}

/** Roll `n` samples of a parsed scenario into `tally`. */
export function simulateScenario(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  if (s.situation.kind === 'melee') simulateMelee(s, rng, n, tally);
  else simulateShooting(s, rng, n, tally);
}
