/**
 * The brute-force enumerator's dice (see enumerate.ts): the printed tables of
 * rules/warhammer-fantasy.md transcribed, the raw units read with their defaults, a distribution
 * over table states that merges equal states, and one attack enumerated die by die.
 */

// ---------------------------------------------------------------------------------------------
// The printed tables, transcribed.

/** To-hit chart, §4: TO_HIT[attacker WS − 1][defender WS − 1]. The ‡ cell (WS 4 vs WS 9) is 5+ by default, 4+ on the sheet. */
export const TO_HIT = [
  [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
  [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
  [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
  [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
  [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
];

/** To-wound chart, §6: TO_WOUND[S − 1][T − 1]; 0 is "–" (cannot wound). */
export const TO_WOUND = [
  [4, 5, 6, 6, 0, 0, 0, 0, 0, 0],
  [3, 4, 5, 6, 6, 0, 0, 0, 0, 0],
  [2, 3, 4, 5, 6, 6, 0, 0, 0, 0],
  [2, 2, 3, 4, 5, 6, 6, 0, 0, 0],
  [2, 2, 2, 3, 4, 5, 6, 6, 0, 0],
  [2, 2, 2, 2, 3, 4, 5, 6, 6, 0],
  [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
  [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
  [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
  [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
];

/** Base shooting score by BS 1..10, §5. */
export const BS_SCORE = [6, 5, 4, 3, 2, 1, 0, -1, -2, -3];

/** Strength modifier to the armour save by S 1..10, §7 (S9, S10 −6, −7). */
export const SAVE_MODIFIER = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7];

/** Armour, §7. */
export const BODY_SAVE: Record<string, number> = { none: 7, light: 6, heavy: 5 };

export const FACES = [1, 2, 3, 4, 5, 6];

// ---------------------------------------------------------------------------------------------
// Reading the raw scenario.

export type Raw = Record<string, unknown>;
export type Side = 'attacker' | 'target';

export interface U {
  models: number;
  width: number;
  type: string;
  m: number;
  ws: number;
  bs: number;
  s: number;
  t: number;
  w: number;
  i: number;
  a: number;
  ld: number;
  items: Set<string>;
  armourBonus: number;
  weapon: string;
  missile: { s: number; shots: number; rules: Map<string, string | null> } | null;
  mount: { ws: number; s: number; a: number } | null;
  us: number;
  rules: Map<string, string | null>;
}

function ruleMap(list: unknown): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const text of (list as string[] | undefined) ?? []) {
    const m = /^([a-z-]+)(?:\((.*)\))?$/.exec(text.trim());
    if (!m) throw new Error(`enumerator: cannot read rule '${text}'`);
    out.set(m[1], m[2] ?? null);
  }
  return out;
}

export function readUnit(raw: Raw): U {
  const type = (raw.type as string) ?? 'infantry';
  const w = raw.w as number;
  const armour = raw.armour === undefined ? [] : typeof raw.armour === 'string' ? [raw.armour] : (raw.armour as string[]);
  const missile = raw.missile as Raw | undefined;
  // Unit Strength, §1: infantry 1, cavalry 2, ogre-sized 3, monsters and chariots their Wounds.
  const us = (raw.us as number) ?? ({ infantry: 1, cavalry: 2, monstrous: 3 } as Record<string, number>)[type] ?? w;
  return {
    models: raw.models as number,
    width: (raw.width as number) ?? (raw.models as number),
    type,
    m: raw.m as number,
    ws: raw.ws as number,
    bs: raw.bs as number,
    s: raw.s as number,
    t: raw.t as number,
    w,
    i: raw.i as number,
    a: raw.a as number,
    ld: raw.ld as number,
    items: new Set(armour),
    armourBonus: (raw['armour-bonus'] as number) ?? 0,
    weapon: (raw.weapon as string) ?? 'hand-weapon',
    missile: missile ? { s: missile.s as number, shots: (missile.shots as number) ?? 1, rules: ruleMap(missile.rules) } : null,
    mount: (raw.mount as U['mount']) ?? null,
    us,
    rules: ruleMap(raw.rules),
  };
}

/** Leadership for tests: the unit's own, or its General's if within 30 cm — §1. */
export const leadership = (u: U) => Math.max(u.ld, u.rules.has('general') ? Number(u.rules.get('general')) : 0);
export const immune = (u: U) => u.rules.has('immune-to-psychology') || u.rules.has('frenzy');
export const ward = (rules: Map<string, string | null>) => (rules.has('ward-save') ? parseInt(rules.get('ward-save')!, 10) : null);

/** Faces of the multiple-wounds dice (§1): '2', 'D3', 'D6', 'D3+1', '2D6' ... as a list of (wounds, probability). */
export function woundsPerUnsaved(expr: string | null | undefined): Array<[number, number]> {
  if (expr === null || expr === undefined) return [[1, 1]];
  const m = /^(\d*)(D3|D6)?([+-]\d+)?$/.exec(expr);
  if (!m) throw new Error(`enumerator: cannot read dice '${expr}'`);
  if (!m[2]) return [[Number(m[1]), 1]];
  let dist: Array<[number, number]> = [[Number(m[3] ?? 0), 1]];
  for (let n = 0; n < Number(m[1] || 1); n++) {
    const next: Array<[number, number]> = [];
    for (const [v, p] of dist)
      for (const f of FACES) next.push([v + (m[2] === 'D3' ? Math.ceil(f / 2) : f), p / 6]); // a D3 is a D6 halved, rounded up
    dist = next;
  }
  return dist;
}

// ---------------------------------------------------------------------------------------------
// A distribution over table states: equal states merge.

type State = Record<string, number | string>;
export class Frontier<S extends State> {
  readonly map = new Map<string, { s: S; p: number }>();
  add(s: S, p: number): void {
    if (p === 0) return;
    const k = JSON.stringify(s);
    const e = this.map.get(k);
    if (e) e.p += p;
    else this.map.set(k, { s, p });
  }
  *[Symbol.iterator](): IterableIterator<[S, number]> {
    for (const { s, p } of this.map.values()) yield [s, p];
  }
}

/** Each state becomes the weighted states `f` returns. */
export function branch<S extends State, T extends State>(fr: Frontier<S>, f: (s: S) => Array<[T, number]>): Frontier<T> {
  const out = new Frontier<T>();
  for (const [s, p] of fr) for (const [t, q] of f(s)) out.add(t, p * q);
  return out;
}

/** Roll one D6 for the states that need it. */
export function d6<S extends State>(fr: Frontier<S>, needs: (s: S) => boolean, apply: (s: S, face: number) => S): Frontier<S> {
  return branch(fr, (s) => (needs(s) ? FACES.map((f) => [apply(s, f), 1 / 6] as [S, number]) : [[s, 1]]));
}

/** Roll 2D6 (two dice, face by face) for the states that need it. */
export function twoD6<S extends State>(fr: Frontier<S>, needs: (s: S) => boolean, apply: (s: S, a: number, b: number) => S): Frontier<S> {
  return branch(fr, (s) => (needs(s) ? FACES.flatMap((a) => FACES.map((b) => [apply(s, a, b), 1 / 36] as [S, number])) : [[s, 1]]));
}

// ---------------------------------------------------------------------------------------------
// One attack, die by die.

export interface AttackProfile {
  /** How the hit is rolled: one D6 needing `need`, a 6 then `need` (7+ shooting), or never. */
  hit: { kind: 'd6' | 'six-then' | 'never'; need: number };
  reroll: boolean;
  s: number;
  t: number;
  poisoned: boolean;
  killingBlow: boolean;
  /** Armour save needed (≥ 7: none). */
  save: number;
  ward: number | null;
  wounds: Array<[number, number]>;
}

/** What one attack does: 0 nothing, n > 0 that many wounds, -1 a Killing Blow. */
export function attackEffects(a: AttackProfile): Map<number, number> {
  const out = new Map<number, number>();
  const add = (effect: number, p: number) => out.set(effect, (out.get(effect) ?? 0) + p);
  const passes = (face: number, need: number) => face !== 1 && face >= need; // a natural 1 always fails, §2 §7
  const afterWard = (effect: number, p: number) => {
    if (a.ward === null) return add(effect, p);
    for (const f of FACES) add(passes(f, a.ward) ? 0 : effect, p / 6);
  };
  // An unsaved wound: the ward save (if any), then the multiple-wounds dice.
  const unsaved = (p: number) => {
    const wounds = (q: number) => {
      for (const [n, r] of a.wounds) add(n, q * r);
    };
    if (a.ward === null) return wounds(p);
    for (const f of FACES) {
      if (passes(f, a.ward)) add(0, p / 6);
      else wounds(p / 6);
    }
  };
  const afterArmour = (p: number) => {
    if (a.save >= 7) return unsaved(p);
    for (const f of FACES) {
      if (passes(f, a.save)) add(0, p / 6);
      else unsaved(p / 6);
    }
  };
  const woundRoll = (p: number) => {
    const need = TO_WOUND[Math.min(a.s, 10) - 1][a.t - 1];
    if (need === 0) return add(0, p); // "–": the hit cannot wound
    for (const f of FACES) {
      if (a.killingBlow && f === 6) afterWard(-1, p / 6); // Killing Blow: no armour save, a ward is allowed
      else if (f >= need) afterArmour(p / 6);
      else add(0, p / 6);
    }
  };
  const onHitFace = (f: number, p: number) => {
    if (f < a.hit.need) return add(0, p);
    if (a.poisoned && f === 6) return afterArmour(p); // Poisoned: a natural 6 wounds automatically
    woundRoll(p);
  };
  if (a.hit.kind === 'never') add(0, 1);
  else if (a.hit.kind === 'six-then')
    // 7+ to hit, §5: a 6, then the second die.
    for (const f of FACES) {
      if (f !== 6) add(0, 1 / 6);
      else
        for (const g of FACES) {
          if (g >= a.hit.need) woundRoll(1 / 36);
          else add(0, 1 / 36);
        }
    }
  else
    for (const f of FACES) {
      if (f < a.hit.need && a.reroll) for (const g of FACES) onHitFace(g, 1 / 36); // Hatred: re-roll the miss once
      else onHitFace(f, 1 / 6);
    }
  return out;
}

/** A unit as the target of attacks: models left `m`, Wounds left `c` on the model being wounded. */
export function applyEffect(m: number, c: number, w: number, effect: number): [number, number] {
  if (m === 0 || effect === 0) return [m, c];
  // Multiple wounds, §1: one model never loses more than it has left; the excess is lost.
  // Killing Blow: the model is slain whatever its Wounds.
  if (effect > 0 && effect < c) return [m, c - effect];
  return [m - 1, m - 1 > 0 ? w : 0];
}

export const woundsLost = (u: U, m: number, c: number) => u.models * u.w - (m > 0 ? (m - 1) * u.w + c : 0);

/** nD6 rolled die by die, as a list of (total, probability). */
export function rollDice(n: number): Array<[number, number]> {
  const known = rolled.get(n);
  if (known) return known;
  let fr = new Frontier<{ sum: number }>();
  fr.add({ sum: 0 }, 1);
  for (let k = 0; k < n; k++) fr = d6(fr, () => true, (s, f) => ({ sum: s.sum + f }));
  const totals = [...fr].map(([s, p]): [number, number] => [s.sum, p]);
  rolled.set(n, totals);
  return totals;
}
const rolled = new Map<number, Array<[number, number]>>();

/** P(caught) = P(pursuit roll ≥ flee roll), §12: every pair of totals of the two rolls, each rolled die by die. */
export function pursuitCatches(fleeDice: number, pursuitDice: number): number {
  let p = 0;
  for (const [flee, q] of rollDice(fleeDice)) for (const [pursuit, r] of rollDice(pursuitDice)) if (pursuit >= flee) p += q * r;
  return p;
}

/** Flee, pursuit and overrun dice, §12: 5D6 cm if M ≤ 15 cm, else 8D6 cm. */
export const moveDice = (u: U) => (u.m <= 15 ? 5 : 8);

/** Armour save needed, §7: base − shield − barding − mount − bonus, then + the Strength modifier. */
export function saveNeeded(u: U, s: number, extra: number, shield: boolean, clamp: boolean): number {
  const items = u.items;
  let value = BODY_SAVE[items.has('heavy') ? 'heavy' : items.has('light') ? 'light' : 'none'];
  if (shield && items.has('shield')) value -= 1;
  if (items.has('barding')) value -= 1;
  if (items.has('mount')) value -= 1;
  value -= u.armourBonus + extra;
  if (clamp) value = Math.max(value, 1); // §16.2 option
  return value + SAVE_MODIFIER[Math.min(s, 10) - 1];
}

/** Close combat, §1: an additional hand weapon (and, by the same reading, a great weapon) leaves no shield bonus. */
export const shieldInCloseCombat = (u: U) => u.weapon !== 'additional-hand-weapon' && u.weapon !== 'great-weapon';

// ---------------------------------------------------------------------------------------------
// Results.

export interface Enumerated {
  damage: number[];
  slain?: number[];
  destroyed?: number;
  morale: Record<string, number>;
  outcomes?: Record<string, Record<string, number>>;
}

export function addAt(list: number[], k: number, p: number): void {
  while (list.length <= k) list.push(0);
  list[k] += p;
}
export function addTo(table: Record<string, number>, k: string, p: number): void {
  table[k] = (table[k] ?? 0) + p;
}

