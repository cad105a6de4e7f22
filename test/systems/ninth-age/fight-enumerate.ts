/**
 * A brute-force witness for whole 9th Age fights with a character, a champion, a challenge and
 * Overkill, written from rules/ninth-age.md and the README's readings of a fight with characters
 * ("Characters in units and challenges") alone: it imports nothing from src/. It reads the fight's
 * raw JSON (infantry; single-Wound rank and file in up to 9 files; hand weapons, light/heavy
 * armour, shield; a standard; a musician in a unit without champion or character) and walks, round after round from every
 * state the fight can be in:
 *
 * - every face of each attack's to-hit (§4.5 chart, Parry: a foot model with hand weapon and
 *   shield is hit at 4+ at best), to-wound (§4.6: clamp(4 + T − S, 2, 6), natural 1 fails, 6
 *   wounds) and armour dice (§4.7: 7 − bonus + max(S − 3, 0), natural 1 fails);
 * - the Initiative steps from 10 down to 0 (§4.2): each model strikes at its own Initiative, the
 *   attacks of a step are simultaneous and counted from the models alive at its start, casualties
 *   removed before the next step;
 * - who strikes (§4.3): the models in the front rank — a character takes one place there, the
 *   champion (+1 A, +1 WS, §10) is one of them — and one supporting attack from each model of the
 *   second rank; casualties come off the rear rank; a slain character's place is filled from the
 *   ranks behind (book: PRIMEROS DE LA FILA);
 * - whom (§4.4, §4.10, README): every attack goes to the rank and file while any stand; the wounds
 *   that slay the last of them go on to the champion (even in a challenge); the character is
 *   attacked once its unit has none left, from the next step; excess wounds are lost (A24);
 * - the challenge (§4.11): the two fighters attack only each other, nobody else attacks them; each
 *   wound beyond what slays the opponent scores +1, at most +3; the champion fights it when its
 *   side has no character; a lone champion keeps its WS + 1 (§10, §4.5);
 * - the combat result (§12.1): wounds caused, Overkill, +1 for the charge in the first round, +1
 *   per full rank (5+ models) after the first (max 3), +1 for a standard while a rank-and-file model
 *   stands to carry it; a draw, unless exactly one side has a musician; the loser tests on
 *   2D6 ≤ Ld − D with the highest Ld present after the round's casualties (§2, §12.2, no double-1
 *   pass; Steadfast or a musician's win: no −D); it flees 2D6 and the winner pursues 2D6, caught
 *   when the pursuit is at least the flee (§12.3).
 *
 * The state between rounds: rank and file, champion and the wounds on the character of each side.
 */
import { type FightTables, FightWalk, SIDES, type SideName, type Standing, other } from '../../support/fight-witness.js';
import { add, p2d6AtMost, type Weights } from '../../support/walk.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;


interface Profile {
  ws: number;
  s: number;
  t: number;
  i: number;
  a: number;
  ld: number;
  w: number;
  bonus: number;
  shield: boolean;
}

interface FightSide {
  rf: number;
  files: number;
  standard: boolean;
  musician: boolean;
  unit: Profile;
  champion: Profile | null;
  character: Profile | null;
}

export interface FightEnumerated extends FightTables {
  /** P(a champion stands alone, attacked by the enemy, in some round). */
  loneChampionAttacked: number;
  /** P(a fighter is slain in the challenge at one step and its unit's rank and file strike at a later step of that round). */
  fighterSlainBeforeItsUnitStrikes: number;
  /** P(a loser's break test in a round its last rank and file fell, its character standing with a lower Ld than theirs). */
  testedWithoutItsFallenRankAndFile: number;
  /** P(a round ends with a standard's rank and file, the bearer among them, all fallen: this round, or earlier with the unit standing). */
  standardWithoutRankAndFile: number;
}

const MODELLED = ['troop', 'm', 'models', 'files', 'standard', 'musician', 'ws', 's', 't', 'w', 'i', 'a', 'ld', 'equipment', 'champion', 'with-character'];

