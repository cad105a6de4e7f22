/**
 * A round of a 9th Age fight with an accepted challenge (§4.2, §4.10, §4.11): the units' combat
 * and the challenge stepped through the Initiative steps together. The fighters attack only each
 * other and nobody else attacks them, but two things tie the two combats: each unit's Fear test,
 * taken once and binding its fighter too (§12.6), and a champion fighter, on whom the wounds that
 * slay its unit's last rank and file go on, even in a challenge (§4.10). Shared by the exact
 * engine (forEachChallengeRoundEnd) and the simulator (spillOver).
 */
import { type Dist, point } from '../../core/dist.js';
import type { Outcomes } from './attack-exact.js';
import { byFearTests, fearPassChance, sideStep } from './exact.js';
import { INITIATIVE_STEPS } from './groups.js';
import { type MeleeSide, addWounds, aliveCode, meleeSides } from './melee-setup.js';
import type { Scenario } from './model.js';
import { merged } from './victim-exact.js';

export interface ChallengeRound {
  /** The units' combat, the fighters apart. */
  readonly units: Scenario;
  /**
   * The units' combat after fighters fell, by (the attacker's fell ? 2 : 0) + (the target's fell ? 1 : 0),
   * [0] being `units`: a fallen fighter is removed before the next Initiative step (§4.2) and its
   * place in the front rank is filled from the ranks behind (PRIMEROS DE LA FILA), so its unit's
   * rank and file strike with a full front rank again.
   */
  readonly unitsAfterFalls: readonly Scenario[];
  /** The two fighters (a one-round scenario with `challenge`: Overkill tracked up to +3). */
  readonly duel: Scenario;
  /** Whether each side's fighter is its unit's champion, who takes the wounds beyond its rank and file. */
  readonly spills: { readonly attacker: boolean; readonly target: boolean };
}

/**
 * Damage on a fighter after a step: `o` already holds the challenge's wounds of the step (Overkill
 * is counted on them, §4.11); a champion then takes the wounds beyond its rank and file's pool
 * (`raw` is the rank and file's damage before capping), up to what it has left — the rest is lost
 * (§4.10). The reading: the challenge's blows and the spilled ones land together, the challenge's first.
 */
export function spillOver(rnf: MeleeSide, raw: number, fighter: MeleeSide, o: number, spills: boolean): number {
  if (!spills || o >= fighter.pool || raw <= rnf.pool) return o;
  return Math.min(o + raw - rnf.pool, fighter.pool);
}

/**
 * One side's moves in a step from one entry: the probability of each (rank-and-file damage,
 * fighter damage), flat at r · fighters + o, added up in the order the pairs are first met (`met`).
 */
class SideMoves {
  readonly sums: Float64Array;
  private readonly seen: Uint8Array;
  readonly met: Int32Array;
  count = 0;

  constructor(
    rnfDim: number,
    /** Fighter damage indices 0 … cap. */
    readonly fighters: number,
  ) {
    this.sums = new Float64Array(rnfDim * fighters);
    this.seen = new Uint8Array(rnfDim * fighters);
    this.met = new Int32Array(rnfDim * fighters);
  }

  /** One side's moves: its rank and file hit by the enemy unit, its fighter by the enemy fighter, then the spill (§4.10). */
  fill(rnf: MeleeSide, dR: number, unitHits: Dist, fighter: MeleeSide, dF: number, duelHits: Dist, spill: boolean): void {
    for (let i = 0; i < this.count; i++) {
      this.sums[this.met[i]] = 0;
      this.seen[this.met[i]] = 0;
    }
    this.count = 0;
    for (let x = 0; x < unitHits.length; x++) {
      if (unitHits[x] === 0) continue;
      const raw = dR + x;
      const r2 = addWounds(rnf, dR, x);
      for (let y = 0; y < duelHits.length; y++) {
        if (duelHits[y] === 0) continue;
        const o2 = spillOver(rnf, raw, fighter, addWounds(fighter, dF, y), spill);
        const key = r2 * this.fighters + o2;
        if (this.seen[key] === 0) {
          this.seen[key] = 1;
          this.met[this.count++] = key;
        }
        this.sums[key] += unitHits[x] * duelHits[y];
      }
    }
  }
}

