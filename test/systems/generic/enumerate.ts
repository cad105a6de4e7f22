/**
 * The independent witness for the generic D6 pipeline: every die of a small scenario walked in
 * the order the README's "The generic D6 pipeline" section describes — attacks per model, the hit
 * roll (re-roll, critical hit and its effects), then for each hit the wound roll (re-roll,
 * critical wound), the save, the Damage dice, the ward per point and the allocation of that hit's
 * damage to the target's models. It reads the same JSON as `parse` and imports nothing from src/.
 *
 * Equal states are merged as the walk goes (test/support/walk.ts): the state after each hit is the
 * damage allocated so far — the total when damage spills over, or (models slain, damage on the
 * current model) packed as slain·health + damage when the excess of each hit is lost.
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

export function enumerateGeneric(input: Json): EnumeratedGeneric {
  const a = input.attacker;
  const t = input.target ?? {};
  const health: number = t.health ?? 1;
  const models: number = t.models ?? Infinity;
  const spill = (input.situation?.allocation ?? 'spill-over') === 'spill-over';
  const hit = roll(a.hit) as number | 'auto';
  const wound = roll(a.wound) as number | 'auto';
  const save = roll(t.save ?? 'none') as number | null;
  const ward = roll(t.ward ?? 'none') as number | null;
  const rend: number = a.rend ?? 0;
  const hitCrit = crit(a['hit-crit']);
  const woundCrit = crit(a['wound-crit']);
  const rerolls = { hit: a.reroll?.hit ?? 'none', wound: a.reroll?.wound ?? 'none' };

  /** A D6 roll against `need` with its re-roll (at most once); → 2 critical, 1 success, 0 failure. */
  function d6Roll(need: number, c: Crit | null, policy: string): Weights {
    const result = (face: number) => (c !== null && face >= c.on ? 2 : face >= need && face !== 1 ? 1 : 0);
    const again = (face: number) =>
      policy === 'ones' ? face === 1 : policy === 'failed' ? result(face) === 0 : policy === 'all' ? result(face) !== 2 : false;
    return map(
      bind(die(6), (face) => (again(face) ? die(6) : certain(face))),
      result,
    );
  }

  /** Points of damage that get through the ward: one D6 per point, removed on ward+. */
  const throughWard = (points: Weights): Weights =>
    bind(points, (n) => {
      let kept = certain(0);
      for (let i = 0; i < n; i++) kept = bind(kept, (k) => (ward === null ? certain(k + 1) : map(die(6), (face) => (face >= ward ? k : k + 1))));
      return kept;
    });

  const mortal = (c: Crit | null) => throughWard(dice(effect(c, 'mortal')!.param!));

  /** A wound: save roll (natural 1 fails; needed past 6 means no save), then Damage, then ward. */
  const afterWound = (extraRend: number): Weights => {
    const need = save === null ? 7 : save + rend + extraRend;
    const saved = need > 6 ? certain(0) : map(die(6), (face) => (face !== 1 && face >= need ? 1 : 0));
    return bind(saved, (s) => (s ? certain(0) : throughWard(dice(a.damage ?? 1))));
  };

  /** An ordinary hit: wound roll (with its critical wound), then the save. */
  const hitPacket: Weights =
    wound === 'auto'
      ? afterWound(0)
      : bind(d6Roll(wound, woundCrit, rerolls.wound), (w) => {
          if (w === 0) return certain(0);
          if (w === 2 && effect(woundCrit, 'mortal')) return mortal(woundCrit);
          if (w === 2 && effect(woundCrit, 'rend+')) return afterWound(Number(effect(woundCrit, 'rend+')!.param));
          return afterWound(0);
        });

  /** The critical hit itself: mortal damage, an automatic wound, or an ordinary hit. */
  const critPacket: Weights = effect(hitCrit, 'mortal') ? mortal(hitCrit) : effect(hitCrit, 'auto-wound') ? afterWound(0) : hitPacket;
  const extraHits = Number(effect(hitCrit, 'extra-hits')?.param ?? 0);

  /** One hit's damage allocated: added to the pool, or onto the current model with the excess lost. */
  const allocate = (state: number, points: number): number => {
    if (spill) return state + points;
    const slain = Math.floor(state / health);
    if (slain >= models || points === 0) return state;
    const current = state - slain * health + points;
    return current >= health ? (slain + 1) * health : state + points;
  };
  const apply = (states: Weights, packet: Weights) => bind(states, (s) => map(packet, (points) => allocate(s, points)));

  /** One attack from a state: the hit roll, then the critical hit first and its extra hits. */
  const cache = new Map<number, Weights>();
  const attackFrom = (state: number): Weights => {
    const known = cache.get(state);
    if (known) return known;
    const hits = hit === 'auto' ? certain(1) : d6Roll(hit, hitCrit, rerolls.hit);
    const out = bind(hits, (h) => {
      if (h === 0) return certain(state);
      if (h === 1) return apply(certain(state), hitPacket);
      let after = apply(certain(state), critPacket);
      for (let i = 0; i < extraHits; i++) after = apply(after, hitPacket);
      return after;
    });
    cache.set(state, out);
    return out;
  };

  // Attacks: each attacking model rolls its own Attacks; the attacks follow one another.
  let states = certain(0);
  for (let m = 0; m < (a.models ?? 1); m++)
    states = bind(states, (s) =>
      bind(dice(a.attacks), (n) => {
        let w = certain(s);
        for (let i = 0; i < n; i++) w = bind(w, attackFrom);
        return w;
      }),
    );

  // Outcome: with spill-over the pool is allocated point by point up to the unit's total health.
  const wounds = models * health;
  const damage = map(states, (s) => (spill ? Math.min(s, wounds) : s));
  const slain = map(damage, (d) => Math.min(models, Math.floor(d / health)));
  const destroyed = Number.isFinite(models) ? probability(slain, (k) => k === models) : undefined;
  return { damage, slain, destroyed };
}
