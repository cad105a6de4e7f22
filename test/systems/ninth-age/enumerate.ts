/**
 * A brute-force witness for The 9th Age, written from rules/ninth-age.md and its printed tables
 * alone: it imports nothing from src/. It reads the scenario JSON itself (a subset of the format:
 * the fields and ids listed in SUPPORTED below) and walks every face of every die in rule order —
 * Fear tests, each attack's to-hit (with its re-roll), to-wound (with its re-roll), armour and ward or
 * Regeneration dice, Multiple Wounds, the Initiative steps from 10 down to 0, the combat result,
 * the break test (2D6), the restraint test, the flee and the pursuit rolls — or one unit's shooting
 * and the Panic test.
 *
 * Identical sub-trees are walked once: the attacks of one step are independent, so the faces of one
 * attack are walked and the wound counts of several attacks added up; the state between steps (wounds
 * on each side, Fear results) and before each morale die is merged by value. That is the same sum
 * over every sequence of faces, only without repeating equal branches.
 *
 * Readings the scenario format fixes (README, "The 9th Age"): every front-rank model is in base
 * contact; a unit engaged in its flank fights with one model per rank, in its rear with its rear
 * rank; attacks are counted from the models alive at the start of each Initiative step.
 */

type Json = Record<string, unknown>;
/** A distribution over whole numbers, or over any keyed states. */
type Pmf = Map<number, number>;

/** The ids this witness understands; the property test generates only these. */
export const SUPPORTED = {
  troops: ['infantry', 'cavalry', 'monstrous-infantry'],
  equipment: ['light-armour', 'heavy-armour', 'shield', 'barding', 'great-weapon', 'halberd', 'spear', 'lance', 'flail', 'additional-hand-weapon', 'bow', 'crossbow', 'handgun', 'throwing-weapons'],
  items: ['dusk-stone', 'bluffers-helm', 'banner-of-discipline'],
  rules: [
    'poisoned-attacks',
    'lethal-strike',
    'hatred',
    'armour-piercing',
    'flaming-attacks',
    'flammable',
    'regeneration',
    'ward-save',
    'stubborn',
    'unbreakable',
    'fear',
    'frenzy',
    'multiple-wounds',
    'grinding-attacks',
    'thunderous-charge',
    'devastating-charge',
    'holy-attacks',
    'unstable',
    'skirmishers',
    'hard-target',
  ],
} as const;

export interface Enumerated {
  damage: number[];
  slain: number[];
  destroyed: number;
  morale: Record<string, number>;
}

function add(m: Pmf, k: number, p: number): void {
  if (p !== 0) m.set(k, (m.get(k) ?? 0) + p);
}

/** Visit the six faces of one D6, each with probability 1/6. */
function eachFace(p: number, visit: (face: number, p: number) => void): void {
  for (let face = 1; face <= 6; face++) visit(face, p / 6);
}

/** Walk `n` D6 (each face in turn) and report the multiset of faces with its probability. */
function eachRoll(n: number, p: number, visit: (faces: number[], p: number) => void, faces: number[] = []): void {
  if (faces.length === n) return visit(faces, p);
  eachFace(p, (f, q) => eachRoll(n, q, visit, [...faces, f]));
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

// ---- Reading a unit -----------------------------------------------------------------------

interface Part {
  readonly ws: number;
  readonly s: number;
  readonly i: number;
  readonly a: number;
  readonly rules: Map<string, string | null>;
}

interface View {
  readonly troop: string;
  readonly models: number;
  readonly files: number;
  readonly attacks: number | null;
  readonly shots: number | null;
  readonly ws: number;
  readonly bs: number;
  readonly s: number;
  readonly t: number;
  readonly w: number;
  readonly i: number;
  readonly a: number;
  readonly ld: number;
  readonly equipment: Set<string>;
  readonly items: Set<string>;
  readonly rules: Map<string, string | null>;
  readonly mount: Part | null;
  readonly standard: boolean;
  readonly musician: boolean;
  readonly battleStandard: boolean;
  /** Hold your Ground: a Battle Standard in the unit or in range (§10). */
  readonly holdYourGround: boolean;
}

function ruleMap(list: unknown): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const text of (list as string[] | undefined) ?? []) {
    const match = /^([a-z-]+)(?:\((.*)\))?$/.exec(text);
    if (!match) throw new Error(`witness: cannot read rule '${text}'`);
    m.set(match[1], match[2] ?? null);
  }
  return m;
}

