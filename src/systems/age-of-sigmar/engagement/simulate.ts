/**
 * Monte Carlo of an Age of Sigmar engagement, played as at the table: turn by turn, phase by
 * phase, each unit's ATTACK ability rolled die by die by the single-attack simulator (with the
 * models and weapons it has left when it is declared), then its damage allocated one point at a
 * time (18.2) before anyone else acts. Its own code orders the activations and allocates the
 * damage. It shares with the exact chain the parsed engagement, each ability's plan of modifiers
 * and caps (profile.ts `plan`, also the single-attack exact engine's), the weapons that go with
 * slain models (loadout.ts weaponsWith), whose turn it is and the Strike tiers (tables.ts
 * activePlayer, tierOf) and the tables' names: a mistake in those passes `check` at any sample
 * count. The independent check of them is the brute-force witness
 * test/systems/age-of-sigmar/engagement-enumerate.ts.
 *
 * Hot-loop shape: the engagement is compiled once into an EngagementRun (kept for its
 * later chunks): the units' fixed facts and targets in typed arrays, the units of each side and
 * Strike tier listed ahead, per-sample state in typed arrays, and each ability compiled once per
 * (unit, ability, target, first turn or not, damaged or not, models left). Samples are counted in
 * typed arrays and added to the tally once per call.
 */
import type { Rng } from '../../../core/rng.js';
import { Counts, type Tally } from '../../../sim/tally.js';
import { AbilityRoller, addCounts } from '../simulate.js';
import { plan as planOf } from '../profile.js';
import { weaponsWith } from './loadout.js';
import type { AttackPlan, Engagement } from './schema.js';
import { DESTROYED_IN_TURN, SURVIVES, activePlayer, leftTable, tierOf, turnKey } from './tables.js';

const SHOOT = 0;
const FIGHT = 1;
const ATTACKER = 0;
const DEFENDER = 1;
/** Strike tiers (19.0): Strike-first, everyone else, Strike-last. */
const TIERS = 3;

/** A rollerAt entry: the unit has no weapon left. */
const NO_WEAPON = -1;

/** The compiled engagement, kept for its later chunks. */
const compiled = new WeakMap<Engagement, EngagementRun>();

export function simulateEngagement(e: Engagement, rng: Rng, n: number, tally: Tally): void {
  let run = compiled.get(e);
  if (!run) compiled.set(e, (run = new EngagementRun(e)));
  run.simulate(rng, n, tally);
}

/** An engagement unpacked for the hot loop, and its per-sample state. */
class EngagementRun {
  private readonly e: Engagement;
  private readonly count: number;
  private readonly turns: number;
  private readonly focus: number;
  private readonly startModels: Int32Array;
  private readonly startCounter: Int32Array;
  private readonly health: Int32Array;
  /** 1 for a shooting phase, 0 for a combat phase, in turn order. */
  private readonly shootingPhase: Uint8Array;
  /** The active side of each turn (index 0 unused). */
  private readonly activeSide: Int32Array;
  /**
   * The plans of unit i's ability a (a unit's targets in order) are planStart[i·2 + a] up to
   * planStart[i·2 + a + 1]; planTarget[plan] is the unit a plan attacks.
   */
  private readonly planStart: Int32Array;
  private readonly planTarget: Int32Array;
  private readonly plans: AttackPlan[];
  private readonly planUnit: Int32Array;
  /** Units of a side that can shoot: shooters[side] in unit order. */
  private readonly shooters: Int32Array[];
  /**
   * Units with a fight ability by side and Strike tier, in unit order: those of side s and tier t
   * are fightOrder[fightStart[s · TIERS + t]] up to fightStart[s · TIERS + t + 1].
   */
  private readonly fightOrder: Int32Array;
  private readonly fightStart: Int32Array;
  /** The Strike tiers in which some unit of either side has a fight ability, in order. */
  private readonly tiers: Int32Array;
  /**
   * The compiled abilities, built on first use: the roller of (plan, first turn, damaged, models
   * left) is rollerAt[((plan · 2 + first turn) · 2 + damaged) · stride + models left]: 0 not
   * compiled yet, NO_WEAPON where the unit has no weapon left, else 1 + its index in rollerList.
   */
  private readonly stride: number;
  private readonly rollerAt: Int32Array;
  private readonly rollerList: AbilityRoller[] = [];
  /** Each unit's and ability's plan against its first target on the table at the start (-1: none). */
  private readonly startLive: Int32Array;

  // Per-sample state.
  private readonly models: Int32Array;
  private readonly counter: Int32Array;
  /**
   * live[i · 2 + ability]: the plan of unit i's ability against the first of its targets still on
   * the table, -1 if none; moved on when a target is destroyed (units only lose models).
   */
  private readonly live: Int32Array;

