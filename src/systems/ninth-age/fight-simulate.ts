/**
 * A whole 9th Age fight rolled die by die, round after round, with the one-round simulator's dice
 * (Fear tests, Initiative steps, break test, flee and pursuit).
 *
 * It is not independent of the exact chain (fight.ts): it shares with it everything decided without
 * dice — the round's units and the challenge's fighters (roundScenario, duelScenario,
 * unitsAfterFalls: ranks, joined characters, Leadership, Hold your Ground), the attack plan through
 * meleeSides (groups.ts, profile.ts: who strikes at which Initiative step, how many attacks, the
 * roll each needs, whom they strike), the state after a round's blows (afterBlows: wounds on the rank
 * and file, the character and the fighters, Overkill; spillOver), the combat result and the loser's
 * test (RoundJudges, resolution.ts: scores, ranks, Steadfast, the Ld tested), the loser's extra
 * wounds and lost Frenzy (loserAfter), the charger's Panic condition (chargerPanic), and the states'
 * keys and units (stateKey, unitsOf). A mistake in any of those passes `check`; only independent
 * enumerations catch it: the brute-force witness test/systems/ninth-age/fight-enumerate.ts.
 *
 * What follows from the dice deterministically is worked out once per combination met and kept
 * across chunks (a worker parses a scenario once and simulates it chunk after chunk). The hot loop
 * works on integers only: a round fought from a state is a number, so is each way a round
 * can end ("settled"), found through integer-keyed tables; each sample's rounds are counted in one
 * typed array, turned into the fight's tables once per chunk.
 */
import { IntPairTable } from '../../core/int-pair-table.js';
import type { Rng } from '../../core/rng.js';
import { objectArray } from '../../core/object-array.js';
import { SettledRounds } from '../../fight/settled.js';
import { type Ending, type FightSide, type Overkill, sideEnding } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import { AttackDiceTable, Victim } from './attack-sim.js';
import {
  type FightState,
  RoundJudges,
  START,
  afterBlows,
  challengeOf,
  chargerPanic,
  duelScenario,
  fightState,
  loserAfter,
  roundScenario,
  spillsOf,
  stateKey,
  unitsAfterFalls,
  unitsOf,
} from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { woundPool } from './melee-setup.js';
import type { LoserTest } from './resolution.js';
import { CompiledChallenge, CompiledRound, RolledBlows, rollChallengeRoundWounds, rollPanic, rollRoundWounds, shootingRoller } from './simulate.js';
import { LOSER_RESULTS, LoserFates } from './loser-sim.js';

/**
 * Most blows' keys a round keeps its judgements for in an array of its own (4 bytes each); wider
 * rounds use hash tables (two look-ups a round), but up to WIDE_DENSE_KEYS while the fight's
 * DENSE_BUDGET lasts: the first rounds prepared — the opening round every sample fights, and the
 * widest, as its units are whole — get arrays.
 */
const DENSE_KEYS = 4096;
const WIDE_DENSE_KEYS = 1 << 16;
const DENSE_BUDGET = 1 << 18;

/** The round fought from one state in one phase (1: the charge, 2: later rounds, §12.1). */
class PreparedRound {
  /** Ranges of the wound counts but the first (RolledBlows), for the judgement keys: a side's damage index runs 0 … cap (MeleeSide). */
  readonly kA: number;
  readonly kOT: number;
  readonly kOA: number;
  /** Judgement ids + 1 by blowsKey (0: not judged yet, so a new array needs no filling) when the keys are at most DENSE_KEYS, else null. */
  readonly judgements: Int32Array | null;

  constructor(
    readonly state: FightState,
    readonly phase: 1 | 2,
    readonly units: CompiledRound,
    /** The round's accepted challenge, rolled with the units' combat (§4.11), or null. */
    readonly challenge: CompiledChallenge | null,
    /** The judges of its blows. */
    readonly judges: RoundJudges,
    /** Keys the fight may still give wide rounds' arrays (DENSE_BUDGET). */
    denseBudget: number,
  ) {
    this.kA = units.sidesAt(0).attacker.side.cap + 1;
    const duel = challenge?.duel.sidesAt(0);
    this.kOT = duel ? duel.target.side.cap + 1 : 1;
    this.kOA = duel ? duel.attacker.side.cap + 1 : 1;
    const keys = (units.sidesAt(0).target.side.cap + 1) * this.kA * this.kOT * this.kOA;
    this.judgements = keys <= DENSE_KEYS || (keys <= WIDE_DENSE_KEYS && keys <= denseBudget) ? new Int32Array(keys) : null;
  }

