/**
 * A whole 9th Age fight rolled die by die, round after round, with the one-round simulator's dice
 * (Fear tests, Initiative steps, break test, flee and pursuit) — independent of the exact chain.
 *
 * Every die is rolled each round; what follows from the dice deterministically — the state after a
 * round's blows, its margin and result, the loser's fate after its test — is worked out once per
 * combination met and kept across chunks (a worker parses a scenario once and simulates it chunk
 * after chunk). Each sample's rounds are counted on those cached outcomes and added into the
 * fight's tables once per chunk (issue 16: no object or string key per sample).
 */
import type { Rng } from '../../core/rng.js';
import { FightTables } from '../../fight/tables.js';
import { type Ending, type FightSide, type Overkill, type Units, overkillKey } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import { AttackDiceTable, Victim } from './attack-sim.js';
import { type FightState, START, afterBlows, chargerPanic, duelScenario, loserAfter, roundScenario, spillsOf, stateKey, unitsOf } from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { woundPool } from './melee-setup.js';
import { type LoserTest, combatScore, roundResult } from './resolution.js';
import {
  CompiledChallenge,
  CompiledRound,
  LOSER_RESULTS,
  RolledBlows,
  rollChallengeRoundWounds,
  rollLoserTest,
  rollPanic,
  rollRoundWounds,
  shootingRoller,
} from './simulate.js';

/** A round as the tables count it: its margin (null: no blows), Overkill and the units it left; counted per round number. */
interface RoundRecord {
  readonly margin: number | null;
  readonly overkill: Overkill;
  readonly units: Units;
  /** Samples of the current call, by round. */
  readonly counts: Float64Array;
}

/** A fight's end as the tables count it: the ending (null: still fighting at the cap) and the units; counted per round number. */
interface EndRecord {
  readonly ending: Ending | null;
  readonly units: Units;
  readonly counts: Float64Array;
}

/** Where a round leaves the fight: the records to count, and the state it goes on from. */
interface Settled {
  readonly round: RoundRecord;
  /** The ending when the fight ends here, else null. */
  readonly end: EndRecord | null;
  /** The record of the fight reaching the round cap here (when it goes on). */
  readonly cap: EndRecord;
  readonly next: FightState;
  /** The next round fought from `next` (a later round, phase 2), found on first use. */
  following: PreparedRound | null;
}

/**
 * What a round's blows decide before any die of the loser's test (§4.11, §12.1, §12.2): the state
 * after them, the margin, the Overkill and the result — a pure function of the state, the phase and
 * the wounds.
 */
interface Judgement {
  /** Where the round leaves the fight when no test is rolled (a draw, or an ending by the blows alone). */
  readonly settled: Settled | null;
  /** The loser's test when a side lost the round, its fates by rollLoserTest's code. */
  readonly test: LoserTest | null;
  readonly fates: Map<number, Settled>;
  /** Kept to work out the fates. */
  readonly after: FightState;
  readonly margin: number;
  readonly overkill: Overkill;
  readonly loser: FightSide | null;
  readonly pool: number;
  readonly wounds: number;
}

/** One state's round (per phase): the compiled round, the challenge, and the judgements of its blows by wounds. */
interface PreparedRound {
  readonly state: FightState;
  readonly phase: number;
  readonly units: CompiledRound;
  readonly challenge: CompiledChallenge | null;
  /** Range of each wound count, for the judgement key. */
  readonly dims: readonly [number, number, number, number];
  readonly judgements: Map<number, Judgement>;
}

/** The charger after the target's Stand and Shoot (§13): the state, and its Panic test when one is taken (§5.5). */
interface AfterShots {
  readonly state: FightState;
  readonly panics: boolean;
  /** Wiped out, or fled at the charge after a failed Panic test. */
  readonly destroyed: Settled | null;
  readonly fled: Settled | null;
  following: PreparedRound | null;
}

/** A fight's rounds, judgements and records, kept across chunks. */
class FightRounds {
  private readonly key: (s: FightState) => number;
  private readonly prepared = new Map<number, PreparedRound>();
  private readonly roundRecords = new Map<string, RoundRecord>();
  private readonly endRecords = new Map<string, EndRecord>();
  private readonly shots = new Map<number, AfterShots>();
  private readonly spills: CompiledChallenge['spills'];
  /** One AttackDice per distinct attack profile of the fight's rounds. */
  private readonly dice = new AttackDiceTable();
  readonly panic: ReturnType<typeof chargerPanic>;
  readonly shoot: ((rng: Rng) => number) | null;

  constructor(private readonly f: FightScenario) {
    this.key = stateKey(f);
    this.spills = spillsOf(f);
    this.panic = chargerPanic(f);
    this.shoot = f.standAndShoot ? shootingRoller(f.standAndShoot) : null;
  }

