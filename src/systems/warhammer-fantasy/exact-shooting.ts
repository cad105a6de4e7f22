/**
 * Exact engine for a shooting phase (or a stand-and-shoot reaction): the shots of the shooting
 * ranks (§5), wounds and saves as in close combat, and the target's panic test at 25% losses (§11, §13).
 */
import { type Dist, trim } from '../../core/dist.js';
import type { Outcome } from '../types.js';
import { attackOutcome, damageDist, defenderStates, unpackState } from './exact-attack.js';
import { pLeadershipPasses } from './exact-morale.js';
import { PANIC_RESULTS, type PanicResult, nonZero } from './outcome-keys.js';
import type { ShootingScenario } from './schema.js';
import { shootingModels, shootingStrike } from './strike.js';
import { panicFromLosses } from './tables.js';

/** The Leadership a unit takes a Panic test on: its own, or its general's if higher (§11). */
export function panicLeadership(unit: Pick<ShootingScenario['target'], 'ld' | 'rules'>): number {
  return Math.max(unit.ld, unit.rules.generalLd ?? 0);
}

export function exactShooting(sc: ShootingScenario): Outcome {
  const { attacker, target, situation } = sc;
  const strike = shootingStrike(attacker, target, situation);
  const shots = shootingModels(attacker, situation.raisedGround) * attacker.missile.shots;
  const states = defenderStates({ models: target.models, w: target.w, overkill: false }, [
    { outcome: attackOutcome(strike), damage: damageDist(strike), n: shots },
  ]);
  const damage = new Float64Array(target.models * target.w + 1);
  const slain = new Float64Array(target.models + 1);
  const morale = Object.fromEntries(PANIC_RESULTS.map((k) => [k, 0])) as Record<PanicResult, number>;
  const pPass = pLeadershipPasses(panicLeadership(target));
  for (const [key, p] of states) {
    const s = unpackState(key);
    const casualties = target.models - s.modelsLeft;
    damage[s.lost] += p;
    slain[casualties] += p;
    // Panic — §11, §13: 25% of the models lost in the phase; a wiped-out unit takes no test.
    if (s.modelsLeft === 0) morale['wiped-out'] += p;
    else if (!panicFromLosses(casualties, target.models) || target.rules.immuneToPsychology) morale['no-test'] += p;
    else {
      morale['passes-panic-test'] += p * pPass;
      morale.panics += p * (1 - pPass);
    }
  }
  return { damage: trim(damage as Dist), slain: trim(slain as Dist), destroyed: morale['wiped-out'], morale: nonZero(morale) };
}
