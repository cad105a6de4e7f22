/**
 * A whole Warhammer Fantasy fight rolled die by die, round after round, with the one-round
 * simulator's dice (stupidity, fear, strike order, blows, break test, pursuit).
 *
 * What it shares with the exact chain (fight.ts), so a mistake there passes `check` at any sample
 * count: each round's plan (roundPlan, duelPlan: who fights, ranks, the character's and champion's
 * places, the challenge), the state after a round's blows (afterBlows: wound allocation, characters
 * standing), combat resolution and break-test odds (sideResults, judgePlan, Judging: the scores,
 * thresholds, General and Battle Standard), Overkill (overkillOf) and the strike-order rule
 * (previousWinnerMatters). Only the dice are its own. The independent check of those is the
 * brute-force witness test/systems/warhammer-fantasy/fight-enumerate.ts.
 *
 * Every die is rolled each round; what follows from the dice deterministically — the state after a
 * round's blows, its verdict and margin, where the fight stands after the loser's fate — is worked
 * out once per combination met and kept across chunks (a worker parses a scenario once and
 * simulates it chunk after chunk). The hot loop works on integers only: a round fought
 * from a state is a number, so is each way a round can end (SettledRounds), found through
 * integer-keyed tables; each sample's rounds are counted in one typed array.
 */
import { IntPairTable } from '../../core/int-pair-table.js';
import { objectArray } from '../../core/object-array.js';
import type { Rng } from '../../core/rng.js';
import { SettledRounds } from '../../fight/settled.js';
import { type Ending, type FightSide, sideEnding } from '../../fight/types.js';
import type { Tally } from '../../sim/tally.js';
import {
  type FightState,
  type SideBlows,
  afterBlows,
  characterStands,
  duelPlan,
  fightState,
  judgePlan,
  overkillOf,
  previousWinnerMatters,
  roundPlan,
  sideResults,
  startState,
  stateKey,
  unitsOf,
} from './fight.js';
import type { FightScenario } from './fight-schema.js';
import { SHOT_ENDINGS, StandAndShootRoller, afterShots } from './fight-stand-and-shoot.js';
import { type MeleePlan, other } from './melee-plan.js';
import { FATES } from './outcome-keys.js';
import { Judging, type Verdict } from './resolution.js';
import type { Casualties } from './simulate-attack.js';
import { warmUpOnce } from '../../sim/warm-up.js';
import { warmUpFights } from './warm-up-fights.js';
import { ATTACKER, FATE_CODES, LoserDice, RoundDice, STRUCK, rollOff } from './simulate-melee.js';
import { grownInt32 } from '../../core/grown.js';

/** Most judgement slots of a round indexed directly by blowsKey (16 KB of Int32). */
const DIRECT_MAX = 4096;
/** Most slots of each level of a challenge round's two-level table (duelKey, then the units' key). */
const LEVEL_MAX = 4096;

/** The round fought from one state in one phase (1: the charge, 2: later rounds). */
class PreparedRound {
  /** One roll-off decides equal Initiative for the whole combat, the challenge too (§16.6). */
  readonly sharedRollOff: boolean;
  /** Range of the target fighter's casualty key. */
  readonly duelRange: number;
  /** The units' casualties, and the fighters' (a challenge). */
  readonly onA: Casualties;
  readonly onT: Casualties;
  readonly duelOnA: Casualties | null;
  readonly duelOnT: Casualties | null;
  /** Ranges of the target's key and of the fighters' (1 without a challenge); whether the blows' key fits below 2³¹ (blowsKey). */
  readonly targetRange: number;
  readonly duelKeys: number;
  readonly oneKey: boolean;
  /** Judgement ids by blowsKey when its range is small (−1: not judged yet), else null (a hashed look-up). */
  readonly direct: Int32Array | null;
  /**
   * A challenge round whose blowsKey is too large for `direct` but whose two parts are small: the
   * start of each fighters' key's block in `blocks` (−1: none yet), a block holding the judgement
   * ids by the units' key (−1: not judged yet). The fighters' casualties take few values, so few
   * blocks are made; else null.
   */
  readonly blockOf: Int32Array | null;
  blocks: Int32Array = EMPTY;
  private blocksUsed = 0;
  readonly unitKeys: number;
  /** Round ends (SettledRounds ids) when a side fled at the charge, found on first use. */
  fledAttacker = -1;
  fledTarget = -1;
  /**
   * The plan a result is judged on, with its combat resolution compiled, by which characters still
   * stand (judgePlan reads nothing else of the blows, §1).
   */
  readonly judges: Array<{ readonly plan: MeleePlan; readonly judging: Judging } | undefined> = [undefined, undefined, undefined, undefined];