  constructor(e: Engagement) {
    this.e = e;
    const count = e.units.length;
    this.count = count;
    this.turns = e.turns;
    this.focus = e.focus;
    this.startModels = Int32Array.from(e.units, (u) => u.models);
    this.startCounter = Int32Array.from(e.units, (u) => u.damaged);
    this.health = Int32Array.from(e.units, (u) => u.health ?? 0);
    this.shootingPhase = Uint8Array.from(e.phases, (p) => (p === 'shooting' ? 1 : 0));
    this.activeSide = Int32Array.from({ length: e.turns + 1 }, (_, turn) => (turn === 0 ? 0 : activePlayer(e, turn) === 'attacker' ? ATTACKER : DEFENDER));
    this.plans = [];
    const planStart = new Int32Array(2 * count + 1);
    const units: number[] = [];
    e.units.forEach((u, i) => {
      for (const [ability, plans] of [
        [SHOOT, u.shoot],
        [FIGHT, u.fight],
      ] as const) {
        planStart[i * 2 + ability] = this.plans.length;
        for (const p of plans) {
          this.plans.push(p);
          units.push(i);
        }
      }
    });
    planStart[2 * count] = this.plans.length;
    this.planStart = planStart;
    this.planTarget = Int32Array.from(this.plans, (p) => p.target);
    this.planUnit = Int32Array.from(units);
    const side = (i: number) => (e.units[i].side === 'attacker' ? ATTACKER : DEFENDER);
    const has = (i: number, ability: number) => planStart[i * 2 + ability + 1] > planStart[i * 2 + ability];
    const indices = [...e.units.keys()];
    this.shooters = [ATTACKER, DEFENDER].map((s) => Int32Array.from(indices.filter((i) => side(i) === s && has(i, SHOOT))));
    const fightOrder: number[] = [];
    this.fightStart = new Int32Array(2 * TIERS + 1);
    for (const s of [ATTACKER, DEFENDER])
      for (let tier = 0; tier < TIERS; tier++) {
        this.fightStart[s * TIERS + tier] = fightOrder.length;
        fightOrder.push(...indices.filter((i) => side(i) === s && tierOf(e.units[i]) === tier && has(i, FIGHT)));
      }
    this.fightStart[2 * TIERS] = fightOrder.length;
    this.fightOrder = Int32Array.from(fightOrder);
    const fightStart = this.fightStart;
    const used = (tier: number) => [ATTACKER, DEFENDER].some((s) => fightStart[s * TIERS + tier + 1] > fightStart[s * TIERS + tier]);
    this.tiers = Int32Array.from({ length: TIERS }, (_, tier) => tier).filter(used);
    this.stride = Math.max(0, ...this.startModels) + 1;
    this.rollerAt = new Int32Array(this.plans.length * 4 * this.stride);
    this.models = Int32Array.from(this.startModels);
    this.counter = new Int32Array(count);
    this.live = new Int32Array(2 * count);
    for (let k = 0; k < 2 * count; k++) this.live[k] = this.nextLive(planStart[k], planStart[k + 1]);
    this.startLive = Int32Array.from(this.live);
  }

  simulate(rng: Rng, n: number, tally: Tally): void {
    const { count, turns, focus, models, counter, startModels, startCounter, shootingPhase, activeSide, live, startLive } = this;
    const phases = shootingPhase.length;
    const focusModels = startModels[focus];
    const damageCounts = new Counts();
    const slainCounts = new Float64Array(focusModels + 1);
    const inTurn = new Float64Array(turns + 1);
    // Models left at the end, unit i's count of m at leftAt[i] + m (a unit never gains models).
    const leftAt = new Int32Array(count + 1);
    for (let i = 0; i < count; i++) leftAt[i + 1] = leftAt[i] + startModels[i] + 1;
    const left = new Float64Array(leftAt[count]);
    for (let sample = 0; sample < n; sample++) {
      // Plain loops, not set(): a builtin call costs more than a few stores.
      for (let i = 0; i < count; i++) {
        models[i] = startModels[i];
        counter[i] = startCounter[i];
        live[2 * i] = startLive[2 * i];
        live[2 * i + 1] = startLive[2 * i + 1];
      }
      let damage = 0;
      let destroyedIn = 0;
      for (let turn = 1; turn <= turns; turn++) {
        const active = activeSide[turn];
        for (let phase = 0; phase < phases; phase++) {
          if (shootingPhase[phase] === 1) {
            const shooters = this.shooters[active];
            for (let j = 0; j < shooters.length; j++) {
              const i = shooters[j];
              if (models[i] > 0) damage += this.attack(i, SHOOT, turn, rng);
            }
          } else damage += this.combat(active, turn, rng);
        }
        if (destroyedIn === 0 && models[focus] === 0) destroyedIn = turn;
      }
      damageCounts.add(damage);
      slainCounts[focusModels - models[focus]]++;
      inTurn[destroyedIn]++;
      for (let i = 0; i < count; i++) left[leftAt[i] + models[i]]++;
    }
    addCounts(tally, n, damageCounts, slainCounts);
    for (let turn = 1; turn <= turns; turn++) tally.recordOutcome(DESTROYED_IN_TURN, turnKey(turn), inTurn[turn]);
    tally.recordOutcome(DESTROYED_IN_TURN, SURVIVES, inTurn[0]);
    this.e.units.forEach((u, i) => {
      for (let m = 0; m <= startModels[i]; m++) tally.recordOutcome(leftTable(u.name), String(m), left[leftAt[i] + m]);
    });
  }

