/**
 * A Kings of War engagement rolled die by die, turn by turn, as players do at the table: every
 * shooter's dice, one nerve test, every charger's dice, one nerve test; then the target's turn
 * (Headstrong, Regeneration dice, Heal dice, its counter-charge and Lifeleech). It rolls with the
 * single-attack simulator's compiled attackers and dice (simulate.ts, sim-dice.ts). With the exact
 * engine it shares each attacker's plan (plan.ts: dice, needed rolls, Yellow-Bellied and sight
 * rolls, the nerve values) and the nerve test's modifiers (nerve.ts phaseNerve: Brutal, Brew of
 * Courage, the Routed re-roll); it shares no code of the exact chain (engagement.ts). The plans
 * are compiled once per engagement and kept across chunks.
 */
import type { Rng } from '../../core/rng.js';
import { Counts, type Tally } from '../../sim/tally.js';
import type { Engagement } from './engagement-schema.js';
import { phaseNerve } from './nerve.js';
import { makePlan, type NervePlan, type Plan } from './plan.js';
import { NerveTest, ROUTED, WAVERED } from './sim-dice.js';
import { Attacker, healed, Regeneration } from './simulate.js';
import { warmUpOnce } from '../../sim/warm-up.js';
import { EVERY_RULE, EVERY_RULE_NERVE, NO_RULE, NO_RULE_NERVE, WARM_UP_SAMPLES, warmUpRng } from './warm-up-plans.js';

/** Headstrong, Heal's spell dice: 4+ (§6.3, §8.1). */
const FOUR_UP = 4;

/**
 * One phase of an attacker turn: its attackers' damage adds up before one nerve test, with Brutal
 * +1 when a Brutal attacker made its attack (melee only, §7 Brutal).
 */
class Phase {
  constructor(
    readonly attackers: readonly Attacker[],
    /** By attacker: 1 when it is Brutal in this phase. */
    readonly brutal: Uint8Array,
    readonly nerve: NerveTest,
    readonly brutalNerve: NerveTest,
    readonly melee: boolean,
  ) {}
}

/** An engagement as plans and numbers: what the compiled engagement is built from. */
interface EngagementPlan {
  readonly phases: readonly { readonly plans: readonly Plan[]; readonly brutal: readonly boolean[]; readonly nerve: NervePlan; readonly brutalNerve: NervePlan; readonly melee: boolean }[];
  readonly counter: { readonly ready: Plan; readonly disordered: Plan } | null;
  readonly regeneration: number | null;
  readonly heal: number;
  readonly turns: number;
  readonly damage: number;
  readonly headstrong: boolean;
  readonly fury: boolean;
  readonly ironResolve: boolean;
  readonly lifeleech: number;
}

function engagementPlan(e: Engagement): EngagementPlan {
  const phases: EngagementPlan['phases'][number][] = [];
  for (const [attackers, melee] of [[e.shooters, false], [e.chargers, true]] as const)
    if (attackers.length)
      phases.push({
        plans: attackers.map(makePlan),
        // Brutal counts in combat only (§7 Brutal, A18)
        brutal: attackers.map((s) => melee && s.attacker.rules.brutal),
        nerve: phaseNerve(e, false),
        brutalNerve: phaseNerve(e, true),
        melee,
      });
  const { headstrong, fury, ironResolve, lifeleech, regeneration } = e.target.rules;
  return {
    phases,
    counter: e.counterCharge ? { ready: makePlan(e.counterCharge.ready), disordered: makePlan(e.counterCharge.disordered) } : null,
    regeneration,
    heal: e.healed ?? 0,
    turns: e.turns,
    damage: e.target.damage,
    headstrong,
    fury,
    ironResolve,
    lifeleech,
  };
}

/** Everything the sample loop reads, compiled once per engagement: its attackers and tests, and the plan's numbers. */
class CompiledEngagement {
  readonly phases: readonly Phase[];
  readonly counterReady: Attacker | null;
  readonly counterDisordered: Attacker | null;
  readonly regeneration: Regeneration | null;

  constructor(readonly plan: EngagementPlan) {
    this.phases = plan.phases.map(
      (phase) => new Phase(phase.plans.map((p) => new Attacker(p)), Uint8Array.from(phase.brutal, Number), new NerveTest(phase.nerve), new NerveTest(phase.brutalNerve), phase.melee),
    );
    this.counterReady = plan.counter ? new Attacker(plan.counter.ready) : null;
    this.counterDisordered = plan.counter ? new Attacker(plan.counter.disordered) : null;
    this.regeneration = plan.regeneration === null ? null : new Regeneration(plan.regeneration);
  }
}

const compiled = new WeakMap<Engagement, CompiledEngagement>();

/** Slots of a turn's end: steady, wavered, routed. */
const RESULTS = ['steady', 'wavered', 'routed'] as const;
const END_STEADY = 0;
const END_WAVERED = 1;
const END_ROUTED = 2;

/** What the samples of one call counted (the loop counts into these, the tally is told once). */
class EngagementCounts {
  /** By final damage · 2 + (routed ? 1 : 0). */
  readonly damage = new Counts();
  /** At the end of each attacker turn: [steady, wavered, routed] counts, turn by turn. */
  readonly end: Float64Array;
  constructor(turns: number) {
    this.end = new Float64Array(turns * 3);
  }
}

