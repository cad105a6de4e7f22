/**
 * `warodds attack`: one scenario, from generic flags or a scenario file.
 */
import { Command, Option } from 'commander';
import { GENERIC_FLAG_KEYS, genericScenarioFromFlags, type GenericFlags } from '../generic-flags.js';
import type { LoadedScenario } from '../scenario-file.js';
import { InputError } from '../../core/errors.js';
import { addEngagementOptions, addLengthOption, collect, type EngagementFlags, type LengthFlags } from '../engagement-options.js';
import type { QuestionFlags } from '../questions.js';
import { addEngineOptions, addOutputOptions, addSamplingOptions, engineOf, type EngineFlags, formatOf, type OutputFlags, samplingNotes, samplingOptions, type SamplingFlags } from '../options.js';
import { runScenario } from '../answer.js';
import { renderResult } from '../output.js';
import { COLUMN_HELP } from '../help.js';
import { runProvenance, situationLines, withNotes } from '../../questions/provenance.js';
import { writeStdout } from '../stdout.js';

export const DEFAULT_ATTACK_SAMPLES = 1_000_000;

type AttackFlags = GenericFlags &
  SamplingFlags &
  OutputFlags &
  EngineFlags &
  QuestionFlags &
  EngagementFlags &
  LengthFlags & { stages?: boolean; scenario?: string; attacker?: string[]; target?: string; attackerOption?: string; targetOption?: string };

/** The flags of the units mode (`--attacker A --target B`). */
const UNIT_FLAG_KEYS = ['attacker', 'target', 'attackerOption', 'targetOption', 'charge', 'flank', 'rear', 'shooting', 'situation', 'units', 'turns', 'bounds', 'length'] as const;

/** The flags given on the command line among `keys`, as written (`--attacks`). */
function givenFlags(cmd: Command, keys: readonly string[]): string[] {
  return cmd.options.filter((o) => keys.includes(o.attributeName()) && cmd.getOptionValueSource(o.attributeName()) === 'cli').map((o) => o.long ?? o.flags);
}

/**
 * The three ways to ask (a scenario file, two units, the generic flags) do not mix: a flag of
 * another way would be ignored, and the answer would be to a question the user did not ask.
 */
function checkModeFlags(cmd: Command, f: AttackFlags): void {
  const generic = givenFlags(cmd, GENERIC_FLAG_KEYS);
  const units = givenFlags(cmd, UNIT_FLAG_KEYS);
  if (f.scenario !== undefined) {
    const extra = [...generic, ...units];
    if (extra.length) throw new InputError(`--scenario: cannot be combined with ${extra.join(', ')} (the scenario file gives the whole attack; edit the file, or drop --scenario)`);
  } else if (f.attacker !== undefined || f.target !== undefined) {
    if (generic.length) throw new InputError(`${generic[0]}: is a flag of the generic pipeline and cannot be combined with --attacker/--target units`);
  } else if (units.length) throw new InputError(`${units[0]}: applies to --attacker/--target units only`);
}

/**
 * A scenario from two library units and the situation flags — or an engagement of several
 * attackers, with the situation it was given for the run record. The unit library,
 * the pairing and every rule set load only here (start-up: `attack` with generic
 * flags loads the generic pipeline alone).
 */