  constructor(
    readonly state: FightState,
    readonly plan: MeleePlan,
    readonly dice: RoundDice,
    readonly duel: { readonly plan: MeleePlan; readonly dice: RoundDice } | null,
  ) {
    this.onA = dice.attacker.casualties;
    this.onT = dice.target.casualties;
    this.duelOnA = duel ? duel.dice.attacker.casualties : null;
    this.duelOnT = duel ? duel.dice.target.casualties : null;
    this.sharedRollOff = duel !== null && (plan.first === 'roll-off' || duel.plan.first === 'roll-off');
    this.duelRange = this.duelOnT ? this.duelOnT.keyRange : 1;
    this.targetRange = this.onT.keyRange;
    this.duelKeys = this.duelOnA ? this.duelOnA.keyRange * this.duelRange : 1;
    const keys = this.onA.keyRange * this.targetRange * this.duelKeys;
    this.oneKey = keys <= 0x7fffffff;
    this.direct = keys <= DIRECT_MAX ? new Int32Array(keys).fill(-1) : null;
    this.unitKeys = this.onA.keyRange * this.targetRange;
    this.blockOf = this.direct === null && this.duelOnA !== null && this.duelKeys <= LEVEL_MAX && this.unitKeys <= LEVEL_MAX ? new Int32Array(this.duelKeys).fill(-1) : null;
  }

  /** The units' key: what the blows did to both units. */
  unitsKey(): number {
    return this.onA.key() * this.targetRange + this.onT.key();
  }

  /** A new block of `unitKeys` judgement slots in `blocks`, all unjudged: its start. */
  newBlock(): number {
    const start = this.blocksUsed;
    this.blocksUsed += this.unitKeys;
    if (this.blocksUsed > this.blocks.length) this.blocks = grownInt32(this.blocks, this.blocksUsed, -1);
    return start;
  }

  /** What the blows did to both units and both fighters as one number (when oneKey). */
  blowsKey(): number {
    const units = this.unitsKey();
    return this.duelOnA ? units * this.duelKeys + this.duelKey() : units;
  }

  /** The fighters' casualties of both sides as one number. */
  duelKey(): number {
    return this.duelOnA!.key() * this.duelRange + this.duelOnT!.key();
  }

  /** What the blows did to each side, as afterBlows takes it. */
  sideBlows(unit: Casualties, duel: Casualties | null): SideBlows {
    return { unit: casualtiesNow(unit), duel: duel === null ? null : casualtiesNow(duel) };
  }
}

const EMPTY = new Int32Array(0);

/** What the blows did to a unit or a fighter, as afterBlows takes it (one shape). */
function casualtiesNow(c: Casualties): { lost: number; modelsLeft: number; points: number } {
  return { lost: c.lost, modelsLeft: c.modelsLeft, points: c.points };
}

/**
 * What a round's blows decide before the loser's break test: the state after them, the verdict,
 * the margin and the Overkill (§9, §10).
 */
class Judgement {
  constructor(
    readonly after: FightState,
    readonly verdict: Verdict,
    readonly margin: number,
    readonly overkill: ReturnType<typeof overkillOf>,
  ) {}
}


/** A fight's rounds, judgements and round ends, kept across chunks, and the counts of the current call. */
class FightRounds {
  private readonly key: (s: FightState) => number;
  private readonly matters: boolean;
  private readonly shoot: StandAndShootRoller | null;

  /** Prepared rounds by id, and their ids by state key × 2 + phase − 1. */
  private readonly rounds: PreparedRound[] = objectArray();
  private readonly roundIds = new Map<number, number>();
  /** After Stand and Shoot, by StandAndShootRoller's code: the first round's id, or the round end's (wiped out, fled). */
  private readonly afterShots: Int32Array;

  /**
   * Judgements of a round whose blows' key is small in its own table (PreparedRound.direct); else
   * by (round id, blows' key) when that key fits 32 bits (PreparedRound.oneKey); else
   * found key by key (each a casualtiesKey, small enough for 32 bits whatever the units' size):
   * (round id, attacker's key) → node, (node, target's key) → node, and in a round with a challenge
   * (node, fighters' key) → node; the last node's judgement (−1: not judged yet).
   */
  private readonly judgementIds = new IntPairTable();
  private readonly attackerNodes = new IntPairTable();
  private readonly nextNodes = new IntPairTable();
  private nodes = 0;
  private nodeJudgements: Int32Array = new Int32Array(1024).fill(-1);
  private readonly judgements: Judgement[] = objectArray();
  /** The dice after each judgement's verdict: judgements that roll alike share one (few objects, close in memory). */
  private readonly loserDice: LoserDice[] = objectArray();
  private readonly loserDiceByKey = new Map<number, LoserDice>();
  /** Round ends by judgement id × FATE_CODES + fateCode (−1: not worked out yet). */
  private fates: Int32Array = new Int32Array(4096 * FATE_CODES).fill(-1);