/**
 * Every way a round with an accepted challenge can end: wounds on each side's rank and file (as
 * forEachRoundEnd) and on each fighter (Overkill included), mixed over the Fear tests.
 */
export function forEachChallengeRoundEnd(r: ChallengeRound, visit: (dT: number, dA: number, oT: number, oA: number, p: number) => void): void {
  const pA = fearPassChance(r.units.attacker, r.units.target);
  const pT = fearPassChance(r.units.target, r.units.attacker);
  const outcomes: Array<{ w: number; table: Float64Array; dims: Dims }> = [];
  for (const [failA, wA] of [[false, pA], [true, 1 - pA]] as const) {
    for (const [failT, wT] of [[false, pT], [true, 1 - pT]] as const) {
      if (wA * wT === 0) continue;
      const u = r.unitsAfterFalls.map((units) => steppedSides(units, failA, failT));
      const d = steppedSides(r.duel, failA, failT);
      const dims = [u[0].sides.target.cap + 1, u[0].sides.attacker.cap + 1, d.sides.target.cap + 1, d.sides.attacker.cap + 1] as const;
      outcomes.push({ w: wA * wT, table: steps(u, d, r.spills, dims), dims });
    }
  }
  // The same wounds after different Fear tests are one way the round ends: added up before they are visited
  if (outcomes.length === 1) return forEachEntry(outcomes[0].table, outcomes[0].dims, (dT, dA, oT, oA, p) => visit(dT, dA, oT, oA, outcomes[0].w * p));
  const dims = [0, 1, 2, 3].map((i) => Math.max(...outcomes.map((o) => o.dims[i]))) as unknown as Dims;
  const sum = new Float64Array(dims[0] * dims[1] * dims[2] * dims[3]);
  for (const { w, table, dims: own } of outcomes) forEachEntry(table, own, (dT, dA, oT, oA, p) => (sum[((dT * dims[1] + dA) * dims[2] + oT) * dims[3] + oA] += w * p));
  forEachEntry(sum, dims, visit);
}

type Sides = ReturnType<typeof meleeSides>;
type StepAttacks = ReturnType<typeof sideStep>;

/** A scenario's sides after the Fear tests, with each side's attacks at each Initiative step (INITIATIVE_STEPS order). */
interface SteppedSides {
  readonly sides: Sides;
  readonly onTarget: readonly StepAttacks[];
  readonly onAttacker: readonly StepAttacks[];
}

/**
 * The stepped sides of a scenario by its Fear tests' outcomes, made once each: a fight's rounds
 * share their units' and their fighters' scenarios, and with them the attacks' outcomes worked out.
 */
const stepped = new WeakMap<Scenario, Array<SteppedSides | undefined>>();
function steppedSides(s: Scenario, failA: boolean, failT: boolean): SteppedSides {
  let byFear = stepped.get(s);
  if (!byFear) stepped.set(s, (byFear = []));
  return byFearTests(byFear, failA, failT, () => {
    const sides = meleeSides(s, failA, failT);
    return {
      sides,
      onTarget: INITIATIVE_STEPS.map((step) => sideStep(sides.attacker, sides.target, step)),
      onAttacker: INITIATIVE_STEPS.map((step) => sideStep(sides.target, sides.attacker, step)),
    };
  });
}

/** Each step's outcomes merged over the victim's states, once per outcomes (they are kept, never changed). */
const mergedOf = new WeakMap<Outcomes, Dist>();
type Dims = readonly [number, number, number, number];

