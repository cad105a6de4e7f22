/**
 * A round of a 9th Age fight with an accepted challenge (§4.2, §4.10, §4.11): the units' combat
 * and the challenge stepped through the Initiative steps together. The fighters attack only each
 * other and nobody else attacks them, but two things tie the two combats: each unit's Fear test,
 * taken once and binding its fighter too (§12.6), and a champion fighter, on whom the wounds that
 * slay its unit's last rank and file go on, even in a challenge (§4.10). Shared by the exact
 * engine (forEachChallengeRoundEnd) and the simulator (spillOver).
 */
import { point } from '../../core/dist.js';
import { fearPassChance, sideStep } from './exact.js';
import { INITIATIVE_STEPS } from './groups.js';
import { type MeleeSide, addWounds, aliveCode, meleeSides } from './melee-setup.js';
import type { Scenario } from './model.js';
import { merged } from './victim-exact.js';

export interface ChallengeRound {
  /** The units' combat, the fighters apart. */
  readonly units: Scenario;
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

/** Damage indices (rank and file, fighter) of one side after a step, with their probability. */
type SideMoves = Map<number, number>;

/**
 * Every way a round with an accepted challenge can end: wounds on each side's rank and file (as
 * forEachRoundEnd) and on each fighter (Overkill included), mixed over the Fear tests.
 */
export function forEachChallengeRoundEnd(r: ChallengeRound, visit: (dT: number, dA: number, oT: number, oA: number, p: number) => void): void {
  const pA = fearPassChance(r.units.attacker, r.units.target);
  const pT = fearPassChance(r.units.target, r.units.attacker);
  for (const [failA, wA] of [[false, pA], [true, 1 - pA]] as const) {
    for (const [failT, wT] of [[false, pT], [true, 1 - pT]] as const) {
      if (wA * wT === 0) continue;
      const u = meleeSides(r.units, failA, failT);
      const d = meleeSides(r.duel, failA, failT);
      const dims = [u.target.cap + 1, u.attacker.cap + 1, d.target.cap + 1, d.attacker.cap + 1] as const;
      forEachEntry(steps(u, d, r.spills, dims), dims, (dT, dA, oT, oA, p) => visit(dT, dA, oT, oA, wA * wT * p));
    }
  }
}

type Sides = ReturnType<typeof meleeSides>;
type Dims = readonly [number, number, number, number];

/** Each entry of a flat (dT, dA, oT, oA) table that has probability, with its four indices. */
function forEachEntry(table: Float64Array, dims: Dims, visit: (dT: number, dA: number, oT: number, oA: number, p: number) => void): void {
  let k = 0;
  for (let dT = 0; dT < dims[0]; dT++)
    for (let dA = 0; dA < dims[1]; dA++)
      for (let oT = 0; oT < dims[2]; oT++)
        for (let oA = 0; oA < dims[3]; oA++, k++) if (table[k] !== 0) visit(dT, dA, oT, oA, table[k]);
}

/** The joint table of (dT, dA, oT, oA) after every Initiative step, flat in that order. */
function steps(u: Sides, d: Sides, spills: ChallengeRound['spills'], dims: Dims): Float64Array {
  const index = (dT: number, dA: number, oT: number, oA: number) => ((dT * dims[1] + dA) * dims[2] + oT) * dims[3] + oA;
  let table = new Float64Array(dims[0] * dims[1] * dims[2] * dims[3]);
  table[0] = 1;
  const none = point(0);
  for (const step of INITIATIVE_STEPS) {
    const uOnT = sideStep(u.attacker, u.target, step);
    const uOnA = sideStep(u.target, u.attacker, step);
    const dOnT = sideStep(d.attacker, d.target, step);
    const dOnA = sideStep(d.target, d.attacker, step);
    const idle = (f: (x: number) => unknown, cap: number) => !f(0) && !f(cap);
    if (idle(uOnT, u.target.cap) && idle(uOnA, u.attacker.cap) && idle(dOnT, d.target.cap) && idle(dOnA, d.attacker.cap)) continue;
    // One side's moves: its rank and file hit by the enemy unit, its fighter by the enemy fighter, then the spill (§4.10)
    const moves = (rnf: MeleeSide, dR: number, unitHits: ReturnType<typeof merged>, fighter: MeleeSide, dF: number, duelHits: ReturnType<typeof merged>, spill: boolean): SideMoves => {
      const out: SideMoves = new Map();
      for (let x = 0; x < unitHits.length; x++) {
        if (unitHits[x] === 0) continue;
        const raw = dR + x;
        const r2 = addWounds(rnf, dR, x);
        for (let y = 0; y < duelHits.length; y++) {
          if (duelHits[y] === 0) continue;
          const o2 = spillOver(rnf, raw, fighter, addWounds(fighter, dF, y), spill);
          const key = r2 * 1024 + o2;
          out.set(key, (out.get(key) ?? 0) + unitHits[x] * duelHits[y]);
        }
      }
      return out;
    };
    const next = new Float64Array(table.length);
    forEachEntry(table, dims, (dT, dA, oT, oA, p) => {
      // The units' combat goes on while both units have a model; a fighter standing may strike its fallen opponent for Overkill (§4.11)
      const aliveUA = aliveCode(u.attacker, dA);
      const aliveUT = aliveCode(u.target, dT);
      const unitsFight = aliveUA > 0 && aliveUT > 0;
      const aliveDA = aliveCode(d.attacker, oA);
      const aliveDT = aliveCode(d.target, oT);
      const hits = (f: ReturnType<typeof sideStep>, dmg: number, alive: number, strikes: boolean) => {
        const at = strikes ? f(dmg) : null;
        return at ? merged(at(alive, 0)) : none;
      };
      const t = moves(u.target, dT, hits(uOnT, dT, aliveUA, unitsFight), d.target, oT, hits(dOnT, oT, aliveDA, aliveDA > 0), spills.target);
      const a = moves(u.attacker, dA, hits(uOnA, dA, aliveUT, unitsFight), d.attacker, oA, hits(dOnA, oA, aliveDT, aliveDT > 0), spills.attacker);
      for (const [kt, qt] of t) {
        const dT2 = Math.floor(kt / 1024);
        const oT2 = kt % 1024;
        for (const [ka, qa] of a) next[index(dT2, Math.floor(ka / 1024), oT2, ka % 1024)] += p * qt * qa;
      }
    });
    table = next;
  }
  return table;
}
