/**
 * A witness that shares nothing with the engine: every die of a small Warhammer Fantasy scenario
 * enumerated face by face in rule order, written from rules/warhammer-fantasy.md and its printed
 * tables alone. It reads the raw scenario JSON itself (its own defaults) and imports nothing from
 * src/: no plan, no exact, no simulate, no tables.
 *
 * How it walks the dice: one attack's dice (to hit, re-roll, to wound, armour, ward, multiple
 * wounds) are enumerated face by face into the attack's possible effects; then the attacks are
 * applied one after another to a set of table states (models left, Wounds left on the model being
 * wounded, ...), and the 2D6 tests and the flee and pursuit dice are enumerated die by die the
 * same way. Sequences of faces that leave the table in the same state are merged: a sum over every
 * sequence, in rule order, without any closed form.
 */

// ---------------------------------------------------------------------------------------------
// The printed tables, transcribed.

/** To-hit chart, §4: TO_HIT[attacker WS − 1][defender WS − 1]. The ‡ cell (WS 4 vs WS 9) is 5+ by default, 4+ on the sheet. */
const TO_HIT = [
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
const TO_WOUND = [
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
const BS_SCORE = [6, 5, 4, 3, 2, 1, 0, -1, -2, -3];

/** Strength modifier to the armour save by S 1..10, §7 (S9, S10 −6, −7). */
const SAVE_MODIFIER = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7];

/** Armour, §7. */
const BODY_SAVE: Record<string, number> = { none: 7, light: 6, heavy: 5 };

const FACES = [1, 2, 3, 4, 5, 6];

// ---------------------------------------------------------------------------------------------
// Reading the raw scenario.

type Raw = Record<string, unknown>;
type Side = 'attacker' | 'target';

interface U {
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

function readUnit(raw: Raw): U {
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
const leadership = (u: U) => Math.max(u.ld, u.rules.has('general') ? Number(u.rules.get('general')) : 0);
const immune = (u: U) => u.rules.has('immune-to-psychology') || u.rules.has('frenzy');
const ward = (rules: Map<string, string | null>) => (rules.has('ward-save') ? parseInt(rules.get('ward-save')!, 10) : null);

/** Faces of the multiple-wounds dice (§1): '2', 'D3', 'D6', 'D3+1', '2D6' ... as a list of (wounds, probability). */
function woundsPerUnsaved(expr: string | null | undefined): Array<[number, number]> {
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
class Frontier<S extends State> {
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
function branch<S extends State, T extends State>(fr: Frontier<S>, f: (s: S) => Array<[T, number]>): Frontier<T> {
  const out = new Frontier<T>();
  for (const [s, p] of fr) for (const [t, q] of f(s)) out.add(t, p * q);
  return out;
}

/** Roll one D6 for the states that need it. */
function d6<S extends State>(fr: Frontier<S>, needs: (s: S) => boolean, apply: (s: S, face: number) => S): Frontier<S> {
  return branch(fr, (s) => (needs(s) ? FACES.map((f) => [apply(s, f), 1 / 6] as [S, number]) : [[s, 1]]));
}

/** Roll 2D6 (two dice, face by face) for the states that need it. */
function twoD6<S extends State>(fr: Frontier<S>, needs: (s: S) => boolean, apply: (s: S, a: number, b: number) => S): Frontier<S> {
  return branch(fr, (s) => (needs(s) ? FACES.flatMap((a) => FACES.map((b) => [apply(s, a, b), 1 / 36] as [S, number])) : [[s, 1]]));
}

// ---------------------------------------------------------------------------------------------
// One attack, die by die.

interface AttackProfile {
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
function attackEffects(a: AttackProfile): Map<number, number> {
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
function applyEffect(m: number, c: number, w: number, effect: number): [number, number] {
  if (m === 0 || effect === 0) return [m, c];
  // Multiple wounds, §1: one model never loses more than it has left; the excess is lost.
  // Killing Blow: the model is slain whatever its Wounds.
  if (effect > 0 && effect < c) return [m, c - effect];
  return [m - 1, m - 1 > 0 ? w : 0];
}

const woundsLost = (u: U, m: number, c: number) => u.models * u.w - (m > 0 ? (m - 1) * u.w + c : 0);

// ---------------------------------------------------------------------------------------------
// Results.

export interface Enumerated {
  damage: number[];
  slain?: number[];
  destroyed?: number;
  morale: Record<string, number>;
  outcomes?: Record<string, Record<string, number>>;
}

function addAt(list: number[], k: number, p: number): void {
  while (list.length <= k) list.push(0);
  list[k] += p;
}
function addTo(table: Record<string, number>, k: string, p: number): void {
  table[k] = (table[k] ?? 0) + p;
}

export function enumerate(input: Raw): Enumerated {
  const situation = (input.situation as Raw | undefined) ?? {};
  const phase = (situation.phase as string) ?? 'melee';
  const target = readUnit(input.target as Raw);
  if (phase === 'rally') return rally(target, situation);
  const attacker = readUnit(input.attacker as Raw);
  if (phase === 'flee-reaction') return fleeReaction(attacker, target, situation);
  if (phase === 'shooting') return shooting(attacker, target, situation);
  return melee(attacker, target, situation);
}

/** Rally, §12: 25% of the original models, then 2D6 ≤ Ld (+1 musician, at most 10). */
function rally(t: U, sit: Raw): Enumerated {
  if (4 * t.models < (sit['original-models'] as number)) return { damage: [1], morale: { 'cannot-rally': 1 } };
  const ld = Math.min(10, leadership(t) + (t.rules.has('musician') ? 1 : 0));
  const morale: Record<string, number> = {};
  for (const a of FACES) for (const b of FACES) addTo(morale, a + b <= ld ? 'rallies' : 'keeps-fleeing', 1 / 36);
  return { damage: [1], morale };
}

/** nD6 rolled die by die, as a list of (total, probability). */
function rollDice(n: number): Array<[number, number]> {
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
function pursuitCatches(fleeDice: number, pursuitDice: number): number {
  let p = 0;
  for (const [flee, q] of rollDice(fleeDice)) for (const [pursuit, r] of rollDice(pursuitDice)) if (pursuit >= flee) p += q * r;
  return p;
}

/** Flee, pursuit and overrun dice, §12: 5D6 cm if M ≤ 15 cm, else 8D6 cm. */
const moveDice = (u: U) => (u.m <= 15 ? 5 : 8);

/** Fleeing as a charge reaction, §12 (simplified test): destroyed iff gap + flee ≤ 2 × charger's M. */
function fleeReaction(a: U, t: U, sit: Raw): Enumerated {
  const morale: Record<string, number> = {};
  let destroyed = 0;
  for (const [roll, p] of rollDice(moveDice(t))) {
    const caught = (sit.gap as number) + roll <= 2 * a.m;
    addTo(morale, caught ? 'caught' : 'escapes', p);
    if (caught) destroyed += p;
  }
  return { damage: [1], slain: [1], destroyed, morale };
}

/** Armour save needed, §7: base − shield − barding − mount − bonus, then + the Strength modifier. */
function saveNeeded(u: U, s: number, extra: number, shield: boolean, clamp: boolean): number {
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
const shieldInCloseCombat = (u: U) => u.weapon !== 'additional-hand-weapon' && u.weapon !== 'great-weapon';

/** The save a raw unit needs against a Strength 3 blow (no modifier) in close combat or shooting. */
export function armourSave(raw: Raw, phase: 'melee' | 'shooting'): number {
  const u = readUnit(raw);
  return saveNeeded(u, 3, 0, phase === 'shooting' || shieldInCloseCombat(u), false);
}

function shooting(a: U, t: U, sit: Raw): Enumerated {
  const missile = a.missile!;
  // §5: base score by BS, then the modifiers (a bonus lowers the score).
  let score = BS_SCORE[a.bs - 1];
  if (t.rules.has('large-target')) score -= 1;
  if (sit.moved) score += 1;
  if (sit['charging-target']) score += 1;
  if (sit['long-range']) score += 1;
  if (t.rules.has('lone-character') || t.rules.has('skirmishers')) score += 1;
  if (sit.cover === 'soft') score += 1;
  if (sit.cover === 'hard') score += 2;
  const hit: AttackProfile['hit'] =
    score <= 2 ? { kind: 'd6', need: 2 } : score <= 6 ? { kind: 'd6', need: score } : score <= 9 ? { kind: 'six-then', need: score - 3 } : { kind: 'never', need: 7 };
  const effects = attackEffects({
    hit,
    reroll: false,
    s: missile.s,
    t: t.t,
    poisoned: missile.rules.has('poisoned-attacks'),
    killingBlow: false,
    save: saveNeeded(t, missile.s, 0, true, sit['saves-better-than-1+'] === 'clamp'),
    ward: ward(t.rules),
    wounds: woundsPerUnsaved(missile.rules.get('multiple-wounds')),
  });
  // Only the front rank shoots; two ranks on raised ground, §5.
  const shots = Math.min(a.models, a.width * (sit['raised-ground'] ? 2 : 1)) * missile.shots;
  let fr = new Frontier<{ m: number; c: number }>();
  fr.add({ m: t.models, c: t.w }, 1);
  for (let k = 0; k < shots; k++)
    fr = branch(fr, (s) => [...effects].map(([e, p]) => {
      const [m, c] = applyEffect(s.m, s.c, t.w, e);
      return [{ m, c }, p] as [{ m: number; c: number }, number];
    }));
  const damage: number[] = [];
  const slain: number[] = [];
  const morale: Record<string, number> = {};
  let destroyed = 0;
  for (const [s, p] of fr) {
    addAt(damage, woundsLost(t, s.m, s.c), p);
    const casualties = t.models - s.m;
    addAt(slain, casualties, p);
    // Panic, §11 §13: 25% of the models lost in the phase; a wiped-out unit takes no test.
    if (s.m === 0) {
      addTo(morale, 'wiped-out', p);
      destroyed += p;
    } else if (4 * casualties < t.models || immune(t)) addTo(morale, 'no-test', p);
    else for (const x of FACES) for (const y of FACES) addTo(morale, x + y <= leadership(t) ? 'passes-panic-test' : 'panics', p / 36);
  }
  return { damage, slain, destroyed, morale };
}

// ---------------------------------------------------------------------------------------------
// One round of close combat.

interface Options {
  ws4vs9: string;
  clamp: boolean;
  insaneCourage: boolean;
  musicianDraws: boolean;
  rankSize: number;
  rollOffAlways: boolean;
  startingUs: boolean;
  oddModel: boolean;
  noRerollOnSixes: boolean;
  parry: boolean;
}

function melee(a: U, t: U, sit: Raw): Enumerated {
  const units: Record<Side, U> = { attacker: a, target: t };
  const other = (s: Side): Side => (s === 'attacker' ? 'target' : 'attacker');
  const round = (sit.round as number) ?? 1;
  const charging = (sit.charging as string) ?? 'none';
  const facing = (sit.facing as string) ?? 'front';
  const obstacle = (sit['defended-obstacle'] as string) ?? 'none';
  const previousWinner = (sit['previous-round-winner'] as string) ?? 'none';
  const o: Options = {
    ws4vs9: (sit['ws4-vs-ws9'] as string) ?? '5+',
    clamp: sit['saves-better-than-1+'] === 'clamp',
    insaneCourage: sit['insane-courage'] === true,
    musicianDraws: sit['musician-wins-draws'] === true,
    rankSize: (sit['rank-size'] as number) ?? 4,
    rollOffAlways: sit['equal-initiative'] === 'roll-off',
    startingUs: sit.outnumbering === 'starting',
    oddModel: sit.stupidity === 'odd-model-4+',
    noRerollOnSixes: sit['hatred-only-sixes'] === 'no-reroll',
    parry: sit['shield-parry'] === true,
  };
  const charged = (side: Side) => round === 1 && charging === side;
  // Defended obstacle, §4: its attackers hit only on 6s until they win a round of that combat.
  const obstacleWon = (sit['obstacle-round-won'] as boolean | undefined) ?? (obstacle !== 'none' && previousWinner === other(obstacle as Side));

  // Models that fight, §8 §1: the front rank; an infantry spear adds the second rank unless it charged.
  const fighting = (side: Side) => {
    const u = units[side];
    const front = Math.min(u.width, u.models);
    return u.weapon === 'spear' && !charged(side) ? front + Math.min(u.width, u.models - front) : front;
  };

  /** The blows of one fighting model of `side` (its own, then its mount's, §4), afraid or not. */
  const blows = (side: Side, afraid: boolean): Array<{ attacks: number; effects: Map<number, number> }> => {
    const u = units[side];
    const e = units[other(side)];
    const onlySixes = (obstacle === other(side) && !obstacleWon) || (afraid && round === 1);
    const hitNeed = (ws: number) => {
      if (onlySixes) return 6;
      if (ws === 4 && e.ws === 9 && o.ws4vs9 === '4+') return 4;
      return TO_HIT[ws - 1][e.ws - 1];
    };
    // Hand weapon and shield (option, §1): +1 against attacks from the front.
    const shield = shieldInCloseCombat(e);
    const fromFront = side === 'target' || facing === 'front';
    const parry = o.parry && e.type === 'infantry' && e.weapon === 'hand-weapon' && e.items.has('shield') && fromFront ? 1 : 0;
    // Weapons, §1.
    const bonusS: Record<string, number> = {
      'great-weapon': 2,
      halberd: 1,
      flail: round === 1 ? 2 : 0,
      'morning-star': round === 1 ? 1 : 0,
      'cavalry-spear': charged(side) ? 1 : 0,
      lance: charged(side) ? 2 : 0,
    };
    const s = Math.min(10, u.s + (bonusS[u.weapon] ?? 0));
    const hatred = u.rules.has('hatred') && round === 1 && !(onlySixes && o.noRerollOnSixes);
    const own = {
      attacks: u.a + (u.rules.has('frenzy') ? 1 : 0) + (u.weapon === 'additional-hand-weapon' ? 1 : 0),
      effects: attackEffects({
        hit: { kind: 'd6', need: hitNeed(u.ws) },
        reroll: hatred,
        s,
        t: e.t,
        poisoned: u.rules.has('poisoned-attacks'),
        killingBlow: u.rules.has('killing-blow'),
        save: saveNeeded(e, s, parry, shield, o.clamp),
        ward: ward(e.rules),
        wounds: woundsPerUnsaved(u.rules.get('multiple-wounds')),
      }),
    };
    if (!u.mount) return [own];
    const ms = Math.min(10, u.mount.s);
    const mount = {
      attacks: u.mount.a,
      effects: attackEffects({
        hit: { kind: 'd6', need: hitNeed(u.mount.ws) },
        reroll: false,
        s: ms,
        t: e.t,
        poisoned: false,
        killingBlow: false,
        save: saveNeeded(e, ms, parry, shield, o.clamp),
        ward: ward(e.rules),
        wounds: [[1, 1]],
      }),
    };
    return [own, mount];
  };

  // Strike order, §4 §1: always-strikes-first beats charging, great weapons strike last, then Initiative.
  const tier = (side: Side) => {
    const u = units[side];
    const first = u.rules.has('always-strikes-first');
    const last = u.weapon === 'great-weapon';
    if (first && !last) return 3;
    if (last && !first) return 0;
    return charged(side) ? 2 : 1;
  };
  let fixedFirst: Side | null = null;
  if (tier('attacker') !== tier('target')) fixedFirst = tier('attacker') > tier('target') ? 'attacker' : 'target';
  else if (a.i !== t.i) fixedFirst = a.i > t.i ? 'attacker' : 'target';
  else if (!o.rollOffAlways && previousWinner !== 'none') fixedFirst = previousWinner as Side;

  type S1 = { fa: number; ft: number; afraid: string; fled: string; first: string };
  let fr = new Frontier<S1>();
  fr.add({ fa: fighting('attacker'), ft: fighting('target'), afraid: '', fled: '', first: '' }, 1);
  // Stupidity, §11 §16.10: a failed test (2D6 > Ld) stops half the models fighting (rounded
  // down), or with the option the odd model fights on a 4+.
  for (const side of ['attacker', 'target'] as const) {
    const u = units[side];
    if (!u.rules.has('stupidity')) continue;
    const key = side === 'attacker' ? 'fa' : 'ft';
    const n = fighting(side);
    const half = Math.floor(n / 2);
    fr = twoD6(fr, () => true, (s, x, y) => (x + y <= leadership(u) ? s : { ...s, [key]: -1 }));
    if (o.oddModel && n % 2 === 1) fr = d6(fr, (s) => s[key] === -1, (s, f) => ({ ...s, [key]: half + (f >= 4 ? 1 : 0) }));
    else fr = branch(fr, (s) => [[s[key] === -1 ? { ...s, [key]: half } : s, 1]]);
  }
  // Fear and terror when charged, §11: the charged unit tests (2D6 ≤ Ld) unless immune to psychology.
  if (round === 1 && charging !== 'none') {
    const chargerSide = charging as Side;
    const charger = units[chargerSide];
    const chargedSide = other(chargerSide);
    const tester = units[chargedSide];
    const terror = charger.rules.has('causes-terror');
    if (!immune(tester) && (terror || charger.rules.has('causes-fear'))) {
      const flees = terror || charger.models * charger.us > tester.models * tester.us;
      const given = (sit['fear-test'] as string) ?? 'roll';
      const fail = (s: S1): S1 => (flees ? { ...s, fled: chargedSide } : { ...s, afraid: chargedSide });
      if (given === 'failed') fr = branch(fr, (s) => [[fail(s), 1]]);
      else if (given === 'roll') fr = twoD6(fr, () => true, (s, x, y) => (x + y <= leadership(tester) ? s : fail(s)));
    }
  }
  // Equal Initiative with no previous winner, §16.6: a roll-off, re-rolled until the dice differ.
  if (fixedFirst !== null) fr = branch(fr, (s) => [[{ ...s, first: fixedFirst }, 1]]);
  else
    fr = branch(fr, (s) => {
      const out: Array<[S1, number]> = [];
      for (const x of FACES) for (const y of FACES) if (x !== y) out.push([{ ...s, first: x > y ? 'attacker' : 'target' }, 1 / 30]);
      return out;
    });

  // The blows: the first striker's, then the reply of the models it left standing (§8).
  type S2 = S1 & { am: number; ac: number; tm: number; tc: number };
  const f2 = branch(fr, (s) => [[{ ...s, am: a.models, ac: a.w, tm: t.models, tc: t.w } as S2, 1]]);
  const blowCache = new Map<string, ReturnType<typeof blows>>();
  const blowsOf = (side: Side, afraid: boolean) => {
    const k = `${side}${afraid}`;
    if (!blowCache.has(k)) blowCache.set(k, blows(side, afraid));
    return blowCache.get(k)!;
  };
  const strike = (fr2: Frontier<S2>, which: 'first' | 'second'): Frontier<S2> => {
    const striker = (s: S2): Side => (which === 'first' ? (s.first as Side) : other(s.first as Side));
    const models = (s: S2) => {
      const side = striker(s);
      const n = side === 'attacker' ? s.fa : s.ft;
      if (which === 'first') return n;
      const slain = side === 'attacker' ? a.models - s.am : t.models - s.tm;
      return Math.max(0, n - slain); // casualties cannot strike back, §8 §16.7
    };
    // Attack by attack: `left` counts the attacks still to roll of the current kind of blow.
    type S3 = S2 & { left: number; kind: number };
    let g = branch(fr2, (s) => [[{ ...s, left: models(s) * blowsOf(striker(s), s.afraid === striker(s))[0].attacks, kind: 0 } as S3, 1]]);
    for (;;) {
      let pending = false;
      for (const [s] of g) if (s.left > 0 || s.kind + 1 < blowsOf(striker(s), s.afraid === striker(s)).length) pending = true;
      if (!pending) break;
      g = branch(g, (s) => {
        const side = striker(s);
        const kinds = blowsOf(side, s.afraid === side);
        if (s.left === 0) {
          if (s.kind + 1 >= kinds.length) return [[s, 1]];
          return [[{ ...s, kind: s.kind + 1, left: models(s) * kinds[s.kind + 1].attacks }, 1]];
        }
        const onTarget = side === 'attacker';
        const u = onTarget ? t : a;
        return [...kinds[s.kind].effects].map(([e, p]) => {
          const [m, c] = applyEffect(onTarget ? s.tm : s.am, onTarget ? s.tc : s.ac, u.w, e);
          return [onTarget ? { ...s, tm: m, tc: c, left: s.left - 1 } : { ...s, am: m, ac: c, left: s.left - 1 }, p] as [S3, number];
        });
      });
    }
    return branch(g, (s) => [[{ fa: s.fa, ft: s.ft, afraid: s.afraid, fled: s.fled, first: s.first, am: s.am, ac: s.ac, tm: s.tm, tc: s.tc }, 1]]);
  };
  const fledStates = new Frontier<S2>();
  const fightStates = new Frontier<S2>();
  for (const [s, p] of f2) (s.fled ? fledStates : fightStates).add(s, p);
  let fought = strike(fightStates, 'first');
  fought = strike(fought, 'second');

  // Combat resolution, §9 §10.
  const ranks = (side: Side) => {
    const u = units[side];
    // No ranks for fast cavalry and skirmishers, nor while an enemy of US 5+ fights the unit in the flank or rear.
    if (u.rules.has('fast-cavalry') || u.rules.has('skirmishers')) return 0;
    if (side === 'target' && facing !== 'front' && a.models * a.us >= 5) return 0;
    let n = 0;
    for (let r = 1; r <= 3; r++) if (Math.min(u.width, u.models - r * u.width) >= o.rankSize) n++;
    return n;
  };
  const staticBonus = (side: Side) =>
    ranks(side) +
    (units[side].rules.has('standard') ? 1 : 0) +
    (sit['high-ground'] === side ? 1 : 0) +
    (side === 'attacker' ? ({ front: 0, flank: 1, rear: 2, 'flank-and-rear': 3 } as Record<string, number>)[facing] : 0);

  /**
   * The loser's fate, die by die: fear auto-break or the break test (with a Battle Standard
   * re-roll), the winner's restraint test, then the flee and pursuit rolls (§10, §12).
   */
  const loserFate = (winner: Side, by: number, autoBreak: boolean): Array<[string, number]> => {
    const w = units[winner];
    const l = units[other(winner)];
    type F = { flee: number; test: number; pursue: number };
    let fate = new Frontier<F>();
    fate.add({ flee: autoBreak ? 1 : 0, test: autoBreak ? 0 : 1, pursue: 0 }, 1);
    // Flees if 2D6 + the margin > Ld (Stubborn: no margin); insane courage (option): a double 1 holds.
    const holds = (x: number, y: number) => (o.insaneCourage && x === 1 && y === 1) || x + y + (l.rules.has('stubborn') ? 0 : by) <= leadership(l);
    fate = twoD6(fate, (f) => f.test === 1, (f, x, y) => (holds(x, y) ? { ...f, test: 0 } : { ...f, test: l.rules.has('battle-standard') ? 2 : 0, flee: 1 }));
    fate = twoD6(fate, (f) => f.test === 2, (f, x, y) => (holds(x, y) ? { ...f, test: 0, flee: 0 } : { ...f, test: 0 }));
    // Pursuit, §12: declared (default), or compulsory for Frenzy and Hatred; otherwise a failed
    // restraint test (2D6 > Ld) pursues, and a unit behind a defended obstacle chooses freely.
    const mustPursue = sit.pursue !== false || w.rules.has('frenzy') || w.rules.has('hatred');
    if (mustPursue) fate = branch(fate, (f) => [[{ ...f, pursue: f.flee }, 1]]);
    else if (obstacle !== winner) fate = twoD6(fate, (f) => f.flee === 1, (f, x, y) => ({ ...f, pursue: x + y > leadership(w) ? 1 : 0 }));
    const caught = pursuitCatches(moveDice(l), moveDice(w));
    return [...fate].flatMap(([f, q]): Array<[string, number]> => {
      if (f.flee === 0) return [['holds', q]];
      if (f.pursue === 0) return [['breaks', q]];
      return [['caught', q * caught], ['breaks', q * (1 - caught)]];
    });
  };
  const fateCache = new Map<string, Array<[string, number]>>();

  const damage: number[] = [];
  const slain: number[] = [];
  let destroyed = 0;
  const morale: Record<string, number> = {};
  const combat: Record<string, number> = {};
  const attackerFate: Record<string, number> = {};
  const fates: Record<Side, Record<string, number>> = { attacker: attackerFate, target: morale };

  for (const [s, p] of fledStates) {
    addAt(damage, 0, p);
    addAt(slain, 0, p);
    addTo(combat, 'no-combat', p);
    addTo(fates[s.fled as Side], 'flees-at-charge', p);
    addTo(fates[other(s.fled as Side)], 'holds', p);
  }

  for (const [s, p] of fought) {
    addAt(damage, woundsLost(t, s.tm, s.tc), p);
    addAt(slain, t.models - s.tm, p);
    const left: Record<Side, number> = { attacker: s.am, target: s.tm };
    // A unit with no model left loses, and takes no test.
    if (s.am === 0 || s.tm === 0) {
      const loser: Side = s.tm === 0 ? 'target' : 'attacker';
      addTo(combat, loser === 'target' ? 'attacker-wins' : 'target-wins', p);
      addTo(fates[other(loser)], 'holds', p);
      addTo(fates[loser], 'wiped-out', p);
      if (loser === 'target') destroyed += p;
      continue;
    }
    const us = (side: Side) => (o.startingUs ? units[side].models : left[side]) * units[side].us;
    const score: Record<Side, number> = {
      attacker: woundsLost(t, s.tm, s.tc) + staticBonus('attacker') + (us('attacker') > us('target') ? 1 : 0),
      target: woundsLost(a, s.am, s.ac) + staticBonus('target') + (us('target') > us('attacker') ? 1 : 0),
    };
    if (score.attacker === score.target && o.musicianDraws) {
      const ma = a.rules.has('musician');
      const mt = t.rules.has('musician');
      if (ma && !mt) score.attacker++;
      if (mt && !ma) score.target++;
    }
    if (score.attacker === score.target) {
      addTo(combat, 'draw', p);
      addTo(fates.attacker, 'holds', p);
      addTo(fates.target, 'holds', p);
      continue;
    }
    const winner: Side = score.attacker > score.target ? 'attacker' : 'target';
    const loser = other(winner);
    addTo(combat, winner === 'attacker' ? 'attacker-wins' : 'target-wins', p);
    addTo(fates[winner], 'holds', p);
    const autoBreak = units[winner].rules.has('causes-fear') && !immune(units[loser]) && us(winner) > us(loser);
    const key = `${winner} ${score[winner] - score[loser]} ${autoBreak}`;
    if (!fateCache.has(key)) fateCache.set(key, loserFate(winner, score[winner] - score[loser], autoBreak));
    for (const [result, q] of fateCache.get(key)!) {
      addTo(fates[loser], result, p * q);
      if (loser === 'target' && result === 'caught') destroyed += p * q;
    }
  }
  return { damage, slain, destroyed, morale, outcomes: { combat, attacker: attackerFate } };
}
