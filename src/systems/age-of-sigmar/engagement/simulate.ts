/**
 * Monte Carlo of an Age of Sigmar engagement, played as at the table: turn by turn, phase by
 * phase, each unit's ATTACK ability rolled die by die by the single-attack simulator (with the
 * models and weapons it has left when it is declared), then its damage allocated one point at a
 * time (18.2) before anyone else acts. Its own code orders the activations; it shares only the
 * parsed engagement and the tables' names with the exact chain.
 *
 * Hot-loop shape (issue 16): per-sample state in typed arrays, the units' fixed facts unpacked
 * into arrays once, and each ability compiled once per (unit, ability, target, first turn or not,
 * damaged or not, models left) and kept for the engagement's later chunks.
 */
import type { Rng } from '../../../core/rng.js';
import type { Tally } from '../../../sim/tally.js';
import { AbilityRoller } from '../simulate.js';
import { plan as planOf } from '../profile.js';
import { weaponsWith } from './loadout.js';
import type { AttackPlan, Engagement } from './schema.js';
import { DESTROYED_IN_TURN, SURVIVES, activePlayer, leftTable, tierOf, turnKey } from './tables.js';

const FIGHT = 1;
const SHOOT = 0;
const ATTACKER = 0;
const DEFENDER = 1;

/**
 * The compiled abilities of an engagement, by slot ((((unit · 2 + ability) · 16 + target) · 2 +
 * first turn) · 2 + damaged), then by models left; null where the unit has no weapon left.
 */
const compiled = new WeakMap<Engagement, (AbilityRoller | null | undefined)[][]>();

export function simulateEngagement(e: Engagement, rng: Rng, n: number, tally: Tally): void {
  const count = e.units.length;
  let rollers = compiled.get(e);
  if (!rollers) compiled.set(e, (rollers = []));
  const cache = rollers;
  const startModels = Int32Array.from(e.units, (u) => u.models);
  const startCounter = Int32Array.from(e.units, (u) => u.damaged);
  const health = Int32Array.from(e.units, (u) => u.health ?? 0);
  const side = Int32Array.from(e.units, (u) => (u.side === 'attacker' ? ATTACKER : DEFENDER));
  const tier = Int32Array.from(e.units, (u) => tierOf(u));
  // Each unit's targets in order, per ability: plans[unit * 2 + ability].
  const plans: (readonly AttackPlan[])[] = [];
  for (const u of e.units) plans.push(u.shoot, u.fight);
  const shootingFirst = e.phases.map((p) => p === 'shooting');
  const models = new Int32Array(count);
  const counter = new Int32Array(count);
  const fought = new Uint8Array(count);
  const focus = e.focus;
  const focusModels = startModels[focus];
  const inTurn = new Float64Array(e.turns + 1);
  // Models left at the end, per unit (a unit never gains models).
  const left = e.units.map((u) => new Float64Array(u.models + 1));
  const activeSide = Int32Array.from({ length: e.turns + 1 }, (_, turn) => (turn === 0 ? 0 : activePlayer(e, turn) === 'attacker' ? ATTACKER : DEFENDER));

  /** The compiled ability of unit i against its k-th target, as the unit is now. */
  const rollerOf = (i: number, ability: number, k: number, turn: number): AbilityRoller | null => {
    const damaged = counter[i] > 0;
    const slot = (((i * 2 + ability) * 16 + k) * 2 + (turn === 1 ? 1 : 0)) * 2 + (damaged ? 1 : 0);
    const byModels = cache[slot] ?? (cache[slot] = []);
    let roller = byModels[models[i]];
    if (roller === undefined) {
      const u = e.units[i];
      const p = plans[i * 2 + ability][k];
      const s = turn === 1 ? p.firstTurn : p.laterTurns;
      const weapons = weaponsWith(models[i], u.removalOrder, u.weapons, s.attacker.weapons, p.weaponIndex);
      // Cornered Rat: the counter when the ability is declared (A10).
      roller = weapons.length === 0 ? null : new AbilityRoller(planOf({ ...s, attacker: { models: models[i], damaged: damaged ? 1 : 0, weapons } }));
      byModels[models[i]] = roller;
    }
    return roller;
  };

  /** Unit i attacks the first of its targets still on the table; returns the points allocated to the focus unit. */
  const attack = (i: number, ability: number, turn: number): number => {
    const targets = plans[i * 2 + ability];
    let k = 0;
    while (k < targets.length && models[targets[k].target] === 0) k++;
    if (k === targets.length) return 0;
    const t = targets[k].target;
    const roller = rollerOf(i, ability, k, turn);
    if (roller === null) return 0;
    let points = roller.roll(rng);
    let allocated = 0;
    const h = health[t];
    // Allocation (18.2): one point at a time; at Health a model is slain and the counter resets;
    // once the last model is slain the rest of the pool has no effect (18.4).
    while (points > 0 && models[t] > 0) {
      points--;
      allocated++;
      if (++counter[t] === h) {
        models[t]--;
        counter[t] = 0;
      }
    }
    return t === focus ? allocated : 0;
  };

  /** A unit of `who` in Strike tier `level` that has not fought this phase and has a target left. */
  const pick = (who: number, level: number): number => {
    for (let i = 0; i < count; i++) {
      if (side[i] !== who || fought[i] !== 0 || models[i] === 0 || tier[i] !== level) continue;
      const targets = plans[i * 2 + FIGHT];
      for (let k = 0; k < targets.length; k++) if (models[targets[k].target] > 0) return i;
    }
    return -1;
  };

  for (let sample = 0; sample < n; sample++) {
    models.set(startModels);
    counter.set(startCounter);
    let damage = 0;
    let destroyedIn = 0;
    for (let turn = 1; turn <= e.turns; turn++) {
      const active = activeSide[turn];
      for (let phase = 0; phase < shootingFirst.length; phase++) {
        if (shootingFirst[phase]) {
          for (let i = 0; i < count; i++) if (side[i] === active && models[i] > 0 && plans[i * 2 + SHOOT].length > 0) damage += attack(i, SHOOT, turn);
          continue;
        }
        // Combat phase (13.1): players alternate picks, the active player first, Strike-first
        // units before all others and Strike-last units after them (19.0).
        fought.fill(0);
        for (let level = 0; level <= 2; level++) {
          let picker = active;
          for (;;) {
            let i = pick(picker, level);
            if (i < 0) {
              picker = 1 - picker;
              i = pick(picker, level);
              if (i < 0) break;
            }
            damage += attack(i, FIGHT, turn);
            fought[i] = 1;
            picker = 1 - picker;
          }
        }
      }
      if (destroyedIn === 0 && models[focus] === 0) destroyedIn = turn;
    }
    tally.record(damage, focusModels - models[focus], models[focus] === 0);
    inTurn[destroyedIn]++;
    for (let i = 0; i < count; i++) left[i][models[i]]++;
  }
  for (let turn = 1; turn <= e.turns; turn++) tally.recordOutcome(DESTROYED_IN_TURN, turnKey(turn), inTurn[turn]);
  tally.recordOutcome(DESTROYED_IN_TURN, SURVIVES, inTurn[0]);
  e.units.forEach((u, i) => left[i].forEach((times, m) => tally.recordOutcome(leftTable(u.name), String(m), times)));
}