/** n samples of the engagement, counted into `out`. A function of its own, so the JIT compiles only the loop. */
function rollEngagements(c: CompiledEngagement, rng: Rng, n: number, out: EngagementCounts): void {
  const { phases, counterReady, counterDisordered, regeneration } = c;
  const { heal, turns, headstrong, fury, ironResolve, lifeleech } = c.plan;
  const { damage: damages, end } = out;
  /** Samples by the turn their unit routed in. */
  const routedIn = new Float64Array(turns);
  for (let i = 0; i < n; i++) {
    let damage = c.plan.damage;
    let routed = false;
    let wavered = false;
    let disordered = false;
    for (let turn = 0; turn < turns; turn++) {
      if (turn > 0) {
        // The target's own turn (§3): Headstrong, Regeneration, Heal, counter-charge and Lifeleech.
        let stillWavered = wavered;
        if (stillWavered && headstrong && rng.d6() >= FOUR_UP) stillWavered = false; // stays Disordered (§6.3)
        if (regeneration !== null) damage = regeneration.kept(damage, rng);
        if (heal > 0) damage = healed(damage, heal, rng);
        // A Wavered unit cannot charge, a Fury unit may counter-charge (§6.3, §7); Disordered loses TC (§5.4).
        if (counterReady !== null && (!stillWavered || fury)) {
          const dealt = (wavered || disordered ? counterDisordered! : counterReady).roll(rng);
          damage = Math.max(0, damage - Math.min(lifeleech, dealt));
        }
      }
      wavered = false;
      disordered = false;
      for (let p = 0; p < phases.length; p++) {
        const phase = phases[p];
        const attackers = phase.attackers;
        let dealt = 0;
        let brutalIn = false;
        for (let a = 0; a < attackers.length; a++) {
          dealt += attackers[a].roll(rng);
          // A Brutal unit is in the combat once its charge went in (§7 Brutal)
          if (phase.brutal[a] === 1 && attackers[a].madeIt) brutalIn = true;
        }
        // No damage this phase, no test (§6.1).
        if (dealt === 0) continue;
        damage += dealt;
        if (phase.melee) disordered = true; // §5.6
        const result = (brutalIn ? phase.brutalNerve : phase.nerve).roll(damage, rng);
        if (result === ROUTED) {
          routed = true;
          break;
        }
        if (result === WAVERED) wavered = true;
        else if (ironResolve) damage--; // Steady: one point removed (§7)
      }
      end[turn * 3 + (routed ? END_ROUTED : wavered ? END_WAVERED : END_STEADY)]++;
      // A routed unit stays routed: counted at the later turns' ends below, once for all samples.
      if (routed) {
        routedIn[turn]++;
        break;
      }
    }
    damages.add(2 * damage + (routed ? 1 : 0));
  }
  let routedBefore = 0;
  for (let turn = 0; turn < turns; turn++) {
    end[turn * 3 + END_ROUTED] += routedBefore;
    routedBefore += routedIn[turn];
  }
}

/** Two made-up engagements, every rule on and every rule off, rolled once before the first real one (warm-up-plans.ts). */
const warmUp = warmUpOnce(() => {
  const rng = warmUpRng();
  const every = new CompiledEngagement({
    phases: [
      { plans: [EVERY_RULE, NO_RULE], brutal: [false, false], nerve: EVERY_RULE_NERVE, brutalNerve: EVERY_RULE_NERVE, melee: false },
      { plans: [NO_RULE, EVERY_RULE], brutal: [false, true], nerve: NO_RULE_NERVE, brutalNerve: EVERY_RULE_NERVE, melee: true },
    ],
    counter: { ready: EVERY_RULE, disordered: NO_RULE },
    regeneration: 4,
    heal: 2,
    turns: 3,
    damage: 2,
    headstrong: true,
    fury: true,
    ironResolve: true,
    lifeleech: 2,
  });
  const none = new CompiledEngagement({
    phases: [{ plans: [NO_RULE], brutal: [false], nerve: NO_RULE_NERVE, brutalNerve: NO_RULE_NERVE, melee: true }],
    counter: null,
    regeneration: null,
    heal: 0,
    turns: 2,
    damage: 0,
    headstrong: false,
    fury: false,
    ironResolve: false,
    lifeleech: 0,
  });
  return () => {
    for (const c of [every, none]) rollEngagements(c, rng, WARM_UP_SAMPLES, new EngagementCounts(c.plan.turns));
  };
});

export function simulateEngagement(e: Engagement, rng: Rng, n: number, tally: Tally): void {
  warmUp();
  let c = compiled.get(e);
  if (c === undefined) compiled.set(e, (c = new CompiledEngagement(engagementPlan(e))));
  const turns = c.plan.turns;
  const out = new EngagementCounts(turns);
  rollEngagements(c, rng, n, out);
  out.damage.toArray().forEach((times, k) => tally.recordMany(k >> 1, undefined, (k & 1) === 1, times));
  const { end } = out;
  const last = (turns - 1) * 3;
  RESULTS.forEach((r, k) => tally.recordMorale(r, end[last + k]));
  for (let t = 0; t < turns; t++) RESULTS.forEach((r, k) => tally.recordOutcome(`end of turn ${t + 1}`, r, end[t * 3 + k]));
}
