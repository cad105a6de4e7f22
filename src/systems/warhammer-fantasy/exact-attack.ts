/**
 * Exact engine, one attack and then N attacks: the probability that one attack causes an unsaved
 * wound or a Killing Blow, and the distribution of the defender's state (models left, Wounds left
 * on the model being wounded, Overkill) after N independent attacks, by a dynamic programme.
 */
import { diceDist } from '../../core/dice.js';
import { type Dist, point } from '../../core/dist.js';
import { faceDistribution, pAtLeast } from '../../core/d6.js';
import { IntPairTable } from '../../core/int-pair-table.js';
import type { Defender, Strike } from './strike.js';
import { OVERKILL_MAX } from './tables.js';

export interface AttackOutcome {
  /** P(an unsaved wound, to be multiplied by the multiple-wounds dice). */
  readonly wound: number;
  /** P(a Killing Blow that no ward save stopped). */
  readonly kill: number;
}

/** P(a save or ward needing `need` passes): a natural 1 always fails — §7. */
function pSave(need: number | null): number {
  if (need === null) return 0;
  return need >= 7 ? 0 : pAtLeast(Math.max(need, 2));
}

/**
 * p = P(hit) × P(wound) × (1 − P(save)) × (1 − P(ward)) — §7, with the natural-6 rules of §1:
 * a poisoned natural 6 to hit skips the wound roll; a Killing Blow natural 6 to wound skips armour.
 */
export function attackOutcome(strike: Strike): AttackOutcome {
  let hitRolled = 0; // hits that go on to the to-wound roll
  let autoWound = 0; // poisoned natural 6s
  const hit = strike.hit;
  if (hit.kind === 'd6') {
    const faces = faceDistribution(strike.rerollMisses ? 'failed' : 'none', (f) => f >= hit.need);
    for (let f = hit.need; f <= 6; f++) {
      if (f === 6 && strike.poisoned) autoWound += faces[f];
      else hitRolled += faces[f];
    }
  } else if (hit.kind === 'six-then') {
    hitRolled = (1 / 6) * pAtLeast(hit.need);
  }
  let woundRolled = 0;
  let killing = 0;
  if (strike.wound !== null) {
    killing = strike.killingBlow ? 1 / 6 : 0;
    woundRolled = pAtLeast(strike.wound) - killing;
  }
  const wardFails = 1 - pSave(strike.ward);
  return {
    wound: (hitRolled * woundRolled + autoWound) * (1 - pSave(strike.save)) * wardFails,
    kill: hitRolled * killing * wardFails,
  };
}

/** The defender after some attacks. */
export interface DefenderState {
  readonly modelsLeft: number;
  /** Wounds lost in total (a model never loses more than it has left). */
  readonly lost: number;
  /** Combat-resolution points: wounds lost plus Overkill (challenge only). */
  readonly points: number;
}

/** `n` independent attacks with the same outcome and multiple-wounds dice. */
export interface Volley {
  readonly outcome: AttackOutcome;
  readonly damage: Dist;
  readonly n: number;
}

/**
 * Distribution of the defender's state after the volleys' attacks, in order — §8: each unsaved wound removes one
 * Wound (or the multiple-wounds roll, never more than the model has left: the excess is lost, §1);
 * a Killing Blow removes the model. In a challenge, wounds beyond the last model count as
 * Overkill up to +5 (§9); a Killing Blow on an already-slain model is one such wound. `lost`
 * counts the wounds of these volleys only, not those the first model carried in (`def.wounded`).
 */