  private readonly settled: SettledRounds<FightState>;

  constructor(private readonly f: FightScenario) {
    this.key = stateKey(f);
    this.matters = previousWinnerMatters(f);
    this.shoot = f.standAndShoot ? new StandAndShootRoller(f.standAndShoot) : null;
    // (−1: not worked out yet; the codes are below all the charger's Wounds × 3 + 3.)
    const charger = f.standAndShoot?.target;
    this.afterShots = new Int32Array(charger ? charger.models * charger.w * 3 + 3 : 0).fill(-1);
    this.settled = new SettledRounds(f.rounds, f.challenge);
  }

  simulate(rng: Rng, n: number, tally: Tally): void {
    const settled = this.settled;
    settled.clear();
    const cap = this.f.rounds;
    const stride = settled.stride;
    const shoot = this.shoot;
    const start = startState(this.f);
    const first = this.roundId(start, 1);
    for (let sample = 0; sample < n; sample++) {
      let id = first;
      if (shoot) {
        // The target's stand and shoot before round 1 (§3, §5); a charger that panics flees (§11)
        const shot = shoot.roll(rng);
        let opened = this.afterShots[shot];
        if (opened < 0) {
          const { modelsLeft, wounded } = afterShots(this.f.attacker.unit, Math.floor(shot / 3));
          const state = fightState(modelsLeft, wounded, start.mT, start.kT, start.cA, start.cT, start.previousWinner, start.obstacleWon, start.calmA, start.calmT);
          const ending = SHOT_ENDINGS[shot % 3];
          opened = this.afterShots[shot] = ending === null ? this.roundId(state, 1) : this.settle(null, state, ending);
        }
        if (shot % 3 !== 0) {
          settled.counts[opened * stride + 1]++;
          continue;
        }
        id = opened;
      }
      for (let round = 1; ; round++) {
        const r = this.rounds[id];
        // One roll-off decides equal Initiative for the whole combat, the challenge too (§16.6)
        const rolled = r.sharedRollOff ? rollOff(rng) : -1;
        const fled = r.dice.rollBlows(rng, rolled);
        let s: number;
        if (fled !== STRUCK) s = this.fledAtCharge(r, fled);
        else {
          // The challenge's fighters strike only each other, rolled apart (§9)
          if (r.duel) r.duel.dice.rollBlows(rng, rolled);
          const j = this.judgementOf(id, r);
          const code = this.loserDice[j].roll(rng);
          s = this.fates[j * FATE_CODES + code];
          if (s < 0) s = this.fates[j * FATE_CODES + code] = this.settleFate(this.judgements[j], code);
        }
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
      const plan = roundPlan(this.f, state, phase);
      const duel = duelPlan(this.f, state, phase);
      id = this.rounds.length;
      this.rounds.push(new PreparedRound(state, plan, new RoundDice(plan), duel ? { plan: duel, dice: new RoundDice(duel) } : null));
      this.roundIds.set(key, id);
    }
    return id;
  }

  /** The judgement of the blows just rolled in round `id`. */
  private judgementOf(id: number, r: PreparedRound): number {
    const direct = r.direct;
    if (direct !== null) {
      const key = r.blowsKey();
      const j = direct[key];
      return j >= 0 ? j : (direct[key] = this.judge(r));
    }
    const blockOf = r.blockOf;
    if (blockOf !== null) {
      const duel = r.duelKey();
      let start = blockOf[duel];
      if (start < 0) start = blockOf[duel] = r.newBlock();
      const at = start + r.unitsKey();
      const j = r.blocks[at];
      return j >= 0 ? j : (r.blocks[at] = this.judge(r));
    }
    if (r.oneKey) {
      const key = r.blowsKey();
      const j = this.judgementIds.get(id, key);
      if (j >= 0) return j;
      const judged = this.judge(r);
      this.judgementIds.set(id, key, judged);
      return judged;
    }
    let node = this.node(this.attackerNodes, id, r.onA.key());
    node = this.node(this.nextNodes, node, r.onT.key());
    if (r.duel) node = this.node(this.nextNodes, node, r.duelKey());
    const j = this.nodeJudgements[node];
    return j >= 0 ? j : (this.nodeJudgements[node] = this.judge(r));
  }

  /** The node under `parent` by `key`, made on first use. */
  private node(table: IntPairTable, parent: number, key: number): number {
    let node = table.get(parent, key);
    if (node < 0) {
      node = this.nodes++;
      table.set(parent, key, node);
      if (node === this.nodeJudgements.length) this.nodeJudgements = grownInt32(this.nodeJudgements, node + 1, -1);
    }
    return node;
  }

  private judge(r: PreparedRound): number {
    const f = this.f;
    const onA = r.sideBlows(r.onA, r.duelOnA);
    const onT = r.sideBlows(r.onT, r.duelOnT);
    const after = afterBlows(f, r.state, onA, onT);
    const standing = (characterStands(f.attacker, after.cA) ? 2 : 0) + (characterStands(f.target, after.cT) ? 1 : 0);
    const judge = r.judges[standing] ?? this.newJudge(r, standing, after);
    const { attacker, target } = sideResults(f, r.state, after, onA, onT);
    const verdict = judge.judging.verdict(attacker, target);
    const j = this.judgements.length;
    this.judgements.push(new Judgement(after, verdict, judge.judging.margin, overkillOf(onA, onT)));
    const dice = new LoserDice(judge.plan, verdict);
    const key = dice.key;
    let kept = this.loserDiceByKey.get(key);
    if (kept === undefined) this.loserDiceByKey.set(key, (kept = dice));
    this.loserDice.push(kept);
    // (Rare: growing is kept out of judge's own code.)
    if ((j + 1) * FATE_CODES > this.fates.length) this.fates = grownInt32(this.fates, (j + 1) * FATE_CODES, -1);
    return j;
  }

  /** The plan a round's result is judged on when `standing` tells which characters still stand, compiled on first use (kept out of judge: rare). */
  private newJudge(r: PreparedRound, standing: number, after: FightState): { readonly plan: MeleePlan; readonly judging: Judging } {
    const plan = judgePlan(this.f, r.state, r.plan, after);
    return (r.judges[standing] = { plan, judging: new Judging(plan) });
  }

  /** The round end of a side fleeing at the charge (§11): no blows struck. */
  private fledAtCharge(r: PreparedRound, side: number): number {
    if (side === ATTACKER) return r.fledAttacker >= 0 ? r.fledAttacker : (r.fledAttacker = this.settle(null, r.state, 'attacker-fled-at-charge'));
    return r.fledTarget >= 0 ? r.fledTarget : (r.fledTarget = this.settle(null, r.state, 'target-fled-at-charge'));
  }

  /** Where the fight stands after judgement `j` and the loser's fate `code` (LoserDice.roll). */
  private settleFate(j: Judgement, code: number): number {
    const f = this.f;
    const { verdict, after } = j;
    let { previousWinner, obstacleWon, calmA, calmT } = after;
    let ending: Ending | null = null;
    let removed: FightSide | null = null;
    if (verdict.kind === 'draw') previousWinner = 'none';
    else {
      const loser = verdict.loser;
      switch (FATES[code - 1]) {
        case 'wiped-out':
          ending = sideEnding(loser, 'destroyed');
          break;
        case 'caught':
          ending = sideEnding(loser, 'caught');
          removed = loser;
          break;
        case 'breaks':
          ending = sideEnding(loser, 'escaped');
          break;
        default:
          // Held: the winner is remembered, a beaten frenzied unit calms down (§11, §16.6, §4 obstacle)
          previousWinner = this.matters ? verdict.winner : 'none';
          obstacleWon ||= f.situation.defendedObstacle !== 'none' && verdict.winner === other(f.situation.defendedObstacle);
          calmA ||= loser === 'attacker' && f.attacker.calm !== null;
          calmT ||= loser === 'target' && f.target.calm !== null;
      }
    }
    const next = fightState(after.mA, after.kA, after.mT, after.kT, after.cA, after.cT, previousWinner, obstacleWon, calmA, calmT);
    return this.settle(j, next, ending, removed);
  }

  /** The id of a round end: the judgement's margin and Overkill (none without blows), the units left, the ending. */
  private settle(j: Judgement | null, next: FightState, ending: Ending | null, removed: FightSide | null = null): number {
    return this.settled.id(j ? j.margin : null, j ? j.overkill : null, unitsOf(this.f, next, removed), ending, next, this.key(next));
  }
}

const roundsOfFights = new WeakMap<FightScenario, FightRounds>();

/** The made-up fights rolled once, before the first real one (warm-up-fights.ts). */
const warmUp = warmUpOnce(() => warmUpFights(simulateFight));

export function simulateFight(f: FightScenario, rng: Rng, n: number, tally: Tally): void {
  warmUp();
  let rounds = roundsOfFights.get(f);
  if (!rounds) roundsOfFights.set(f, (rounds = new FightRounds(f)));
  rounds.simulate(rng, n, tally);
}