async function unitsScenario(f: AttackFlags): Promise<{ scenario: LoadedScenario; situation?: string[] }> {
  if (!f.attacker?.length || !f.target) throw new InputError(`--${f.attacker?.length ? 'target' : 'attacker'}: give both --attacker and --target unit ids`);
  const [{ findSystem }, { DEFAULT_OPTION, questionsOf }, { pairingInput, sideLabel }, { attackerSpec, engagementSituation, stepsOf }, { engagementScenario }, { library, situationFlags }, { applyLength }, { shootingNotes }] =
    await Promise.all([
      import('../../systems/registry.js'),
      import('../../analysis/units.js'),
      import('../../analysis/pairing.js'),
      import('../engagement-flags.js'),
      import('../engagement-units.js'),
      import('../questions.js'),
      import('../length-flag.js'),
      import('../../analysis/shooting-flags.js'),
    ]);
  const lib = library(f);
  const specs = f.attacker.map(attackerSpec);
  const targetSide = { unit: lib.find(f.target, '--target'), option: f.targetOption ?? DEFAULT_OPTION };
  applyLength(f, targetSide.unit.system, { fights: false });
  const steps = stepsOf(f, targetSide.unit.system);
  if (specs.length > 1 || specs[0].how !== null || steps !== null) {
    const flags = situationFlags(f);
    const scenario = engagementScenario(lib, f.attacker, targetSide, f.attackerOption, steps ?? 1, flags);
    return { scenario, situation: engagementSituation(targetSide.unit.system, steps ?? 1, flags) };
  }
  const attacker = { unit: lib.find(specs[0].ref, '--attacker'), option: f.attackerOption ?? DEFAULT_OPTION };
  const target = { unit: lib.find(f.target, '--target'), option: f.targetOption ?? DEFAULT_OPTION };
  const system = findSystem(attacker.unit.system);
  const flags = situationFlags(f);
  const input = pairingInput(questionsOf(system), attacker, target, flags);
  const notes = shootingNotes(questionsOf(system), flags);
  return { scenario: { name: `${sideLabel(attacker)} against ${sideLabel(target)}`, description: '', system, input, parsed: system.parse(input), file: null, ...(notes.length ? { notes } : {}) } };
}

/** The generic pipeline's defaults for the flags not given: the default target, among others. */
const GENERIC_DEFAULTS: Array<[keyof GenericFlags, string]> = [
  ['attackerModels', '--attacker-models 1'],
  ['rend', '--rend 0'],
  ['damage', '--damage 1'],
  ['save', '--save none'],
  ['ward', '--ward none'],
  ['models', '--models unlimited'],
  ['health', '--health 1'],
];

function genericDefaults(f: AttackFlags): string[] {
  const unset = GENERIC_DEFAULTS.filter(([key]) => f[key] === undefined).map(([, text]) => text);
  return unset.length ? [`${unset.join(', ')}`] : [];
}

async function unitDefaults(f: AttackFlags): Promise<string[]> {
  const [{ optionDefaults }, { library }] = await Promise.all([import('../engagement-units.js'), import('../questions.js'), import('../../systems/registry.js')]);
  return optionDefaults(library(f), f.attacker!, f.target!, f.attackerOption, f.targetOption);
}

/** A scenario file, or a bundled scenario by id: the rule sets load only here. */
async function fileScenario(pathOrId: string): Promise<LoadedScenario> {
  return (await import('../bundled.js')).findScenario(pathOrId);
}

