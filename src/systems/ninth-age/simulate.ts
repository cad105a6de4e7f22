/**
 * The 9th Age simulator: every die rolled in rule order, like players at the table. Fear tests,
 * then each Initiative step (simultaneous within a step, casualties removed between steps), the
 * combat result, the break test, flee and pursuit, then the end-of-phase hits of Hellfire and
 * Lightning Attack; or one unit's shooting and the Panic test.
 */
import { rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { Victim, attackAutomaton, rollAttack, rollAttacks } from './attack-sim.js';
import type { FaceAutomaton } from '../../core/face-automaton.js';
import { MELEE_CATEGORIES, type MeleeCategory, SHOOTING_CATEGORIES, type ShootingCategory } from './categories.js';
import { type MeleeSide, addWounds, aliveCode, meleeSides, modelsAlive, standingLeadership, takesFearTest, victimAt, woundPool } from './melee-setup.js';
import type { MeleeSituation, Scenario, ShootingSituation, Unit } from './model.js';
import { type AttackCount, type AttackGroup, type EndOfPhaseHits, INITIATIVE_STEPS, endOfPhaseHits, shotCount } from './groups.js';
import { type AttackProfile, shootingProfile } from './profile.js';
import { type LoserTest, type RoundResult, type Side, roundResult } from './resolution.js';
import { spillOver } from './challenge-round.js';

/** A Leadership test: 2D6 ≤ Ld, a failure re-rolled once when allowed (§3.1, §1.2). */
function rollLeadership(ld: number, reroll: boolean, rng: Rng): boolean {
  if (rng.d6() + rng.d6() <= ld) return true;
  return reroll && rng.d6() + rng.d6() <= ld;
}

/** The attacks of one side at one step, looked up by models alive. */
interface CompiledGroup {
  readonly profiles: AttackProfile[];
  /** Each profile's attack read through a table, where it can be (attack-sim.ts). */
  readonly automata: (FaceAutomaton | null)[];
  readonly counts: AttackCount[];
}

interface CompiledSide {
  readonly side: MeleeSide;
  /** Per Initiative step (index into INITIATIVE_STEPS), the groups striking then at the enemy R&F. */
  readonly steps: CompiledGroup[][];
  /** The same at the enemy's joined character. */
  readonly stepsVsCharacter: CompiledGroup[][];
}

function compile(side: MeleeSide): CompiledSide {
  // alive codes: R&F alive, times 2 plus the character's 1 when the side has a joined character
  const codes = Array.from({ length: side.character ? side.unit.models * 2 + 2 : side.unit.models + 1 }, (_, k) => k);
  const byStep = (groups: AttackGroup[]) =>
    INITIATIVE_STEPS.map((step) =>
      groups.filter((g) => g.initiative === step).map((g) => {
        const profiles = codes.map((n) => g.profile(n));
        return { profiles, automata: profiles.map(attackAutomaton), counts: codes.map((n) => g.count(n)) };
      }),
    );
  return { side, steps: byStep(side.groups), stepsVsCharacter: byStep(side.groupsVsCharacter) };
}

/** The groups striking at one step, in their listed order, each attack rolled in turn. */
function rollGroups(groups: CompiledGroup[], alive: number, rng: Rng, victim: Victim): number {
  let wounds = 0;
  for (const g of groups) {
    const c = g.counts[alive];
    let attacks = c.flat;
    if (c.dice) for (let r = 0; r < c.rolls; r++) attacks += rollDice(c.dice, rng);
    wounds += rollAttacks(g.profiles[alive], g.automata[alive], attacks, rng, victim);
  }
  return wounds;
}

/** End of the phase: D6 Hellfire hits, then D6 Lightning Attack hits, on a marked victim (§7, A25). */
function rollEndOfPhase(e: EndOfPhaseHits, victim: Victim, rng: Rng): number {
  let wounds = 0;
  if (victim.hellfire) for (let n = rollDice(e.hits, rng); n > 0; n--) wounds += rollAttack(e.hellfire, rng, victim);
  if (victim.lightning) for (let n = rollDice(e.hits, rng); n > 0; n--) wounds += rollAttack(e.lightning, rng, victim);
  return wounds;
}

function categoryOf(side: Side, result: 'holds' | 'breaks-escapes' | 'breaks-caught' | 'destroyed'): MeleeCategory {
  if (side === 'target') return result;
  return result === 'destroyed' ? 'attacker-destroyed' : (`attacker-${result}` as MeleeCategory);
}

/** Both sides of a melee round compiled for each pair of Fear-test results, and the tests to roll. */
export interface CompiledRound {
  readonly scenario: Scenario;
  /** [attacker failed Fear][target failed Fear] */
  readonly combos: ReadonlyArray<ReadonlyArray<{ readonly attacker: CompiledSide; readonly target: CompiledSide }>>;
  readonly fearA: boolean;
  readonly fearT: boolean;
  readonly ldA: number;
  readonly ldT: number;
  /** Indices into INITIATIVE_STEPS at which some group of either side strikes. */
  readonly activeSteps: readonly number[];
}

export function compileRound(s: Scenario): CompiledRound {
  const combos = [false, true].map((failA) => [false, true].map((failT) => {
    const sides = meleeSides(s, failA, failT);
    return { attacker: compile(sides.attacker), target: compile(sides.target) };
  }));
  const strikes = (c: CompiledSide, k: number) => c.steps[k].length > 0 || c.stepsVsCharacter[k].length > 0;
  const activeSteps = INITIATIVE_STEPS.map((_, k) => k).filter((k) => combos.some((row) => row.some((c) => strikes(c.attacker, k) || strikes(c.target, k))));
  return {
    scenario: s,
    combos,
    activeSteps,
    fearA: takesFearTest(s.attacker, s.target),
    fearT: takesFearTest(s.target, s.attacker),
    ldA: standingLeadership(s.attacker, s.target),
    ldT: standingLeadership(s.target, s.attacker),
  };
}

/**
 * One round's Fear tests and Initiative steps rolled (§12.6, §4.2): the wounds caused on the target
 * and on the attacker, Overkill included in a challenge.
 */
export function rollRoundWounds(c: CompiledRound, rng: Rng, victimT: Victim, victimA: Victim): { dT: number; dA: number } {
  const s = c.scenario;
  const challenge = (s.situation as MeleeSituation).challenge;
  // Fear tests at the start of the Combat Phase (§12.6)
  const failA = c.fearA && !rollLeadership(c.ldA, s.attacker.morale.rerollLeadership, rng);
  const failT = c.fearT && !rollLeadership(c.ldT, s.target.morale.rerollLeadership, rng);
  const { attacker, target } = c.combos[failA ? 1 : 0][failT ? 1 : 0];
  let dT = 0;
  let dA = 0;
  for (const k of c.activeSteps) {
    const aliveA = aliveCode(attacker.side, dA);
    const aliveT = aliveCode(target.side, dT);
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
  return { dT, dA };
}

/**
 * A round with an accepted challenge rolled (§4.11): one Fear test per unit binding its fighter too
 * (§12.6), then each Initiative step of the units' combat and of the challenge together, a champion
 * fighter taking the wounds that slay its unit's last rank and file (§4.10, spillOver).
 */
export function rollChallengeRoundWounds(
  units: CompiledRound,
  duel: CompiledRound,
  spills: { readonly attacker: boolean; readonly target: boolean },
  rng: Rng,
  victimT: Victim,
  victimA: Victim,
): { dT: number; dA: number; oT: number; oA: number } {
  const s = units.scenario;
  const failA = units.fearA && !rollLeadership(units.ldA, s.attacker.morale.rerollLeadership, rng);
  const failT = units.fearT && !rollLeadership(units.ldT, s.target.morale.rerollLeadership, rng);
  const u = units.combos[failA ? 1 : 0][failT ? 1 : 0];
  const d = duel.combos[failA ? 1 : 0][failT ? 1 : 0];
  let dT = 0;
  let dA = 0;
  let oT = 0;
  let oA = 0;
  const active = [...new Set([...units.activeSteps, ...duel.activeSteps])].sort((x, y) => x - y);
  for (const k of active) {
    const aliveA = aliveCode(u.attacker.side, dA);
    const aliveT = aliveCode(u.target.side, dT);
    const fighterA = aliveCode(d.attacker.side, oA);
    const fighterT = aliveCode(d.target.side, oT);
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
  return { dT, dA, oT, oA };
}

/**
 * The loser's test rolled (§12.2, §7): the wounds it loses to Unstable or Daemonic Instability, and
 * whether it holds, breaks and escapes, or breaks and is caught (§12.3).
 */
export function rollLoserTest(test: LoserTest, rng: Rng): { extra: number; result: 'holds' | 'breaks-escapes' | 'breaks-caught' } {
  let extra = 0;
  let result: 'holds' | 'breaks-escapes' | 'breaks-caught' = 'holds';
  if (test.kind === 'unstable') extra = test.wounds;
  else if (test.kind === 'daemonic') {
    extra = Math.max(0, rng.d6() + rng.d6() + test.add - test.ld);
    if (extra > 0 && test.reroll) extra = Math.max(0, rng.d6() + rng.d6() + test.add - test.ld);
  } else if (test.kind === 'break' && !rollLeadership(test.ld, test.reroll, rng)) {
    if (test.destroyedOnFailure) result = 'breaks-caught';
    else {
      // pursue or restrain (a passed Leadership test declines), then the flee and pursuit rolls (§4.1, §12.3)
      const pursues = !test.restraint || !rollLeadership(test.restraint.ld, test.restraint.reroll, rng);
      const flee = rollDice(test.flee, rng);
      // caught when the pursuit roll is at least the flee roll (§12.3)
      result = pursues && rollDice(test.pursuit, rng) >= flee ? 'breaks-caught' : 'breaks-escapes';
    }
  }
  return { extra, result };
}

/**
 * The combat result of each (wounds on the target, wounds on the attacker) met so far, per
 * scenario: arithmetic only, the same for every sample that ends the round there.
 */
const results = new WeakMap<Scenario, RoundResult[][]>();

function simulateMelee(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const round = compileRound(s);
  let known = results.get(s);
  if (!known) results.set(s, (known = []));
  const byWounds = known;
  // Each category counted here (by its index in MELEE_CATEGORIES), handed to the tally once.
  const categories = new Float64Array(MELEE_CATEGORIES.length);
  const poolT = woundPool(s.target);
  const poolA = woundPool(s.attacker);
  const endT = endOfPhaseHits(s.target, s.attacker);
  const endA = endOfPhaseHits(s.attacker, s.target);
  const victimT = new Victim();
  const victimA = new Victim();
  for (let sample = 0; sample < n; sample++) {
    victimT.reset();
    victimA.reset();
    const { dT, dA } = rollRoundWounds(round, rng, victimT, victimA);
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
      const { extra, result } = rollLoserTest(r.test, rng);
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
  const profile = shootingProfile(s.attacker, sit, target);
  const championProfile = shootingProfile(s.attacker, sit, target, true);
  const shots = shotCount(s.attacker, sit);
  const automaton = attackAutomaton(profile);
  const championAutomaton = attackAutomaton(championProfile);
  const pool = woundPool(target);
  const victim = new Victim();
  return (rng) => {
    victim.reset();
    // the rank and file shoot, then the champion
    const wounds = rollAttacks(profile, automaton, shots.rankAndFile, rng, victim) + rollAttacks(championProfile, championAutomaton, shots.champion, rng, victim);
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