  /** The round fought from `state` in a round of `phase` (1: the charge, 2: later rounds). */
  roundOf(state: FightState, phase: 1 | 2): PreparedRound {
    const f = this.f;
    const id = this.key(state) * 2 + phase - 1;
    let r = this.prepared.get(id);
    if (!r) {
      const units = new CompiledRound(roundScenario(f, state, phase), this.dice);
      const d = duelScenario(f, state, phase);
      const duel = d ? new CompiledRound(d, this.dice) : null;
      const challenge = duel ? new CompiledChallenge(units, duel, this.spills) : null;
      // Each count's range: a side's damage index runs 0 … cap, whatever the Fear tests (MeleeSide)
      const { attacker, target } = units.sidesAt(0);
      const dims = [
        target.side.cap + 1,
        attacker.side.cap + 1,
        duel ? duel.sidesAt(0).target.side.cap + 1 : 1,
        duel ? duel.sidesAt(0).attacker.side.cap + 1 : 1,
      ] as const;
      r = { state, phase, units, challenge, dims, judgements: new Map() };
      this.prepared.set(id, r);
    }
    return r;
  }

  /** The judgement of the blows `b` of round `r`. */
  judgement(r: PreparedRound, b: RolledBlows): Judgement {
    const [, kA, kOT, kOA] = r.dims;
    const id = ((b.dT * kA + b.dA) * kOT + b.oT) * kOA + b.oA;
    let j = r.judgements.get(id);
    if (!j) r.judgements.set(id, (j = this.judge(r, b)));
    return j;
  }

  private judge(r: PreparedRound, b: RolledBlows): Judgement {
    const f = this.f;
    const state = r.state;
    const { after, judged, wT, wA, overkill } = afterBlows(f, state, r.units.scenario, { dT: b.dT, dA: b.dA, oT: b.oT, oA: b.oA }, r.phase);
    const score = combatScore(judged, wT, wA);
    const margin = score.attacker - score.target;
    const result = roundResult(judged, wT, wA);
    const units = unitsOf(f, after);
    const base = { after, margin, overkill, fates: new Map<number, Settled>() };
    if (units.targetLeft === 0 && units.attackerLeft === 0) return { ...base, settled: this.settle(margin, overkill, after, 'both-destroyed'), test: null, loser: null, pool: 0, wounds: 0 };
    if (result.kind === 'destroyed') return { ...base, settled: this.settle(margin, overkill, after, `${result.side}-destroyed`), test: null, loser: null, pool: 0, wounds: 0 };
    if (result.kind === 'draw') return { ...base, settled: this.settle(margin, overkill, after, null), test: null, loser: null, pool: 0, wounds: 0 };
    const loser = result.loser;
    const pool = woundPool(loser === 'target' ? judged.target : judged.attacker);
    return { ...base, settled: null, test: result.test, loser, pool, wounds: loser === 'target' ? wT : wA };
  }

  /** Where the fight stands after the loser's test came out `code` (rollLoserTest). */
  fate(r: PreparedRound, j: Judgement, code: number): Settled {
    let s = j.fates.get(code);
    if (s) return s;
    const f = this.f;
    const loser = j.loser!;
    const test = j.test!;
    const extra = Math.floor(code / 3);
    const result = LOSER_RESULTS[code % 3];
    // Losing a round costs a frenzied unit its Frenzy; Unstable wounds go to the rank and file, then the character (§7)
    const next = loserAfter(f, r.state, j.after, loser, j.pool, j.wounds, extra);
    const destroyedOnFailure = test.kind === 'break' && test.destroyedOnFailure;
    const left = unitsOf(f, next)[loser === 'target' ? 'targetLeft' : 'attackerLeft'];
    if (left === 0) s = this.settle(j.margin, j.overkill, next, `${loser}-destroyed`);
    else if (result === 'breaks-caught') s = this.settle(j.margin, j.overkill, next, destroyedOnFailure ? `${loser}-destroyed` : `${loser}-caught`, loser);
    else if (result === 'breaks-escapes') s = this.settle(j.margin, j.overkill, next, `${loser}-escaped`);
    else s = this.settle(j.margin, j.overkill, next, null);
    j.fates.set(code, s);
    return s;
  }

  /** The charger after the shots that cost it `dA` wounds (§13). */
  afterShots(dA: number): AfterShots {
    let a = this.shots.get(dA);
    if (!a) {
      const state: FightState = { ...START, dA };
      const alive = unitsOf(this.f, state).attackerLeft;
      a = {
        state,
        panics: alive > 0 && this.panic.panics(alive),
        destroyed: alive === 0 ? this.settle(null, null, state, 'attacker-destroyed') : null,
        fled: alive > 0 ? this.settle(null, null, state, 'attacker-fled-at-charge') : null,
        following: null,
      };
      this.shots.set(dA, a);
    }
    return a;
  }

