/**
 * The exact engine: the damage distribution of the attack composed with the target's carried
 * damage and the nerve test (§6.6), plus the after-effects the rules attach to a result.
 */
import { diceDist } from '../../core/dice.js';
import { convolve, type Dist, mixture, point, shift } from '../../core/dist.js';
import type { Outcome } from '../types.js';
import { attackDamage, successesOf } from './exact-dice.js';
import { nerveTest, type NerveOdds } from './nerve.js';
import { type Attacks, makePlan, PENDANT_HITS, type Plan } from './plan.js';
import { priorDamage } from './prior.js';
import type { Scenario } from './schema.js';

/** Yellow-Bellied: the frontal charge goes in on a D6 of 2+ (§7). */
const CHARGE_GOES_IN = 5 / 6;
/** A D6 of 4+: Headstrong (§6.3), unclear cover and line of sight (§1). */
const FOUR_UP = 1 / 2;

/** The damage of the phase's attacks adds up before one nerve test (§4.4). */
function phaseDamage(attacks: Attacks): Dist {
  return attacks.map(attackDamage).reduce(convolve);
}

/**
 * P(the attack is made at all): an unclear line of sight is seen on 4+ (§1), a Yellow-Bellied
 * frontal charge goes in on 2+ (§7); otherwise there is no attack, and the unit is not in the combat.
 */
export function pAttackGoesIn(plan: Plan): number {
  return (plan.sightUnclear ? FOUR_UP : 1) * (plan.yellowBellied ? CHARGE_GOES_IN : 1);
}

/**
 * Damage the target takes when the attack is made: a mixture over whether a Bane-chant worked
 * (1 − 2^−n, §8.1) and whether the target is in cover (unclear: 1/2, §1).
 */
export function damageIfMade(plan: Plan): Dist {
  const baned = plan.baneChantDice === null ? 0 : 1 - 0.5 ** plan.baneChantDice;
  const covered = plan.cover === 'yes' ? 1 : plan.cover === 'unclear' ? 1 - FOUR_UP : 0;
  const parts: Array<readonly [number, Dist]> = [];
  for (const [wb, b] of [[1 - baned, 'plain'], [baned, 'baned']] as const)
    for (const [wc, c] of [[1 - covered, 'open'], [covered, 'covered']] as const)
      if (wb * wc > 0) parts.push([wb * wc, phaseDamage(plan.attacks[b][c])]);
  return mixture(parts);
}

/** Damage the target takes: damageIfMade, or none when the attack is not made (pAttackGoesIn). */
export function dealtDamage(plan: Plan): Dist {
  const goesIn = pAttackGoesIn(plan);
  const made = damageIfMade(plan);
  return goesIn === 1 ? made : mixture([[goesIn, made], [1 - goesIn, point(0)]]);
}

export function exactOutcome(s: Scenario): Outcome {
  const plan = makePlan(s);
  const dealt = dealtDamage(plan);
  const prior = priorDamage(plan.prior);
  const test = { none: 0, steady: 0, wavered: 0, routed: 0 };
  const after = new Map<string, number>();
  const add = (key: string, w: number) => after.set(key, (after.get(key) ?? 0) + w);
  const routedGiven = new Float64Array(dealt.length);
  const odds = new Map<number, NerveOdds>();
  for (let d = 0; d < dealt.length; d++) {
    for (let p = 0; p < prior.length; p++) {
      const w = dealt[d] * prior[p];
      if (w === 0) continue;
      // No damage this phase, no test (§6.1).
      if (d === 0) {
        test.none += w;
        add(String(p), w);
        continue;
      }
      const total = p + d;
      if (!odds.has(total)) odds.set(total, nerveTest(total, plan.nerve));
      const o = odds.get(total) as NerveOdds;
      test.steady += w * o.steady;
      test.wavered += w * o.wavered;
      test.routed += w * o.routed;
      // Iron Resolve: Steady after a test removes one damage point (§7).
      add(String(plan.ironResolve ? total - 1 : total), w * o.steady);
      add(String(total), w * o.wavered);
      add('routed', w * o.routed);
      routedGiven[d] += prior[p] * o.routed;
    }
  }
  const outcome: Outcome = {
    damage: dealt,
    destroyed: test.routed,
    morale: { steady: test.none + test.steady, wavered: test.wavered, routed: test.routed },
    outcomes: { 'nerve test': test, 'target damage': Object.fromEntries(after) },
  };
  if (plan.headstrong) {
    const recovered = test.wavered * FOUR_UP;
    outcome.outcomes!['target next turn'] = {
      'not-wavered': test.none + test.steady + recovered,
      wavered: test.wavered - recovered,
      routed: test.routed,
    };
  }
  if (plan.attackerDamage !== null) outcome.outcomes!['attacker damage'] = attackerDamage(plan.attackerDamage, dealt, routedGiven);
  return outcome;
}

/**
 * The attacker's damage after the combat: Lifeleech(n) removes min(n, dealt) of its own points
 * (§7), then a routed target's Crystal Pendant deals 2D6 hits to it (§8.2).
 */
function attackerDamage(a: NonNullable<Plan['attackerDamage']>, dealt: Dist, routedGiven: Float64Array): Record<string, number> {
  const pendant = a.pendantNeed === null ? null : successesOf(diceDist(PENDANT_HITS), a.pendantNeed, false, false);
  const parts: Array<readonly [number, Dist]> = [];
  for (let d = 0; d < dealt.length; d++) {
    const base = Math.max(0, a.start - Math.min(a.lifeleech, d));
    const routed = pendant === null ? 0 : routedGiven[d];
    parts.push([dealt[d] * (1 - routed), point(base)]);
    if (pendant !== null) parts.push([dealt[d] * routed, shift(pendant, base)]);
  }
  const table = mixture(parts);
  return Object.fromEntries(Array.from(table, (w, k) => [String(k), w]).filter(([, w]) => (w as number) > 0));
}