function view(raw: Json): View {
  for (const key of Object.keys(raw))
    if (!['troop', 'models', 'files', 'attacks', 'shots', 'ws', 'bs', 's', 't', 'w', 'i', 'a', 'ld', 'equipment', 'items', 'rules', 'mount', 'standard', 'musician', 'battle-standard', 'hold-your-ground'].includes(key))
      throw new Error(`witness: field '${key}' is not modelled`);
  const equipment = new Set((raw.equipment as string[] | undefined) ?? []);
  const items = new Set((raw.items as string[] | undefined) ?? []);
  for (const item of items) if (!(SUPPORTED.items as readonly string[]).includes(item)) throw new Error(`witness: item '${item}' is not modelled`);
  const rules = ruleMap(raw.rules);
  for (const e of equipment) if (!(SUPPORTED.equipment as readonly string[]).includes(e)) throw new Error(`witness: equipment '${e}' is not modelled`);
  for (const r of rules.keys()) if (!(SUPPORTED.rules as readonly string[]).includes(r)) throw new Error(`witness: rule '${r}' is not modelled`);
  const troop = (raw.troop as string | undefined) ?? 'infantry';
  if (!(SUPPORTED.troops as readonly string[]).includes(troop)) throw new Error(`witness: troop '${troop}' is not modelled`);
  const models = (raw.models as number | undefined) ?? 1;
  const m = raw.mount as Json | undefined;
  return {
    troop,
    models,
    files: (raw.files as number | undefined) ?? Math.min(models, 5),
    attacks: (raw.attacks as number | undefined) ?? null,
    shots: (raw.shots as number | undefined) ?? null,
    ws: raw.ws as number,
    bs: (raw.bs as number | undefined) ?? 0,
    s: raw.s as number,
    t: raw.t as number,
    w: raw.w as number,
    i: raw.i as number,
    a: raw.a as number,
    ld: raw.ld as number,
    equipment,
    items,
    rules,
    mount: m ? { ws: m.ws as number, s: m.s as number, i: m.i as number, a: m.a as number, rules: ruleMap(m.rules) } : null,
    standard: raw.standard === true,
    musician: raw.musician === true,
    battleStandard: raw['battle-standard'] === true,
    holdYourGround: raw['battle-standard'] === true || raw['hold-your-ground'] === true,
  };
}

// ---- Troop types (§9), ranks (§4.3) -----------------------------------------------------------

const MONSTROUS = ['monstrous-infantry', 'monstrous-beast', 'monstrous-cavalry'];
/** §9 table: models for a full rank, and for a Horde. */
const fullRankWidth = (troop: string) => (MONSTROUS.includes(troop) || troop === 'chariot' ? 3 : 5);
const hordeWidth = (troop: string) => (MONSTROUS.includes(troop) || troop === 'chariot' ? 6 : 10);
const onFoot = (troop: string) => troop === 'infantry' || troop === 'monstrous-infantry';
const swiftstride = (troop: string) => ['war-beast', 'cavalry', 'monstrous-beast', 'monstrous-cavalry', 'chariot'].includes(troop);
const stompable = (troop: string) => ['infantry', 'war-beast', 'swarm', 'war-machine'].includes(troop);
const cavalryLike = (troop: string) => ['cavalry', 'monstrous-cavalry', 'chariot'].includes(troop);

/** The ranks of a unit of `alive` models, front first: casualties come off the rear rank (§4.3). */
function ranks(u: View, alive: number): number[] {
  const out: number[] = [];
  for (let left = alive; left > 0; left -= u.files) out.push(Math.min(u.files, left));
  return out;
}

/** Full ranks: ranks of at least 5 (3 Monstrous) models (§4.3); Skirmishers (Free Reform) have none (§7). */
const fullRanks = (u: View, alive: number) => (u.rules.has('skirmishers') ? 0 : ranks(u, alive).filter((n) => n >= fullRankWidth(u.troop)).length);

/** Models fighting: the front rank; engaged in the flank one per rank, in the rear the rear rank. */
function inContact(u: View, alive: number, face: string): number {
  const r = ranks(u, alive);
  if (r.length === 0) return 0;
  return face === 'front' ? r[0] : face === 'flank' ? r.length : r[r.length - 1];
}

// ---- Psychology (§7 Fear, Frenzy, Unbreakable; §3.1) -----------------------------------------

const causesFear = (u: View) => u.rules.has('fear');
/** Immune to Fear: Fear-causers, and Immune to Psychology (given by Frenzy and Unbreakable). */
const immuneToFear = (u: View) => causesFear(u) || u.rules.has('frenzy') || u.rules.has('unbreakable');
const fearsEnemy = (u: View, enemy: View) => causesFear(enemy) && !immuneToFear(u);

/**
 * Walk a 2D6 Leadership test: pass on a total ≤ Ld (no double-1 rule, §3.1); with Hold your Ground a
 * failed test is re-rolled once (§10, §1.2).
 */
