/**
 * A brute-force witness for whole Warhammer Fantasy fights with characters and a challenge, written
 * from rules/warhammer-fantasy.md and the README's readings of a fight with characters ("Characters
 * in units and challenges") alone: it imports nothing from src/. It reads the fight's raw JSON (the
 * subset `SUPPORTED_FIGHT` lists) and walks, round after round from every state the fight can be in:
 *
 * - every face of each attack's to-hit (§4 chart: 3+ above, 5+ against more than twice, else 4+),
 *   to-wound (§6 rule: S ≥ T+2 2+ … S ≤ T−4 never) and armour dice (§7: light 6, heavy 5, shield
 *   −1, +max(0, S − 3); a natural 1 fails), giving the chance one attack causes an unsaved wound;
 *   the attacks of a side are then independent, their count of wounds the sum of those Bernoullis;
 * - the strike order (§4, §16.6): the charger first in round 1; then the higher Initiative; equal
 *   Initiative to the previous round's winner, else a roll-off (1/2 each) — one roll-off for the
 *   units and the challenge;
 * - who fights (§8, README): the front rank, the character taking one of its places and striking
 *   with its own profile; the later striker's rank and file lose one fighting model per casualty;
 *   every enemy attack goes to the rank and file while any stand at the start of the round, the
 *   wounds beyond them lost; a unit reduced to its character fights on as that character;
 * - the challenge (§9, README): while both characters stand they attack only each other and nobody
 *   else attacks them; each wound beyond the opponent's remaining Wounds scores +1, at most +5;
 * - combat resolution (§9): wounds caused, ranks behind the first of 4 models or more at the start
 *   of the round (max +3, the character counted in its rank), +1 for the greater Unit Strength after
 *   the round's casualties; a draw: nobody tests; a side with nothing left loses;
 * - the break test (§10): flee on 2D6 > Ld − margin, the General's Ld while he stands, a failed
 *   test re-rolled while the Battle Standard stands; the winner pursues (5D6 cm each, caught when
 *   the pursuit roll is at least the flee roll, §12 — M 10 cm here).
 *
 * The state between rounds: rank and file left on each side (one Wound each), wounds on each
 * character, the previous round's winner. Equal states are merged.
 */
import { type FightTables, FightWalk, SIDES, type SideName, type Standing, other } from '../../support/fight-witness.js';
import { add, die, p2d6AtMost, probability, repeat, type Weights } from '../../support/walk.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

export const SUPPORTED_FIGHT = 'infantry, W1 rank and file, M ≤ 15, hand weapons, armour light/heavy/shield; a character or champion (W1–3, the unit’s I) with general / battle-standard; challenge; charging attacker or none';


interface Profile {
  ws: number;
  s: number;
  t: number;
  i: number;
  a: number;
  ld: number;
  w: number;
  armour: string[];
}

interface FightSide {
  unit: Profile & { models: number; width: number };
  character: (Profile & { general: boolean; battleStandard: boolean }) | null;
}

export interface FightEnumerated extends FightTables {
  /** P(some round starts with a challenge on and one side's rank and file gone, its fighter still in the challenge). */
  challengeWithoutRankAndFile: number;
}

function profile(raw: Json, path: string): Profile {
  for (const k of Object.keys(raw))
    if (!['models', 'width', 'm', 'ws', 'bs', 's', 't', 'w', 'i', 'a', 'ld', 'armour', 'with-character', 'general', 'battle-standard', 'champion'].includes(k))
      throw new Error(`fight witness: ${path}.${k} is not modelled`);
  if ((raw.m ?? 10) > 15) throw new Error('fight witness: M over 15 cm (8D6 moves) is not modelled');
  const armour: string[] = typeof raw.armour === 'string' ? [raw.armour] : (raw.armour ?? []);
  return { ws: raw.ws, s: raw.s, t: raw.t, i: raw.i, a: raw.a, ld: raw.ld, w: raw.w, armour };
}

function fightSide(raw: Json, path: string): FightSide {
  const unit = { ...profile(raw, path), models: raw.models as number, width: (raw.width ?? raw.models) as number };
  if (unit.w !== 1) throw new Error('fight witness: rank and file of more than one Wound are not modelled');
  const ch = raw['with-character'];
  return { unit, character: ch ? { ...profile(ch, `${path}.with-character`), general: ch.general === true, battleStandard: ch['battle-standard'] === true } : null };
}

// ---- One attack, die by die -------------------------------------------------------------------