function profile(raw: Json, path: string): Profile {
  for (const k of Object.keys(raw)) if (!MODELLED.includes(k)) throw new Error(`fight witness: ${path}.${k} is not modelled`);
  if ((raw.troop ?? 'infantry') !== 'infantry') throw new Error('fight witness: only infantry is modelled');
  const e: string[] = raw.equipment ?? [];
  for (const x of e) if (!['hand-weapon', 'light-armour', 'heavy-armour', 'shield'].includes(x)) throw new Error(`fight witness: equipment '${x}' is not modelled`);
  // §4.7: light +1, heavy +2, shield +1 (a hand weapon: usable in close combat)
  const bonus = (e.includes('heavy-armour') ? 2 : e.includes('light-armour') ? 1 : 0) + (e.includes('shield') ? 1 : 0);
  return { ws: raw.ws, s: raw.s, t: raw.t, i: raw.i, a: raw.a, ld: raw.ld, w: raw.w, bonus, shield: e.includes('shield') };
}

function fightSide(raw: Json, path: string): FightSide {
  const unit = profile(raw, path);
  if (unit.w !== 1) throw new Error('fight witness: rank and file of more than one Wound are not modelled');
  const champion = raw.champion === true ? { ...unit, ws: unit.ws + 1, a: unit.a + 1 } : null; // §10
  const ch = raw['with-character'];
  const files = raw.files ?? Math.min(raw.models, 5);
  if (files > 9) throw new Error('fight witness: Horde formations are not modelled');
  if (raw.musician === true && (champion || ch)) throw new Error('fight witness: a musician beside a champion or character is not modelled');
  return {
    rf: raw.models - (champion ? 1 : 0),
    files,
    standard: raw.standard === true,
    musician: raw.musician === true,
    unit,
    champion,
    character: ch ? profile(ch, `${path}.with-character`) : null,
  };
}

// ---- One attack, die by die -----------------------------------------------------------------

/** §4.5: 3+ against a lower WS, 4+ up to twice, 5+ beyond. */
const chart = (ws: number, enemyWs: number) => (enemyWs < ws ? 3 : enemyWs <= 2 * ws ? 4 : 5);

