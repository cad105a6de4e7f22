/**
 * Stand and shoot before the first round of a Warhammer Fantasy fight (§3 charge reactions, §5):
 * the charged target shoots the charging attacker at −1 with the shooting engine's dice, casualties
 * removed at once; a charger that lost 25% or more takes a Panic test and flees if it fails (§11).
 */
import { ScenarioError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import type { Ending } from '../../fight/types.js';
import { pLeadershipPasses } from './exact-morale.js';
import { exactShooting, panicLeadership } from './exact-shooting.js';
import { type ShootingScenario, type Unit, parseScenario } from './schema.js';
import { AttackRoller, Casualties } from './simulate-attack.js';
import { roll2d6 } from '../../core/two-d6.js';
import { shootingModels, shootingStrike } from './strike.js';
import { panicFromLosses } from './tables.js';

/** The shooting scenario (`"stand-and-shoot": true`, or `{ "long-range": true }`) of the target's stand and shoot, or null when not asked. */
export function standAndShootScenario(
  asked: unknown,
  charging: string,
  raw: { attacker?: unknown; target?: unknown },
  target: Unit,
  saves: unknown,
): ShootingScenario | null {
  const path = 'situation.stand-and-shoot';
  if (asked === undefined || asked === false) return null;
  const longRange =
    asked === true
      ? false
      : typeof asked === 'object' && asked !== null && !Array.isArray(asked) && Object.keys(asked).every((k) => k === 'long-range')
        ? (asked as { 'long-range'?: unknown })['long-range'] ?? false
        : null;
  if (typeof longRange !== 'boolean') throw new ScenarioError(path, 'must be true, false or { "long-range": true }');
  if (charging !== 'attacker') throw new ScenarioError(path, 'the charged target shoots the charging attacker: needs charging "attacker"');
  if (!target.missile) throw new ScenarioError(path, 'the target has no missile weapon to shoot with (give target.missile, e.g. {"s": 3})');
  return parseScenario({
    attacker: raw.target,
    target: raw.attacker,
    situation: { phase: 'shooting', 'long-range': longRange, 'charging-target': true, ...(saves === undefined ? {} : { 'saves-better-than-1+': saves }) },
  }) as ShootingScenario;
}

/** The charger after the shots: its models left and the wounds on the model being wounded, or how the fight ended. */
export interface AfterShots {
  readonly modelsLeft: number;
  readonly wounded: number;
  readonly ending: Ending | null;
}

export function afterShots(charger: Unit, lost: number): { modelsLeft: number; wounded: number } {
  const remaining = charger.models * charger.w - lost;
  const modelsLeft = Math.ceil(remaining / charger.w);
  return { modelsLeft, wounded: modelsLeft * charger.w - remaining };
}

/** Every way the stand and shoot can go, exactly (the shooting engine's wounds, then the Panic test). */
export function standAndShootOpenings(sc: ShootingScenario): Array<AfterShots & { readonly p: number }> {
  const charger = sc.target;
  const pass = charger.rules.immuneToPsychology ? 1 : pLeadershipPasses(panicLeadership(charger));
  const out: Array<AfterShots & { p: number }> = [];
  exactShooting(sc).damage.forEach((p, lost) => {
    if (p === 0) return;
    const left = afterShots(charger, lost);
    if (left.modelsLeft === 0) return out.push({ p, ...left, ending: 'attacker-destroyed' });
    const holds = panicFromLosses(charger.models - left.modelsLeft, charger.models) ? pass : 1;
    out.push({ p: p * holds, ...left, ending: null });
    if (holds < 1) out.push({ p: p * (1 - holds), ...left, ending: 'attacker-fled-at-charge' });
  });
  return out;
}

/** How a rolled stand and shoot ended, as StandAndShootRoller.roll codes it: charging home, wiped out, fled. */
export const SHOT_ENDINGS = [null, 'attacker-destroyed', 'attacker-fled-at-charge'] as const;

/**
 * The stand and shoot rolled die by die, compiled once. Each roll returns the wounds the charger
 * lost × 3 + the index of how it ended in SHOT_ENDINGS (one number, no object per sample; the
 * charger's models left follow from the wounds, afterShots). A class, not a closure per scenario:
 * the simulator's call of roll keeps one target whatever the scenario.
 */
export class StandAndShootRoller {
  private readonly roller: AttackRoller;
  private readonly shots: number;
  private readonly casualties: Casualties;
  private readonly ld: number;
  /** The charger's models and all their Wounds; whether it takes panic tests. */
  private readonly models: number;
  private readonly allWounds: number;
  private readonly tests: boolean;

  constructor(sc: ShootingScenario) {
    const charger = sc.target;
    this.roller = new AttackRoller(shootingStrike(sc.attacker, charger, sc.situation), charger.w);
    this.shots = shootingModels(sc.attacker, sc.situation.raisedGround) * sc.attacker.missile.shots;
    this.casualties = new Casualties({ models: charger.models, w: charger.w, overkill: false });
    this.ld = panicLeadership(charger);
    this.models = charger.models;
    this.allWounds = charger.models * charger.w;
    this.tests = !charger.rules.immuneToPsychology;
  }

  roll(rng: Rng): number {
    const casualties = this.casualties;
    casualties.reset();
    this.roller.roll(this.shots, rng, casualties);
    const lost = casualties.lost;
    if (lost === this.allWounds) return lost * 3 + 1; // no wound left, no model left (afterShots)
    // Panic — §11, §13: 25% of the charger's models lost to the shots
    const panics = panicFromLosses(casualties.slain, this.models) && this.tests;
    return lost * 3 + (panics && roll2d6(rng) > this.ld ? 2 : 0);
  }
}
