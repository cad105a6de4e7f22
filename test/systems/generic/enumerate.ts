/**
 * The independent witness for the generic D6 pipeline: every die of a small scenario walked in
 * the order the README's "The generic D6 pipeline" section describes — each weapon profile in
 * turn; for each attack the hit roll (re-roll, modifier capped to ±1, critical hit and its
 * effects, extra hits and extra hit rolls), then for each hit the wound roll (re-roll, modifier,
 * critical wound), the save (armour after rend, or the invulnerable save), the Damage dice (with
 * their re-roll), the ward per point and the allocation of each packet of damage to the target's
 * models. It reads the same JSON as `parse` and imports nothing from src/.
 *
 * Equal states are merged as the walk goes (test/support/walk.ts). The state is what is being
 * measured: the damage allocated so far — the total when damage spills over, or (models slain,
 * damage on the current model) packed as slain·health + damage when the excess of a packet is
 * lost — or, for `--stages`, the count of attacks, hits, wounds, unsaved wounds, or the damage
 * points through the ward.
 */
import { type Weights, bind, certain, diceTotal, die, map, probability } from '../../support/walk.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw scenario JSON */
type Json = any;

export interface EnumeratedGeneric {
  damage: Weights;
  /** Models removed (always given; the README prints it as "the same as damage" for 1 health). */
  slain: Weights;
  /** P(every model removed); undefined when the target has no model count. */
  destroyed?: number;
}

/** What a walk measures: the allocated damage (the outcome), or one stage of `--stages`. */
export type Measure = 'allocated' | 'attacks' | 'hits' | 'wounds' | 'unsaved wounds' | 'damage dealt';

const dice = (expr: string | number) => diceTotal(expr, () => die(3));

/** "4+", 4 → 4; 'auto' → 'auto'; 'none' → null. */
function roll(value: Json): number | 'auto' | null {
  if (value === undefined || value === 'none' || value === '-') return null;
  if (value === 'auto') return 'auto';
  return Number(String(value).replace('+', ''));
}

interface Crit {
  on: number;
  effects: Array<{ id: string; param: string | null }>;
}

function crit(raw: Json): Crit | null {
  if (!raw) return null;
  const effects = (raw.effects as string[]).map((text) => {
    const m = /^\s*([a-z-]+\+?)\s*(?:\(\s*([^()]*?)\s*\))?\s*$/.exec(text);
    if (!m) throw new Error(`enumerateGeneric: effect '${text}' is not modelled`);
    return { id: m[1], param: m[2] ?? null };
  });
  return { on: Number(String(raw.on ?? 6).replace('+', '')), effects };
}

const effect = (c: Crit | null, id: string) => c?.effects.find((e) => e.id === id) ?? null;
const bonus = (c: Crit | null, id: string) => Number(effect(c, id)?.param ?? 0);

/** One step of the walk: from a state, every outcome of the dice that follow. */
type Step = (state: number) => Weights;

export function enumerateGeneric(input: Json): EnumeratedGeneric {
  const allocated = walkGeneric(input, 'allocated');
  const t = input.target ?? {};
  const health: number = t.health ?? 1;
  const models: number = t.models ?? Infinity;
  const spill = (input.situation?.allocation ?? 'spill-over') === 'spill-over';
  // With spill-over the pool is allocated point by point up to the unit's total health.
  const wounds = models * health;
  const damage = map(allocated, (s) => (spill ? Math.min(s, wounds) : s));
  const slain = map(damage, (d) => Math.min(models, Math.floor(d / health)));
  const destroyed = Number.isFinite(models) ? probability(slain, (k) => k === models) : undefined;
  return { damage, slain, destroyed };
}

/** The distribution of one measure over every sequence of dice. */
export function walkGeneric(input: Json, measure: Measure): Weights {
  const profiles: Json[] = input.attacker.profiles ?? [input.attacker];
  let states = certain(0);
  for (const profile of profiles) states = walkProfile(profile, input, measure, states);
  return states;
}