export function attackCommand(): Command {
  const cmd = new Command('attack')
    .description('distributions of damage, models slain, destruction and morale for one attack')
    .option('--scenario <file|id>', 'a scenario JSON file (any rule set), or a bundled one by id (warodds scenarios lists them); otherwise units or the generic pipeline flags below')
    .option('--attacker <id>', 'a unit id, system/id (warodds units lists them), with --target; repeat it for several attackers, ID:how = front, flank, rear, counter-charge or shooting', collect)
    .option('--target <id>', 'the target unit id')
    .option('--attacker-option <name>', "the attacker's option (default: as written)")
    .option('--target-option <name>', "the target's option (default: as written)")
    .option('--charge', 'units: the attacker charged this turn')
    .addOption(new Option('--flank', 'units: the attack hits the flank').conflicts(['rear']))
    .option('--rear', 'units: the attack hits the rear')
    .option('--shooting', 'units: shooting instead of melee')
    .option('--situation <json>', 'units: further situation keys of the rule set, as JSON')
    .option('--units <path>', 'units: also load your own units: a folder of unit files, or BattleScribe files')
    .option('--attacks <dice>', 'generic: attacks per model (3, D6, 2D6+1, ...)')
    .option('--attacker-models <n>', 'generic: attacking models (default 1)')
    .option('--hit <target>', "generic: to-hit roll, 2..6 or 'auto'")
    .option('--wound <target>', "generic: to-wound roll, 2..6 or 'auto'")
    .option('--hit-modifier <n>', 'generic: sum of the hit roll modifiers, capped to ±1 (an unmodified 1 fails, a 6 succeeds)')
    .option('--wound-modifier <n>', 'generic: sum of the wound roll modifiers, capped to ±1')
    .option('--save <target>', "generic: target's save, 2..6 or 'none' (default none)")
    .option('--invulnerable <target>', "generic: target's invulnerable save, which rend does not change; the better of the two is rolled")
    .option('--rend <n>', 'generic: save modifier (rend / AP), 0..6')
    .option('--damage <dice>', 'generic: damage per unsaved wound (default 1)')
    .option('--ward <target>', "generic: ward rolled per point of damage, 2..6 or 'none'")
    .option('--reroll-hit <policy>', "generic: none | ones | failed | all (all = re-roll every non-critical; without --hit-crit the same as 'failed')")
    .option('--reroll-wound <policy>', "generic: none | ones | failed | all (as --reroll-hit)")
    .option('--reroll-damage <policy>', 'generic: none | ones (each damage die of 1) | below(N) (the damage roll when below N)')
    .option('--hit-crit <effects>', 'generic: effects of a critical hit: extra-hits(D), extra-hit-rolls(D), auto-wound, mortal(D), extra-mortal(D), rend+(N), damage+(N)')
    .option('--hit-crit-on <n>', 'generic: unmodified hit roll that is critical (default 6)')
    .option('--wound-crit <effects>', 'generic: effects of a critical wound: mortal(D), extra-mortal(D), rend+(N), damage+(N)')
    .option('--wound-crit-on <n>', 'generic: unmodified wound roll that is critical (default 6)')
    .option('--profile <json>', 'generic: one more weapon profile, as JSON (repeatable; they attack in order)', (v: string, all: string[] = []) => [...all, v])
    .option('--models <n>', 'generic: models in the target unit (default: unlimited)')
    .option('--health <n>', 'generic: wounds / health per target model, up to 1,000 (default 1)')
    .option('--no-spill', 'generic: excess damage of each hit is lost instead of spilling over')
    .option('--mortal-spill', 'generic: excess normal damage is lost, mortal damage spills over (classic 40k)')
    .option('--stages', 'also print each stage: attacks, hits, wounds, unsaved wounds, damage dealt (exact; generic and Age of Sigmar)');
  addEngagementOptions(cmd, { pairs: false });
  addLengthOption(cmd);
  addEngineOptions(cmd);
  addSamplingOptions(cmd, DEFAULT_ATTACK_SAMPLES);
  addOutputOptions(cmd);
  cmd.addHelpText(
    'after',
    `
${COLUMN_HELP.attack}

Examples:
  $ npx warodds attack --attacks 20 --hit 3 --wound 4 --save 4
  $ npx warodds attack --attacks 2 --hit auto --wound auto --damage D3 --health 2 --models 5 --no-spill
  $ npx warodds attack --attacks 6 --hit 4 --wound 4 --save 3 --invulnerable 5 --rend 2 --stages
  $ npx warodds attack --attacker aos/liberators --target aos/clawlord --charge
  $ npx warodds attack --attacker kow/elf-archers:shooting --attacker kow/heavy-cavalry:flank --target kow/spear-regiment --length 2
  $ npx warodds attack --scenario generic/crits-and-rerolls --both --json`,
  );
  return cmd.action(async (flags: AttackFlags, command: Command) => {
    checkModeFlags(command, flags);
    const { scenario, situation } = flags.scenario
      ? { scenario: await fileScenario(flags.scenario) }
      : flags.attacker || flags.target
        ? await unitsScenario(flags)
        : { scenario: genericScenarioFromFlags(flags) };
    const engine = engineOf(flags);
    const sampling = samplingOptions(flags, DEFAULT_ATTACK_SAMPLES);
    const result = await runScenario(scenario, engine, { ...sampling, stages: flags.stages });
    const assumed = flags.scenario ? [] : flags.attacker ? await unitDefaults(flags) : genericDefaults(flags);
    const record = withNotes(runProvenance(engine, sampling, situation ?? situationLines((scenario.input as { situation?: unknown }).situation), assumed), [...result.notes, ...samplingNotes(flags, engine !== 'exact')]);
    writeStdout(`${renderResult(result, formatOf(flags), record)}\n`);
  });
}
