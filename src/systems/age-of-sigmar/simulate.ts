/**
 * Monte Carlo for Age of Sigmar: every die rolled in rule order, as at the table — Attacks per
 * model, then per attack the hit, wound and save rolls and the Damage (17.0), mortal damage
 * (17.2), the ward per point (18.1) and allocation one point at a time (18.2–18.4).
 *
 * The ability is compiled into an AbilityRoller: plain numbers and tables, one object shape per
 * kind, no closure, so the loops stay monomorphic. The attack sequence of a weapon is
 * written as steps over the faces (attackStep) and tabled once over every combination of the
 * most dice one attack can read (AttackTable): each attack then takes its dice from one 32-bit
 * draw, the fistful of the attack rolled at once (hit, re-roll, wound, re-roll, save, re-roll,
 * Damage die — a die the sequence does not reach is drawn and ignored, which changes no
 * probability), and looks its damage up. The ward is counted per point of the pool (core
 * FaceCounter).
 */
import { type FaceCounter, type FaceStep, KeptByKey, endRun, faceCounter, goTo } from '../../core/face-automaton.js';
import { type FlatDice, flat, rollFlat } from '../../core/flat-dice.js';
import { MAX_DICE_PER_DRAW, type Rng, lemireReject } from '../../core/rng.js';
import { Counts, POOLED_FROM, type Tally } from '../../sim/tally.js';
import { type MortalSource, type Plan, type WeaponGroup, plan } from './profile.js';
import type { Crit, Scenario } from './schema.js';
import { CRIT, MISS, rerollTable } from './tables.js';

/** The compiled ability of each scenario, kept for its later chunks. */
const compiled = new WeakMap<Scenario, AbilityRoller>();

export function simulate(s: Scenario, rng: Rng, n: number, tally: Tally): void {
  const p = plan(s);
  let ability = compiled.get(s);
  if (!ability) compiled.set(s, (ability = new AbilityRoller(p)));
  const { models, health, damaged } = p;
  // Counted here and added to the tally once (no per-sample call into the tally).
  const damageCounts = new Counts();
  const slainCounts = new Float64Array(models + 1);
  for (let i = 0; i < n; i++) {
    const damage = ability.roll(rng);
    damageCounts.add(damage);
    // The models slain are a function of the damage, counted from the damage counts below; only
    // damage in the histogram's pooled last slot is counted here, where its value is known.
    if (damage >= POOLED_FROM) slainCounts[slainBy(damage, damaged, health, models)]++;
  }
  const counts = damageCounts.data;
  for (let k = 0; k < counts.length && k < POOLED_FROM; k++) slainCounts[slainBy(k, damaged, health, models)] += counts[k];
  addCounts(tally, n, damageCounts, slainCounts);
}

/**
 * Models slain by `damage` points allocated one at a time (18.2) onto a unit whose counter starts
 * at `damaged`: at Health a model is slain and the counter resets; when the last model dies the
 * rest of the pool has no effect (18.4). Point by point, that is ⌊(damaged + damage) / health⌋
 * capped at the models.
 */
function slainBy(damage: number, damaged: number, health: number, models: number): number {
  const slain = Math.floor((damaged + damage) / health);
  return slain < models ? slain : models;
}

/** A simulation's own counts added to the tally: `n` samples, the last slot of `slain` destroyed. */
export function addCounts(tally: Tally, n: number, damage: Counts, slain: Float64Array): void {
  tally.samples += n;
  const d = damage.data;
  for (let k = 0; k < d.length; k++) tally.damage.addMany(k, d[k]);
  tally.tracksSlain = true;
  for (let k = 0; k < slain.length; k++) tally.slain.addMany(k, slain[k]);
  tally.tracksDestroyed = true;
  tally.destroyed += slain[slain.length - 1];
}

/** The crit rules as numbers (20.0). */
const CRIT_NONE = 0;
const CRIT_MORTAL = 1;
const CRIT_AUTO_WOUND = 2;
const CRIT_TWO_HITS = 3;
const CRIT_CODE: Record<Crit, number> = { none: CRIT_NONE, mortal: CRIT_MORTAL, 'auto-wound': CRIT_AUTO_WOUND, 'two-hits': CRIT_TWO_HITS };

