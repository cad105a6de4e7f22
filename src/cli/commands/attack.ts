/**
 * `warodds attack`: one scenario, from generic flags or a scenario file.
 */
import { Command, Option } from 'commander';
import { GENERIC_FLAG_KEYS, genericScenarioFromFlags, type GenericFlags } from '../generic-flags.js';
import type { LoadedScenario } from '../scenario-file.js';
import { findScenario } from '../bundled.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/registry.js';
import { DEFAULT_OPTION, questionsOf } from '../../analysis/units.js';
import { pairingInput, sideLabel } from '../../analysis/pairing.js';
import { library, type QuestionFlags, situationFlags } from '../questions.js';
import { addEngineOptions, addOutputOptions, addSamplingOptions, engineOf, type EngineFlags, formatOf, type OutputFlags, samplingOptions, type SamplingFlags } from '../options.js';
import { runScenario } from '../run.js';
import { renderResult } from '../output.js';
import { COLUMN_HELP } from '../help.js';
import { runProvenance, situationLines } from '../provenance.js';

export const DEFAULT_ATTACK_SAMPLES = 1_000_000;

type AttackFlags = GenericFlags &
  SamplingFlags &
  OutputFlags &
  EngineFlags &
  QuestionFlags & { scenario?: string; attacker?: string; target?: string; attackerOption?: string; targetOption?: string };

/** The flags of the units mode (`--attacker A --target B`). */
const UNIT_FLAG_KEYS = ['attacker', 'target', 'attackerOption', 'targetOption', 'charge', 'flank', 'rear', 'shooting', 'situation', 'units'] as const;

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

/** A scenario from two library units and the situation flags. */
function unitsScenario(f: AttackFlags): LoadedScenario {
  if (!f.attacker || !f.target) throw new InputError(`--${f.attacker ? 'target' : 'attacker'}: give both --attacker and --target unit ids`);
  const lib = library(f);
  const attacker = { unit: lib.find(f.attacker, '--attacker'), option: f.attackerOption ?? DEFAULT_OPTION };
  const target = { unit: lib.find(f.target, '--target'), option: f.targetOption ?? DEFAULT_OPTION };
  const system = findSystem(attacker.unit.system);
  const input = pairingInput(questionsOf(system), attacker, target, situationFlags(f));
  return { name: `${sideLabel(attacker)} against ${sideLabel(target)}`, description: '', system, input, parsed: system.parse(input), file: null };
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

function unitDefaults(f: AttackFlags): string[] {
  const lib = library(f);
  return [
    ...(f.attackerOption === undefined && Object.keys(lib.find(f.attacker!, '--attacker').options).length ? ['attacker option: default (the unit as written)'] : []),
    ...(f.targetOption === undefined && Object.keys(lib.find(f.target!, '--target').options).length ? ['target option: default (the unit as written)'] : []),
  ];
}

export function attackCommand(): Command {
  const cmd = new Command('attack')
    .description('distributions of damage, models slain, destruction and morale for one attack')
    .option('--scenario <file|id>', 'a scenario JSON file (any rule set), or a bundled one by id (warodds scenarios lists them); otherwise units or the generic pipeline flags below')
    .option('--attacker <id>', 'a unit id, system/id (warodds units lists them), with --target')
    .option('--target <id>', 'the target unit id')
    .option('--attacker-option <name>', "the attacker's option (default: as written)")
    .option('--target-option <name>', "the target's option (default: as written)")
    .option('--charge', 'units: the attacker charged this turn')
    .addOption(new Option('--flank', 'units: the attack hits the flank').conflicts(['rear']))
    .option('--rear', 'units: the attack hits the rear')
    .option('--shooting', 'units: shooting instead of melee')
    .option('--situation <json>', 'units: further situation keys of the rule set, as JSON')
    .option('--units <dir>', 'units: also load your own units from DIR')
    .option('--attacks <dice>', 'generic: attacks per model (3, D6, 2D6+1, ...)')
    .option('--attacker-models <n>', 'generic: attacking models (default 1)')
    .option('--hit <target>', "generic: to-hit roll, 2..6 or 'auto'")
    .option('--wound <target>', "generic: to-wound roll, 2..6 or 'auto'")
    .option('--save <target>', "generic: target's save, 2..6 or 'none' (default none)")
    .option('--rend <n>', 'generic: save modifier (rend / AP), 0..6')
    .option('--damage <dice>', 'generic: damage per unsaved wound (default 1)')
    .option('--ward <target>', "generic: ward rolled per point of damage, 2..6 or 'none'")
    .option('--reroll-hit <policy>', 'generic: none | ones | failed | all (all = re-roll every non-critical)')
    .option('--reroll-wound <policy>', 'generic: none | ones | failed | all')
    .option('--hit-crit <effects>', 'generic: effects of a critical hit: extra-hits(N), auto-wound, mortal(D)')
    .option('--hit-crit-on <n>', 'generic: unmodified hit roll that is critical (default 6)')
    .option('--wound-crit <effects>', 'generic: effects of a critical wound: mortal(D), rend+(N)')
    .option('--wound-crit-on <n>', 'generic: unmodified wound roll that is critical (default 6)')
    .option('--models <n>', 'generic: models in the target unit (default: unlimited)')
    .option('--health <n>', 'generic: wounds / health per target model (default 1)')
    .option('--no-spill', 'generic: excess damage of an attack is lost instead of spilling over');
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
  $ npx warodds attack --attacker aos/liberators --target aos/clawlord --charge
  $ npx warodds attack --scenario generic/crits-and-rerolls --both --json`,
  );
  return cmd.action(async (flags: AttackFlags, command: Command) => {
    checkModeFlags(command, flags);
    const scenario = flags.scenario ? findScenario(flags.scenario) : flags.attacker || flags.target ? unitsScenario(flags) : genericScenarioFromFlags(flags);
    const engine = engineOf(flags);
    const sampling = samplingOptions(flags, DEFAULT_ATTACK_SAMPLES);
    const result = await runScenario(scenario, engine, sampling);
    const assumed = flags.scenario ? [] : flags.attacker ? unitDefaults(flags) : genericDefaults(flags);
    const record = runProvenance(engine, sampling, situationLines((scenario.input as { situation?: unknown }).situation), assumed);
    process.stdout.write(`${renderResult(result, formatOf(flags), record)}\n`);
  });
}
