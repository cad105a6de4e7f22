/**
 * A brute-force witness for Age of Sigmar engagements of one unit a side over several turns,
 * written from rules/age-of-sigmar.md (and the README's scenario format for what each field means)
 * without src/: each ATTACK ability's dice are walked by ./enumerate.ts (which imports nothing from
 * src/ either), and the order around them is walked here state by state:
 *
 * - the players' turns alternate, the first player active in turns 1, 3, 5, … (12.0);
 * - in each combat phase Strike-first units fight first and Strike-last ones last (19.0), and
 *   otherwise the players alternate picks, the active player first (13.1);
 * - casualties are removed as soon as an ability resolves (13.1, 18.3), so the unit that fights
 *   second fights with the models it has left: its attacks, the weapons that go with the slain
 *   models (the owner removes the models that carry only the common weapons first, then the
 *   carriers of a weapon only some have, the Champion last: README), and Cornered Rat while it is
 *   damaged;
 * - damage is allocated one point at a time with spill-over (18.2–18.4): with r health points left
 *   and D points through the wards, max(0, r − D) are left;
 * - a unit that charged has Charge (+1 Damage) and the enemy's Anti-charge in the first turn only
 *   (27.0, 20.0).
 *
 * The state between abilities is (health points left of each unit); equal states are merged.
 */
import { enumerateAos } from './enumerate.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

export interface TwoUnitEngagement {
  /** Each side's unit body as a single attack reads it; `strikeFirst`/`strikeLast` order the phase. */
  attacker: { unit: Json; charged?: boolean; strikeFirst?: boolean; strikeLast?: boolean; cover?: boolean };
  defender: { unit: Json; charged?: boolean; strikeFirst?: boolean; strikeLast?: boolean; cover?: boolean };
  turns: number;
  first?: 'attacker' | 'defender';
}

export interface EngagementEnumerated {
  /** Of the defender: damage points allocated, models slain, P(destroyed). */
  damage: Map<number, number>;
  slain: Map<number, number>;
  destroyed: number;
  /** P(the defender destroyed in turn k), and 'survives'. */
  destroyedInTurn: Map<number, number>;
  survives: number;
  left: { attacker: Map<number, number>; defender: Map<number, number> };
}

const SIDES = ['attacker', 'defender'] as const;
type SideName = (typeof SIDES)[number];

/** The unit with `r` health points left, as a single attack reads it (models, damage counter, weapons kept). */
export function unitWith(body: Json, r: number): Json {
  const h: number = body.health ?? 1;
  const models = Math.ceil(r / h);
  const all: Json[] = body.weapons ?? [];
  const keywords: string[] = body.keywords ?? [];
  const champion = keywords.map((k) => k.toLowerCase()).includes('champion') ? 1 : 0;
  // removal order: the plain models, then the carriers of each weapon only some carry, the Champion last
  const special = all.filter((w) => w.models !== undefined && w.models < body.models);
  const carriers = special.reduce((n, w) => n + w.models, 0);
  const order: Array<{ special: Json | null; champion: boolean }> = [];
  for (let k = 0; k < body.models - carriers - champion; k++) order.push({ special: null, champion: false });
  for (const w of [...special].sort((a, b) => b.models - a.models)) for (let k = 0; k < w.models; k++) order.push({ special: w, champion: false });
  for (let k = 0; k < champion; k++) order.push({ special: null, champion: true });
  const kept = order.slice(order.length - models);
  const weapons = all.flatMap((w) => {
    if (!special.includes(w)) return [w];
    const n = kept.filter((m) => m.special === w).length;
    return n === 0 ? [] : [{ ...w, models: n }];
  });
  const hasChampion = kept.some((m) => m.champion);
  return {
    ...body,
    models,
    damaged: models * h - r,
    weapons,
    keywords: hasChampion ? keywords : keywords.filter((k) => k.toLowerCase() !== 'champion'),
  };
}