  /** The units' and the fighters' wounds as one number (when `judgements` is an array). */
  blowsKey(b: RolledBlows): number {
    return ((b.dT * this.kA + b.dA) * this.kOT + b.oT) * this.kOA + b.oA;
  }

  /** The units' wounds as one number. */
  unitsKey(b: RolledBlows): number {
    return b.dT * this.kA + b.dA;
  }

  /** The fighters' wounds as one number. */
  duelKey(b: RolledBlows): number {
    return b.oT * this.kOA + b.oA;
  }
}

/**
 * What a round's blows decide before any die of the loser's test (§4.11, §12.1, §12.2): the state
 * after them, the margin, the Overkill and, when a side lost, its test.
 */
interface Judgement {
  readonly round: PreparedRound;
  readonly after: FightState;
  readonly margin: number;
  readonly overkill: Overkill;
  readonly loser: FightSide;
  readonly test: LoserTest;
  readonly pool: number;
  readonly wounds: number;
}

/** The charger after the target's Stand and Shoot (§13), by the wounds it lost. */
interface AfterShots {
  /** Whether its losses call for a Panic test (§5.5). */
  readonly panics: boolean;
  /** Settled ids: wiped out (−1 when not), fled at the charge after a failed Panic test. */
  readonly destroyed: number;
  readonly fled: number;
  /** The first round fought, when it charges home. */
  readonly round: number;
}

/** A fight's rounds, judgements and settled ends, kept across chunks, and the counts of the current call. */
class FightRounds {
  private readonly key: (s: FightState) => number;
  private readonly spills: CompiledChallenge['spills'];
  /** One AttackDice per distinct attack profile of the fight's rounds. */
  private readonly dice = new AttackDiceTable();
  private readonly panic: ReturnType<typeof chargerPanic>;
  private readonly shoot: ((rng: Rng) => number) | null;
  private readonly shots: AfterShots[] = [];

  /** Prepared rounds by id, and their ids by state key × 2 + phase − 1. */
  private readonly rounds: PreparedRound[] = objectArray();
  private readonly roundIds = new Map<number, number>();
  /** Compiled rounds shared by the rounds that fight alike (compiledRound): the units' by state key × 2 + phase − 1, the fighters' by the key of a state with their wounds only, the pair by both. */
  private readonly compiledUnits = new Map<number, CompiledRound>();
  private readonly compiledDuels = new Map<number, CompiledRound>();
  /** The units' rounds of a challenge and the same once fighters fell (unitsAfterFalls), by the units' key. */
  private readonly compiledFalls = new Map<number, CompiledRound[]>();
  private readonly compiledChallenges = new Map<string, CompiledChallenge>();

  /**
   * Judgement ids of the rounds too wide for an array of their own (PreparedRound.judgements) by
   * (pair id, fighters' key), the pair id found by (round id, units' key); the settled end of each
   * (−1 when the loser's test decides it), and the test.
   */
  private readonly pairIds = new IntPairTable();
  private readonly judgementIds = new IntPairTable();
  private pairs = 0;
  /** Keys left for wide rounds' arrays (PreparedRound.judgements). */
  private denseBudget = DENSE_BUDGET;
  /** Each judgement with a loser's test (null without). */
  private readonly judgements: Array<Judgement | null> = objectArray();
  /** Each judgement's settled end, or its loser's test and where each of its codes leads. */
  private readonly fates = new LoserFates();

  /** The ways a round can end, by id, with the counts of the current call. */
  private readonly settled: SettledRounds<FightState>;

  constructor(private readonly f: FightScenario) {
    this.key = stateKey(f);
    this.spills = spillsOf(f);
    this.panic = chargerPanic(f);
    this.shoot = f.standAndShoot ? shootingRoller(f.standAndShoot) : null;
    this.settled = new SettledRounds(f.rounds, f.challenge !== 'none');
  }

