/**
 * The exact engine of an Age of Sigmar engagement: a Markov chain whose state is what carries over
 * between ATTACK abilities — each unit's remaining health points (models × Health minus its damage
 * counter). Allocation with spill-over (18.2–18.4) is then a subtraction: r' = max(0, r − D), with
 * ⌈r/H⌉ models left and the unit damaged while r is not a multiple of H. Each ability's damage
 * after wards is the single-attack engine's answer for the attacker as it is when the ability is
 * declared (models left, weapons lost with them, Cornered Rat); equal states are merged.
 */
import { type Dist, point } from '../../../core/dist.js';
import { expectWork, grouped } from '../../../core/budget.js';
import { expectWhole } from '../../../fight/conservation.js';
import { MAX_CHAIN_STATES } from '../../../fight/chain.js';
import { addState, advance, certain, massOf, type StateDist, TRANSITION_UNITS } from '../../../fight/markov.js';
import type { Outcome } from '../../types.js';
import { exactOutcome } from '../exact.js';
import { weaponsWith } from './loadout.js';
import type { AttackAbility, AttackPlan, Engagement, EngagementUnit, Side } from './schema.js';
import { EngagementTables, activePlayer, tierOf } from './tables.js';

/** Remaining health points of every unit, in unit order. */
type Health = readonly number[];
const key = (r: Health) => r.join(',');

/** A state inside a combat phase: the units, who has fought, the Strike tier being played and whose pick it is. */
interface InPhase {
  readonly r: Health;
  readonly fought: number;
  readonly tier: number;
  readonly picker: Side;
}
const phaseKey = (s: InPhase) => `${s.r.join(',')}|${s.fought}|${s.tier}|${s.picker}`;

export function engagementExact(e: Engagement): Outcome {
  const start = e.units.map(startHealth);
  const damage = new DamageCache(e);
  const tables = new EngagementTables(e);
  expectWork(engagementWork(e, damage), () => `an engagement of ${grouped(e.units.length)} units over ${grouped(e.turns)} player turns`);
  let live: StateDist<Health> = certain(start, key);
  for (let turn = 1; turn <= e.turns; turn++) {
    const active = activePlayer(e, turn);
    for (const phase of e.phases) {
      if (phase === 'shooting')
        // Shooting phase (14.2): the active player's units shoot one after another; each ability's
        // damage sequence runs before the next (18.0).
        e.units.forEach((u, i) => {
          if (u.side === active && u.shoot.length > 0) live = advance(live, (r) => activation(e, damage, i, 'shoot', r, turn), key);
        });
      else live = combatPhase(e, damage, live, active, turn);
      // No unit leaves the table here: every state goes on, and they sum to 1 (conservation.ts)
      expectWhole(massOf(live), `Age of Sigmar engagement, battle round ${turn}, ${phase} phase`);
    }
    for (const { p, state } of live.values()) tables.afterTurn(turn, state[e.focus] === 0, p);
  }
  for (const { p, state } of live.values()) tables.end(state, p);
  return tables.outcome();
}

function startHealth(u: EngagementUnit): number {
  return u.models * (u.health ?? 1) - u.damaged;
}

/** The engagement's whole work, estimated before any turn is played (GameSystem.estimate). */
export function engagementEstimate(e: Engagement): number {
  return engagementWork(e, new DamageCache(e));
}

/**
 * The engagement's work, estimated before it starts (core/budget.ts): each ATTACK ability used in
 * each turn carries every live state to each damage it can deal — no more than it can deal at full
 * strength, and from a state no more than its target's remaining health + 1 (meanOutcomes). A
 * unit's remaining health takes one value at the start, and each ability adds to its targets' the
 * most it can deal (up to the target's health + 1 values); the live states are at most the joint
 * values of the units' (jointStates) and at most MAX_CHAIN_STATES.
 */