/** §4: 3+ if the attacker's WS is higher, 5+ if the defender's is more than twice it, else 4+. */
const toHit = (ws: number, enemyWs: number) => (ws > enemyWs ? 3 : enemyWs > 2 * ws ? 5 : 4);
/** §6: the classic rule behind the chart; null: cannot wound. */
function toWound(s: number, t: number): number | null {
  const d = s - t;
  return d >= 2 ? 2 : d === 1 ? 3 : d === 0 ? 4 : d === -1 ? 5 : d >= -3 ? 6 : null;
}
/** §7: the score an armour save needs against Strength s (7 or more: none). */
function saveNeeded(armour: string[], s: number): number {
  const base = armour.includes('heavy') ? 5 : armour.includes('light') ? 6 : 7;
  return base - (armour.includes('shield') ? 1 : 0) + Math.max(0, s - 3);
}

const unsavedMemo = new WeakMap<Profile, Map<Profile, number>>();
/** P(one attack of `x` causes an unsaved wound on `y`): its three dice walked face by face (once per pair of profiles). */
function pUnsaved(x: Profile, y: Profile): number {
  let row = unsavedMemo.get(x);
  if (!row) unsavedMemo.set(x, (row = new Map()));
  let p = row.get(y);
  if (p === undefined) row.set(y, (p = walkUnsaved(x, y)));
  return p;
}

function walkUnsaved(x: Profile, y: Profile): number {
  const hit = toHit(x.ws, y.ws);
  const wound = toWound(x.s, y.t);
  const save = saveNeeded(y.armour, x.s);
  let p = 0;
  for (let h = 1; h <= 6; h++) {
    if (h === 1 || h < hit) continue;
    for (let w = 1; w <= 6; w++) {
      if (wound === null || w === 1 || w < wound) continue;
      for (let sv = 1; sv <= 6; sv++) if (save >= 7 || sv === 1 || sv < Math.max(save, 2)) p += 1 / 216;
    }
  }
  return p;
}

const woundsMemo = new Map<string, Weights>();
/** Unsaved wounds of `n` attacks each causing one with probability p: the sum of n Bernoullis (once per n, p). */
function wounds(n: number, p: number): Weights {
  const key = `${n}|${p}`;
  let w = woundsMemo.get(key);
  if (!w) woundsMemo.set(key, (w = bernoulliSum(n, p)));
  return w;
}

function bernoulliSum(n: number, p: number): Weights {
  let out: Weights = new Map([[0, 1]]);
  for (let k = 0; k < n; k++) {
    const next: Weights = new Map();
    for (const [x, q] of out) {
      next.set(x, (next.get(x) ?? 0) + q * (1 - p));
      next.set(x + 1, (next.get(x + 1) ?? 0) + q * p);
    }
    out = next;
  }
  return out;
}

/** `w` with every value above `cap` counted as `cap` (wounds past what they can do change nothing). */
function capped(w: Weights, cap: number): Weights {
  const out: Weights = new Map();
  for (const [x, p] of w) out.set(Math.min(x, cap), (out.get(Math.min(x, cap)) ?? 0) + p);
  return out;
}


// ---- Morale dice ----------------------------------------------------------------------------

/** P(pursuit 5D6 ≥ flee 5D6), both walked (§12). */
const P_CAUGHT = (() => {
  const five = repeat(die(), 5);
  let p = 0;
  for (const [flee, pf] of five) p += pf * probability(five, (pursuit) => pursuit >= flee);
  return p;
})();

// ---- The fight -----------------------------------------------------------------------------

interface State {
  m: Record<SideName, number>;
  c: Record<SideName, number>;
  previous: SideName | 'none';
}
const keyOf = (s: State) => `${s.m.attacker},${s.c.attacker},${s.m.target},${s.c.target},${s.previous}`;

/** §9 ranks: ranks behind the first of at least 4 models (width 4 or more), at most 3. */
function rankBonus(models: number, width: number): number {
  if (width < 4) return 0;
  let ranks = 0;
  for (let left = models - width; left > 0 && ranks < 3; left -= width) if (Math.min(width, left) >= 4) ranks++;
  return ranks;
}