  /** Roll `n` fights into `tally`. */
  simulate(rng: Rng, n: number, tally: Tally): void {
    const settled = this.settled;
    settled.clear();
    const cap = this.f.rounds;
    const stride = settled.stride;
    const victimT = new Victim();
    const victimA = new Victim();
    const blows = new RolledBlows();
    const shoot = this.shoot;
    const first = this.roundId(START, 1);
    for (let sample = 0; sample < n; sample++) {
      let id = first;
      if (shoot) {
        // Stand and Shoot before round 1 (§13): the charger may be wiped out, or flee on a failed Panic test (§5.5)
        const shots = this.afterShots(shoot(rng));
        const opening = shots.destroyed >= 0 ? shots.destroyed : shots.panics && !rollPanic(this.panic.tester, rng) ? shots.fled : -1;
        if (opening >= 0) {
          settled.counts[opening * stride + 1]++;
          continue;
        }
        id = shots.round;
      }
      for (let round = 1; ; round++) {
        const r = this.rounds[id];
        victimT.reset();
        victimA.reset();
        // The challenge's fighters strike only each other, rolled step by step with the units' combat (§4.11)
        if (r.challenge) rollChallengeRoundWounds(r.challenge, rng, victimT, victimA, blows);
        else rollRoundWounds(r.units, rng, victimT, victimA, blows);
        const j = this.judgementOf(id, r, blows);
        let s = this.fates.roll(j, rng);
        if (s < 0) s = this.fate(j, -1 - s);
        settled.counts[s * stride + round]++;
        if (settled.ends[s] === 1 || round === cap) break;
        id = settled.next[s];
        if (id < 0) id = settled.next[s] = this.roundId(settled.state(s), 2);
      }
    }
    settled.intoTally(tally, n);
  }

  /** The id of the round fought from `state` in `phase`, prepared on first use. */
  private roundId(state: FightState, phase: 1 | 2): number {
    const key = this.key(state) * 2 + phase - 1;
    let id = this.roundIds.get(key);
    if (id === undefined) {
      const { units, challenge } = this.compiledRound(state, phase);
      id = this.rounds.length;
      const round = new PreparedRound(state, phase, units, challenge, new RoundJudges(this.f, state, phase), this.denseBudget);
      if (round.judgements !== null && round.judgements.length > DENSE_KEYS) this.denseBudget -= round.judgements.length;
      this.rounds.push(round);
      this.roundIds.set(key, id);
    }
    return id;
  }

  /**
   * The units' round (and the challenge) fought from `state` in `phase`, compiled once for every
   * state that fights it alike: in an accepted challenge the units' combat is the same whatever
   * wounds the fighters carry (they strike only each other, §4.11), and the fighters' duel the same
   * whatever wounds the units lost.
   */
  private compiledRound(state: FightState, phase: 1 | 2): { units: CompiledRound; challenge: CompiledChallenge | null } {
    const f = this.f;
    const accepted = challengeOf(f, state) === 'accepted';
    const unitsFrom = accepted ? fightState(state.dA, state.dT, state.calmA, state.calmT, 0, 0) : state;
    const unitsKey = this.key(unitsFrom) * 2 + phase - 1;
    let units = this.compiledUnits.get(unitsKey);
    if (!units) this.compiledUnits.set(unitsKey, (units = new CompiledRound(roundScenario(f, unitsFrom, phase), this.dice)));
    if (!accepted) return { units, challenge: null };
    let falls = this.compiledFalls.get(unitsKey);
    if (!falls) {
      const [, ...after] = unitsAfterFalls(units.scenario);
      this.compiledFalls.set(unitsKey, (falls = [units, ...after.map((s) => new CompiledRound(s, this.dice))]));
    }
    const duelKey = `${unitsKey}:${state.cA}:${state.cT}`;
    let challenge = this.compiledChallenges.get(duelKey);
    if (!challenge) {
      const duelFrom = fightState(0, 0, false, false, state.cA, state.cT);
      const duelRoundKey = this.key(duelFrom) * 2 + phase - 1;
      let duel = this.compiledDuels.get(duelRoundKey);
      if (!duel) this.compiledDuels.set(duelRoundKey, (duel = new CompiledRound(duelScenario(f, state, phase)!, this.dice)));
      this.compiledChallenges.set(duelKey, (challenge = new CompiledChallenge(falls, duel, this.spills)));
    }
    return { units, challenge };
  }