function engagementWork(e: Engagement, damage: DamageCache): number {
  const values = e.units.map(() => 1);
  const joint = jointStates(e);
  let transitions = 0;
  for (let turn = 1; turn <= e.turns; turn++) {
    const active = activePlayer(e, turn);
    for (const phase of e.phases)
      e.units.forEach((u, i) => {
        const ability: AttackAbility = phase === 'shooting' ? 'shoot' : 'fight';
        if (phase === 'shooting' && u.side !== active) return;
        const plans = ability === 'fight' ? u.fight : u.shoot;
        if (plans.length === 0) return;
        const r = startHealth(u);
        const most = plans.map((p, k) =>
          Math.min(startHealth(e.units[p.target]) + 1, damage.of(i, ability, k, turn === 1, modelsOf(u, r), r % (u.health ?? 1) !== 0).length),
        );
        const perState = plans.map((p, k) => meanOutcomes(most[k], startHealth(e.units[p.target]), values[p.target]));
        transitions += Math.min(MAX_CHAIN_STATES, joint(values)) * Math.max(...perState);
        // The ability goes to the first of its targets still on the table: any of them may take its damage.
        plans.forEach((p, k) => (values[p.target] = Math.min(startHealth(e.units[p.target]) + 1, values[p.target] + most[k] - 1)));
      });
  }
  return transitions * TRANSITION_UNITS;
}

/**
 * The outcomes from one state of an ability with at most `most` of them, averaged over its
 * target's remaining health: from r left there are at most r + 1 (any damage of r or more leaves
 * 0), and r takes `values` values, from the target's full `health` down.
 */
function meanOutcomes(most: number, health: number, values: number): number {
  const low = health - values + 1;
  // r + 1 for r below most − 1, then most
  const rising = Math.max(0, Math.min(health, most - 1) - low + 1);
  const risingSum = (rising * (low + 1 + low + rising)) / 2;
  return (risingSum + (values - rising) * most) / values;
}

/**
 * The joint states of the units' remaining health, from the values each unit's may take: their
 * product, except in a group of units that the units' target lists name together and always in
 * one order (each list naming the group's units in a start of that order). An ability goes to the
 * first of its targets still on the table and health only goes down, so a unit of such a group is
 * damaged only once every unit before it is destroyed: the group's joint values are then
 * 1 + Σ (values − 1), one unit at a time, not their product.
 */
function jointStates(e: Engagement): (values: readonly number[]) => number {
  const lists = e.units.flatMap((u) => [u.fight, u.shoot]).filter((plans) => plans.length > 0).map((plans) => plans.map((p) => p.target));
  // Units named in one list together are in one group
  const group = e.units.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  for (const [first, ...rest] of lists) for (const t of rest) group[root(t)] = root(first);
  const groups = new Map<number, number[]>();
  e.units.forEach((_, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), i]));
  const parts = [...groups.values()].map((members) => {
    const within = lists.map((l) => l.filter((t) => members.includes(t))).filter((l) => l.length > 0);
    const order = within.reduce((a, b) => (b.length > a.length ? b : a), [] as number[]);
    const oneByOne = members.length === 1 || (order.length === members.length && within.every((l) => l.every((t, k) => order[k] === t)));
    return { members, oneByOne };
  });
  return (values) =>
    parts.reduce(
      (n, { members, oneByOne }) => n * (oneByOne ? 1 + members.reduce((sum, i) => sum + values[i] - 1, 0) : members.reduce((product, i) => product * values[i], 1)),
      1,
    );
}

/** Models on the table with r health points left. */
function modelsOf(u: EngagementUnit, r: number): number {
  return Math.ceil(r / (u.health ?? 1));
}

/**
 * Combat phase (13.1, 19.0): Strike-first units fight first, then the rest, then Strike-last
 * units; within each group the players alternate picks, the active player first. A player picks
 * its units in the order listed; a unit with no model left, or no target left, cannot fight.
 */