/** One weapon profile of the ability, unpacked. */
class WeaponRoller {
  readonly models: number;
  readonly attacks: FlatDice;
  readonly attackBonus: number;
  readonly champions: number;
  readonly hit: Uint8Array;
  readonly wound: Uint8Array;
  readonly save: Uint8Array;
  /** 1 for the faces each roll re-rolls (§2.1). */
  readonly hitAgain: Uint8Array;
  readonly woundAgain: Uint8Array;
  readonly saveAgain: Uint8Array;
  readonly crit: number;
  readonly damage: FlatDice;
  readonly damageBonus: number;
  readonly sharedCritDamage: boolean;
  /** The attack sequence as a table over one draw (AttackTable), or null: rolled die by die (a Damage of several dice, too many dice). */
  readonly table: AttackTable | null;

  constructor(g: WeaponGroup) {
    this.models = g.models;
    this.attacks = flat(g.attacks);
    this.attackBonus = g.attackBonus;
    this.champions = g.champions;
    this.hit = g.hit;
    this.wound = g.wound;
    this.save = g.save;
    this.hitAgain = rerollTable(g.hitReroll, g.hit);
    this.woundAgain = rerollTable(g.woundReroll, g.wound);
    this.saveAgain = rerollTable(g.saveReroll, g.save);
    this.crit = CRIT_CODE[g.crit];
    this.damage = flat(g.damage);
    this.damageBonus = g.damageBonus;
    this.sharedCritDamage = g.sharedCritDamage;
    this.table = this.damage.count <= 1 && this.damage.discard === 0 ? attackTable(this) : null;
  }
}

/** A mortal damage source (§4.4), unpacked: an amount after `ones` 1s, or a score per die. */
class MortalRoller {
  readonly perDie: boolean;
  readonly ones: number;
  readonly amount: FlatDice;
  readonly dice: number;
  readonly scores: Uint8Array;

  constructor(m: MortalSource) {
    this.perDie = m.kind === 'per-die';
    this.ones = m.kind === 'amount' ? m.ones : 0;
    this.amount = flat(m.kind === 'amount' ? m.amount : null);
    this.dice = m.kind === 'per-die' ? m.dice : 0;
    this.scores = m.kind === 'per-die' ? m.scores : new Uint8Array(7);
  }
}

/**
 * One use of the scenario's ability, die by die: the damage pool of every attack and mortal source
 * (17.0, 17.2), then the ward, one D6 per point (18.1). `roll` returns the damage left to allocate.
 */
export class AbilityRoller {
  private readonly weapons: WeaponRoller[];
  private readonly mortal: MortalRoller[];
  /**
   * When every weapon has fixed Attacks and a table and there is no mortal source (the usual
   * ability): weapon k makes `runs[k]` attacks, each looked up in `tables[k]`.
   */
  private readonly plain: boolean;
  private readonly tables: AttackTable[];
  private readonly runs: Int32Array;
  /** One D6 per point of damage; counts the points not warded (18.1). */
  private readonly ward: FaceCounter;
  /** No ward: no dice after the attacks. */
  private readonly wardless: boolean;

  constructor(p: Plan) {
    this.weapons = p.groups.map((g) => new WeaponRoller(g));
    this.mortal = p.mortal.map((m) => new MortalRoller(m));
    this.plain = this.mortal.length === 0 && this.weapons.every((w) => w.table !== null && w.attacks.count === 0);
    this.tables = this.plain ? this.weapons.map((w) => w.table!) : [];
    this.runs = this.plain ? Int32Array.from(this.weapons, (w) => fixedAttacks(w)) : new Int32Array(0);
    this.ward = faceCounter((face) => p.ward[face] !== 1);
    this.wardless = p.ward.every((x) => x === 0);
  }

  roll(rng: Rng): number {
    let pool = 0;
    if (this.plain) {
      const tables = this.tables;
      const runs = this.runs;
      for (let k = 0; k < tables.length; k++) pool += tables[k].roll(rng, runs[k]);
    } else {
      const weapons = this.weapons;
      for (let k = 0; k < weapons.length; k++) pool += rollWeapon(weapons[k], rng);
      const mortal = this.mortal;
      for (let k = 0; k < mortal.length; k++) pool += rollMortal(mortal[k], rng);
    }
    return this.wardless ? pool : this.ward.count(rng, pool);
  }
}

/** A weapon's attacks with fixed Attacks: every model's, Champions +1 (26.0). */
function fixedAttacks(w: WeaponRoller): number {
  return w.models * (w.attacks.modifier + w.attackBonus) + Math.min(w.champions, w.models);
}

