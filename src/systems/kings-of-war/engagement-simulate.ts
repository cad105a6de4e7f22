/**
 * A Kings of War engagement rolled die by die, turn by turn, as players do at the table: every
 * shooter's dice, one nerve test, every charger's dice, one nerve test; then the target's turn
 * (Headstrong, Regeneration dice, Heal dice, its counter-charge and Lifeleech). It shares the
 * compiled attackers and dice of the single-attack simulator, never the exact chain; the plans
 * are compiled once per engagement and kept across chunks.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { Engagement } from './engagement-schema.js';
import { phaseNerve } from './engagement.js';
import { makePlan } from './plan.js';
import { NerveTest, ROUTED, WAVERED } from './sim-dice.js';
import { Attacker, healed, Regeneration } from './simulate.js';

/** Headstrong, Heal's spell dice: 4+ (§6.3, §8.1). */
const FOUR_UP = 4;

/** One phase of an attacker turn: its attackers' damage adds up before one nerve test. */
class Phase {
  constructor(
    readonly attackers: readonly Attacker[],
    readonly nerve: NerveTest,
    readonly melee: boolean,
  ) {}
}

class CompiledEngagement {
  readonly phases: readonly Phase[];
  readonly counterReady: Attacker | null;
  readonly counterDisordered: Attacker | null;
  readonly regeneration: Regeneration | null;

  constructor(e: Engagement) {
    const phases: Phase[] = [];
    if (e.shooters.length) phases.push(new Phase(e.shooters.map((s) => new Attacker(makePlan(s))), new NerveTest(phaseNerve(e, false)), false));
    if (e.chargers.length) phases.push(new Phase(e.chargers.map((s) => new Attacker(makePlan(s))), new NerveTest(phaseNerve(e, true)), true));
    this.phases = phases;
    this.counterReady = e.counterCharge ? new Attacker(makePlan(e.counterCharge.ready)) : null;
    this.counterDisordered = e.counterCharge ? new Attacker(makePlan(e.counterCharge.disordered)) : null;
    this.regeneration = e.target.rules.regeneration === null ? null : new Regeneration(e.target.rules.regeneration);
  }
}

const compiled = new WeakMap<Engagement, CompiledEngagement>();

/** Slots of a turn's end: steady, wavered, routed. */
const RESULTS = ['steady', 'wavered', 'routed'] as const;
const END_STEADY = 0;
const END_WAVERED = 1;
const END_ROUTED = 2;

export function simulateEngagement(e: Engagement, rng: Rng, n: number, tally: Tally): void {
  let c = compiled.get(e);
  if (c === undefined) compiled.set(e, (c = new CompiledEngagement(e)));
  const { phases, counterReady, counterDisordered, regeneration } = c;
  const { headstrong, fury, ironResolve, lifeleech } = e.target.rules;
  const heal = e.healed ?? 0;
  const turns = e.turns;
  // At the end of each attacker turn: [steady, wavered, routed] counts, turn by turn.
  const end = new Float64Array(turns * 3);
  for (let i = 0; i < n; i++) {
    let damage = e.target.damage;
    let routed = false;
    let wavered = false;
    let disordered = false;
    for (let turn = 0; turn < turns; turn++) {
      if (routed) {
        end[turn * 3 + END_ROUTED]++;
        continue;
      }
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
        for (let a = 0; a < attackers.length; a++) dealt += attackers[a].roll(rng);
        // No damage this phase, no test (§6.1).
        if (dealt === 0) continue;
        damage += dealt;
        if (phase.melee) disordered = true; // §5.6
        const result = phase.nerve.roll(damage, rng);
        if (result === ROUTED) {
          routed = true;
          break;
        }
        if (result === WAVERED) wavered = true;
        else if (ironResolve) damage--; // Steady: one point removed (§7)
      }
      end[turn * 3 + (routed ? END_ROUTED : wavered ? END_WAVERED : END_STEADY)]++;
    }
    tally.record(damage, undefined, routed);
  }
  const last = (turns - 1) * 3;
  RESULTS.forEach((r, k) => tally.recordMorale(r, end[last + k]));
  for (let t = 0; t < turns; t++) RESULTS.forEach((r, k) => tally.recordOutcome(`end of turn ${t + 1}`, r, end[t * 3 + k]));
}