export function defenderStates(def: Defender, volleys: readonly Volley[]): Map<number, number> {
  const W = def.w;
  const K = OVERKILL_MAX + 1;
  const key = (m: number, cur: number, e: number) => (m * (W + 1) + cur) * K + e;
  const wounded = def.wounded ?? 0;
  // With no model left there is no model being wounded (cur 0), as after the last one falls
  let states = new Map<number, number>([[key(def.models, def.models > 0 ? W - wounded : 0, 0), 1]]);
  const add = (map: Map<number, number>, k: number, p: number) => map.set(k, (map.get(k) ?? 0) + p);
  for (const { outcome, damage, n } of volleys) {
    const pNothing = 1 - outcome.wound - outcome.kill;
    for (let step = 0; step < n; step++) {
      const next = new Map<number, number>();
      for (const [k, p] of states) {
        const e = k % K;
        const cur = Math.floor(k / K) % (W + 1);
        const m = Math.floor(k / K / (W + 1));
        if (pNothing > 0) add(next, k, p * pNothing);
        if (m === 0) {
          // Nothing left to wound: only Overkill in a challenge counts.
          const extra = def.overkill ? 1 : 0;
          if (outcome.kill > 0) add(next, key(0, 0, Math.min(OVERKILL_MAX, e + extra)), p * outcome.kill);
          if (outcome.wound > 0)
            for (let d = 1; d < damage.length; d++)
              if (damage[d] > 0) add(next, key(0, 0, Math.min(OVERKILL_MAX, e + (def.overkill ? d : 0))), p * outcome.wound * damage[d]);
          continue;
        }
        if (outcome.kill > 0) add(next, key(m - 1, m > 1 ? W : 0, e), p * outcome.kill);
        if (outcome.wound > 0)
          for (let d = 1; d < damage.length; d++) {
            if (damage[d] === 0) continue;
            const left = cur - d;
            const over = def.overkill ? Math.max(0, -left) : 0;
            const to = left > 0 ? key(m, left, e) : key(m - 1, m > 1 ? W : 0, Math.min(OVERKILL_MAX, e + over));
            add(next, to, p * outcome.wound * damage[d]);
          }
      }
      states = next;
    }
  }
  const out = new Map<number, number>();
  for (const [k, p] of states) {
    const e = k % K;
    const cur = Math.floor(k / K) % (W + 1);
    const m = Math.floor(k / K / (W + 1));
    const lost = def.models * W - wounded - (m > 0 ? (m - 1) * W + cur : 0);
    const at = stateKey(m, lost, lost + e);
    out.set(at, (out.get(at) ?? 0) + p);
  }
  return out;
}

/** A distribution of defender states, unpacked once: `states[i]` with probability `p[i]`, in defenderStates' order. */
export interface DefenderStates {
  readonly states: readonly DefenderState[];
  readonly p: Float64Array;
}

/** A kind of volley: one attack's outcome and multiple-wounds dice, with its id in a DefenderMemo. */
export interface VolleyKind {
  readonly outcome: AttackOutcome;
  readonly damage: Dist;
  readonly id: number;
}

/** A volley of a kind met by a DefenderMemo. */
export interface KindVolley extends Volley {
  readonly kind: number;
}

/** One kind of blow of each fighting model (or `attacks` in all when `fixed`, a joined character's). */
export interface KindBlow {
  readonly attacks: number;
  readonly fixed: boolean;
  readonly kind: VolleyKind;
}

/** Ranges of the integer keys: defender fields, a blow's attacks and the fighting models below these, else a string key. */
const MAX_W = 128;
const MAX_MODELS = 32768;
const MAX_ATTACKS = 4096;
const MAX_KINDS = 131072;

/**
 * defenderStates already worked out, by defender and volleys (a whole fight meets the same ones in
 * many states), found by integers: each strike's kind of volley is worked out once (its outcome
 * and dice, interned by value); a defender and the blows struck at it are a node of integer
 * look-ups (blowsNode), and the fighting models one more.
 */
export class DefenderMemo {
  private readonly kindIds = new Map<string, number>();
  private readonly strikeKinds = new WeakMap<Strike, VolleyKind>();
  /** (node, next part of the key) → node; node 0 is the root; found[node] the distribution at a whole key. */
  private readonly nodes = new IntPairTable();
  private nodeCount = 1;
  private readonly found: Array<DefenderStates | undefined> = [];
  private readonly rare = new Map<string, DefenderStates>();

