/**
 * The exact engine of a Kings of War engagement: a Markov chain over the damage the target
 * carries and its state at the end of a phase (no test taken / Disordered by melee damage /
 * Wavered), with Routed absorbing. Each attacker turn is a shooting phase then a melee phase
 * (§3), each ending in one nerve test on the target's total damage when the phase's attackers
 * dealt any (§4.4, §5.1, §6.1); between two attacker turns the target has its own turn
 * (Headstrong, Regeneration, Heal, a counter-charge with Lifeleech).
 *
 * This is not src/fight's chain: that one follows two units fighting each other round by round
 * (models left on both sides, combat-result margins, break and pursuit endings). Here only the
 * target changes, damage accumulating on it from one side, so the state is one number and a
 * status, and a phase is a convolution followed by one nerve table.
 */
import { chargeWork, expectWork, grouped } from '../../core/budget.js';
import { binomial, convolve, type Dist, point, thin, thinCost } from '../../core/dist.js';
import { expectWhole, totalOf } from '../../fight/conservation.js';
import type { Outcome } from '../types.js';
import { damageIfMade, dealtDamage, pAttackGoesIn } from './exact.js';
import type { Engagement } from './engagement-schema.js';
import { nerveTest, phaseNerve, type NerveOdds } from './nerve.js';
import { makePlan, type NervePlan } from './plan.js';
import type { Scenario } from './schema.js';

/** Headstrong shakes off the Waver on a D6 of 4+ (§6.3); Heal's spell dice hit on 4+ (§8.1). */
const FOUR_UP = 1 / 2;

/** The target's status after a phase: it matters to its own turn (counter-charge, Thunderous Charge). */
export const STATUSES = ['fresh', 'disordered', 'wavered'] as const;
const FRESH = 0;
const DISORDERED = 1;
const WAVERED = 2;

/** Weights over carried damage, one array per status. */
type Live = [Dist, Dist, Dist];

/** The damage of one phase, as one part per nerve test it may lead to: each part's weights sum to its probability. */
export interface PhasePart {
  readonly dealt: Dist;
  readonly nerve: NervePlan;
}

/**
 * The damage of one phase: the attackers' damage adds up before the one test (§4.4, §5.1). In
 * melee it is split by whether a Brutal unit is in the combat (§7 Brutal): a Brutal charger whose
 * Yellow-Bellied charge halted (§7) or that could not see its target (§1) never reached it.
 */
export function phaseParts(e: Engagement, attackers: readonly Scenario[], melee: boolean): PhasePart[] {
  if (attackers.length === 0) return [];
  const plans = attackers.map(makePlan);
  const brutal = attackers.map((s) => melee && s.attacker.rules.brutal);
  const others = plans.filter((_, i) => !brutal[i]).map(dealtDamage);
  const rest: Dist = others.length ? others.reduce(convolve) : point(0);
  // Over the Brutal units in turn: the damage with one or more of them in the combat (weighted by its
  // probability), and P(none of them yet) — with none in, the Brutal units dealt nothing
  let anyIn: Dist | null = null;
  let pNoneIn = 1;
  for (const [i, plan] of plans.entries()) {
    if (!brutal[i]) continue;
    const goesIn = pAttackGoesIn(plan);
    // The first one in: all before it halted or could not see
    const first = scale(damageIfMade(plan), pNoneIn * goesIn);
    anyIn = anyIn === null ? first : sum(convolve(anyIn, dealtDamage(plan)), first);
    pNoneIn *= 1 - goesIn;
  }
  if (anyIn === null) return [{ dealt: rest, nerve: phaseNerve(e, false) }];
  const parts: PhasePart[] = [{ dealt: convolve(rest, anyIn), nerve: phaseNerve(e, true) }];
  if (pNoneIn > 0) parts.push({ dealt: scale(rest, pNoneIn), nerve: phaseNerve(e, false) });
  return parts;
}

const empty = (): Live => [new Float64Array(0), new Float64Array(0), new Float64Array(0)];

function addAt(arr: Dist, k: number, w: number): Dist {
  let out = arr;
  if (k >= out.length) {
    out = new Float64Array(Math.max(k + 1, out.length * 2));
    out.set(arr);
  }
  out[k] += w;
  return out;
}

interface Phase {
  /** The phase's damage, by the nerve test it leads to (phaseParts), each with its odds by total damage, filled as totals are met. */
  readonly parts: ReadonlyArray<PhasePart & { readonly odds: Map<number, NerveOdds> }>;
  readonly melee: boolean;
}

/**
 * Meter units (core/budget.ts) of one cell of a phase: a carried total met with one amount dealt
 * (its nerve odds looked up, the routed mass added, two cells written).
 */
const PHASE_CELL_UNITS = 20;

