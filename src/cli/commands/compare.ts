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
import { addQuestionOptions, emit, library, type QuestionFlags, removeMetricOf, situationFlags, splitList, withEvaluator } from '../questions.js';

type CompareFlags = QuestionFlags & EngagementFlags & { options?: string; targets?: string; metric?: string };

export function compareCommand(): Command {
  const cmd = new Command('compare')
    .description('which option is better? options of one unit side by side against one or more targets')
    .argument('<unit>', 'a unit id, system/id')
    .option('--options <names>', "two or more of the unit's options, comma-separated ('default' is the unit as written; default: all of them)")
    .option('--targets <ids>', 'target unit ids, comma-separated (default: a standard set for the rule set)')
    .option('--metric <metric>', 'destroyed or break, for the P(remove) column');
  addQuestionOptions(cmd);
  addEngagementOptions(cmd, { pairs: false });
  cmd.addHelpText('after', '\nExamples:\n  $ warodds compare aos/liberators --options default,all-warhammers --targets aos/clawlord\n  $ warodds compare aos/clawlord --charge --markdown\n  $ warodds compare kow/dragon --turns 3 --targets kow/warrior-horde,kow/spear-regiment');
  return cmd.action(async (unitRef: string, f: CompareFlags) => {
    const lib = library(f);
    const unit = lib.find(unitRef, 'unit');
    const options = splitList(f.options) ?? [DEFAULT_OPTION, ...Object.keys(unit.options)];
    if (options.length < 2) throw new InputError(`--options: give at least two options of '${unitRef}' (it has: ${[DEFAULT_OPTION, ...Object.keys(unit.options)].join(', ')})`);
    options.forEach((o) => withOption(unit, o));
    const q = questionsOf(findSystem(unit.system));
    const targetIds = splitList(f.targets) ?? q.defaultTargets.map((id) => `${unit.system}/${id}`);
    const targets = targetIds.map((id) => ({ unit: lib.find(id, '--targets'), option: DEFAULT_OPTION }));
    const steps = stepsOf(f, unit.system);
    if (steps !== null) {
      if (f.metric !== undefined) throw new InputError('--metric: an engagement compares by P(removed within the turns or bounds)');
      const rows = await withEvaluator(f, (evaluate) => compareEngagements(unit, options, targets, steps, situationFlags(f), evaluate));
      const { report, json } = engagementCompareReport(sideLabel({ unit, option: DEFAULT_OPTION }), rows, steps, q);
      return emit(report, json, f);
    }
    const result = await withEvaluator(f, (evaluate) => compareOptions(unit, options, targets, situationFlags(f), removeMetricOf(f.metric), evaluate));
    const { report, json } = compareReport(result, q);
    emit(report, json, f);
  });
}