  /**
   * A combat phase (13.1): players alternate picks, the active player first, Strike-first units
   * before all others and Strike-last units after them (19.0); a player with no unit left to
   * fight passes the pick. Returns the points allocated to the focus unit.
   *
   * Each player picks the first unit, in unit order, of the tier that has not fought and can
   * fight (models left, a target left). A unit that cannot fight never can again this phase (units
   * only lose models), so each player's list is read by a cursor that only moves forward: the
   * units before it have fought or cannot fight.
   */
  private combat(active: number, turn: number, rng: Rng): number {
    const order = this.fightOrder;
    const start = this.fightStart;
    const tiers = this.tiers;
    let damage = 0;
    for (let k = 0; k < tiers.length; k++) {
      const tier = tiers[k];
      let own = start[active * TIERS + tier];
      const ownEnd = start[active * TIERS + tier + 1];
      let other = start[(1 - active) * TIERS + tier];
      const otherEnd = start[(1 - active) * TIERS + tier + 1];
      let ownPicks = true;
      for (;;) {
        while (own < ownEnd && !this.canFight(order[own])) own++;
        while (other < otherEnd && !this.canFight(order[other])) other++;
        let i = 0;
        if (own < ownEnd && (ownPicks || other === otherEnd)) {
          i = order[own++];
          ownPicks = false;
        } else if (other < otherEnd) {
          i = order[other++];
          ownPicks = true;
        } else break;
        damage += this.attack(i, FIGHT, turn, rng);
      }
    }
    return damage;
  }

  /** Whether unit i can fight: models left and a target still on the table. */
  private canFight(i: number): boolean {
    return this.models[i] > 0 && this.live[i * 2 + FIGHT] >= 0;
  }

  /** The first of plans from up to end whose target is still on the table; -1 if none. */
  private nextLive(from: number, end: number): number {
    for (let plan = from; plan < end; plan++) if (this.models[this.planTarget[plan]] > 0) return plan;
    return -1;
  }

  /** Unit t is destroyed: every ability aimed at it moves on to its next target still on the table. */
  private destroyed(t: number): void {
    const live = this.live;
    for (let k = 0; k < live.length; k++) {
      const plan = live[k];
      if (plan >= 0 && this.planTarget[plan] === t) live[k] = this.nextLive(plan + 1, this.planStart[k + 1]);
    }
  }

  /** Unit i attacks the first of its targets still on the table; returns the points allocated to the focus unit. */
  private attack(i: number, ability: number, turn: number, rng: Rng): number {
    const plan = this.live[i * 2 + ability];
    if (plan < 0) return 0;
    const models = this.models;
    const counter = this.counter;
    const slot = (((plan * 2 + (turn === 1 ? 1 : 0)) * 2 + (counter[i] > 0 ? 1 : 0)) * this.stride) + models[i];
    let roller = this.rollerAt[slot];
    if (roller <= 0) {
      if (roller === 0) roller = this.compile(plan, turn === 1, counter[i] > 0, slot);
      if (roller === NO_WEAPON) return 0;
    }
    const points = this.rollerList[roller - 1].roll(rng);
    const t = this.planTarget[plan];
    // Allocation (18.2): one point at a time onto the counter; at Health a model is slain and the
    // counter resets; once the last model is slain the rest of the pool has no effect (18.4).
    // Point by point, that is ⌊(counter + points) / Health⌋ models, the rest on the counter (no
    // model slain while the counter stays below Health).
    const h = this.health[t];
    const total = counter[t] + points;
    if (total < h) {
      counter[t] = total;
      return t === this.focus ? points : 0;
    }
    const slain = Math.floor(total / h);
    let allocated = points;
    if (slain >= models[t]) {
      allocated = models[t] * h - counter[t];
      models[t] = 0;
      counter[t] = 0;
      this.destroyed(t);
    } else {
      models[t] -= slain;
      counter[t] = total - slain * h;
    }
    return t === this.focus ? allocated : 0;
  }

  /** Off the hot path: the ability of a slot for the models its unit has now, compiled and kept; returns its rollerAt entry. */
  private compile(plan: number, firstTurn: boolean, damaged: boolean, slot: number): number {
    const i = this.planUnit[plan];
    const left = this.models[i];
    const u = this.e.units[i];
    const p = this.plans[plan];
    const s = firstTurn ? p.firstTurn : p.laterTurns;
    const weapons = weaponsWith(left, u.removalOrder, u.weapons, s.attacker.weapons, p.weaponIndex);
    let entry = NO_WEAPON;
    if (weapons.length > 0) {
      // Cornered Rat: the counter when the ability is declared (A10).
      this.rollerList.push(new AbilityRoller(planOf({ ...s, attacker: { models: left, damaged: damaged ? 1 : 0, weapons } })));
      entry = this.rollerList.length;
    }
    this.rollerAt[slot] = entry;
    return entry;
  }
}
