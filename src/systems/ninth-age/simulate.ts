/**
 * The 9th Age simulator: every die rolled in rule order, like players at the table. Fear tests,
 * then each Initiative step (simultaneous within a step, casualties removed between steps), the
 * combat result, the break test, flee and pursuit, then the end-of-phase hits of Hellfire and
 * Lightning Attack; or one unit's shooting and the Panic test.
 */
import { type DiceExpr, rollDice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
import { objectArray } from '../../core/object-array.js';
import type { Tally } from '../../sim/tally.js';
import { AttackDice, AttackDiceTable, Victim, rollAttack, rollAttacks } from './attack-sim.js';
import { MELEE_CATEGORIES, type MeleeCategory, SHOOTING_CATEGORIES } from './categories.js';
import { type MeleeSide, AT_CHAMPION, AT_CHARACTER, AT_RANK_AND_FILE, addWounds, aliveCode, groupsAt, meleeSides, modelsAlive, standingLeadership, takesFearTest, victimKind, woundPool } from './melee-setup.js';
import type { MeleeSituation, Scenario, ShootingSituation, Unit } from './model.js';
import { type AttackGroup, type EndOfPhaseHits, INITIATIVE_STEPS, endOfPhaseHits, shotCount } from './groups.js';
import { shootingProfile } from './profile.js';
import { type LoserTest, type Side, roundResult } from './resolution.js';
import { spillOver } from './challenge-round.js';
import { LOSER_RESULTS, LoserFates, rollLeadership } from './loser-sim.js';

/** Below any attack count: a CompiledGroup entry not worked out yet. */
const UNKNOWN = -0x80000000;

/** Numbers a CompiledGroup keeps per alive code. */
const GROUP_STRIDE = 3;

/**
 * The attacks of one group, looked up by the side's alive code (aliveCode): how many it makes
 * and its dice (one typed array, UNKNOWN until worked out), each worked out on first use (most
 * alive codes of a round are never met).
 */
class CompiledGroup {
  /**
   * By alive code × GROUP_STRIDE: the attacks made without dice (UNKNOWN until filled), how many
   * rolls of `rolled` add to them, and the index of their AttackDice in the table's `all` — side by
   * side, read from one cache line in the hot loop.
   */
  readonly counts: Int32Array;
  /** By alive code: the dice of the rolled attack counts (read only when there are some). */
  readonly rolled: Array<DiceExpr | null> = objectArray();

  constructor(
    private readonly group: AttackGroup,
    private readonly table: AttackDiceTable,
    codes: number,
  ) {
    this.counts = new Int32Array(GROUP_STRIDE * codes).fill(UNKNOWN);
  }

  /** The group's entry at `alive` worked out: the attacks made without dice. */
  fill(alive: number): number {
    const c = this.group.count(alive);
    const at = GROUP_STRIDE * alive;
    this.rolled[alive] = c.dice;
    this.counts[at + 1] = c.dice ? c.rolls : 0;
    this.counts[at + 2] = this.table.of(this.group.profile(alive)).index;
    return (this.counts[at] = c.flat);
  }
}

interface CompiledSide {
  readonly side: MeleeSide;
  /** aliveCode(side, d) by damage index d, 0 … cap. */
  readonly alive: Int32Array;
  /** By damage index: whom the enemy strikes — its rank and file, its joined character or its champion left alone (victimKind, §4.4, §4.5). */
  readonly victim: Uint8Array;
  /** By damage index d: the most damage after more wounds (addWounds: min(d + w, limit[d])). */
  readonly limit: Int32Array;
  /** By the enemy's victim kind (victimKind), then per Initiative step (index into INITIATIVE_STEPS), the groups striking then. */
  readonly steps: CompiledGroup[][][];
}

/**
 * A step without groups: an empty array of the elements kind of one with groups (objectArray), so
 * every step's array has one shape and the hot loop reads it monomorphic in every scenario
 *. Never written to.
 */
const NO_GROUPS: CompiledGroup[] = objectArray();

/** The groups by Initiative step (index into INITIATIVE_STEPS), NO_GROUPS at a step without any. */
function byStep(groups: readonly AttackGroup[], table: AttackDiceTable, codes: number): CompiledGroup[][] {
  const steps: CompiledGroup[][] = [];
  for (let k = 0; k < INITIATIVE_STEPS.length; k++) steps.push(NO_GROUPS);
  for (const g of groups) {
    const k = INITIATIVE_STEPS.indexOf(g.initiative as (typeof INITIATIVE_STEPS)[number]);
    if (k < 0) continue;
    if (steps[k] === NO_GROUPS) steps[k] = [];
    steps[k].push(new CompiledGroup(g, table, codes));
  }
  return steps;
}

function compile(side: MeleeSide, table: AttackDiceTable): CompiledSide {
  const n = side.cap + 1;
  const alive = new Int32Array(n);
  const victim = new Uint8Array(n);
  const limit = new Int32Array(n);
  let codes = 0;
  for (let d = 0; d < n; d++) {
    alive[d] = aliveCode(side, d);
    if (alive[d] >= codes) codes = alive[d] + 1;
    victim[d] = victimKind(side, d);
    limit[d] = addWounds(side, d, n);
  }
  const steps = ([AT_RANK_AND_FILE, AT_CHARACTER, AT_CHAMPION] as const).map((kind) => byStep(groupsAt(side, kind), table, codes));
  return { side, alive, victim, limit, steps };
}

/** The groups striking at one step, in their listed order, each attack rolled in turn; `dice` is their table's `all`. */
function rollGroups(groups: CompiledGroup[], alive: number, rng: Rng, victim: Victim, dice: readonly AttackDice[]): number {
  let wounds = 0;
  const at = GROUP_STRIDE * alive;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    const counts = g.counts;
    let attacks = counts[at];
    if (attacks === UNKNOWN) attacks = g.fill(alive);
    const rolls = counts[at + 1];
    if (rolls > 0) {
      const rolled = g.rolled[alive]!;
      for (let r = 0; r < rolls; r++) attacks += rollDice(rolled, rng);
    }
    // no attacks roll no dice
    if (attacks > 0) wounds += rollAttacks(dice[counts[at + 2]], attacks, rng, victim);
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
  /** Whether the round is a challenge's (a fighter standing may strike its fallen opponent, §4.11). */
  readonly challenge: boolean;
  /** By attacker failed Fear × 2 + target failed Fear (null: not compiled yet). */
  private readonly sides: Array<CompiledSides | null> = [null, null, null, null];

  /** Its table's AttackDice by index (rollGroups). */
  readonly dice: readonly AttackDice[];

  /** Its attacks' dice come from `table` (one per scenario, shared by the rounds of a fight). */
  constructor(
    readonly scenario: Scenario,
    private readonly table: AttackDiceTable = new AttackDiceTable(),
  ) {
    this.dice = table.all;
    this.fearA = takesFearTest(scenario.attacker, scenario.target);
    this.fearT = takesFearTest(scenario.target, scenario.attacker);
    this.ldA = standingLeadership(scenario.attacker, scenario.target);
    this.ldT = standingLeadership(scenario.target, scenario.attacker);
    this.rerollA = scenario.attacker.morale.rerollLeadership;
    this.rerollT = scenario.target.morale.rerollLeadership;
    this.challenge = (scenario.situation as MeleeSituation).challenge;
  }

  /** Both sides after Fear tests with this result (0 … 3: attacker failed × 2 + target failed). */
  sidesAt(fear: number): CompiledSides {
    const sides = this.sides[fear];
    return sides !== null ? sides : (this.sides[fear] = this.compileSides(fear));
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

const strikesAt = (c: CompiledSide, k: number): boolean => c.steps.some((byStep) => byStep[k].length > 0);

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
  const challenge = c.challenge;
  const { attacker, target, activeSteps } = c.sidesAt(c.rollFear(rng));
  const dice = c.dice;
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
    const atT = attacker.steps[target.victim[dT]][k];
    const atA = target.steps[attacker.victim[dA]][k];
    const onTarget = aliveA > 0 ? rollGroups(atT, aliveA, rng, victimT, dice) : 0;
    const onAttacker = aliveT > 0 ? rollGroups(atA, aliveT, rng, victimA, dice) : 0;
    // casualties (addWounds)
    dT = Math.min(dT + onTarget, target.limit[dT]);
    dA = Math.min(dA + onAttacker, attacker.limit[dA]);
  }
  out.dT = dT;
  out.dA = dA;
  out.oT = 0;
  out.oA = 0;
}

/** A round with an accepted challenge compiled: the units' combat and the challenge (§4.11). */
export class CompiledChallenge {
  /** By the Fear tests' result (see CompiledRound.sidesAt): the steps at which someone in the units or the challenge strikes. */
  private readonly steps: Array<readonly number[] | null> = [null, null, null, null];

  readonly units: CompiledRound;

  constructor(
    /** The units' combat, and the same once fighters fell (ChallengeRound.unitsAfterFalls): [0] is the units' combat. */
    readonly unitsAfterFalls: readonly CompiledRound[],
    readonly duel: CompiledRound,
    /** Whether each side's fighter is its unit's champion, taking the wounds beyond its rank and file (§4.10). */
    readonly spills: { readonly attacker: boolean; readonly target: boolean },
  ) {
    this.units = unitsAfterFalls[0];
  }

  activeSteps(fear: number): readonly number[] {
    const steps = this.steps[fear];
    if (steps !== null) return steps;
    const all = [...this.unitsAfterFalls.flatMap((u) => u.sidesAt(fear).activeSteps), ...this.duel.sidesAt(fear).activeSteps];
    return (this.steps[fear] = [...new Set(all)].sort((x, y) => x - y));
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
  const falls = ch.unitsAfterFalls;
  const d = ch.duel.sidesAt(fear);
  const active = ch.activeSteps(fear);
  const spills = ch.spills;
  const unitDice = ch.units.dice;
  const duelDice = ch.duel.dice;
  let dT = 0;
  let dA = 0;
  let oT = 0;
  let oA = 0;
  for (let i = 0; i < active.length; i++) {
    const k = active[i];
    const fighterA = d.attacker.alive[oA];
    const fighterT = d.target.alive[oT];
    // Each unit strikes with its front rank as its fighter's fall left it (ChallengeRound.unitsAfterFalls)
    const u = falls[(fighterA === 0 ? 2 : 0) + (fighterT === 0 ? 1 : 0)].sidesAt(fear);
    const aliveA = u.attacker.alive[dA];
    const aliveT = u.target.alive[dT];
    const unitsFight = aliveA > 0 && aliveT > 0;
    const atT = u.attacker.steps[u.target.victim[dT]][k];
    const atA = u.target.steps[u.attacker.victim[dA]][k];
    const onT = unitsFight ? rollGroups(atT, aliveA, rng, victimT, unitDice) : 0;
    const onA = unitsFight ? rollGroups(atA, aliveT, rng, victimA, unitDice) : 0;
    // A fighter standing strikes its opponent, fallen or not (Overkill, §4.11)
    const duelT = fighterA > 0 ? rollGroups(d.attacker.steps[AT_RANK_AND_FILE][k], fighterA, rng, victimT, duelDice) : 0;
    const duelA = fighterT > 0 ? rollGroups(d.target.steps[AT_RANK_AND_FILE][k], fighterT, rng, victimA, duelDice) : 0;
    oT = spillOver(u.target.side, dT + onT, d.target.side, Math.min(oT + duelT, d.target.limit[oT]), spills.target);
    oA = spillOver(u.attacker.side, dA + onA, d.attacker.side, Math.min(oA + duelA, d.attacker.limit[oA]), spills.attacker);
    dT = Math.min(dT + onT, u.target.limit[dT]);
    dA = Math.min(dA + onA, u.attacker.limit[dA]);
  }
  out.dT = dT;
  out.dA = dA;
  out.oT = oT;
  out.oA = oA;
}

/** A one-round melee after the combat result and the loser's test, before the end-of-phase hits. */
interface BeforeEnd {
  readonly damageT: number;
  readonly damageA: number;
  readonly category: MeleeCategory;
  /** Which units are still on the table when the phase ends (not wiped out, not caught in pursuit). */
  readonly targetStays: boolean;
  readonly attackerStays: boolean;
}

/** What a sample records: the target's damage and models slain, whether it was removed, its category's index in MELEE_CATEGORIES. */
interface MeleeEnd {
  readonly damageT: number;
  readonly slain: number;
  readonly removed: boolean;
  readonly category: number;
}

/**
 * A one-round melee's results compiled per scenario: each pair of wound counts met gets a
 * judgement (the combat result: a settled end, or a loser's test), each judgement and test code an
 * end before the end-of-phase hits; the hot loop looks them up in typed arrays and counts each end,
 * recorded into the tally once per call.
 */
class MeleeOutcomes {
  readonly round: CompiledRound;
  /** Range of the attacker's wound count: judgement ids by dT × kA + dA (−1: not judged yet). */
  readonly kA: number;
  readonly judgementIds: Int32Array;
  /** Each judgement's end, or its loser's test and the end each of its codes leads to. */
  readonly fates = new LoserFates();
  private readonly judged: Array<{ readonly loser: Side; readonly damageT: number; readonly damageA: number }> = [];
  /** The ends before the end-of-phase hits, and each recorded without them; the counts of the current call. */
  readonly befores: BeforeEnd[] = [];
  readonly ends: MeleeEnd[] = [];
  counts: Float64Array = new Float64Array(64);
  readonly poolT: number;
  readonly poolA: number;
  /** Each unit's end-of-phase hits, flattened (§7, A25). */
  readonly endT: EndOfPhaseDice;
  readonly endA: EndOfPhaseDice;

  constructor(private readonly s: Scenario) {
    this.round = new CompiledRound(s);
    const sides = this.round.sidesAt(0);
    this.kA = sides.attacker.side.cap + 1;
    this.judgementIds = new Int32Array((sides.target.side.cap + 1) * this.kA).fill(-1);
    this.poolT = woundPool(s.target);
    this.poolA = woundPool(s.attacker);
    this.endT = endOfPhaseDice(endOfPhaseHits(s.target, s.attacker));
    this.endA = endOfPhaseDice(endOfPhaseHits(s.attacker, s.target));
  }

  /** The judgement of the wounds dT on the target, dA on the attacker (§12.1, §12.2). */
  judge(dT: number, dA: number): number {
    const s = this.s;
    const damageT = Math.min(dT, this.poolT);
    const damageA = Math.min(dA, this.poolA);
    const r = roundResult(s, dT, dA);
    let settled = -1;
    let test: LoserTest | null = null;
    let loser: Side = 'target';
    if (r.kind === 'destroyed') {
      const targetGone = r.side === 'target';
      settled = this.end({ damageT, damageA, category: targetGone ? 'destroyed' : 'attacker-destroyed', targetStays: !targetGone, attackerStays: targetGone });
    } else if (r.kind === 'draw') settled = this.end({ damageT, damageA, category: 'draw', targetStays: true, attackerStays: true });
    else {
      loser = r.loser;
      test = r.test;
    }
    const j = this.fates.add(settled, test);
    this.judged.push({ loser, damageT, damageA });
    this.judgementIds[dT * this.kA + dA] = j;
    return j;
  }

  /** The end after judgement j's loser's test came out `code` (rollLoserTest). */
  fate(j: number, code: number): number {
    const s = this.s;
    const { loser, damageT, damageA } = this.judged[j];
    const targetLost = loser === 'target';
    const extra = Math.floor(code / 3);
    const result = LOSER_RESULTS[code % 3];
    const total = Math.min(targetLost ? this.poolT : this.poolA, (targetLost ? damageT : damageA) + extra);
    const wiped = modelsAlive(targetLost ? s.target : s.attacker, total) === 0;
    const category = categoryOf(loser, wiped ? 'destroyed' : result);
    const removed = wiped || result === 'breaks-caught';
    const e = this.end({
      damageT: targetLost ? total : damageT,
      damageA: targetLost ? damageA : total,
      category,
      targetStays: !(targetLost && removed),
      attackerStays: !(!targetLost && removed),
    });
    this.fates.keep(j, code, e);
    return e;
  }

  private end(b: BeforeEnd): number {
    const id = this.befores.length;
    this.befores.push(b);
    this.ends.push(this.phaseEnd(b, 0, 0));
    if (id === this.counts.length) {
      const counts = new Float64Array(2 * id);
      counts.set(this.counts);
      this.counts = counts;
    }
    return id;
  }

  /**
   * End of the phase, after flee and pursuit (§4.1): every unit still on the table, fleeing or not,
   * takes the hits its marks call for (`addT`, `addA` wounds); they never count towards the combat
   * result (A25).
   */
  phaseEnd(b: BeforeEnd, addT: number, addA: number): MeleeEnd {
    const s = this.s;
    let category = b.category;
    let damageT = b.damageT;
    if (b.targetStays) {
      damageT = Math.min(this.poolT, damageT + addT);
      if (modelsAlive(s.target, damageT) === 0) category = 'destroyed';
    }
    if (b.attackerStays) {
      const damageA = Math.min(this.poolA, b.damageA + addA);
      // the target's own fate comes first; otherwise the attacker's last model falling is reported
      const targetsOwn = category === 'destroyed' || category === 'holds' || category === 'breaks-escapes' || category === 'breaks-caught';
      if (!targetsOwn && modelsAlive(s.attacker, damageA) === 0) category = 'attacker-destroyed';
    }
    const slain = s.target.models - modelsAlive(s.target, damageT);
    // removed: wiped out, or broken and caught in pursuit (§12.3)
    return { damageT, slain, removed: category === 'destroyed' || category === 'breaks-caught', category: MELEE_CATEGORIES.indexOf(category) };
  }
}

/** Each scenario's results compiled once (kept across chunks: a worker simulates a scenario chunk after chunk). */
const meleeOutcomes = new WeakMap<Scenario, MeleeOutcomes>();

function simulateMelee(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  let o = meleeOutcomes.get(s);
  if (!o) meleeOutcomes.set(s, (o = new MeleeOutcomes(s)));
  const round = o.round;
  const kA = o.kA;
  const judgementIds = o.judgementIds;
  o.counts.fill(0);
  // Each category counted here (by its index in MELEE_CATEGORIES), handed to the tally once.
  const categories = new Float64Array(MELEE_CATEGORIES.length);
  const endT = o.endT;
  const endA = o.endA;
  const victimT = new Victim();
  const victimA = new Victim();
  const blows = new RolledBlows();
  for (let sample = 0; sample < n; sample++) {
    victimT.reset();
    victimA.reset();
    rollRoundWounds(round, rng, victimT, victimA, blows);
    const dT = blows.dT;
    const dA = blows.dA;
    let j = judgementIds[dT * kA + dA];
    if (j < 0) j = o.judge(dT, dA);
    let e = o.fates.roll(j, rng);
    if (e < 0) e = o.fate(j, -1 - e);
    if (victimT.hellfire || victimT.lightning || victimA.hellfire || victimA.lightning) {
      // A marked unit still on the table takes its end-of-phase hits (§7, A25)
      const b = o.befores[e];
      const addT = b.targetStays ? rollEndOfPhase(endT, victimT, rng) : 0;
      const addA = b.attackerStays ? rollEndOfPhase(endA, victimA, rng) : 0;
      const end = o.phaseEnd(b, addT, addA);
      tally.record(end.damageT, end.slain, end.removed);
      categories[end.category]++;
    } else o.counts[e]++;
  }
  const counts = o.counts;
  o.ends.forEach((end, e) => {
    const times = counts[e];
    if (times === 0) return;
    tally.recordMany(end.damageT, end.slain, end.removed, times);
    categories[end.category] += times;
  });
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

/** A shooting sample's category by the damage: one of SHOOTING_CATEGORIES' indices, or PANIC_TEST. */
const PANIC_TEST = -1;
const [DESTROYED, NO_PANIC_TEST, HOLDS, FLEES] = (['destroyed', 'no-panic-test', 'holds', 'flees'] as const).map((c) => SHOOTING_CATEGORIES.indexOf(c));

/** A shooting scenario compiled once (kept across chunks): its roller, and by damage the models alive and the category (or a Panic test to roll). */
interface CompiledShooting {
  readonly shoot: (rng: Rng) => number;
  readonly alive: Int32Array;
  readonly kind: Int32Array;
}
const compiledShootings = new WeakMap<Scenario, CompiledShooting>();

function compiledShooting(s: Scenario): CompiledShooting {
  let c = compiledShootings.get(s);
  if (!c) {
    const target = s.target;
    const alive = Int32Array.from({ length: woundPool(target) + 1 }, (_, d) => modelsAlive(target, d));
    const kind = Int32Array.from(alive, (left) =>
      left === 0 ? DESTROYED : 4 * (target.models - left) < target.models ? NO_PANIC_TEST : PANIC_TEST,
    );
    compiledShootings.set(s, (c = { shoot: shootingRoller(s), alive, kind }));
  }
  return c;
}

function simulateShooting(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const target = s.target;
  const { shoot, alive, kind } = compiledShooting(s);
  const pool = woundPool(target);
  const immune = target.morale.immunePsychology;
  const ld = standingLeadership(target, null);
  const reroll = target.morale.rerollLeadership;
  const damages = new Float64Array(pool + 1);
  // Each category counted here (by its index in SHOOTING_CATEGORIES), handed to the tally once.
  const categories = new Float64Array(SHOOTING_CATEGORIES.length);
  for (let sample = 0; sample < n; sample++) {
    const damage = shoot(rng);
    damages[damage]++;
    const k = kind[damage];
    // Panic (§5.5, §12.4): Immune to Psychology passes automatically
    if (k !== PANIC_TEST) categories[k]++;
    else if (immune || rollLeadership(ld, reroll, rng)) categories[HOLDS]++;
    else categories[FLEES]++;
  }
  damages.forEach((times, d) => {
    if (times > 0) tally.recordMany(d, target.models - alive[d], alive[d] === 0, times);
  });
  SHOOTING_CATEGORIES.forEach((category, k) => tally.recordMorale(category, categories[k]));
}

/** Roll `n` samples of a parsed scenario into `tally`. */
export function simulateScenario(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  if (s.situation.kind === 'melee') simulateMelee(s, rng, n, tally);
  else simulateShooting(s, rng, n, tally);
}