  /** The judgement of the blows `b` of round `id`. */
  private judgementOf(id: number, r: PreparedRound, b: RolledBlows): number {
    const dense = r.judgements;
    if (dense !== null) {
      const key = r.blowsKey(b);
      let j = dense[key] - 1;
      if (j < 0) dense[key] = (j = this.judge(r, b)) + 1;
      return j;
    }
    // A wide round: the units' key, then the fighters'
    const unitsKey = r.unitsKey(b);
    let pair = this.pairIds.get(id, unitsKey);
    if (pair < 0) this.pairIds.set(id, unitsKey, (pair = this.pairs++));
    const duelKey = r.duelKey(b);
    let j = this.judgementIds.get(pair, duelKey);
    if (j < 0) this.judgementIds.set(pair, duelKey, (j = this.judge(r, b)));
    return j;
  }

  /** Judge the blows `b` of round `r`: the settled end when no test follows, else the loser's test. */
  private judge(r: PreparedRound, b: RolledBlows): number {
    const f = this.f;
    const { after, judge, bonusA, bonusT, wT, wA, overkill } = afterBlows(f, r.state, r.units.scenario, b, r.judges);
    const judged = judge.s;
    const scoreA = judge.scoreA(wT, wA, bonusA);
    const scoreT = judge.scoreT(wT, wA, bonusT);
    const margin = scoreA - scoreT;
    const result = judge.result(wT, wA, scoreA, scoreT);
    const units = unitsOf(f, after);
    let settled = -1;
    let judgement: Judgement | null = null;
    if (units.targetLeft === 0 && units.attackerLeft === 0) settled = this.settle(margin, overkill, after, 'both-destroyed');
    else if (result.kind === 'destroyed') settled = this.settle(margin, overkill, after, sideEnding(result.side, 'destroyed'));
    else if (result.kind === 'draw') settled = this.settle(margin, overkill, after, null);
    else {
      const loser = result.loser;
      const pool = woundPool(loser === 'target' ? judged.target : judged.attacker);
      judgement = { round: r, after, margin, overkill, loser, test: result.test, pool, wounds: loser === 'target' ? wT : wA };
    }
    const j = this.fates.add(settled, judgement && judgement.test);
    this.judgements.push(judgement);
    return j;
  }

  /** Where the fight stands after judgement `j`'s loser's test came out `code` (rollLoserTest). */
  private fate(j: number, code: number): number {
    const f = this.f;
    const { round, after, margin, overkill, loser, test, pool, wounds } = this.judgements[j]!;
    const extra = Math.floor(code / 3);
    const result = LOSER_RESULTS[code % 3];
    // Losing a round costs a frenzied unit its Frenzy; Unstable wounds go to the rank and file, then the character (§7)
    const next = loserAfter(f, round.state, after, loser, pool, wounds, extra);
    const destroyedOnFailure = test.kind === 'break' && test.destroyedOnFailure;
    const units = unitsOf(f, next);
    const left = loser === 'target' ? units.targetLeft : units.attackerLeft;
    let s: number;
    if (left === 0) s = this.settle(margin, overkill, next, sideEnding(loser, 'destroyed'));
    else if (result === 'breaks-caught') s = this.settle(margin, overkill, next, sideEnding(loser, destroyedOnFailure ? 'destroyed' : 'caught'), loser);
    else if (result === 'breaks-escapes') s = this.settle(margin, overkill, next, sideEnding(loser, 'escaped'));
    else s = this.settle(margin, overkill, next, null);
    this.fates.keep(j, code, s);
    return s;
  }

  /** The charger after the shots that cost it `dA` wounds (§13). */
  private afterShots(dA: number): AfterShots {
    let a = this.shots[dA];
    if (!a) {
      const state = fightState(dA, 0, false, false, 0, 0);
      const alive = unitsOf(this.f, state).attackerLeft;
      a = {
        panics: alive > 0 && this.panic.panics(alive),
        destroyed: alive === 0 ? this.settle(null, null, state, 'attacker-destroyed') : -1,
        fled: alive > 0 ? this.settle(null, null, state, 'attacker-fled-at-charge') : -1,
        round: alive > 0 ? this.roundId(state, 1) : -1,
      };
      this.shots[dA] = a;
    }
    return a;
  }

  /** The id of a round that ended this way (SettledRounds). */
  private settle(margin: number | null, overkill: Overkill, next: FightState, ending: Ending | null, removed: FightSide | null = null): number {
    return this.settled.id(margin, overkill, unitsOf(this.f, next, removed), ending, next, this.key(next));
  }
}

const roundsOfFights = new WeakMap<FightScenario, FightRounds>();

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  let rounds = roundsOfFights.get(f);
  if (!rounds) roundsOfFights.set(f, (rounds = new FightRounds(f)));
  rounds.simulate(rng, n, tally);
}
