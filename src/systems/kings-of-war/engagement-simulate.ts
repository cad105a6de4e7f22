/**
 * A Kings of War engagement rolled die by die, turn by turn, as players do at the table: every
 * shooter's dice, one nerve test, every charger's dice, one nerve test; then the target's turn
 * (Headstrong, Regeneration dice, Heal dice, its counter-charge and Lifeleech). It shares the
 * plans and the dice of one attack with the single-attack simulator, never the exact chain.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { Engagement } from './engagement-schema.js';
import { phaseNerve } from './engagement.js';
import { makePlan, type NervePlan, type Plan } from './plan.js';
import { healed, regenerationKept, rollDealt, rollNerve } from './simulate.js';

/** Headstrong, Heal's spell dice: 4+ (§6.3, §8.1). */
const FOUR_UP = 4;

interface PhasePlan {
  readonly attackers: readonly Plan[];
  readonly nerve: NervePlan;
  readonly melee: boolean;
}

export function simulateEngagement(e: Engagement, rng: Rng, n: number, tally: Tally): void {
  const phases: PhasePlan[] = [];
  if (e.shooters.length) phases.push({ attackers: e.shooters.map(makePlan), nerve: phaseNerve(e, false), melee: false });
  if (e.chargers.length) phases.push({ attackers: e.chargers.map(makePlan), nerve: phaseNerve(e, true), melee: true });
  const counter = e.counterCharge && { ready: makePlan(e.counterCharge.ready), disordered: makePlan(e.counterCharge.disordered) };
  const rules = e.target.rules;
  // At the end of each attacker turn: [steady, wavered, routed] counts.
  const end = Array.from({ length: e.turns }, () => [0, 0, 0]);
  for (let i = 0; i < n; i++) {
    let damage = e.target.damage;
    let routed = false;
    let wavered = false;
    let disordered = false;
    for (let turn = 0; turn < e.turns; turn++) {
      if (routed) {
        end[turn][2]++;
        continue;
      }
      if (turn > 0) {
        // The target's own turn (§3): Headstrong, Regeneration, Heal, counter-charge and Lifeleech.
        let stillWavered = wavered;
        if (stillWavered && rules.headstrong && rng.d6() >= FOUR_UP) stillWavered = false; // stays Disordered (§6.3)
        if (rules.regeneration !== null) damage = regenerationKept(damage, rules.regeneration, rng);
        if (e.healed !== null) damage = healed(damage, e.healed, rng);
        // A Wavered unit cannot charge, a Fury unit may counter-charge (§6.3, §7); Disordered loses TC (§5.4).
        if (counter && (!stillWavered || rules.fury)) {
          const dealt = rollDealt(wavered || disordered ? counter.disordered : counter.ready, rng);
          damage = Math.max(0, damage - Math.min(rules.lifeleech, dealt));
        }
      }
      wavered = false;
      disordered = false;
      for (const phase of phases) {
        let dealt = 0;
        for (const plan of phase.attackers) dealt += rollDealt(plan, rng);
        // No damage this phase, no test (§6.1).
        if (dealt === 0) continue;
        damage += dealt;
        if (phase.melee) disordered = true; // §5.6
        const result = rollNerve(damage, phase.nerve, rng);
        if (result === 'routed') {
          routed = true;
          break;
        }
        if (result === 'wavered') wavered = true;
        else if (rules.ironResolve) damage--; // Steady: one point removed (§7)
      }
      end[turn][routed ? 2 : wavered ? 1 : 0]++;
    }
    tally.record(damage, undefined, routed);
  }
  const last = end[e.turns - 1];
  tally.recordMorale('steady', last[0]);
  tally.recordMorale('wavered', last[1]);
  tally.recordMorale('routed', last[2]);
  end.forEach((counts, t) => ['steady', 'wavered', 'routed'].forEach((r, k) => tally.recordOutcome(`end of turn ${t + 1}`, r, counts[k])));
}