function leadershipTest(ld: number, reroll: boolean, p: number, visit: (passed: boolean, p: number) => void): void {
  const passed: Pmf = new Map();
  eachRoll(2, p, (f, q) => {
    if (f[0] + f[1] <= ld) return add(passed, 1, q);
    if (!reroll) return add(passed, 0, q);
    eachRoll(2, q, (g, r) => add(passed, g[0] + g[1] <= ld ? 1 : 0, r));
  });
  for (const [k, q] of passed) visit(k === 1, q);
}

/** The Ld a unit tests on: Banner of Discipline +1, then Fear −1 in contact with a Fear-causer (§1.4, A1). */
function leadership(u: View, enemy: View | null): number {
  let ld = clamp(u.ld + (u.items.has('banner-of-discipline') ? 1 : 0), 0, 10);
  if (enemy && fearsEnemy(u, enemy)) ld = clamp(ld - 1, 0, 10);
  return ld;
}

/** Flee or pursuit distance: 2D6, or 3D6 discarding the lowest with Swiftstride (§1.1). */
function moveRoll(u: View, p: number, visit: (distance: number, p: number) => void): void {
  const totals: Pmf = new Map();
  if (swiftstride(u.troop)) eachRoll(3, p, (f, q) => add(totals, f[0] + f[1] + f[2] - Math.min(...f), q));
  else eachRoll(2, p, (f, q) => add(totals, f[0] + f[1], q));
  for (const [d, q] of totals) visit(d, q);
}

// ---- One attack, die by die (§4.5–§4.10, §5.2) --------------------------------------------------

type HitRoll =
  | { kind: 'auto' }
  | { kind: 'impossible' }
  | { kind: 'roll'; need: number; reroll: boolean }
  | { kind: 'chain'; second: number };

interface Attack {
  hit: HitRoll;
  poisoned: boolean;
  s: number;
  t: number;
  rerollFailedWounds: boolean;
  /** Bluffer's Helm: successful to-wound rolls against the wearer are re-rolled (§11). */
  rerollSuccessfulWounds: boolean;
  /** Dusk Stone: failed armour saves are re-rolled (§11). */
  rerollFailedArmour: boolean;
  /** Holy Attacks: successful ward saves are re-rolled, never Regeneration (§7). */
  holy: boolean;
  lethal: boolean;
  armourBonus: number;
  ap: number;
  wards: number[];
  regeneration: number | null;
  multipleWounds: string | null;
  w: number;
}

/** Wounds caused by one attack: every face of every die it rolls. */
function oneAttack(a: Attack): Pmf {
  const out: Pmf = new Map();
  const unsaved = (p: number) => {
    // Multiple Wounds after every save, capped at the target's W (§4.10)
    if (a.multipleWounds === null) return add(out, 1, p);
    if (a.multipleWounds === 'D3') return eachFace(p, (f, q) => add(out, Math.min(Math.ceil(f / 2), a.w), q));
    add(out, Math.min(Number(a.multipleWounds), a.w), p);
  };
  const wardOrRegeneration = (lethal6: boolean, p: number) => {
    // one roll, the best one; Regeneration not against Flaming (already left out) nor a Lethal 6 (§4.8, §7)
    // (Holy Attacks make a ward succeed only on two successes in a row: the owner compares before rolling)
    const options = [...a.wards.map((need) => ({ need, reroll: a.holy })), ...(a.regeneration !== null && !lethal6 ? [{ need: a.regeneration, reroll: false }] : [])];
    if (options.length === 0) return unsaved(p);
    const chance = (o: { need: number; reroll: boolean }) => ((7 - Math.max(2, o.need)) / 6) ** (o.reroll ? 2 : 1);
    const best = options.reduce((x, y) => (chance(y) > chance(x) ? y : x));
    const saves = (f: number) => f !== 1 && f >= best.need;
    eachFace(p, (f, q) => {
      if (!saves(f)) return unsaved(q);
      if (!best.reroll) return add(out, 0, q);
      eachFace(q, (g, r) => (saves(g) ? add(out, 0, r) : unsaved(r)));
    });
  };
  const armour = (lethal6: boolean, p: number) => {
    // 7 − bonus (max 6) + Strength penalty (max 6) + Armour Piercing; a Lethal 6 has AP(6) (§4.7, §7)
    const need = 7 - Math.min(a.armourBonus, 6) + Math.min(Math.max(a.s - 3, 0), 6) + (lethal6 ? 6 : a.ap);
    if (need >= 7) return wardOrRegeneration(lethal6, p);
    const saves = (f: number) => f !== 1 && f >= need;
    eachFace(p, (f, q) => {
      if (saves(f)) return add(out, 0, q);
      if (!a.rerollFailedArmour) return wardOrRegeneration(lethal6, q);
      eachFace(q, (g, r) => (saves(g) ? add(out, 0, r) : wardOrRegeneration(lethal6, r)));
    });
  };
  const wound = (p: number) => {
    if (a.s === 0) return add(out, 0, p); // S0 never wounds (§4.6)
    const need = clamp(4 + a.t - a.s, 2, 6);
    const ok = (f: number) => f !== 1 && (f === 6 || f >= need);
    // a die is re-rolled once, whichever rule asks first (§1.2, Example 14)
    const final = (g: number, r: number) => (ok(g) ? armour(a.lethal && g === 6, r) : add(out, 0, r));
    eachFace(p, (f, q) => {
      if (ok(f) ? a.rerollSuccessfulWounds : a.rerollFailedWounds) return eachFace(q, final);
      final(f, q);
    });
  };
  const h = a.hit;
  if (h.kind === 'impossible') add(out, 0, 1);
  else if (h.kind === 'auto') wound(1);
  else if (h.kind === 'chain')
    // a 6, then a second D6 (§5.2); never poisons
    eachFace(1, (f, p) => (f !== 6 ? add(out, 0, p) : eachFace(p, (g, q) => (g >= h.second ? wound(q) : add(out, 0, q)))));
  else {
    const hits = (f: number) => f === 6 || (f !== 1 && f >= h.need);
    const after = (f: number, p: number) => {
      if (!hits(f)) return add(out, 0, p);
      if (a.poisoned && f === 6) return armour(false, p); // Poisoned: the natural 6 wounds, no roll (§7)
      wound(p);
    };
    eachFace(1, (f, p) => (!hits(f) && h.reroll ? eachFace(p, (g, q) => after(g, q)) : after(f, p)));
  }
  return out;
}