const memo = new Map<string, number>();
/** P(one attack of `x` causes an unsaved wound on `y`): to-hit, to-wound and armour dice walked. */
function pUnsaved(x: Profile, y: Profile): number {
  const key = `${x.ws},${x.s},${y.ws},${y.t},${y.bonus},${y.shield}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  // Parry: a foot model with a hand weapon and a shield, attacked in its front arc (§4.5 step 2)
  const hit = y.shield ? Math.max(chart(x.ws, y.ws), 4) : chart(x.ws, y.ws);
  const wound = Math.max(2, Math.min(6, 4 + y.t - x.s));
  const save = 7 - Math.min(y.bonus, 6) + Math.min(Math.max(x.s - 3, 0), 6);
  let p = 0;
  for (let h = 1; h <= 6; h++) {
    if (!(h === 6 || (h !== 1 && h >= hit))) continue;
    for (let w = 1; w <= 6; w++) {
      if (!(w === 6 || (w !== 1 && w >= wound))) continue;
      for (let sv = 1; sv <= 6; sv++) if (sv === 1 || sv < save) p += 1 / 216;
    }
  }
  memo.set(key, p);
  return p;
}

const sums = new Map<string, Weights>();
/** Unsaved wounds of n attacks, each with probability p. */
function wounds(n: number, p: number): Weights {
  const key = `${n}|${p}`;
  let out = sums.get(key);
  if (out) return out;
  out = new Map([[0, 1]]);
  for (let k = 0; k < n; k++) {
    const next: Weights = new Map();
    for (const [x, q] of out) {
      next.set(x, (next.get(x) ?? 0) + q * (1 - p));
      next.set(x + 1, (next.get(x + 1) ?? 0) + q * p);
    }
    out = next;
  }
  sums.set(key, out);
  return out;
}


/** P(pursuit 2D6 ≥ flee 2D6), §12.3. */
const P_CAUGHT = (() => {
  let c = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) if (x + y >= a + b) c++;
  return c / 1296;
})();

// ---- The fight -------------------------------------------------------------------------------

/** One side's models: rank and file, champion standing (0/1), wounds on the character. */
interface Side {
  rf: number;
  champ: number;
  c: number;
}
type State = Record<SideName, Side>;
const keyOf = (s: State) => `${s.attacker.rf},${s.attacker.champ},${s.attacker.c},${s.target.rf},${s.target.champ},${s.target.c}`;
const copy = (s: State): State => ({ attacker: { ...s.attacker }, target: { ...s.target } });

export function enumerateT9aFight(input: Json): FightEnumerated {
  const sit = input.situation;
  for (const k of Object.keys(sit)) if (!['type', 'charging', 'rounds', 'challenge'].includes(k)) throw new Error(`fight witness: situation.${k} is not modelled`);
  const rounds: number = sit.rounds;
  const charging: SideName | 'none' = sit.charging ?? 'none';
  const sides: Record<SideName, FightSide> = { attacker: fightSide(input.attacker, 'attacker'), target: fightSide(input.target, 'target') };
  const challenge = sit.challenge === true;
  const charStands = (x: SideName, s: Side) => sides[x].character !== null && s.c < sides[x].character!.w;
  /** The challenge fighter: the character, else the champion (README). */
  const fighterIsChampion = (x: SideName) => sides[x].character === null;
  const fighterStands = (x: SideName, s: Side) => (fighterIsChampion(x) ? s.champ === 1 : charStands(x, s));
  const leftOf = (x: SideName, s: Side) => s.rf + s.champ + (charStands(x, s) ? 1 : 0);

  const walk = new FightWalk<State>(challenge, keyOf);
  // What the witness finds beside the tables (FightEnumerated)
  const found = { loneChampionAttacked: 0, fighterSlainBeforeItsUnitStrikes: 0, testedWithoutItsFallenRankAndFile: 0, standardWithoutRankAndFile: 0 };
  const T = sides.target;
  /** The fight in state s, `removed` the side left with no models (caught). */
  const standing = (s: State, removed: SideName | null = null): Standing => ({
    left: { attacker: removed === 'attacker' ? 0 : leftOf('attacker', s.attacker), target: removed === 'target' ? 0 : leftOf('target', s.target) },
    damage: T.rf - s.target.rf + (T.champion ? 1 - s.target.champ : 0) + s.target.c,
    slain: T.rf - s.target.rf + (T.champion ? 1 - s.target.champ : 0) + (T.character && !charStands('target', s.target) ? 1 : 0),
  });
  const finish = (round: number, ending: string, s: State, removed: SideName | null, p: number) => walk.ends(round, ending, standing(s, removed), p);

  const start: State = {
    attacker: { rf: sides.attacker.rf, champ: sides.attacker.champion ? 1 : 0, c: 0 },
    target: { rf: T.rf, champ: T.champion ? 1 : 0, c: 0 },
  };
  walk.run(rounds, start, fightRound, (s) => standing(s));
  return { ...walk.tables, ...found };

  /** One round from state s: the Initiative steps, then the result, break test and pursuit. */
  function fightRound(round: number, s0: State, p0: number): void {
    const duel = challenge && fighterStands('attacker', s0.attacker) && fighterStands('target', s0.target);
    // Within the round: the state, the wounds each side scored (points) and its Overkill so far.
    interface Mid {
      s: State;
      points: Record<SideName, number>;
      overkill: Record<SideName, number>;
    }
    let mids = new Map<string, { m: Mid; p: number }>();
    const midKey = (m: Mid) => `${keyOf(m.s)}|${m.points.attacker},${m.points.target}|${m.overkill.attacker},${m.overkill.target}`;
    const addMid = (map: typeof mids, m: Mid, p: number) => {
      const k = midKey(m);
      const e = map.get(k);
      if (e) e.p += p;
      else map.set(k, { m, p });
    };
    addMid(mids, { s: copy(s0), points: { attacker: 0, target: 0 }, overkill: { attacker: 0, target: 0 } }, p0);
    // only the steps someone strikes at (§4.2): the units' Initiative and the characters'
    const steps = new Set(SIDES.flatMap((x) => [sides[x].unit.i, ...(sides[x].character ? [sides[x].character!.i] : [])]));
    for (let step = 10; step >= 0; step--) {
      if (!steps.has(step)) continue;
      const nextMids = new Map<string, { m: Mid; p: number }>();
      for (const { m, p } of mids.values()) {
        // each side's blows this step, from the models alive at its start
        const blows = { attacker: sideBlows('attacker', m.s, step, duel), target: sideBlows('target', m.s, step, duel) };
        for (const x of SIDES) {
          if (blows[x].target === 'champion' && blows[x].unit.size > 1) found.loneChampionAttacked += p;
          // a front-rank model of x (character or champion) fell earlier this round, and x's rank and file strike now with models behind to fill its place
          const fell = (charStands(x, s0[x]) && !charStands(x, m.s[x])) || (s0[x].champ === 1 && m.s[x].champ === 0);
          const filling = m.s[x].rf + m.s[x].champ + (charStands(x, m.s[x]) ? 1 : 0) >= sides[x].files;
          if (fell && filling && m.s[x].rf > 0 && sides[x].unit.i === step && blows[x].target !== null) found.fighterSlainBeforeItsUnitStrikes += p;
        }
        const joint = convolvePairs(blows.attacker, blows.target);
        for (const [[ua, da, ut, dt], q] of joint) {
          const after = copy(m.s);
          const points = { ...m.points };
          const overkill = { ...m.overkill };
          const dealt: Record<SideName, [number, number]> = { attacker: [ua, da], target: [ut, dt] };
          for (const x of SIDES) {
            const y = other(x);
            const [u, d] = dealt[x];
            const ys = after[y];
            const before = m.s[y];
            // the challenge blows land first (§4.11): wounds up to what the fighter has left, the rest Overkill (max +3)
            if (duel && d > 0) {
              const remaining = fighterIsChampion(y) ? before.champ : sides[y].character!.w - before.c;
              const lost = Math.min(d, remaining);
              if (fighterIsChampion(y)) ys.champ -= lost;
              else ys.c += lost;
              points[x] += lost;
              overkill[x] = Math.min(3, overkill[x] + d - lost);
            }
            // the unit blows: the rank and file, the wounds beyond them to the champion (even in the challenge)
            const target = blows[x].target;
            if (target === 'rf') {
              const onRf = Math.min(u, before.rf);
              ys.rf -= onRf;
              points[x] += onRf;
              if (u > onRf && ys.champ === 1) {
                ys.champ = 0;
                points[x] += 1;
              }
            } else if (target === 'champion') {
              const lost = Math.min(u, ys.champ);
              ys.champ -= lost;
              points[x] += lost;
            } else if (target === 'character') {
              const lost = Math.min(u, sides[y].character!.w - before.c);
              ys.c += lost;
              points[x] += lost;
            }
          }
          addMid(nextMids, { s: after, points, overkill }, p * q);
        }
      }
      mids = nextMids;
    }
    for (const { m, p } of mids.values()) settle(round, s0, m.s, m.points, duel ? m.overkill : null, p);
  }

  /** Side x's blows at Initiative `step` from state s: on the enemy's unit (and whom), and in the challenge. */
  function sideBlows(x: SideName, s: State, step: number, duel: boolean): { unit: Weights; target: 'rf' | 'champion' | 'character' | null; duel: Weights } {
    const y = other(x);
    const own = sides[x];
    const enemy = sides[y];
    const me = s[x];
    const them = s[y];
    const none: Weights = new Map([[0, 1]]);
    // whom the unit's attacks go to (README): the rank and file; else the champion (not while it fights the challenge);
    // else the character (not while it fights the challenge)
    const champInDuel = duel && fighterIsChampion(y);
    const charInDuel = duel && !fighterIsChampion(y);
    const target: 'rf' | 'champion' | 'character' | null =
      them.rf > 0 ? 'rf' : them.champ === 1 && !champInDuel ? 'champion' : charStands(y, them) && !charInDuel ? 'character' : null;
    const targetProfile = target === 'rf' ? enemy.unit : target === 'champion' ? enemy.champion! : target === 'character' ? enemy.character! : null;
    let unit = none;
    if (targetProfile) {
      // the front rank: a standing character takes one place; the champion stands in it; one supporting rank
      const charHere = charStands(x, me) ? 1 : 0;
      const total = me.rf + me.champ + charHere;
      const front = Math.min(own.files, total);
      const frontRf = Math.max(0, front - charHere - me.champ);
      // one supporting attack per second-rank model; an unmodified A0 model makes no normal attack, supporting or not (§4.3)
      const supporting = own.unit.a > 0 ? Math.min(me.rf - frontRf, Math.max(0, Math.min(own.files, total - own.files))) : 0;
      if (own.unit.i === step && me.rf > 0) unit = add(unit, wounds(frontRf * own.unit.a + supporting, pUnsaved(own.unit, targetProfile)));
      const champFights = me.champ === 1 && !(duel && fighterIsChampion(x));
      if (own.unit.i === step && champFights) unit = add(unit, wounds(own.champion!.a, pUnsaved(own.champion!, targetProfile)));
      const charFights = charHere === 1 && !(duel && !fighterIsChampion(x));
      if (own.character && own.character.i === step && charFights) unit = add(unit, wounds(own.character.a, pUnsaved(own.character, targetProfile)));
    }
    let duelBlows = none;
    if (duel) {
      const mine = fighterIsChampion(x) ? own.champion! : own.character!;
      const theirs = fighterIsChampion(y) ? enemy.champion! : enemy.character!;
      if (mine.i === step && fighterStands(x, me)) duelBlows = wounds(mine.a, pUnsaved(mine, theirs));
    }
    return { unit, target, duel: duelBlows };
  }

  function settle(round: number, s0: State, after: State, points: Record<SideName, number>, overkill: Record<SideName, number> | null, q: number): void {
    // §4.3 full ranks (5+ models, the character counted as the model it replaces), after the round's casualties
    const fullRanks = (x: SideName) => {
      let left = leftOf(x, after[x]);
      let n = 0;
      while (Math.min(sides[x].files, left) >= 5) {
        n++;
        left -= sides[x].files;
      }
      return n;
    };
    // §12.1: the standard bearer is one of the rank and file (book: GRUPOS DE MANDO): it counts while any stand
    const standard = (x: SideName) => (sides[x].standard && after[x].rf > 0 ? 1 : 0);
    for (const x of SIDES) if (sides[x].standard && after[x].rf === 0 && (s0[x].rf > 0 || leftOf(x, after[x]) > 0)) found.standardWithoutRankAndFile += q;
    const score = (x: SideName) =>
      points[x] + (overkill ? overkill[x] : 0) + (round === 1 && charging === x ? 1 : 0) + Math.min(3, Math.max(0, fullRanks(x) - 1)) + standard(x);
    const margin = score('attacker') - score('target');
    walk.scored(round, margin, overkill, q);
    const gone = (x: SideName) => leftOf(x, after[x]) === 0;
    // simultaneous blows can leave neither side standing (§4.2)
    if (gone('attacker') && gone('target')) return finish(round, 'both-destroyed', after, null, q);
    if (gone('attacker') || gone('target')) return finish(round, `${gone('target') ? 'target' : 'attacker'}-destroyed`, after, null, q);
    const hold = (held: State, p: number) => {
      walk.fightsOn(round, held, standing(held).left, p);
    };
    // a draw, unless exactly one side has a musician: it wins, the loser testing without −D (§12.1)
    const musicianWins = margin === 0 && sides.attacker.musician !== sides.target.musician;
    if (margin === 0 && !musicianWins) return hold(after, q);
    const winner: SideName = musicianWins ? (sides.attacker.musician ? 'attacker' : 'target') : margin > 0 ? 'attacker' : 'target';
    const loser = other(winner);
    const l = after[loser];
    // §12.2: the highest Ld present, − D
    const ld = Math.max(l.rf + l.champ > 0 ? sides[loser].unit.ld : 0, charStands(loser, l) ? sides[loser].character!.ld : 0);
    if (s0[loser].rf + s0[loser].champ > 0 && l.rf + l.champ === 0 && ld < sides[loser].unit.ld) found.testedWithoutItsFallenRankAndFile += q;
    // Steadfast: more full ranks than the enemy ignores −D (§12.2)
    const steadfast = fullRanks(loser) > fullRanks(winner);
    // 2D6 ≤ Ld, no automatic pass on a double 1 (§3.1)
    const holds = p2d6AtMost(Math.max(0, Math.min(10, steadfast || musicianWins ? ld : ld - Math.abs(margin))));
    if (holds > 0) hold(after, q * holds);
    if (holds < 1) {
      finish(round, `${loser}-caught`, after, loser, q * (1 - holds) * P_CAUGHT);
      finish(round, `${loser}-escaped`, after, null, q * (1 - holds) * (1 - P_CAUGHT));
    }
  }
}

/** The joint outcome of both sides' blows of a step: [unit on target, duel on target, unit on attacker, duel on attacker]. */
function convolvePairs(a: { unit: Weights; duel: Weights }, t: { unit: Weights; duel: Weights }): Array<[[number, number, number, number], number]> {
  const out: Array<[[number, number, number, number], number]> = [];
  for (const [ua, p1] of a.unit) for (const [da, p2] of a.duel) for (const [ut, p3] of t.unit) for (const [dt, p4] of t.duel) out.push([[ua, da, ut, dt], p1 * p2 * p3 * p4]);
  return out;
}
