/**
 * Library units as an engagement: several `--attacker ID[:how]` against one `--target`,
 * over `--turns K` (Kings of War; Age of Sigmar battle rounds) or `--bounds K` (HOTT). `warodds
 * fight` on units of these rule sets answers with the engagement: a Kings of War charge and the
 * turns after it, an Age of Sigmar fight phase with both sides striking over battle rounds, a
 * HOTT combat fought again while the elements stay in contact.
 */
import { attackersLabel, engagementInput } from '../analysis/engagements.js';
import { sideLabel, type Side } from '../analysis/pairing.js';
import { DEFAULT_OPTION, type Library, questionsOf } from '../analysis/units.js';
import { shootingNotes } from '../analysis/shooting-flags.js';
import { InputError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';
import type { SituationFlags } from '../systems/types.js';
import { attackerSpec, engagementSituation, stepsOf } from './engagement-flags.js';
import type { EngagementFlags } from './engagement-options.js';
import { samplingNotes, samplingOptions, type SamplingFlags } from './options.js';
import { renderResult } from './output.js';
import { library, type QuestionFlags, situationFlags } from './questions.js';
import { defaultOptionLine, runProvenance, withNotes } from '../questions/provenance.js';
import { runScenario } from './answer.js';
import type { LoadedScenario } from './scenario-file.js';
import { writeStdout } from './stdout.js';

/** The engagement of these attackers (each `ID` or `ID:how`) against the target over `steps`. */
export function engagementScenario(lib: Library, attackers: readonly string[], target: Side, attackerOption: string | undefined, steps: number, flags: SituationFlags): LoadedScenario {
  const sides = attackers.map(attackerSpec).map(({ ref, how }) => ({ side: { unit: lib.find(ref, '--attacker'), option: attackerOption ?? DEFAULT_OPTION }, how }));
  const { system: id, input } = engagementInput(sides, target, steps, flags);
  const system = findSystem(id);
  const name = `${attackersLabel(sides.map((s) => s.side))} against ${sideLabel(target)}`;
  const notes = shootingNotes(questionsOf(system), flags);
  return { name, description: '', system, input, parsed: system.parse(input), file: null, ...(notes.length ? { notes } : {}) };
}

/** The run record's defaults of library units: the options not given, where the units have some. */
export function optionDefaults(lib: Library, attackers: readonly string[], target: string, attackerOption: string | undefined, targetOption: string | undefined): string[] {
  const hasOptions = (ref: string, flag: string) => Object.keys(lib.find(ref, flag).options).length > 0;
  return [
    ...(attackerOption === undefined && attackers.some((a) => hasOptions(attackerSpec(a).ref, '--attacker')) ? [defaultOptionLine('attacker')] : []),
    ...(targetOption === undefined && hasOptions(target, '--target') ? [defaultOptionLine('target')] : []),
  ];
}

export type FightUnitsFlags = QuestionFlags &
  SamplingFlags &
  EngagementFlags & { scenario?: string; attacker?: string[]; target?: string; attackerOption?: string; targetOption?: string; verbose?: boolean };

/**
 * `warodds fight` when the target's rule set has engagements rather than whole fights: runs and
 * prints the engagement and returns true; false when the fight is a 9th Age or Warhammer Fantasy
 * one (one attacker, no --turns/--bounds, which that path refuses).
 */
export async function fightEngagement(f: FightUnitsFlags, defaultSamples: number): Promise<boolean> {
  if (f.scenario !== undefined) {
    const flag = f.turns !== undefined ? '--turns' : f.bounds !== undefined ? '--bounds' : null;
    if (flag) throw new InputError(`${flag}: for library units (--attacker, --target); a scenario file gives its own length`);
    return false;
  }
  if (!f.attacker?.length || f.target === undefined) return false;
  const lib = library(f);
  const target = { unit: lib.find(f.target, '--target'), option: f.targetOption ?? DEFAULT_OPTION };
  const systemId = target.unit.system;
  const hook = questionsOf(findSystem(systemId)).engagements;
  if (!hook) {
    if (f.attacker.length > 1)
      throw new InputError(`--attacker: a whole ${systemId} fight is one unit against another; several attackers fight one target in kings-of-war, age-of-sigmar and hott engagements`);
    stepsOf(f, systemId); // --turns/--bounds: refused with the rule sets that have them
    return false;
  }
  if (f.rounds !== undefined) throw new InputError(`--rounds: ${systemId} engagements count ${hook.step} (--${hook.step} K)`);
  if (f.verbose) throw new InputError('--verbose: only for the whole fights of ninth-age and warhammer-fantasy (the live states of their chain)');
  const steps = stepsOf(f, systemId) ?? 1;
  const flags = situationFlags(f);
  const scenario = engagementScenario(lib, f.attacker, target, f.attackerOption, steps, flags);
  const engine = f.mc ? 'mc' : 'exact';
  const sampling = samplingOptions(f, defaultSamples);
  const result = await runScenario(scenario, engine, sampling);
  // The run record, as attack gives it for the same engagement.
  const record = withNotes(runProvenance(engine, sampling, engagementSituation(systemId, steps, flags), optionDefaults(lib, f.attacker, f.target, f.attackerOption, f.targetOption)), [...result.notes, ...samplingNotes(f, Boolean(f.mc))]);
  writeStdout(`${renderResult(result, f.json ? 'json' : 'table', record)}\n`);
  return true;
}