/** The sum of independent wound counts. */
function plus(a: Pmf, b: Pmf): Pmf {
  const out: Pmf = new Map();
  for (const [x, p] of a) for (const [y, q] of b) add(out, x + y, p * q);
  return out;
}

/** `n` attacks of one kind. */
function times(one: Pmf, n: number): Pmf {
  let out: Pmf = new Map([[0, 1]]);
  for (let k = 0; k < n; k++) out = plus(out, one);
  return out;
}

// ---- Defences ---------------------------------------------------------------------------------

function targetParam(text: string | null | undefined): number {
  return Number(/^(\d)\+?$/.exec(text ?? '')![1]);
}

function armourBonus(u: View, melee: boolean, twoHanded: boolean): number {
  // body armour, shield, barding, helmets (§8.4, §11)
  const e = u.equipment;
  const body = e.has('heavy-armour') ? 2 : e.has('light-armour') ? 1 : 0;
  // the shield: not in close combat with a weapon that Requires Two Hands (§4.7, §8.1)
  const shield = e.has('shield') && !(melee && twoHanded) ? 1 : 0;
  return body + shield + (e.has('barding') ? 1 : 0) + (u.items.has('bluffers-helm') ? 1 : 0);
}

const TWO_HANDED = ['great-weapon', 'halberd', 'flail', 'additional-hand-weapon'];
const usesTwoHands = (u: View) => TWO_HANDED.some((w) => u.equipment.has(w));

/** What the target brings against one attack: armour, ward, Regeneration (not against Flaming, §7). */
function defences(flaming: boolean, holy: boolean, target: View, melee: boolean) {
  const wards: number[] = [];
  if (target.rules.has('ward-save')) wards.push(targetParam(target.rules.get('ward-save')));
  const regen = target.rules.has('regeneration') && !flaming ? targetParam(target.rules.get('regeneration')) : null;
  return {
    armourBonus: armourBonus(target, melee, usesTwoHands(target)),
    wards,
    regeneration: regen,
    rerollFailedWounds: flaming && target.rules.has('flammable'), // Flaming vs Flammable (§7)
    rerollSuccessfulWounds: target.items.has('bluffers-helm'),
    rerollFailedArmour: target.items.has('dusk-stone'),
    holy,
    t: target.t,
    w: target.w,
  };
}

// ---- Close combat (§4) ------------------------------------------------------------------------

interface Ctx {
  readonly round: number;
  /** This side charged and this is the first round. */
  readonly charged: boolean;
  /** This side fights with its front (supporting attacks, spear). */
  readonly front: boolean;
  /** Its attacks land on the enemy's front arc (Parry). */
  readonly enemyFrontArc: boolean;
  readonly face: string;
  /** This side's WS and the enemy's (1 after a failed Fear test). */
  readonly failedFear: boolean;
  readonly enemyFailedFear: boolean;
}

