/**
 * `warodds kills <target>`: every candidate attacker ranked by the probability of removing it.
 */
import { Command } from 'commander';
import { whatKills } from '../../analysis/kills.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { findSystem } from '../../systems/registry.js';
import { killsReport } from '../render/question-reports.js';
import { addFightOptions, addListOption, addQuestionOptions, addRemoveOption, checkFightSystem, emit, fightAssumptions, library, listFlag, type QuestionFlags, questionProvenance, removeAssumption, removeMetricOf, situationFlags, withEvaluator } from '../questions.js';
import { COLUMN_HELP } from '../help.js';

type KillsFlags = QuestionFlags & { attacker?: string[]; attackers?: string[]; targetOption?: string; remove?: string; metric?: string };

export function killsCommand(): Command {
  const cmd = new Command('kills')
    .description('what kills this unit? every candidate attacker, each with its best option, ranked by P(remove)')
    .argument('<target>', 'a unit id, system/id (warodds units lists them)');
  addListOption(cmd, 'attacker', 'attackers', "candidate attackers, comma-separated or repeated (default: every unit of the target's rule set)");
  cmd.option('--target-option <name>', "the target's option (default: as written)");
  addRemoveOption(cmd, true);
  addQuestionOptions(cmd);
  addFightOptions(cmd);
  cmd.addHelpText(
    'after',
    `\n${COLUMN_HELP.kills}\n\nWith --fight the ranking is by P(the target is broken, caught or destroyed within the rounds).\n\nExamples:\n  $ npx warodds kills aos/clawlord\n  $ npx warodds kills hott/knights --attacker hott/blades,hott/spears,hott/behemoths --csv\n  $ npx warodds kills t9a/halberdiers --fight --charge --rounds 3`,
  );
  return cmd.action(async (targetRef: string, f: KillsFlags) => {
    const lib = library(f);
    const target = { unit: lib.find(targetRef, 'target'), option: f.targetOption ?? DEFAULT_OPTION };
    const given = listFlag(f, 'attacker', 'attackers');
    const candidates = given?.map((id) => lib.find(id, '--attacker')) ?? lib.ofSystem(target.unit.system);
    const system = findSystem(target.unit.system);
    const q = questionsOf(system);
    const flags = situationFlags(f);
    checkFightSystem(q, flags, target.unit.system);
    const removeText = f.remove ?? f.metric;
    // A fight ranks by P(broken, caught or destroyed) unless another metric is asked for.
    const metric = f.fight && removeText === undefined ? 'break' : removeMetricOf(removeText, f.remove !== undefined ? '--remove' : '--metric');
    // Pairings to run: every option of every candidate that can make this attack.
    const pairings = candidates.reduce((n, u) => n + [DEFAULT_OPTION, ...Object.keys(u.options)].filter((o) => q.canAttack(withOption(u, o), flags)).length, 0);
    const { value: result, run } = await withEvaluator(f, pairings, (evaluate) => whatKills(target, candidates, flags, metric, evaluate));
    const assumed: string[] = [];
    if (!given) assumed.push(`attackers: every ${system.id} unit in the library (${candidates.length}), each with its best option`);
    if (f.targetOption === undefined && Object.keys(target.unit.options).length) assumed.push('target option: default (the unit as written)');
    if (removeText === undefined) assumed.push(removeAssumption(q, Boolean(f.fight)));
    assumed.push(...fightAssumptions(f));
    const { report, json } = killsReport(result, q);
    emit({ ...report, provenance: questionProvenance(run, assumed) }, json, f);
  });
}