  private settle(margin: number | null, overkill: Overkill, next: FightState, ending: Ending | null, removed: FightSide | null = null): Settled {
    const units = unitsOf(this.f, next, removed);
    return { round: this.roundRecord(margin, overkill, units), end: ending === null ? null : this.endRecord(ending, units), cap: this.endRecord(null, units), next, following: null };
  }

  private roundRecord(margin: number | null, overkill: Overkill, units: Units): RoundRecord {
    const id = `${margin}|${overkillKey(overkill)}|${unitsId(units)}`;
    let r = this.roundRecords.get(id);
    if (!r) this.roundRecords.set(id, (r = { margin, overkill, units, counts: new Float64Array(this.f.rounds + 1) }));
    return r;
  }

  private endRecord(ending: Ending | null, units: Units): EndRecord {
    const id = `${ending}|${unitsId(units)}`;
    let r = this.endRecords.get(id);
    if (!r) this.endRecords.set(id, (r = { ending, units, counts: new Float64Array(this.f.rounds + 1) }));
    return r;
  }

  /** Zero every record's counts before a call. */
  clearCounts(): void {
    for (const r of this.roundRecords.values()) r.counts.fill(0);
    for (const r of this.endRecords.values()) r.counts.fill(0);
  }

  /** The counts of a call of `samples` samples, added into `tally` as the fight's tables. */
  flush(tally: Tally, samples: number): void {
    const f = this.f;
    const tables = new FightTables(f.rounds, f.challenge !== 'none');
    for (const r of this.roundRecords.values()) {
      for (let round = 1; round <= f.rounds; round++) {
        const w = r.counts[round];
        if (w === 0) continue;
        tables.margin(round, r.margin, w);
        tables.overkill(round, overkillKey(r.overkill), w);
        tables.left(round, r.units, w);
      }
    }
    for (const r of this.endRecords.values()) {
      for (let round = 1; round <= f.rounds; round++) {
        const w = r.counts[round];
        if (w === 0) continue;
        tables.end(round, r.ending, r.units, w);
        for (let later = round + 1; later <= f.rounds; later++) tables.afterEnd(later, r.units, w);
      }
    }
    tables.intoTally(tally, samples);
  }
}

const unitsId = (u: Units): string => `${u.attackerLeft},${u.targetLeft},${u.targetWounds},${u.targetSlain}`;

const roundsOfFights = new WeakMap<FightScenario, FightRounds>();

function roundsOf(f: FightScenario): FightRounds {
  let rounds = roundsOfFights.get(f);
  if (!rounds) roundsOfFights.set(f, (rounds = new FightRounds(f)));
  return rounds;
}

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  const rounds = roundsOf(f);
  rounds.clearCounts();
  const cap = f.rounds;
  const victimT = new Victim();
  const victimA = new Victim();
  const blows = new RolledBlows();
  const shoot = rounds.shoot;
  const first = rounds.roundOf(START, 1);
  for (let sample = 0; sample < n; sample++) {
    let prepared = first;
    if (shoot) {
      // Stand and Shoot before round 1 (§13): the charger may be wiped out, or flee on a failed Panic test (§5.5)
      const shots = rounds.afterShots(shoot(rng));
      const opening = shots.destroyed ?? (shots.panics && !rollPanic(rounds.panic.tester, rng) ? shots.fled : null);
      if (opening !== null) {
        opening.round.counts[1]++;
        opening.end!.counts[1]++;
        continue;
      }
      prepared = shots.following ??= rounds.roundOf(shots.state, 1);
    }
    for (let round = 1; ; round++) {
      victimT.reset();
      victimA.reset();
      // The challenge's fighters strike only each other, rolled step by step with the units' combat (§4.11)
      if (prepared.challenge) rollChallengeRoundWounds(prepared.challenge, rng, victimT, victimA, blows);
      else rollRoundWounds(prepared.units, rng, victimT, victimA, blows);
      const j = rounds.judgement(prepared, blows);
      const settled = j.settled ?? rounds.fate(prepared, j, rollLoserTest(j.test!, rng));
      settled.round.counts[round]++;
      if (settled.end !== null) {
        settled.end.counts[round]++;
        break;
      }
      if (round === cap) {
        settled.cap.counts[round]++;
        break;
      }
      prepared = settled.following ??= rounds.roundOf(settled.next, 2);
    }
  }
  rounds.flush(tally, n);
}
