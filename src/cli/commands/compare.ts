/**
 * `warodds compare <unit> --option a,b`: weapon or equipment options side by side.
 */
import { Command } from 'commander';
import { compareEngagements, compareEngagementsPlan, engagementsOf } from '../../analysis/engagements.js';
import { engagementSituation, stepsOf } from '../engagement-flags.js';
import { addEngagementOptions, type EngagementFlags } from '../engagement-options.js';
import { engagementCompareReport } from '../../questions/engagement-report.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/lookup.js';
import { askCompare, compareAnswerReport, compareQuestionPlan, furtherSituations, joinedReport } from '../../questions/compare-question.js';
import { removeAssumption } from '../../questions/question-reports.js';
import { addFightOptions, addListOption, addQuestionOptions, addRemoveOption, checkFightSystem, emit, fightAssumptions, library, listFlag, type QuestionFlags, questionProvenance, situationFlags, withEvaluator } from '../questions.js';
import { shortId } from '../../questions/ids.js';
import { COLUMN_HELP } from '../help.js';
import { applyLength } from '../length-flag.js';
import { addLengthOption, type LengthFlags } from '../engagement-options.js';
import { parseRemoveMetric } from '../../analysis/pairing.js';

type CompareFlags = QuestionFlags & EngagementFlags & LengthFlags & { option?: string[]; options?: string[]; target?: string[]; targets?: string[]; remove?: string; metric?: string };

export function compareCommand(): Command {
  const cmd = new Command('compare')
    .description('which option is better? options of one unit side by side against one or more targets')
    .argument('<unit>', 'a unit id, system/id');
  addListOption(cmd, 'option', 'options', "two or more of the unit's options, comma-separated or repeated ('default' is the unit as written; default: all of them)");
  addListOption(cmd, 'target', 'targets', 'target unit ids, comma-separated or repeated (default: a standard set for the rule set)');
  addRemoveOption(cmd, true);
  addQuestionOptions(cmd);
  addFightOptions(cmd);
  addEngagementOptions(cmd, { pairs: false });
  addLengthOption(cmd);
  cmd.addHelpText(
    'after',
    `\n${COLUMN_HELP.compare}\n\nWith --fight each option fights each target to a finish; P(remove) is P(the target is broken, caught or destroyed).\n\nExamples:\n  $ npx warodds compare aos/liberators --option default,all-warhammers --target aos/clawlord\n  $ npx warodds compare aos/clawlord --charge --markdown\n  $ npx warodds compare t9a/line-infantry-spears --option default,horde --target t9a/halberdiers --fight\n  $ npx warodds compare kow/dragon --turns 3 --target kow/warrior-horde,kow/spear-regiment`,
  );
  return cmd.action(async (unitRef: string, f: CompareFlags) => {
    const lib = library(f);
    const unit = lib.find(unitRef, 'unit');
    const all = [DEFAULT_OPTION, ...Object.keys(unit.options)];
    const givenOptions = listFlag(f, 'option', 'options');
    const options = givenOptions ?? all;
    if (givenOptions && options.length < 2) throw new InputError(`--option: give at least two options of '${unitRef}' (it has: ${all.join(', ')})`);
    // A unit with one loadout (a roster's unit, as its player chose it) is answered as it stands, with a note.
    const oneLoadout = options.length < 2 ? [`options: '${shortId(unit.system, unit.id)}' has one loadout (default): nothing to compare, shown as it stands against each target`] : [];
    options.forEach((o) => withOption(unit, o, f.option !== undefined ? '--option' : '--options'));
    const system = findSystem(unit.system);
    const q = questionsOf(system);
    const givenTargets = listFlag(f, 'target', 'targets');
    const targetIds = givenTargets ?? q.defaultTargets.map((id) => `${unit.system}/${id}`);
    const targets = targetIds.map((id) => ({ unit: lib.find(id, '--target'), option: DEFAULT_OPTION }));
    // The same unit under two spellings (kow/dragon, kings-of-war/dragon) is one target.
    const keys = targets.map((t) => `${t.unit.system}/${t.unit.id}`);
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice !== undefined) throw new InputError(`--target: '${twice}' is given twice`);
    applyLength(f, unit.system, { fights: true });
    const flags = situationFlags(f);
    const removeText = f.remove ?? f.metric;
    const removeFlag = f.remove !== undefined ? '--remove' : '--metric';
    const assumed: string[] = [];
    if (!givenOptions) assumed.push(`options: all of the unit's (${all.join(', ')})`);
    if (!givenTargets) assumed.push(`targets: the ${system.id} standard set (${targets.map((t) => shortId(t.unit.system, t.unit.id)).join(', ')})`);
    const steps = stepsOf(f, unit.system);
    if (steps !== null) {
      if (f.fight) throw new InputError('--fight: a whole fight (9th Age, Warhammer Fantasy) is not an engagement of --turns or --bounds');
      if (removeText !== undefined) throw new InputError(`${removeFlag}: an engagement compares by P(removed within the turns or bounds)`);
      const { value: rows, run } = await withEvaluator(f, options.length * targets.length, { question: `compare of ${unit.system}/${unit.id} over ${steps} ${engagementsOf(unit.system, '--attacker').step}`, pairings: () => compareEngagementsPlan(unit, options, targets, steps, flags) }, (evaluate) => compareEngagements(unit, options, targets, steps, flags, evaluate));
      const { report, json } = engagementCompareReport({ unit, option: DEFAULT_OPTION }, rows, steps, q);
      return emit({ ...report, provenance: questionProvenance({ ...run, notes: [...oneLoadout, ...(run.notes ?? [])], situation: engagementSituation(unit.system, steps, flags) }, assumed) }, json, f);
    }
    checkFightSystem(q, flags, unit.system);
    const metric = f.fight && removeText === undefined ? 'break' : parseRemoveMetric(removeText, removeFlag);
    // Options that change nothing here may differ on the charge or at range: that comparison is
    // computed too when the first shows no difference (same options, targets, metric; one meter).
    const question = { unit, options, targets, flags, metric };
    const further = furtherSituations(question, q);
    const { value: results, run } = await withEvaluator(
      f,
      options.length * targets.length * (further.furtherFlags ? 2 : 1),
      { question: `compare of ${unit.system}/${unit.id}${f.fight ? ' in a whole fight' : ''}`, pairings: () => compareQuestionPlan(question, further) },
      (evaluate) => askCompare(question, further, evaluate),
    );
    if (removeText === undefined) assumed.push(removeAssumption(q, Boolean(f.fight)));
    assumed.push(...fightAssumptions(f));
    const answered = compareAnswerReport(results, further, flags, q);
    const report = joinedReport(answered);
    await emit({ ...report, provenance: questionProvenance({ ...run, notes: [...oneLoadout, ...(run.notes ?? [])] }, assumed) }, answered.json, f);
  });
}