/** Each entry of a flat (dT, dA, oT, oA) table that has probability, with its four indices. */
function forEachEntry(table: Float64Array, dims: Dims, visit: (dT: number, dA: number, oT: number, oA: number, p: number) => void): void {
  let k = 0;
  for (let dT = 0; dT < dims[0]; dT++)
    for (let dA = 0; dA < dims[1]; dA++)
      for (let oT = 0; oT < dims[2]; oT++)
        for (let oA = 0; oA < dims[3]; oA++, k++) if (table[k] !== 0) visit(dT, dA, oT, oA, table[k]);
}

/**
 * The joint table of (dT, dA, oT, oA) after every Initiative step, flat in that order; `su` are the
 * units' stepped sides by the fighters fallen (ChallengeRound.unitsAfterFalls), whose wound pools are alike.
 */
function steps(su: readonly SteppedSides[], sd: SteppedSides, spills: ChallengeRound['spills'], dims: Dims): Float64Array {
  const u = su[0].sides;
  const d = sd.sides;
  const [nT, nA, nOT, nOA] = dims;
  let table = new Float64Array(nT * nA * nOT * nOA);
  table[0] = 1;
  const none = point(0);
  const movesT = new SideMoves(nT, nOT);
  const movesA = new SideMoves(nA, nOA);
  const hits = (f: ReturnType<typeof sideStep>, dmg: number, alive: number, strikes: boolean): Dist => {
    const at = strikes ? f(dmg) : null;
    if (!at) return none;
    const o = at(alive, 0);
    let m = mergedOf.get(o);
    if (!m) mergedOf.set(o, (m = merged(o)));
    return m;
  };
  for (let si = 0; si < INITIATIVE_STEPS.length; si++) {
    const dOnT = sd.onTarget[si];
    const dOnA = sd.onAttacker[si];
    const idle = (f: (x: number) => unknown, cap: number) => !f(0) && !f(cap);
    const unitsIdle = su.every((x) => idle(x.onTarget[si], u.target.cap) && idle(x.onAttacker[si], u.attacker.cap));
    if (unitsIdle && idle(dOnT, d.target.cap) && idle(dOnA, d.attacker.cap)) continue;
    const next = new Float64Array(table.length);
    let k = 0;
    for (let dT = 0; dT < nT; dT++) {
      const aliveUT = aliveCode(u.target, dT);
      for (let dA = 0; dA < nA; dA++) {
        // The units' combat goes on while both units have a model; a fighter standing may strike its fallen opponent for Overkill (§4.11)
        const aliveUA = aliveCode(u.attacker, dA);
        const unitsFight = aliveUA > 0 && aliveUT > 0;
        for (let oT = 0; oT < nOT; oT++) {
          const aliveDT = aliveCode(d.target, oT);
          for (let oA = 0; oA < nOA; oA++, k++) {
            const p = table[k];
            if (p === 0) continue;
            const aliveDA = aliveCode(d.attacker, oA);
            // Each unit strikes with its front rank as its fighter's fall left it
            const fallen = su[(aliveDA === 0 ? 2 : 0) + (aliveDT === 0 ? 1 : 0)];
            const uOnT = fallen.onTarget[si];
            const uOnA = fallen.onAttacker[si];
            movesT.fill(u.target, dT, hits(uOnT, dT, aliveUA, unitsFight), d.target, oT, hits(dOnT, oT, aliveDA, aliveDA > 0), spills.target);
            movesA.fill(u.attacker, dA, hits(uOnA, dA, aliveUT, unitsFight), d.attacker, oA, hits(dOnA, oA, aliveDT, aliveDT > 0), spills.attacker);
            for (let i = 0; i < movesT.count; i++) {
              const kt = movesT.met[i];
              const qt = movesT.sums[kt];
              const dT2 = Math.floor(kt / nOT);
              const oT2 = kt % nOT;
              for (let j = 0; j < movesA.count; j++) {
                const ka = movesA.met[j];
                next[((dT2 * nA + Math.floor(ka / nOA)) * nOT + oT2) * nOA + (ka % nOA)] += p * qt * movesA.sums[ka];
              }
            }
          }
        }
      }
    }
    table = next;
  }
  return table;
}