/** The close-combat base to-hit chart (§4.5). */
function chart(attackerWs: number, defenderWs: number): number {
  if (defenderWs === 0) return 0; // automatic
  if (attackerWs === 0) return 6;
  if (defenderWs < attackerWs) return 3;
  if (defenderWs <= 2 * attackerWs) return 4;
  return 5;
}

interface Group {
  readonly initiative: number;
  /** Wounds on the enemy from these attacks, by the attacking unit's models alive. */
  readonly wounds: (alive: number) => Pmf;
}

function meleeGroups(u: View, enemy: View, ctx: Ctx): Group[] {
  const groups: Group[] = [];
  const contact = (alive: number) => inContact(u, alive, ctx.front ? 'front' : ctx.face);
  const enemyWs = ctx.enemyFailedFear ? 1 : enemy.ws; // the WS of the rider or crew (§9 Combined Profile)
  const parry = onFoot(enemy.troop) && enemy.equipment.has('shield') && !usesTwoHands(enemy) && !enemy.equipment.has('spear') && ctx.enemyFrontArc;
  const againstFlail = enemy.equipment.has('flail') ? 1 : 0; // +1 to hit the flail bearer (§8.1)
  const normal = (part: Part, isMount: boolean): Attack => {
    const ws = ctx.failedFear ? 1 : part.ws;
    const base = chart(ws, enemyWs);
    const weapon = isMount ? null : ['great-weapon', 'halberd', 'spear', 'lance', 'flail', 'additional-hand-weapon'].find((w) => u.equipment.has(w)) ?? null;
    let s = part.s + (weapon === 'great-weapon' || weapon === 'flail' ? 2 : weapon === 'halberd' ? 1 : 0);
    if (weapon === 'lance' && ctx.charged) s += 2; // the round right after charging (§8.1, A21)
    if (part.rules.has('thunderous-charge') && ctx.charged) s += 1; // §7
    const flaming = part.rules.has('flaming-attacks');
    const ap = Math.max(part.rules.has('armour-piercing') ? Number(part.rules.get('armour-piercing')) : 0, weapon === 'spear' ? 1 : 0);
    return {
      hit:
        base === 0
          ? { kind: 'auto' }
          : { kind: 'roll', need: clamp((parry ? Math.max(base, 4) : base) - againstFlail, 2, 6), reroll: part.rules.has('hatred') && ctx.round === 1 },
      poisoned: part.rules.has('poisoned-attacks'),
      s: clamp(s, 0, 10),
      lethal: part.rules.has('lethal-strike') || (weapon === 'spear' && ctx.front && cavalryLike(enemy.troop)),
      ap,
      multipleWounds: part.rules.get('multiple-wounds') ?? null,
      ...defences(flaming, part.rules.has('holy-attacks'), enemy, true),
    };
  };
  const special = (s: number): Attack => ({
    hit: { kind: 'auto' },
    poisoned: false,
    s,
    lethal: false,
    ap: 0,
    multipleWounds: null,
    ...defences(false, false, enemy, true),
  });
  const rider: Part = { ws: u.ws, s: u.s, i: u.i, a: u.a, rules: u.rules };
  if (u.a > 0) {
    const one = oneAttack(normal(rider, false));
    // Frenzy +1 A, additional hand weapon +1 A, Devastating Charge +1 A in the round after charging (§4.3, §7)
    const bonus = (u.rules.has('frenzy') ? 1 : 0) + (u.equipment.has('additional-hand-weapon') ? 1 : 0) + (u.rules.has('devastating-charge') && ctx.charged ? 1 : 0);
    const perModel = Math.min(10, u.a + bonus);
    // supporting: 1 per model, Monstrous up to 3 (A10); spear and Horde one more rank each (§4.3, §8.1)
    const support = MONSTROUS.includes(u.troop) ? Math.min(u.a, 3) : 1;
    const supportingRanks = 1 + (u.equipment.has('spear') ? 1 : 0) + (u.files >= hordeWidth(u.troop) ? 1 : 0);
    groups.push({
      initiative: u.equipment.has('great-weapon') ? 0 : Math.min(10, u.i + (u.equipment.has('additional-hand-weapon') ? 1 : 0)),
      wounds: (alive) => {
        if (u.attacks !== null) return times(one, u.attacks);
        const r = ranks(u, alive);
        const supporting = ctx.front ? r.slice(1, 1 + supportingRanks).reduce((x, y) => x + y, 0) : 0;
        return times(one, contact(alive) * perModel + supporting * support);
      },
    });
  }
  const m = u.mount;
  if (m) {
    if (m.a > 0) {
      const one = oneAttack(normal(m, true));
      // mounts never support (§4.3)
      groups.push({ initiative: m.i, wounds: (alive) => times(one, contact(alive) * Math.min(10, m.a)) });
    }
    if (m.rules.has('grinding-attacks')) {
      const one = oneAttack(special(m.s));
      const x = m.rules.get('grinding-attacks')!;
      groups.push({ initiative: m.i, wounds: (alive) => hitsPerModel(one, x, contact(alive)) });
    }
  }
  if (u.rules.has('grinding-attacks')) {
    const one = oneAttack(special(u.s));
    groups.push({ initiative: u.i, wounds: (alive) => hitsPerModel(one, u.rules.get('grinding-attacks')!, contact(alive)) });
  }
  // Stomp (1) of Monstrous Infantry at I0, against Infantry, War Beasts, Swarms, War Machines (§6)
  if (MONSTROUS.includes(u.troop) && stompable(enemy.troop)) {
    const one = oneAttack(special(u.s));
    groups.push({ initiative: 0, wounds: (alive) => times(one, contact(alive)) });
  }
  return groups;
}

