/**
 * `warodds compare <unit> --options a,b`: weapon or equipment options side by side.
 */
import { Command } from 'commander';
import { compareOptions } from '../../analysis/compare.js';
import { compareEngagements } from '../../analysis/engagements.js';
import { sideLabel } from '../../analysis/pairing.js';
import { addEngagementOptions, type EngagementFlags, stepsOf } from '../engagement-flags.js';
import { engagementCompareReport } from '../render/engagement-report.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/registry.js';
import { compareReport } from '../render/question-reports.js';
import { addFightOptions, addQuestionOptions, checkFightSystem, emit, library, type QuestionFlags, removeMetricOf, situationFlags, splitList, withEvaluator } from '../questions.js';

type CompareFlags = QuestionFlags & EngagementFlags & { options?: string; targets?: string; metric?: string };

export function compareCommand(): Command {
  const cmd = new Command('compare')
    .description('which option is better? options of one unit side by side against one or more targets')
    .argument('<unit>', 'a unit id, system/id')
    .option('--options <names>', "two or more of the unit's options, comma-separated ('default' is the unit as written; default: all of them)")
    .option('--targets <ids>', 'target unit ids, comma-separated (default: a standard set for the rule set)')
    .option('--metric <metric>', 'destroyed or break, for the P(remove) column');
  addQuestionOptions(cmd);
  addFightOptions(cmd);
  addEngagementOptions(cmd, { pairs: false });
  cmd.addHelpText(
    'after',
    '\nWith --fight each option fights each target to a finish; P(remove) is P(the target is broken, caught or destroyed).\n\nExamples:\n  $ warodds compare aos/liberators --options default,all-warhammers --targets aos/clawlord\n  $ warodds compare aos/clawlord --charge --markdown\n  $ warodds compare t9a/line-infantry-spears --options default,horde --targets t9a/halberdiers --fight\n  $ warodds compare kow/dragon --turns 3 --targets kow/warrior-horde,kow/spear-regiment',
  );
  return cmd.action(async (unitRef: string, f: CompareFlags) => {
    const lib = library(f);
    const unit = lib.find(unitRef, 'unit');
    const options = splitList(f.options) ?? [DEFAULT_OPTION, ...Object.keys(unit.options)];
    if (options.length < 2) throw new InputError(`--options: give at least two options of '${unitRef}' (it has: ${[DEFAULT_OPTION, ...Object.keys(unit.options)].join(', ')})`);
    options.forEach((o) => withOption(unit, o));
    const q = questionsOf(findSystem(unit.system));
    const targetIds = splitList(f.targets) ?? q.defaultTargets.map((id) => `${unit.system}/${id}`);
    const targets = targetIds.map((id) => ({ unit: lib.find(id, '--targets'), option: DEFAULT_OPTION }));
    const flags = situationFlags(f);
    const steps = stepsOf(f, unit.system);
    if (steps !== null) {
      if (f.fight) throw new InputError('--fight: a whole fight (9th Age, Warhammer Fantasy) is not an engagement of --turns or --bounds');
      if (f.metric !== undefined) throw new InputError('--metric: an engagement compares by P(removed within the turns or bounds)');
      const rows = await withEvaluator(f, (evaluate) => compareEngagements(unit, options, targets, steps, flags, evaluate));
      const { report, json } = engagementCompareReport(sideLabel({ unit, option: DEFAULT_OPTION }), rows, steps, q);
      return emit(report, json, f);
    }
    checkFightSystem(q, flags, unit.system);
    const metric = f.fight && f.metric === undefined ? 'break' : removeMetricOf(f.metric);
    const result = await withEvaluator(f, (evaluate) => compareOptions(unit, options, targets, flags, metric, evaluate));
    const { report, json } = compareReport(result, q);
    emit(report, json, f);
  });
}