type State = string; // "rA,rB"
const key = (r: number[]) => r.join(',');

export function enumerateTwoUnitEngagement(e: TwoUnitEngagement): EngagementEnumerated {
  const sides = { attacker: e.attacker, defender: e.defender };
  const start = SIDES.map((s) => (sides[s].unit.models as number) * ((sides[s].unit.health as number) ?? 1) - ((sides[s].unit.damaged as number) ?? 0));
  const first = e.first ?? 'attacker';
  const cache = new Map<string, Map<number, number>>();
  /** Points through the wards of one Fight ability of `who` with rA,rB left, in `turn`. */
  const dealt = (who: SideName, r: number[], turn: number): Map<number, number> => {
    const me = SIDES.indexOf(who);
    const them = 1 - me;
    const other = SIDES[them];
    const firstTurn = turn === 1;
    const k = `${who}|${r.join(',')}|${firstTurn}`;
    let d = cache.get(k);
    if (!d) {
      d = enumerateAos({
        attacker: unitWith(sides[who].unit, r[me]),
        target: unitWith(sides[other].unit, r[them]),
        situation: {
          ability: 'fight',
          charged: firstTurn && Boolean(sides[who].charged),
          'target-charged': firstTurn && Boolean(sides[other].charged),
          cover: Boolean(sides[other].cover),
        },
      }).damage;
      cache.set(k, d);
    }
    return d;
  };
  const tier = (s: SideName) => (sides[s].strikeFirst && !sides[s].strikeLast ? 0 : sides[s].strikeLast && !sides[s].strikeFirst ? 2 : 1);

  let live = new Map<State, number>([[key(start), 1]]);
  const destroyedBy: number[] = [0];
  for (let turn = 1; turn <= e.turns; turn++) {
    const active: SideName = turn % 2 === 1 ? first : first === 'attacker' ? 'defender' : 'attacker';
    const passive: SideName = active === 'attacker' ? 'defender' : 'attacker';
    // the order the two units fight in: lower tier first; in one tier the active player's pick first
    const order = tier(active) <= tier(passive) ? [active, passive] : [passive, active];
    for (const who of order) {
      const next = new Map<State, number>();
      const put = (r: number[], p: number) => next.set(key(r), (next.get(key(r)) ?? 0) + p);
      for (const [k, p] of live) {
        const r = k.split(',').map(Number);
        const me = SIDES.indexOf(who);
        // a unit with no model left, or no enemy left, cannot fight
        if (r[me] === 0 || r[1 - me] === 0) {
          put(r, p);
          continue;
        }
        for (const [d, q] of dealt(who, r, turn)) {
          const after = [...r];
          after[1 - me] = Math.max(0, r[1 - me] - d);
          put(after, p * q);
        }
      }
      live = next;
    }
    let gone = 0;
    for (const [k, p] of live) if (Number(k.split(',')[1]) === 0) gone += p;
    destroyedBy.push(gone);
  }
  const h = SIDES.map((s) => (sides[s].unit.health as number) ?? 1);
  const out: EngagementEnumerated = { damage: new Map(), slain: new Map(), destroyed: 0, destroyedInTurn: new Map(), survives: 0, left: { attacker: new Map(), defender: new Map() } };
  const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  for (const [k, p] of live) {
    const r = k.split(',').map(Number);
    add(out.damage, start[1] - r[1], p);
    add(out.slain, (sides.defender.unit.models as number) - Math.ceil(r[1] / h[1]), p);
    if (r[1] === 0) out.destroyed += p;
    else out.survives += p;
    add(out.left.attacker, Math.ceil(r[0] / h[0]), p);
    add(out.left.defender, Math.ceil(r[1] / h[1]), p);
  }
  for (let turn = 1; turn <= e.turns; turn++) {
    const p = destroyedBy[turn] - destroyedBy[turn - 1];
    if (p > 0) out.destroyedInTurn.set(turn, p);
  }
  return out;
}