/** `models` models each making X automatic hits, X a number or D3 rolled per model. */
function hitsPerModel(one: Pmf, x: string, models: number): Pmf {
  let out: Pmf = new Map([[0, 1]]);
  for (let k = 0; k < models; k++) {
    if (x === 'D3') {
      const next: Pmf = new Map();
      eachFace(1, (f, p) => {
        for (const [w, q] of plus(out, times(one, Math.ceil(f / 2)))) add(next, w, p * q);
      });
      out = next;
    } else out = plus(out, times(one, Number(x)));
  }
  return out;
}

const poolOf = (u: View) => u.models * u.w;
const aliveAfter = (u: View, damage: number) => u.models - Math.floor(damage / u.w);

function rankBonus(u: View, alive: number): number {
  return Math.min(3, Math.max(0, fullRanks(u, alive) - 1));
}

function enumerateMelee(raw: Json): Enumerated {
  const A = view(raw.attacker as Json);
  const T = view(raw.target as Json);
  const sit = raw.situation as Json;
  const round = (sit.round as number | undefined) ?? 1;
  const charging = (sit.charging as string | undefined) ?? 'attacker';
  const facing = (sit.facing as string | undefined) ?? 'front';
  const strikesBack = sit['target-strikes-back'] !== false;
  const pursuitChosen = sit.pursuit !== false;
  const poolA = poolOf(A);
  const poolT = poolOf(T);

  // Fear tests at the start of the Combat Phase: Ld − 1, a failure sets WS 1 (§12.6, A1)
  type Start = { failA: boolean; failT: boolean };
  const starts: Array<[Start, number]> = [];
  const fearTest = (u: View, enemy: View, p: number, visit: (failed: boolean, p: number) => void) => {
    if (!fearsEnemy(u, enemy)) return visit(false, p);
    leadershipTest(leadership(u, enemy), u.holdYourGround, p, (passed, q) => visit(!passed, q));
  };
  fearTest(A, T, 1, (failA, p) => fearTest(T, A, p, (failT, q) => starts.push([{ failA, failT }, q])));

  // The joint wounds on (target, attacker) after the round, by Initiative step (§4.2)
  const ends: Pmf = new Map(); // key dT * (poolA + 1) + dA
  for (const [start, p0] of starts) {
    const first = round === 1;
    const attackerGroups = meleeGroups(A, T, {
      round,
      charged: first && charging === 'attacker',
      front: true,
      enemyFrontArc: facing === 'front',
      face: 'front',
      failedFear: start.failA,
      enemyFailedFear: start.failT,
    });
    const targetGroups = strikesBack
      ? meleeGroups(T, A, {
          round,
          charged: first && charging === 'target',
          front: facing === 'front',
          enemyFrontArc: true,
          face: facing,
          failedFear: start.failT,
          enemyFailedFear: start.failA,
        })
      : [];
    let states: Pmf = new Map([[0, p0]]);
    for (let step = 10; step >= 0; step--) {
      const onT = attackerGroups.filter((g) => g.initiative === step);
      const onA = targetGroups.filter((g) => g.initiative === step);
      if (onT.length === 0 && onA.length === 0) continue;
      const next: Pmf = new Map();
      for (const [key, p] of states) {
        const dT = Math.floor(key / (poolA + 1));
        const dA = key % (poolA + 1);
        const aliveA = aliveAfter(A, dA);
        const aliveT = aliveAfter(T, dT);
        if (aliveA === 0 || aliveT === 0) {
          add(next, key, p);
          continue;
        }
        // simultaneous: both sides strike with the models alive at the start of the step
        const x = onT.reduce((acc, g) => plus(acc, g.wounds(aliveA)), new Map([[0, 1]]) as Pmf);
        const y = onA.reduce((acc, g) => plus(acc, g.wounds(aliveT)), new Map([[0, 1]]) as Pmf);
        for (const [wx, px] of x)
          for (const [wy, py] of y) add(next, Math.min(poolT, dT + wx) * (poolA + 1) + Math.min(poolA, dA + wy), p * px * py);
      }
      states = next;
    }
    for (const [key, p] of states) add(ends, key, p);
  }

  const out: Enumerated = { damage: new Array(poolT + 1).fill(0), slain: new Array(T.models + 1).fill(0), destroyed: 0, morale: {} };
  const record = (category: string, dT: number, p: number) => {
    out.damage[dT] += p;
    out.slain[T.models - aliveAfter(T, dT)] += p;
    out.morale[category] = (out.morale[category] ?? 0) + p;
    if (category === 'destroyed' || category === 'breaks-caught') out.destroyed += p;
  };
  for (const [key, p] of ends) {
    const dT = Math.floor(key / (poolA + 1));
    const dA = key % (poolA + 1);
    const aliveA = aliveAfter(A, dA);
    const aliveT = aliveAfter(T, dT);
    // No More Foes (§12.1); the target's own fate is reported first
    if (aliveT === 0) {
      record('destroyed', dT, p);
      continue;
    }
    if (aliveA === 0) {
      record('attacker-destroyed', dT, p);
      continue;
    }
    // Combat result (§12.1): wounds caused (excess lost), charge, ranks, standard, flank/rear
    const first = round === 1;
    const ranksA = fullRanks(A, aliveA);
    const scoreA =
      dT +
      (first && charging === 'attacker' ? 1 : 0) +
      rankBonus(A, aliveA) +
      (A.standard ? 1 : 0) +
      (A.battleStandard ? 1 : 0) +
      (facing === 'flank' ? 1 + (ranksA >= 1 ? 1 : 0) : facing === 'rear' ? 2 + (ranksA >= 1 ? 1 : 0) : 0) +
      ((sit['attacker-bonus'] as number | undefined) ?? 0);
    const scoreT =
      dA +
      (first && charging === 'target' ? 1 : 0) +
      rankBonus(T, aliveT) +
      (T.standard ? 1 : 0) +
      (T.battleStandard ? 1 : 0) +
      ((sit['target-bonus'] as number | undefined) ?? 0);
    let loserIsTarget: boolean;
    let tieBreak = false;
    if (scoreA === scoreT) {
      // a draw, unless exactly one side has a musician (§12.1, A3)
      if (A.musician === T.musician) {
        record('draw', dT, p);
        continue;
      }
      loserIsTarget = A.musician;
      tieBreak = true;
    } else loserIsTarget = scoreA > scoreT;
    const [L, W, aliveL, aliveW] = loserIsTarget ? [T, A, aliveT, aliveA] : [A, T, aliveA, aliveT];
    const name = (c: string) => (loserIsTarget ? c : `attacker-${c}`);
    const d = Math.abs(scoreA - scoreT);
    if (L.rules.has('unstable')) {
      // Unstable: passes, and loses D wounds with no saves — halved (up) if Stubborn, −1 with Hold your
      // Ground — none when it lost only by the musician (§7, A3)
      let wounds = tieBreak ? 0 : L.rules.has('stubborn') ? Math.ceil(d / 2) : d;
      if (L.holdYourGround) wounds = Math.max(0, wounds - 1);
      if (loserIsTarget) {
        const total = Math.min(poolT, dT + wounds);
        record(aliveAfter(T, total) === 0 ? 'destroyed' : 'holds', total, p);
      } else record(aliveAfter(A, Math.min(poolA, dA + wounds)) === 0 ? 'attacker-destroyed' : 'attacker-holds', dT, p);
      continue;
    }
    if (L.rules.has('unbreakable')) {
      record(name('holds'), dT, p);
      continue;
    }
    // Steadfast: more full ranks than the enemy, unless Disrupted by a flank/rear enemy with 2+ full ranks (§12.2)
    const disrupted = loserIsTarget && facing !== 'front' && fullRanks(A, aliveA) >= 2;
    const steadfast = !disrupted && fullRanks(L, aliveL) > fullRanks(W, aliveW);
    let ld = leadership(L, W);
    if (!(steadfast || L.rules.has('stubborn') || tieBreak)) ld = clamp(ld - d, 0, 10);
    leadershipTest(ld, L.holdYourGround, p, (held, q) => {
      if (held) return record(name('holds'), dT, q);
      // pursue or restrain: declining needs a passed Ld test; Frenzy must pursue (§12.3)
      const restrain = (visit: (pursues: boolean, r: number) => void) => {
        if (pursuitChosen || W.rules.has('frenzy')) return visit(true, q);
        leadershipTest(leadership(W, L), W.holdYourGround, q, (declined, r) => visit(!declined, r));
      };
      restrain((pursues, r) => {
        if (!pursues) return record(name('breaks-escapes'), dT, r);
        // flee, then pursuit: caught when the pursuit roll is at least the flee roll (§12.3)
        moveRoll(L, r, (flee, s) => moveRoll(W, s, (chase, t) => record(name(chase >= flee ? 'breaks-caught' : 'breaks-escapes'), dT, t)));
      });
    });
  }
  return out;
}