export function enumerateWfbFight(input: Json): FightEnumerated {
  const sit = input.situation;
  for (const k of Object.keys(sit)) if (!['phase', 'charging', 'rounds', 'challenge'].includes(k)) throw new Error(`fight witness: situation.${k} is not modelled`);
  const rounds: number = sit.rounds;
  const charging: SideName | 'none' = sit.charging ?? 'none';
  const sides: Record<SideName, FightSide> = { attacker: fightSide(input.attacker, 'attacker'), target: fightSide(input.target, 'target') };
  const challenge = sit.challenge === true;
  const charW = (x: SideName) => sides[x].character?.w ?? 0;
  const stands = (x: SideName, c: number) => sides[x].character !== null && c < charW(x);

  const walk = new FightWalk<State>(challenge, keyOf);
  // What the witness finds beside the tables (FightEnumerated)
  const found = { challengeWithoutRankAndFile: 0 };
  const T = sides.target;
  /** Models on the table: the rank and file and a standing character. */
  const leftOf = (x: SideName, s: State) => s.m[x] + (stands(x, s.c[x]) ? 1 : 0);
  /** The fight in state s, `removed` the side left with no models (caught). */
  const standing = (s: State, removed: SideName | null = null): Standing => ({
    left: { attacker: removed === 'attacker' ? 0 : leftOf('attacker', s), target: removed === 'target' ? 0 : leftOf('target', s) },
    damage: T.unit.models - s.m.target + s.c.target,
    slain: T.unit.models - s.m.target + (T.character && !stands('target', s.c.target) ? 1 : 0),
  });
  const finish = (round: number, ending: string, s: State, removed: SideName | null, p: number) => walk.ends(round, ending, standing(s, removed), p);

  const start: State = { m: { attacker: sides.attacker.unit.models, target: T.unit.models }, c: { attacker: 0, target: 0 }, previous: 'none' };
  walk.run(rounds, start, fightRound, (s) => standing(s));
  return { ...walk.tables, ...found };

  /** One round from state s, with probability p: its strike orders, each fought by strikeRound. */
  function fightRound(round: number, s: State, p: number): void {
    const duel = challenge && stands('attacker', s.c.attacker) && stands('target', s.c.target);
    const lone = (x: SideName) => s.m[x] === 0 && stands(x, s.c[x]) && !duel;
    if (duel && (s.m.attacker === 0 || s.m.target === 0)) found.challengeWithoutRankAndFile += p;
    // Strike order (§4, §16.6)
    const orders: Array<[SideName, number]> =
      round === 1 && charging !== 'none'
        ? [[charging, 1]]
        : sides.attacker.unit.i !== T.unit.i
          ? [[sides.attacker.unit.i > T.unit.i ? 'attacker' : 'target', 1]]
          : s.previous !== 'none'
            ? [[s.previous, 1]]
            : [['attacker', 0.5], ['target', 0.5]];
    for (const [first, pOrder] of orders) strikeRound(round, s, p * pOrder, first, duel, lone);
  }

  // One strike order of one state's round: the blows, then resolution, break test and pursuit.
  function strikeRound(round: number, s: State, p: number, first: SideName, duel: boolean, lone: (x: SideName) => boolean): void {
    const second = other(first);
    /** The unit blows of x on its enemy: what they are made of, and whom they strike. */
    const unitBlows = (x: SideName, fightingRankAndFile: number): Weights => {
      const y = other(x);
      const own = sides[x];
      const enemy = sides[y];
      // whom: the enemy's rank and file while any stand at the start of the round; a lone character; else nobody
      const target: Profile | null = s.m[y] > 0 ? enemy.unit : lone(y) ? enemy.character : null;
      if (target === null) return new Map([[0, 1]]);
      if (lone(x)) return wounds(own.character!.a, pUnsaved(own.character!, target));
      let w = wounds(fightingRankAndFile * own.unit.a, pUnsaved(own.unit, target));
      // a joined character outside the challenge strikes with its unit (README)
      if (stands(x, s.c[x]) && !duel) w = add(w, wounds(own.character!.a, pUnsaved(own.character!, target)));
      return w;
    };
    /** Capacity of the enemy's target group: its rank and file, or a lone character's remaining Wounds. */
    const capacity = (y: SideName) => (s.m[y] > 0 ? s.m[y] : lone(y) ? charW(y) - s.c[y] : 0);
    /** Front-rank rank and file of x (§8): the character takes one place. */
    const frontRankAndFile = (x: SideName) => {
      const joined = stands(x, s.c[x]) ? 1 : 0;
      return Math.max(0, Math.min(sides[x].unit.width, s.m[x] + joined) - joined);
    };
    // in the challenge, wounds past the opponent's remaining Wounds and the +5 of Overkill change nothing
    const duelBlows = (x: SideName) => capped(wounds(sides[x].character!.a, pUnsaved(sides[x].character!, sides[other(x)].character!)), charW(other(x)) - s.c[other(x)] + 5);

    // The first striker's blows
    const firstUnit = capped(unitBlows(first, lone(first) ? 1 : frontRankAndFile(first)), capacity(second));
    const firstDuel = duel ? duelBlows(first) : new Map([[0, 1]]);
    for (const [u1, q1] of firstUnit)
      for (const [d1, r1] of firstDuel) {
        const lostSecond = Math.min(u1, capacity(second));
        const duelLostSecond = Math.min(d1, charW(second) - s.c[second]);
        // the second striker's reply: one fighting model fewer per casualty (§8)
        const secondLoneSlain = lone(second) && s.c[second] + lostSecond >= charW(second);
        const replying = lone(second) ? (secondLoneSlain ? 0 : 1) : Math.max(0, frontRankAndFile(second) - lostSecond);
        const secondUnit = lone(second) && secondLoneSlain ? new Map([[0, 1]]) : capped(unitBlows(second, replying), capacity(first));
        const secondFighterStands = duel && s.c[second] + duelLostSecond < charW(second);
        const secondDuel = secondFighterStands ? duelBlows(second) : new Map([[0, 1]]);
        for (const [u2, q2] of secondUnit)
          for (const [d2, r2] of secondDuel) {
            const q = p * q1 * r1 * q2 * r2;
            if (q === 0) continue;
            const lostFirst = Math.min(u2, capacity(first));
            const duelLostFirst = Math.min(d2, charW(first) - s.c[first]);
            const blowsOn: Record<SideName, { unit: number; duel: number; duelWounds: number }> = {
              [first]: { unit: lostFirst, duel: duelLostFirst, duelWounds: d2 },
              [second]: { unit: lostSecond, duel: duelLostSecond, duelWounds: d1 },
            } as Record<SideName, { unit: number; duel: number; duelWounds: number }>;
            settle(round, s, q, duel, lone, blowsOn);
          }
      }
  }

  function settle(round: number, s: State, q: number, duel: boolean, lone: (x: SideName) => boolean, on: Record<SideName, { unit: number; duel: number; duelWounds: number }>): void {
    const after: State = { m: { ...s.m }, c: { ...s.c }, previous: s.previous };
    const points: Record<SideName, number> = { attacker: 0, target: 0 };
    const overkill: Record<SideName, number> = { attacker: 0, target: 0 };
    for (const y of SIDES) {
      const x = other(y);
      if (lone(y)) after.c[y] += on[y].unit;
      else after.m[y] -= on[y].unit;
      after.c[y] += on[y].duel;
      // §9: wounds caused, and in the challenge each wound beyond the opponent's remaining Wounds +1, at most +5
      const excess = duel ? Math.min(5, on[y].duelWounds - on[y].duel) : 0;
      points[x] = on[y].unit + on[y].duel + excess;
      overkill[x] = excess;
    }
    // ranks at the start of the round (§8), the character in its rank; a lone character has none
    const ranks = (x: SideName) => (lone(x) ? 0 : rankBonus(s.m[x] + (stands(x, s.c[x]) ? 1 : 0), sides[x].unit.width));
    // Unit Strength after the round's casualties (§9)
    const us = (x: SideName) => after.m[x] + (stands(x, after.c[x]) ? 1 : 0);
    const score = (x: SideName) => points[x] + ranks(x) + (us(x) > us(other(x)) ? 1 : 0);
    const margin = score('attacker') - score('target');
    walk.scored(round, margin, duel ? overkill : null, q);
    const gone = (x: SideName) => us(x) === 0;
    if (gone('attacker') || gone('target')) {
      const loser: SideName = gone('target') ? 'target' : 'attacker';
      return finish(round, `${loser}-destroyed`, after, null, q);
    }
    if (margin === 0) {
      after.previous = 'none';
      return walk.fightsOn(round, after, standing(after).left, q);
    }
    const winner: SideName = margin > 0 ? 'attacker' : 'target';
    const loser = other(winner);
    // §10: 2D6 ≤ Ld − margin holds; the General's Ld while he stands; the Battle Standard's re-roll
    const ch = sides[loser].character;
    const chStands = stands(loser, after.c[loser]);
    const ld = lone(loser) ? ch!.ld : Math.max(sides[loser].unit.ld, chStands && ch!.general ? ch!.ld : 0);
    const holdOnce = p2d6AtMost(ld - Math.abs(margin));
    const hold = chStands && ch!.battleStandard ? holdOnce + (1 - holdOnce) * holdOnce : holdOnce;
    const flee = 1 - hold;
    if (hold > 0) {
      const held: State = { ...after, previous: winner };
      walk.fightsOn(round, held, standing(held).left, q * hold);
    }
    if (flee > 0) {
      finish(round, `${loser}-caught`, after, loser, q * flee * P_CAUGHT);
      finish(round, `${loser}-escaped`, after, null, q * flee * (1 - P_CAUGHT));
    }
  }
}