/** Mass routed in this phase, by the total it routed with. */
type Routed = Map<number, number>;

/** The longest damage a phase may deal, over its parts. */
function phaseLength(phase: Phase): number {
  return Math.max(...phase.parts.map((part) => part.dealt.length));
}

function runPhase(live: Live, phase: Phase, ironResolve: boolean, routed: Routed): Live {
  const length = Math.max(...live.map((arr) => arr.length)) + phaseLength(phase);
  const out: Live = [new Float64Array(length), new Float64Array(length), new Float64Array(length)];
  const routedNow = new Float64Array(length);
  const shift = ironResolve ? 1 : 0;
  for (const { dealt, nerve, odds } of phase.parts) {
    // Each total's nerve odds, looked up once per phase rather than once per cell.
    const steady = new Float64Array(length);
    const wavered = new Float64Array(length);
    const routedBy = new Float64Array(length);
    for (let total = 1; total < length; total++) {
      let o = odds.get(total);
      if (!o) odds.set(total, (o = nerveTest(total, nerve)));
      steady[total] = o.steady;
      wavered[total] = o.wavered;
      routedBy[total] = o.routed;
    }
    for (let status = FRESH; status <= WAVERED; status++) {
      const arr = live[status];
      chargeWork(arr.length * dealt.length * PHASE_CELL_UNITS, () => `a phase dealing up to ${grouped(dealt.length - 1)} damage to a target carrying up to ${grouped(arr.length - 1)}`);
      // Melee damage leaves the target Disordered (§5.6); Iron Resolve: Steady removes one point (§7).
      const steadyOut = out[status === WAVERED ? WAVERED : phase.melee ? DISORDERED : status];
      const waveredOut = out[WAVERED];
      for (let d = 0; d < arr.length; d++) {
        const w = arr[d];
        if (w === 0) continue;
        // No damage this phase, no test (§6.1).
        out[status][d] += w * dealt[0];
        for (let x = 1; x < dealt.length; x++) {
          const q = w * dealt[x];
          if (q === 0) continue;
          const total = d + x;
          routedNow[total] += q * routedBy[total];
          waveredOut[total] += q * wavered[total];
          steadyOut[total - shift] += q * steady[total];
        }
      }
    }
  }
  routedNow.forEach((w, total) => w !== 0 && routed.set(total, (routed.get(total) ?? 0) + w));
  // A total that always routs leaves nothing carried: the arrays end at the last weight.
  return out.map(trimmed) as Live;
}

function trimmed(d: Dist): Dist {
  let n = d.length;
  while (n > 0 && d[n - 1] === 0) n--;
  return n === d.length ? d : d.slice(0, n);
}

/**
 * The target's own turn (§3, §6.3, §7, §8.1): Headstrong may shake off the Waver; Regeneration on
 * its movement order; Heal cast on it; then, if it may, its counter-charge and Lifeleech.
 */
function targetTurn(live: Live, e: Engagement, counter: { ready: Dist; disordered: Dist } | null): Dist {
  const rules = e.target.rules;
  const statuses: Live = [live[0], live[1], live[2]];
  if (rules.headstrong) {
    // A Wavered unit shakes it off on 4+ but stays Disordered (§6.3).
    statuses[DISORDERED] = sum(statuses[DISORDERED], scale(statuses[WAVERED], FOUR_UP));
    statuses[WAVERED] = scale(statuses[WAVERED], 1 - FOUR_UP);
  }
  let carried: Dist = new Float64Array(0);
  for (let status = FRESH; status <= WAVERED; status++) {
    let d: Dist = statuses[status];
    if (d.length === 0) continue;
    // Regeneration: on its movement order, each point goes on a roll of n+ (§7).
    if (rules.regeneration !== null) d = thin(d, (rules.regeneration - 1) / 6);
    if (e.healed !== null) d = healed(d, e.healed);
    // A Wavered unit cannot charge; a Fury unit may still counter-charge (§6.3, §7).
    const charges = counter !== null && (status !== WAVERED || rules.fury);
    if (charges) d = leeched(d, status === FRESH ? counter.ready : counter.disordered, rules.lifeleech);
    carried = sum(carried, d);
  }
  return carried;
}

/** Heal(n): Binomial(n, 1/2) points removed, at most what it carries (§8.1). */
function healed(d: Dist, n: number): Dist {
  return lessBy(d, binomial(n, FOUR_UP), Infinity);
}

/** Lifeleech(n): one point removed per point dealt, at most n (§7). */
function leeched(d: Dist, dealt: Dist, n: number): Dist {
  return lessBy(d, dealt, n);
}