// ---- Shooting (§5) ------------------------------------------------------------------------------

const MISSILES: Record<string, { s: number | null; ap: number; volley: boolean; unwieldy: boolean; quick: boolean; shots: number }> = {
  bow: { s: 3, ap: 0, volley: true, unwieldy: false, quick: false, shots: 1 },
  crossbow: { s: 4, ap: 0, volley: false, unwieldy: true, quick: false, shots: 1 },
  handgun: { s: 4, ap: 1, volley: false, unwieldy: true, quick: false, shots: 1 },
  'throwing-weapons': { s: null, ap: 0, volley: false, unwieldy: false, quick: true, shots: 2 },
};

function enumerateShooting(raw: Json): Enumerated {
  const A = view(raw.attacker as Json);
  const T = view(raw.target as Json);
  const sit = raw.situation as Json;
  const id = Object.keys(MISSILES).find((m) => A.equipment.has(m))!;
  const weapon = MISSILES[id];
  const moved = sit.moved === true;
  const standAndShoot = sit['stand-and-shoot'] === true;
  const multiple = sit['multiple-shots'] === true;
  // the first two ranks shoot; Volley Fire: all ranks when the unit did not move (§5.1)
  const shooters = weapon.volley && !moved && !standAndShoot ? A.models : Math.min(A.models, 2 * A.files);
  const shots = A.shots ?? shooters * (multiple ? weapon.shots : 1);
  // BS + modifiers on the table of §5.2
  let bs = A.bs + ((sit['to-hit-modifier'] as number | undefined) ?? 0);
  if (sit['long-range'] === true) bs -= 1;
  if (moved && !weapon.quick) bs -= weapon.unwieldy ? 2 : 1;
  if (standAndShoot) bs -= 1;
  const cover = (sit.cover as string | undefined) ?? 'none';
  bs -= cover === 'hard' ? 2 : cover === 'none' ? 0 : 1;
  if (multiple) bs -= 1;
  if (T.rules.has('skirmishers')) bs -= 1; // §5.2
  if (T.rules.has('hard-target')) bs -= 1;
  const hit: HitRoll =
    bs >= 5 ? { kind: 'roll', need: 2, reroll: false } : bs >= 1 ? { kind: 'roll', need: 7 - bs, reroll: false } : bs >= -2 ? { kind: 'chain', second: 4 - bs } : { kind: 'impossible' };
  const flaming = A.rules.has('flaming-attacks'); // no "close-combat attacks" limit (§5.3)
  const one = oneAttack({
    hit,
    poisoned: A.rules.has('poisoned-attacks'), // covers shooting too, never on a 6-then-X roll (§7)
    s: weapon.s ?? A.s,
    lethal: false, // a model's close-combat attack rules stay out of shooting (§5.3)
    ap: weapon.ap,
    multipleWounds: null,
    ...defences(flaming, false, T, false), // Holy Attacks of a model cover close combat only (§5.3)
  });
  const pool = poolOf(T);
  const wounds = times(one, shots);
  const out: Enumerated = { damage: new Array(pool + 1).fill(0), slain: new Array(T.models + 1).fill(0), destroyed: 0, morale: {} };
  const record = (category: string, d: number, p: number) => {
    out.damage[d] += p;
    out.slain[T.models - aliveAfter(T, d)] += p;
    out.morale[category] = (out.morale[category] ?? 0) + p;
    if (category === 'destroyed') out.destroyed += p;
  };
  for (const [w, p] of wounds) {
    const d = Math.min(w, pool);
    const alive = aliveAfter(T, d);
    if (alive === 0) record('destroyed', d, p);
    // Panic after losing 25 % of the models (§5.5); Immune to Psychology passes (§12.4)
    else if (4 * (T.models - alive) < T.models) record('no-panic-test', d, p);
    else if (T.rules.has('frenzy') || T.rules.has('unbreakable')) record('holds', d, p);
    else leadershipTest(leadership(T, null), T.holdYourGround, p, (passed, q) => record(passed ? 'holds' : 'flees', d, q));
  }
  return out;
}

/** The full outcome of a small scenario, every die walked. */
export function enumerateScenario(raw: Json): Enumerated {
  const kind = (raw.situation as Json).type;
  return kind === 'shooting' ? enumerateShooting(raw) : enumerateMelee(raw);
}