/** Every attack of one weapon profile: each model rolls its Attacks (26.0), Champions +1. */
function rollWeapon(w: WeaponRoller, rng: Rng): number {
  let total = 0;
  const fixed = w.attacks.count === 0;
  const table = w.table;
  if (table !== null) {
    // Fixed Attacks: no die between two models' attacks, so they are rolled together.
    if (fixed) return table.roll(rng, fixedAttacks(w));
    for (let model = 0; model < w.models; model++) total += table.roll(rng, rollFlat(w.attacks, rng) + w.attackBonus + (model < w.champions ? 1 : 0));
    return total;
  }
  for (let model = 0; model < w.models; model++) {
    const attacks = (fixed ? w.attacks.modifier : rollFlat(w.attacks, rng)) + w.attackBonus + (model < w.champions ? 1 : 0);
    for (let a = 0; a < attacks; a++) total += rollAttack(w, rng);
  }
  return total;
}

/** One attack, die by die (17.0): hit, then by the crit rule, wound, save, Damage. */
function rollAttack(w: WeaponRoller, rng: Rng): number {
  let face = rng.d6();
  if (w.hitAgain[face] === 1) face = rng.d6();
  const hit = w.hit[face];
  if (hit === MISS) return 0;
  if (hit === CRIT) {
    switch (w.crit) {
      case CRIT_MORTAL:
        return rollDamage(w, rng);
      case CRIT_AUTO_WOUND:
        return passes(w.save, w.saveAgain, rng) ? 0 : rollDamage(w, rng);
      case CRIT_TWO_HITS:
        return rollTwoHits(w, rng);
    }
  }
  return rollHit(w, rng);
}

/** A hit: wound roll, save roll, Damage. */
function rollHit(w: WeaponRoller, rng: Rng): number {
  if (!passes(w.wound, w.woundAgain, rng)) return 0;
  if (passes(w.save, w.saveAgain, rng)) return 0;
  return rollDamage(w, rng);
}

/** One D6 read through a pass table, re-rolled at most once first (§2.1). */
function passes(table: Uint8Array, again: Uint8Array, rng: Rng): boolean {
  const face = rng.d6();
  return table[again[face] === 1 ? rng.d6() : face] === 1;
}

/** Crit (2 Hits): two hits; A3 decides whether they share one Damage roll. */
function rollTwoHits(w: WeaponRoller, rng: Rng): number {
  if (!w.sharedCritDamage) return rollHit(w, rng) + rollHit(w, rng);
  let through = 0;
  for (let h = 0; h < 2; h++) if (passes(w.wound, w.woundAgain, rng) && !passes(w.save, w.saveAgain, rng)) through++;
  return through === 0 ? 0 : through * rollDamage(w, rng);
}

/** Damage rolled, then modified (27.0). */
function rollDamage(w: WeaponRoller, rng: Rng): number {
  const d = w.damage;
  return (d.count === 0 ? d.modifier : rollFlat(d, rng)) + w.damageBonus;
}

function rollMortal(m: MortalRoller, rng: Rng): number {
  if (!m.perDie) {
    for (let d = 0; d < m.ones; d++) if (rng.d6() !== 1) return 0;
    return rollFlat(m.amount, rng);
  }
  let total = 0;
  for (let d = 0; d < m.dice; d++) total += m.scores[rng.d6()];
  return total;
}

// ---- The attack sequence as steps over the faces, tabled over one draw --------------------------

/** Largest damage an entry holds (one byte). */
const MAX_ATTACK_VALUE = 255;

/**
 * One attack's damage for every combination of its dice: the attack reads up to `dice` D6 in
 * order, die i the i-th base-6 digit of the index, read from one 32-bit draw by Lemire's
 * multiply-and-reject (core/rng.ts): every combination of faces has probability exactly 6^-dice.
 */
export class AttackTable {
  /** The table of `step`, or null when an attack may read more than MAX_DICE_PER_DRAW dice or deal more than MAX_ATTACK_VALUE. */
  static of(step: (state: number, face: number) => FaceStep): AttackTable | null {
    const dice = mostDice(step, 0, 0);
    if (dice > MAX_DICE_PER_DRAW) return null;
    const size = 6 ** dice;
    const values = new Uint8Array(size);
    for (let x = 0; x < size; x++) {
      let state = 0;
      let value = 0;
      for (let i = 0, digits = x; i < dice; i++, digits = Math.floor(digits / 6)) {
        const s = step(state, (digits % 6) + 1);
        value += s.value;
        if (s.done) break;
        state = s.next;
      }
      if (value > MAX_ATTACK_VALUE) return null;
      values[x] = value;
    }
    return new AttackTable(values);
  }

