/**
 * Two made-up plans that the simulators roll a few times before their first real scenario
 * (JIT cost): one with every rule on, one with every rule off. V8 compiles the sample
 * loop with the type feedback it has seen; a branch no scenario took yet has none, and the first
 * scenario that takes it throws the compiled loop away and has it compiled again ("Insufficient
 * type feedback", seen with --trace-deopt). A `check` worker meets the bundled scenarios one after
 * another, so without this each new combination of rules paid a recompilation. Their dice and
 * results are thrown away: no tally, no Rng a scenario uses.
 */
import { parseDice } from '../../core/dice.js';
import { Rng } from '../../core/rng.js';
import type { DicePlan, NervePlan, Plan } from './plan.js';

/** A generator of its own for the warm-up's dice. */
export const warmUpRng = (): Rng => new Rng(0x6b6f77, 1, 2, 3);

/** Samples per warm-up call: enough for every branch of the all-rules plan to be taken. */
export const WARM_UP_SAMPLES = 32;

const attack = (dice: number, rerolls: boolean, blast: string | null, oneFailed: boolean): DicePlan => ({
  dice,
  hitNeed: 4,
  eliteHit: rerolls,
  oneFailedHit: rerolls,
  blast: blast === null ? null : parseDice(blast),
  damageNeed: 3,
  viciousDamage: rerolls,
  oneFailedDamage: oneFailed,
});

/** Each kind of attack the simulator rolls: plain pools, re-rolled pools, Blast(D3) and Blast(D6). */
const EVERY_ATTACK: readonly DicePlan[] = [attack(8, false, null, false), attack(8, true, null, true), attack(2, false, 'D3', true), attack(2, false, 'D6', false)];
const PLAIN_ATTACK: readonly DicePlan[] = [attack(8, false, null, false)];

export const EVERY_RULE_NERVE: NervePlan = { nerve: { waver: 10, rout: 13 }, modifier: 1, rerollRout: true };
export const NO_RULE_NERVE: NervePlan = { nerve: { waver: null, rout: 15 }, modifier: 0, rerollRout: false };

/** Every rule on: Yellow-Bellied, unclear sight and cover, Bane-chant, Regeneration, Heal, the nerve re-roll, Iron Resolve, Headstrong, Lifeleech and the Pendant. */
export const EVERY_RULE: Plan = {
  attacks: { plain: { open: EVERY_ATTACK, covered: EVERY_ATTACK }, baned: { open: EVERY_ATTACK, covered: EVERY_ATTACK } },
  baneChantDice: 2,
  cover: 'unclear',
  sightUnclear: true,
  yellowBellied: true,
  prior: { damage: 4, regeneration: 4, heal: 2 },
  nerve: EVERY_RULE_NERVE,
  ironResolve: true,
  headstrong: true,
  attackerDamage: { start: 3, lifeleech: 2, pendantNeed: 4 },
};

/** Every rule off: one plain attack in the open, nothing before or after it. */
export const NO_RULE: Plan = {
  attacks: { plain: { open: PLAIN_ATTACK, covered: PLAIN_ATTACK }, baned: { open: PLAIN_ATTACK, covered: PLAIN_ATTACK } },
  baneChantDice: null,
  cover: 'no',
  sightUnclear: false,
  yellowBellied: false,
  prior: { damage: 0, regeneration: null, heal: null },
  nerve: NO_RULE_NERVE,
  ironResolve: false,
  headstrong: false,
  attackerDamage: null,
};
