/**
 * `warodds attack`: one scenario, from generic flags or a scenario file.
 */
import { Command } from 'commander';
import { genericScenarioFromFlags, type GenericFlags } from '../generic-flags.js';
import { loadScenarioFile } from '../scenario-file.js';
import { addEngineOptions, addOutputOptions, addSamplingOptions, engineOf, type EngineFlags, formatOf, type OutputFlags, samplingOptions, type SamplingFlags } from '../options.js';
import { interruptSignal } from '../interrupt.js';
import { runScenario } from '../run.js';
import { renderResult } from '../output.js';

export const DEFAULT_ATTACK_SAMPLES = 1_000_000;

type AttackFlags = GenericFlags & SamplingFlags & OutputFlags & EngineFlags & { scenario?: string };

export function attackCommand(): Command {
  const cmd = new Command('attack')
    .description('distributions of damage, models slain, destruction and morale for one attack')
    .option('--scenario <file>', 'a scenario JSON file (any rule set); otherwise the generic pipeline flags below')
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
Examples:
  $ warodds attack --attacks 20 --hit 3 --wound 4 --save 4
  $ warodds attack --attacks 2 --hit auto --wound auto --damage D3 --health 2 --models 5 --no-spill
  $ warodds attack --scenario src/data/generic/scenarios/crits-and-rerolls.json --both --json`,
  );
  return cmd.action(async (flags: AttackFlags) => {
    const scenario = flags.scenario ? loadScenarioFile(flags.scenario) : genericScenarioFromFlags(flags);
    const result = await runScenario(scenario, engineOf(flags), samplingOptions(flags, DEFAULT_ATTACK_SAMPLES, interruptSignal()));
    process.stdout.write(`${renderResult(result, formatOf(flags))}\n`);
  });
}