  private readonly size: number;
  private readonly reject: number;
  /**
   * Two attacks' dice from one draw when they fit MAX_DICE_PER_DRAW (the first attack's dice the low
   * digits): their damage summed, over size² combinations; else null.
   */
  private readonly pairs: Uint8Array | null;
  private readonly pairSize: number;
  private readonly pairReject: number;

  private constructor(private readonly values: Uint8Array) {
    const size = values.length;
    this.size = size;
    this.reject = lemireReject(size);
    let pairs: Uint8Array | null = null;
    if (size * size <= 6 ** MAX_DICE_PER_DRAW && 2 * Math.max(...values) <= MAX_ATTACK_VALUE) {
      pairs = new Uint8Array(size * size);
      for (let second = 0; second < size; second++) for (let first = 0; first < size; first++) pairs[second * size + first] = values[first] + values[second];
    }
    this.pairs = pairs;
    this.pairSize = pairs === null ? 1 : pairs.length;
    this.pairReject = lemireReject(this.pairSize);
  }

  /**
   * `attacks` attacks, one draw each or one draw a pair: their total damage. The sfc32 recurrence
   * of core/rng.ts runs inline with the generator's state in locals, written back at the end.
   */
  roll(rng: Rng, attacks: number): number {
    let a = rng.a | 0;
    let b = rng.b | 0;
    let c = rng.c | 0;
    let d = rng.d | 0;
    let t = 0;
    let total = 0;
    let k = attacks | 0;
    // Lemire's multiply-and-reject (core/rng.ts) in integers where it can be: the low part
    // m − ⌊m / 2^32⌋ · 2^32 of m = u · size is the low 32 bits of the product, Math.imul's; the
    // index ⌊m / 2^32⌋ is taken once the draw is kept. Sizes in int32 locals and the scale a
    // literal: V8 otherwise unboxes a field or an imported constant again on every draw.
    const pairs = this.pairs;
    if (pairs !== null) {
      const size = this.pairSize | 0;
      const reject = this.pairReject | 0;
      for (; k >= 2; k -= 2) {
        do {
          t = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (c << 21) | (c >>> 11);
          c = (c + t) | 0;
        } while (Math.imul(t, size) >>> 0 < reject);
        total += pairs[((t >>> 0) * size * 2.3283064365386963e-10) | 0];
      }
    }
    const values = this.values;
    const size = this.size | 0;
    const reject = this.reject | 0;
    for (; k > 0; k--) {
      do {
        t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + t) | 0;
      } while (Math.imul(t, size) >>> 0 < reject);
      total += values[((t >>> 0) * size * 2.3283064365386963e-10) | 0];
    }
    rng.save(a, b, c, d);
    return total;
  }
}

/** The most dice a run of `step` reads from `state`, `read` dice in (at most MAX_DICE_PER_DRAW + 1: more is too many). */
function mostDice(step: (state: number, face: number) => FaceStep, state: number, read: number): number {
  if (read > MAX_DICE_PER_DRAW) return read;
  let most = read + 1;
  for (let face = 1; face <= 6; face++) {
    const s = step(state, face);
    if (!s.done) most = Math.max(most, mostDice(step, s.next, read + 1));
  }
  return most;
}

/**
 * Tables by what they roll: an engagement compiles an ability for each number of models left,
 * and they share their weapons' tables (fewer to build); null where the attack is too large to
 * table (it is then rolled die by die).
 */
const tables = new KeptByKey<AttackTable | null>();

function attackTable(w: WeaponRoller): AttackTable | null {
  return tables.get(attackKey(w), () => AttackTable.of(attackStep(w)));
}

/** Everything attackStep reads of a weapon. */
function attackKey(w: WeaponRoller): string {
  const d = w.damage;
  return [w.hit, w.hitAgain, w.wound, w.woundAgain, w.save, w.saveAgain].map((t) => t.join('')).join(' ') + ` ${w.crit} ${w.sharedCritDamage} ${d.count} ${d.sides} ${d.modifier} ${w.damageBonus}`;
}