/** d − min(cap, X), floored at 0, with X independent of d. */
function lessBy(d: Dist, removed: Dist, cap: number): Dist {
  chargeWork(d.length * removed.length, () => `removing up to ${grouped(removed.length - 1)} damage from up to ${grouped(d.length - 1)}`);
  const out = new Float64Array(d.length);
  for (let k = 0; k < d.length; k++) {
    if (d[k] === 0) continue;
    for (let r = 0; r < removed.length; r++) out[Math.max(0, k - Math.min(cap, r))] += d[k] * removed[r];
  }
  return out;
}

function scale(d: Dist, c: number): Dist {
  return d.map((x) => x * c);
}

function sum(a: Dist, b: Dist): Dist {
  const out = new Float64Array(Math.max(a.length, b.length));
  out.set(a);
  for (let k = 0; k < b.length; k++) out[k] += b[k];
  return out;
}

/**
 * The engagement's work, estimated before it starts: every turn's phases meet each total the
 * target may carry (in each status) with each amount dealt, and the total grows by the most each
 * phase deals; then the target's own turn thins, heals and leeches what it carries.
 */
function engagementWork(e: Engagement, phases: readonly Phase[], counter: { ready: Dist; disordered: Dist } | null): number {
  const statuses = STATUSES.length;
  let length = e.target.damage + 1;
  let work = 0;
  for (let turn = 1; turn <= e.turns; turn++) {
    for (const phase of phases) {
      for (const part of phase.parts) work += statuses * length * part.dealt.length * PHASE_CELL_UNITS;
      length += phaseLength(phase) - 1;
    }
    if (turn === e.turns) break;
    if (e.target.rules.regeneration !== null) work += statuses * thinCost(length);
    if (e.healed !== null) work += statuses * length * (e.healed + 1);
    if (counter) work += statuses * length * Math.max(counter.ready.length, counter.disordered.length);
  }
  return work;
}

/** The engagement's phases (shooting, then melee) and the target's counter-charge damage. */
function engagementPlan(e: Engagement): { phases: Phase[]; counter: { ready: Dist; disordered: Dist } | null } {
  const phases: Phase[] = [];
  for (const [attackers, melee] of [[e.shooters, false], [e.chargers, true]] as const) {
    const parts = phaseParts(e, attackers, melee);
    if (parts.length) phases.push({ parts: parts.map((part) => ({ ...part, odds: new Map() })), melee });
  }
  const counter = e.counterCharge && {
    ready: dealtDamage(makePlan(e.counterCharge.ready)),
    disordered: dealtDamage(makePlan(e.counterCharge.disordered)),
  };
  return { phases, counter };
}

/** The engagement's whole work, estimated from its plan before any turn is played. */
export function engagementEstimate(e: Engagement): number {
  const { phases, counter } = engagementPlan(e);
  return engagementWork(e, phases, counter);
}

export function exactEngagement(e: Engagement): Outcome {
  const { phases, counter } = engagementPlan(e);
  expectWork(engagementWork(e, phases, counter), () => `an engagement of ${grouped(e.turns)} turns dealing up to ${grouped(phases.reduce((n, p) => n + phaseLength(p) - 1, 0))} damage a turn`);
  const routed: Routed = new Map();
  let carried: Dist = point(e.target.damage);
  let routedSoFar = 0;
  const outcomes: Record<string, Record<string, number>> = {};
  let live: Live = empty();
  for (let turn = 1; turn <= e.turns; turn++) {
    live = [carried, new Float64Array(0), new Float64Array(0)];
    for (const phase of phases) {
      live = runPhase(live, phase, e.target.rules.ironResolve, routed);
      // The target routed, or still stands in some status: together the whole probability (conservation.ts)
      expectWhole(totalOf(live[0], live[1], live[2], routed.values()), `Kings of War engagement, turn ${turn}, ${phase.melee ? 'melee' : 'shooting'} phase`);
    }
    routedSoFar = [...routed.values()].reduce((a, b) => a + b, 0);
    const wavered = live[WAVERED].reduce((a, b) => a + b, 0);
    outcomes[`end of turn ${turn}`] = { steady: Math.max(0, 1 - routedSoFar - wavered), wavered, routed: routedSoFar };
    if (turn < e.turns) {
      carried = targetTurn(live, e, counter);
      expectWhole(totalOf(carried, routed.values()), `Kings of War engagement, the target's turn after turn ${turn}`);
    }
  }
  // The damage the target carries at the end: its total when it routed, or what it still carries.
  let damage = sum(sum(live[0], live[1]), live[2]);
  for (const [total, w] of routed) damage = addAt(damage, total, w);
  const last = outcomes[`end of turn ${e.turns}`];
  return {
    damage,
    destroyed: routedSoFar,
    morale: { steady: last.steady, wavered: last.wavered, routed: last.routed },
    outcomes,
  };
}