  /** The kind of volley of `strike`: its outcome (§7) and multiple-wounds dice, worked out once per strike. */
  kindOf(strike: Strike): VolleyKind {
    let kind = this.strikeKinds.get(strike);
    if (!kind) {
      const outcome = attackOutcome(strike);
      const damage = damageDist(strike);
      // Number-to-string round-trips every double, so equal keys mean equal outcomes and dice
      const key = `${outcome.wound},${outcome.kill},${damage.join(',')}`;
      let id = this.kindIds.get(key);
      if (id === undefined) this.kindIds.set(key, (id = this.kindIds.size));
      this.strikeKinds.set(strike, (kind = { outcome, damage, id }));
    }
    return kind;
  }

  /** The node of `def` struck by `blows`, or −1 beyond the integer keys' ranges. */
  blowsNode(def: Defender, blows: readonly KindBlow[]): number {
    const wounded = def.wounded ?? 0;
    if (!(def.models < MAX_MODELS && def.w < MAX_W && wounded < MAX_W)) return -1;
    let node = this.step(0, ((def.models * MAX_W + def.w) * MAX_W + wounded) * 2 + (def.overkill ? 1 : 0));
    for (const b of blows) {
      if (!(b.attacks < MAX_ATTACKS && b.kind.id < MAX_KINDS)) return -1;
      node = this.step(node, (b.kind.id * MAX_ATTACKS + b.attacks) * 2 + (b.fixed ? 1 : 0));
    }
    return node;
  }

  /** defenderStates of `def` (whose blowsNode is `node`) after `blows` of `models` fighting models, computed and unpacked once. */
  states(node: number, def: Defender, blows: readonly KindBlow[], models: number): DefenderStates {
    if (node < 0 || !(models < MAX_MODELS)) return this.rareStates(def, volleysOf(blows, models));
    const at = this.step(node, models);
    let out = this.found[at];
    if (!out) this.found[at] = out = unpacked(defenderStates(def, volleysOf(blows, models)));
    return out;
  }

  private step(node: number, part: number): number {
    let next = this.nodes.get(node, part);
    if (next < 0) this.nodes.set(node, part, (next = this.nodeCount++));
    return next;
  }

  /** Beyond the integer keys' ranges: a string key. */
  private rareStates(def: Defender, volleys: readonly KindVolley[]): DefenderStates {
    let key = `${def.models},${def.w},${def.wounded ?? 0},${def.overkill}`;
    for (const v of volleys) key += `|${v.n},${v.kind}`;
    let out = this.rare.get(key);
    if (!out) this.rare.set(key, (out = unpacked(defenderStates(def, volleys))));
    return out;
  }
}

/** The volleys of `models` fighting models' blows: each model's attacks, or a joined character's in all. */
function volleysOf(blows: readonly KindBlow[], models: number): KindVolley[] {
  return blows.map(({ attacks, fixed, kind }) => ({ outcome: kind.outcome, damage: kind.damage, kind: kind.id, n: fixed ? attacks : models * attacks }));
}

/** A distribution of packed defender states, unpacked in its order. */
function unpacked(dist: Map<number, number>): DefenderStates {
  const states: DefenderState[] = [];
  const p = new Float64Array(dist.size);
  for (const [k, q] of dist) {
    p[states.length] = q;
    states.push(unpackState(k));
  }
  return { states, p };
}

/** Pack a DefenderState into one number (models ≤ 500, wounds ≤ 5000, points ≤ 5005). */
function stateKey(modelsLeft: number, lost: number, points: number): number {
  return (modelsLeft * 8192 + lost) * 8192 + points;
}

export function unpackState(key: number): DefenderState {
  return { modelsLeft: Math.floor(key / 8192 / 8192), lost: Math.floor(key / 8192) % 8192, points: key % 8192 };
}

/** Wounds caused by one unsaved wound: the multiple-wounds dice, or 1. */
export function damageDist(strike: Strike): Dist {
  return strike.damage ? diceDist(strike.damage) : point(1);
}