function walkProfile(a: Json, input: Json, measure: Measure, start: Weights): Weights {
  const t = input.target ?? {};
  const health: number = t.health ?? 1;
  const models: number = t.models ?? Infinity;
  const allocation: string = input.situation?.allocation ?? 'spill-over';
  const hit = roll(a.hit) as number | 'auto';
  const wound = roll(a.wound) as number | 'auto';
  const save = roll(t.save ?? 'none') as number | null;
  const invulnerable = roll(t.invulnerable ?? 'none') as number | null;
  const ward = roll(t.ward ?? 'none') as number | null;
  const rend: number = a.rend ?? 0;
  const cap = (m: number) => Math.max(-1, Math.min(1, m));
  const hitModifier = cap(a['hit-modifier'] ?? 0);
  const woundModifier = cap(a['wound-modifier'] ?? 0);
  const hitCrit = crit(a['hit-crit']);
  const woundCrit = crit(a['wound-crit']);
  const rerolls = { hit: a.reroll?.hit ?? 'none', wound: a.reroll?.wound ?? 'none', damage: String(a.reroll?.damage ?? 'none') };

  /** Count one event of a stage. */
  const tick =
    (stage: Measure): Step =>
    (s) =>
      certain(stage === measure ? s + 1 : s);

  /** A packet of damage allocated: pooled, or on the current model with its excess lost (mortal damage spills over under mortal-spill-over). */
  const allocate = (state: number, points: number, mortal: boolean): number => {
    if (measure === 'damage dealt') return state + points;
    if (measure !== 'allocated') return state;
    if (allocation === 'spill-over' || (mortal && allocation === 'mortal-spill-over')) {
      const slain = Math.floor(state / health);
      return slain >= models ? state : Math.min(state + points, models * health);
    }
    const slain = Math.floor(state / health);
    if (slain >= models || points === 0) return state;
    const current = state - slain * health + points;
    return current >= health ? (slain + 1) * health : state + points;
  };

  /**
   * A D6 roll against `need` with a modifier and its re-roll (at most once); → 2 critical,
   * 1 success, 0 failure. An unmodified 1 fails, an unmodified 6 succeeds. 'all' re-rolls every
   * non-critical, and without a critical effect every failure.
   */
  function d6Roll(need: number, modifier: number, c: Crit | null, policy: string): Weights {
    const result = (face: number) => (c !== null && face >= c.on ? 2 : face !== 1 && (face === 6 || face + modifier >= need) ? 1 : 0);
    const again = (face: number) =>
      policy === 'ones' ? face === 1 : policy === 'failed' || (policy === 'all' && c === null) ? result(face) === 0 : policy === 'all' ? result(face) !== 2 : false;
    return map(
      bind(die(6), (face) => (again(face) ? die(6) : certain(face))),
      result,
    );
  }

  /** Equal sub-walks merged: a step from a state is walked once (its dice do not depend on how the state was reached). */
  const memo = (step: Step): Step => {
    const cache = new Map<number, Weights>();
    return (s) => {
      let w = cache.get(s);
      if (!w) cache.set(s, (w = step(s)));
      return w;
    };
  };
  const keyed = <A extends unknown[]>(make: (...args: A) => Step): ((...args: A) => Step) => {
    const steps = new Map<string, Step>();
    return (...args) => {
      const key = JSON.stringify(args);
      let step = steps.get(key);
      if (!step) steps.set(key, (step = memo(make(...args))));
      return step;
    };
  };

  /** The Damage roll with its re-roll: `ones` each die of 1 once, `below(N)` the whole roll once. */
  function damageRoll(): Weights {
    const expr = a.damage ?? 1;
    const below = /^below\((\d+)\)$/.exec(rerolls.damage);
    if (below) return bind(dice(expr), (v) => (v < Number(below[1]) ? dice(expr) : certain(v)));
    if (rerolls.damage !== 'ones') return dice(expr);
    const m = /^(\d*)D(3|6)([+-]\d+)?$/i.exec(String(expr));
    if (!m) throw new Error(`enumerateGeneric: damage '${expr}' with re-roll ones is not modelled`);
    const one = m[2] === '3' ? die(3) : die(6);
    const rerolled = bind(one, (f) => (f === 1 ? one : certain(f)));
    let sum = certain(Number(m[3] ?? 0));
    for (let i = 0; i < (m[1] === '' ? 1 : Number(m[1])); i++) sum = bind(sum, (x) => map(rerolled, (f) => x + f));
    return sum;
  }
  const damage = damageRoll();

  /** Points of damage that get through the ward: one D6 per point, removed on ward+. */
  const throughWard = (points: Weights): Weights =>
    bind(points, (n) => {
      let kept = certain(0);
      for (let i = 0; i < n; i++) kept = bind(kept, (k) => (ward === null ? certain(k + 1) : map(die(6), (face) => (face >= ward ? k : k + 1))));
      return kept;
    });

  /** Allocate a packet drawn from `points` (already through the ward). */
  const deal =
    (points: Weights, mortal: boolean): Step =>
    (s) => {
      if (measure !== 'allocated' && measure !== 'damage dealt') return certain(s);
      return map(points, (p) => allocate(s, p, mortal));
    };
  const mortal = keyed((expr: string) => deal(throughWard(dice(expr)), true));

  const seq =
    (...steps: Step[]): Step =>
    (s) =>
      steps.reduce((w, step) => bind(w, step), certain(s));

  /** A wound: save roll (the better of armour after rend and invulnerable; natural 1 fails), then Damage + bonus, then ward. */
  const afterWound = keyed((extraRend: number, extraDamage: number): Step => {
    const armour = save === null ? 7 : save + rend + extraRend;
    const need = Math.min(armour, invulnerable ?? 7);
    const saved = need > 6 ? certain(0) : map(die(6), (face) => (face !== 1 && face >= need ? 1 : 0));
    const unsaved = seq(tick('unsaved wounds'), deal(throughWard(map(damage, (v) => v + extraDamage)), false));
    return (s) => bind(tick('wounds')(s), (s1) => bind(saved, (sv) => (sv ? certain(s1) : unsaved(s1))));
  });

  /** A hit rolls to wound (with its critical wound); `hitRend`/`hitDamage` from a critical hit. */
  const woundRoll = keyed((hitRend: number, hitDamage: number): Step => {
    if (wound === 'auto') return afterWound(hitRend, hitDamage);
    const rolled = d6Roll(wound, woundModifier, woundCrit, rerolls.wound);
    const extra = effect(woundCrit, 'extra-mortal');
    const critical: Step = effect(woundCrit, 'mortal')
      ? mortal(effect(woundCrit, 'mortal')!.param!)
      : seq(afterWound(hitRend + bonus(woundCrit, 'rend+'), hitDamage + bonus(woundCrit, 'damage+')), ...(extra ? [mortal(extra.param!)] : []));
    return (s) => bind(rolled, (w) => (w === 0 ? certain(s) : w === 1 ? afterWound(hitRend, hitDamage)(s) : critical(s)));
  });

  const ordinaryHit = memo(seq(tick('hits'), woundRoll(0, 0)));

  /** The critical hit itself: mortal damage instead, an automatic wound, or a wound roll, with its rend+ / damage+. */
  const critItself: Step = effect(hitCrit, 'mortal')
    ? mortal(effect(hitCrit, 'mortal')!.param!)
    : seq(tick('hits'), effect(hitCrit, 'auto-wound') ? afterWound(bonus(hitCrit, 'rend+'), bonus(hitCrit, 'damage+')) : woundRoll(bonus(hitCrit, 'rend+'), bonus(hitCrit, 'damage+')));

  /** `n` copies of a step, one after another, n drawn from the dice. */
  const repeat =
    (expr: string, step: Step): Step =>
    (s) =>
      bind(dice(expr), (n) => {
        let w = certain(s);
        for (let i = 0; i < n; i++) w = bind(w, step);
        return w;
      });

  /** A hit roll; the attack's first roll may make extra hit rolls, those rolls make none. */
  const hitRoll = keyed((first: boolean): Step => {
    if (hit === 'auto') return ordinaryHit;
    const rolled = d6Roll(hit, hitModifier, hitCrit, rerolls.hit);
    const steps = [critItself];
    const extraMortal = effect(hitCrit, 'extra-mortal');
    if (extraMortal) steps.push(mortal(extraMortal.param!));
    const extraHits = effect(hitCrit, 'extra-hits');
    if (extraHits) steps.push(repeat(extraHits.param!, ordinaryHit));
    const extraRolls = effect(hitCrit, 'extra-hit-rolls');
    if (first && extraRolls) steps.push(repeat(extraRolls.param!, hitRoll(false)));
    const critical = seq(...steps);
    return (s) => bind(rolled, (h) => (h === 0 ? certain(s) : h === 1 ? ordinaryHit(s) : critical(s)));
  });

  const attackFrom = memo((s) => bind(tick('attacks')(s), hitRoll(true)));

  // Attacks: each attacking model rolls its own Attacks; the attacks follow one another.
  let states = start;
  for (let m = 0; m < (a.models ?? 1); m++)
    states = bind(states, (s) =>
      bind(dice(a.attacks), (n) => {
        let w = certain(s);
        for (let i = 0; i < n; i++) w = bind(w, attackFrom);
        return w;
      }),
    );
  return states;
}
