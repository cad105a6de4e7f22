/**
 * Simulator for a shooting phase: every shot rolled, casualties removed, then the 25% panic test.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import type { ShootingScenario } from './schema.js';
import { AttackRoller, Casualties } from './simulate-attack.js';
import { roll2d6 } from '../../core/two-d6.js';
import { shootingModels, shootingStrike } from './strike.js';
import { panicLeadership } from './exact-shooting.js';
import { panicFromLosses } from './tables.js';

export function simulateShooting(sc: ShootingScenario, rng: Rng, n: number, tally: Tally): void {
  if (n === 0) return;
  const { attacker, target, situation } = sc;
  const roller = new AttackRoller(shootingStrike(attacker, target, situation), target.w);
  const shots = shootingModels(attacker, situation.raisedGround) * attacker.missile.shots;
  const casualties = new Casualties({ models: target.models, w: target.w, overkill: false });
  const ld = panicLeadership(target);
  const tests = !target.rules.immuneToPsychology;
  // The samples by morale, counted here and added into the tally once (no look-up by name per sample).
  let wipedOut = 0;
  let noTest = 0;
  let passed = 0;
  let panicked = 0;
  for (let i = 0; i < n; i++) {
    casualties.reset();
    roller.roll(shots, rng, casualties);
    const slain = casualties.slain;
    const wiped = casualties.modelsLeft === 0;
    tally.record(casualties.lost, slain, wiped);
    // Panic — §11, §13: 25% of the models lost in the phase; a wiped-out unit takes no test.
    if (wiped) wipedOut++;
    else if (!panicFromLosses(slain, target.models) || !tests) noTest++;
    else if (roll2d6(rng) <= ld) passed++;
    else panicked++;
  }
  tally.recordMorale('wiped-out', wipedOut);
  tally.recordMorale('no-test', noTest);
  tally.recordMorale('passes-panic-test', passed);
  tally.recordMorale('panics', panicked);
}