function combatPhase(e: Engagement, damage: DamageCache, live: StateDist<Health>, active: Side, turn: number): StateDist<Health> {
  let phase: StateDist<InPhase> = new Map();
  for (const { p, state } of live.values()) addState(phase, { r: state, fought: 0, tier: 0, picker: active }, p, phaseKey);
  const done: StateDist<Health> = new Map();
  while (phase.size > 0) {
    const pending: StateDist<InPhase> = new Map();
    for (const [k, w] of phase) {
      if (nextPick(e, w.state, active) === null) addState(done, w.state.r, w.p, key);
      else pending.set(k, w);
    }
    phase = advance(
      pending,
      function* (s) {
        const pick = nextPick(e, s, active)!;
        for (const [r, q] of activation(e, damage, pick.unit, 'fight', s.r, turn))
          yield [{ r, fought: s.fought | (1 << pick.unit), tier: pick.tier, picker: pick.picker === 'attacker' ? 'defender' : 'attacker' }, q] as const;
      },
      phaseKey,
    );
  }
  return done;
}

/** The next unit to fight, or null when the phase is over. */
function nextPick(e: Engagement, s: InPhase, active: Side): { unit: number; tier: number; picker: Side } | null {
  for (let tier = s.tier; tier <= 2; tier++) {
    const first = tier === s.tier ? s.picker : active;
    for (const picker of [first, first === 'attacker' ? 'defender' : 'attacker'] as const) {
      const unit = e.units.findIndex(
        (u, i) => u.side === picker && tierOf(u) === tier && (s.fought & (1 << i)) === 0 && targetPlan(u.fight, s.r) !== null && s.r[i] > 0,
      );
      if (unit >= 0) return { unit, tier, picker };
    }
  }
  return null;
}

/** The plan against the first target still on the table. */
function targetPlan(plans: readonly AttackPlan[], r: Health): number | null {
  const k = plans.findIndex((p) => r[p.target] > 0);
  return k < 0 ? null : k;
}

/** Unit i uses its ATTACK ability: every way the target's remaining health can go. */
function* activation(e: Engagement, damage: DamageCache, i: number, ability: AttackAbility, r: Health, turn: number): Generator<readonly [Health, number]> {
  const u = e.units[i];
  const plans = ability === 'fight' ? u.fight : u.shoot;
  const k = targetPlan(plans, r);
  if (r[i] === 0 || k === null) {
    yield [r, 1];
    return;
  }
  const t = plans[k].target;
  const d = damage.of(i, ability, k, turn === 1, modelsOf(u, r[i]), r[i] % (u.health ?? 1) !== 0);
  // Damage of the target's remaining health or more all leaves it at 0: one successor.
  let wiped = 0;
  for (let points = 0; points < d.length; points++) {
    if (d[points] === 0) continue;
    if (points >= r[t]) {
      wiped += d[points];
      continue;
    }
    const next = r.slice();
    next[t] = r[t] - points;
    yield [next, d[points]];
  }
  if (wiped > 0) {
    const next = r.slice();
    next[t] = 0;
    yield [next, wiped];
  }
}

/** Damage after wards of one ATTACK ability, by the attacker's state when it is declared. */
class DamageCache {
  private readonly cache = new Map<string, Dist>();
  constructor(private readonly e: Engagement) {}

  of(unit: number, ability: AttackAbility, plan: number, firstTurn: boolean, models: number, damaged: boolean): Dist {
    const id = `${unit}|${ability}|${plan}|${firstTurn}|${models}|${damaged}`;
    let d = this.cache.get(id);
    if (!d) this.cache.set(id, (d = this.compute(unit, ability, plan, firstTurn, models, damaged)));
    return d;
  }

  private compute(unit: number, ability: AttackAbility, plan: number, firstTurn: boolean, models: number, damaged: boolean): Dist {
    const u = this.e.units[unit];
    const p = (ability === 'fight' ? u.fight : u.shoot)[plan];
    const s = firstTurn ? p.firstTurn : p.laterTurns;
    // Slain models do not attack, and their weapons go with them (18.3); Champions and rare weapons last (loadout.ts).
    const weapons = weaponsWith(models, u.removalOrder, u.weapons, s.attacker.weapons, p.weaponIndex);
    if (weapons.length === 0) return point(0);
    // Cornered Rat looks at the damage counter when the ability is declared (A10).
    return exactOutcome({ ...s, attacker: { models, damaged: damaged ? 1 : 0, weapons } }).damage;
  }
}
