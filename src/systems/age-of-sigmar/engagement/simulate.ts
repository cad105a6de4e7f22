/**
 * Monte Carlo of an Age of Sigmar engagement, played as at the table: turn by turn, phase by
 * phase, each unit's ATTACK ability rolled die by die by the single-attack simulator (with the
 * models and weapons it has left when it is declared), then its damage allocated one point at a
 * time (18.2) before anyone else acts. Its own code orders the activations; it shares only the
 * parsed engagement and the tables' names with the exact chain.
 */
import type { Rng } from '../../../core/rng.js';
import type { Tally } from '../../../sim/tally.js';
import { damageRoller } from '../simulate.js';
import { weaponsWith } from './loadout.js';
import type { AttackAbility, Engagement, Side } from './schema.js';
import { DESTROYED_IN_TURN, SURVIVES, activePlayer, leftTable, tierOf, turnKey } from './tables.js';

type Roller = (rng: Rng) => number;

export function simulateEngagement(e: Engagement, rng: Rng, n: number, tally: Tally): void {
  const rollers = new Map<number, Roller>();
  const count = e.units.length;
  const models = new Int32Array(count);
  const counter = new Int32Array(count);
  const fought = new Uint8Array(count);
  const focus = e.units[e.focus];
  const inTurn = new Float64Array(e.turns + 1);
  const left = e.units.map(() => new Float64Array(0));

  /** The damage after wards of unit i's ability against its k-th target, as the unit is now. */
  const roll = (i: number, ability: AttackAbility, k: number, turn: number): number => {
    const u = e.units[i];
    const damaged = counter[i] > 0;
    // Unit, ability, target (at most 10 enemy units), first turn, damaged, models (at most 1000).
    const id = ((((i * 2 + (ability === 'fight' ? 1 : 0)) * 16 + k) * 2 + (turn === 1 ? 1 : 0)) * 2 + (damaged ? 1 : 0)) * 1024 + models[i];
    let roller = rollers.get(id);
    if (!roller) {
      const plan = (ability === 'fight' ? u.fight : u.shoot)[k];
      const s = turn === 1 ? plan.firstTurn : plan.laterTurns;
      const weapons = weaponsWith(models[i], u.removalOrder, u.weapons, s.attacker.weapons, plan.weaponIndex);
      // Cornered Rat: the counter when the ability is declared (A10).
      roller = weapons.length === 0 ? () => 0 : damageRoller({ ...s, attacker: { models: models[i], damaged: damaged ? 1 : 0, weapons } });
      rollers.set(id, roller);
    }
    return roller(rng);
  };

  /** Unit i attacks the first of its targets still on the table; returns the points allocated. */
  const attack = (i: number, ability: AttackAbility, turn: number): number => {
    const plans = ability === 'fight' ? e.units[i].fight : e.units[i].shoot;
    const k = plans.findIndex((p) => models[p.target] > 0);
    if (k < 0) return 0;
    const t = plans[k].target;
    const health = e.units[t].health!;
    let points = roll(i, ability, k, turn);
    let allocated = 0;
    // Allocation (18.2): one point at a time; at Health a model is slain and the counter resets;
    // once the last model is slain the rest of the pool has no effect (18.4).
    while (points > 0 && models[t] > 0) {
      points--;
      allocated++;
      if (++counter[t] === health) {
        models[t]--;
        counter[t] = 0;
      }
    }
    return t === e.focus ? allocated : 0;
  };

  const canFight = (i: number, side: Side, tier: number) =>
    e.units[i].side === side && fought[i] === 0 && models[i] > 0 && tierOf(e.units[i]) === tier && e.units[i].fight.some((p) => models[p.target] > 0);
  const pick = (side: Side, tier: number): number => {
    for (let i = 0; i < count; i++) if (canFight(i, side, tier)) return i;
    return -1;
  };
  const other = (side: Side): Side => (side === 'attacker' ? 'defender' : 'attacker');

  for (let sample = 0; sample < n; sample++) {
    e.units.forEach((u, i) => {
      models[i] = u.models;
      counter[i] = u.damaged;
    });
    let damage = 0;
    let destroyedIn = 0;
    for (let turn = 1; turn <= e.turns; turn++) {
      const active = activePlayer(e, turn);
      for (const phase of e.phases) {
        if (phase === 'shooting') {
          for (let i = 0; i < count; i++) if (e.units[i].side === active && models[i] > 0 && e.units[i].shoot.length > 0) damage += attack(i, 'shoot', turn);
          continue;
        }
        // Combat phase (13.1): players alternate picks, the active player first, Strike-first
        // units before all others and Strike-last units after them (19.0).
        fought.fill(0);
        for (let tier = 0; tier <= 2; tier++) {
          let picker = active;
          for (;;) {
            let i = pick(picker, tier);
            if (i < 0) {
              picker = other(picker);
              i = pick(picker, tier);
              if (i < 0) break;
            }
            damage += attack(i, 'fight', turn);
            fought[i] = 1;
            picker = other(picker);
          }
        }
      }
      if (destroyedIn === 0 && models[e.focus] === 0) destroyedIn = turn;
    }
    tally.record(damage, focus.models - models[e.focus], models[e.focus] === 0);
    inTurn[destroyedIn]++;
    for (let i = 0; i < count; i++) {
      if (left[i].length <= models[i]) {
        const grown = new Float64Array(e.units[i].models + 1);
        grown.set(left[i]);
        left[i] = grown;
      }
      left[i][models[i]]++;
    }
  }
  for (let turn = 1; turn <= e.turns; turn++) tally.recordOutcome(DESTROYED_IN_TURN, turnKey(turn), inTurn[turn]);
  tally.recordOutcome(DESTROYED_IN_TURN, SURVIVES, inTurn[0]);
  e.units.forEach((u, i) => left[i].forEach((times, m) => tally.recordOutcome(leftTable(u.name), String(m), times)));
}