/** Where an attack is: the die it rolls next. */
const AT_HIT = 0;
const AT_HIT_AGAIN = 1;
const AT_WOUND = 2;
const AT_WOUND_AGAIN = 3;
const AT_SAVE = 4;
const AT_SAVE_AGAIN = 5;
const AT_DAMAGE = 6;
const DIE_STAGES = 7;

/**
 * One attack of a weapon with a Damage of at most one die, as rollAttack rolls it, one face at a
 * time (the step its table is built from). A state is the die rolled next (AT_*) plus the context of the hit being resolved: for the
 * two hits of a Crit (2 Hits), whether another hit follows and, when the hits share one Damage
 * roll (A3), how many got through so far. The value is the attack's damage.
 */
function attackStep(w: WeaponRoller): (state: number, face: number) => FaceStep {
  const d = w.damage;
  const dieFaces = d.count === 0 ? 0 : d.sides;
  // Context: plain hit (another follows: more), or a hit of a shared Crit (2 Hits) with `through` so far.
  const state = (stage: number, shared: boolean, more: boolean, through: number) => stage + DIE_STAGES * ((more ? 1 : 0) + 2 * (shared ? 1 + through : 0));
  /** Damage rolled, then modified (27.0), `times` over; `face` is the Damage die's face. */
  const damageOf = (face: number, times: number) => times * ((dieFaces === 0 ? d.modifier : (dieFaces === 6 ? face : (face + 1) >> 1) + d.modifier) + w.damageBonus);
  /** After a hit is resolved with `value` damage: the next hit of a Crit (2 Hits), or the end. */
  const afterHit = (shared: boolean, more: boolean, through: number, value: number): FaceStep => {
    if (more) return goTo(state(AT_WOUND, shared, false, through), value);
    if (!shared || through === 0) return endRun(value);
    // Both hits of a shared Crit (2 Hits) resolved: one Damage roll for those through.
    return dieFaces === 0 ? endRun(damageOf(0, through)) : goTo(state(AT_DAMAGE, true, false, through));
  };
  /** An unsaved hit: its Damage (a shared Crit (2 Hits) counts it and rolls Damage once, at the end). */
  const unsaved = (shared: boolean, more: boolean, through: number): FaceStep => {
    if (shared) return afterHit(true, more, through + 1, 0);
    return dieFaces === 0 ? afterHit(false, more, 0, damageOf(0, 1)) : goTo(state(AT_DAMAGE, false, more, 0));
  };
  return (s, face) => {
    const stage = s % DIE_STAGES;
    const context = (s - stage) / DIE_STAGES;
    const more = context % 2 === 1;
    const shared = context >= 2;
    const through = shared ? (context >> 1) - 1 : 0;
    switch (stage) {
      case AT_HIT:
      case AT_HIT_AGAIN: {
        if (stage === AT_HIT && w.hitAgain[face] === 1) return goTo(AT_HIT_AGAIN);
        const hit = w.hit[face];
        if (hit === MISS) return endRun(0);
        if (hit === CRIT)
          switch (w.crit) {
            case CRIT_MORTAL:
              return dieFaces === 0 ? endRun(damageOf(0, 1)) : goTo(state(AT_DAMAGE, false, false, 0));
            case CRIT_AUTO_WOUND:
              return goTo(state(AT_SAVE, false, false, 0));
            case CRIT_TWO_HITS:
              return goTo(state(AT_WOUND, w.sharedCritDamage, true, 0));
          }
        return goTo(state(AT_WOUND, false, false, 0));
      }
      case AT_WOUND:
      case AT_WOUND_AGAIN:
        if (stage === AT_WOUND && w.woundAgain[face] === 1) return goTo(s + 1);
        return w.wound[face] === 1 ? goTo(state(AT_SAVE, shared, more, through)) : afterHit(shared, more, through, 0);
      case AT_SAVE:
      case AT_SAVE_AGAIN:
        if (stage === AT_SAVE && w.saveAgain[face] === 1) return goTo(s + 1);
        return w.save[face] === 1 ? afterHit(shared, more, through, 0) : unsaved(shared, more, through);
      default:
        // AT_DAMAGE: a plain hit's Damage, or the shared Damage of a Crit (2 Hits) times the hits through.
        return afterHit(false, more, 0, damageOf(face, shared ? through : 1));
    }
  };
}
