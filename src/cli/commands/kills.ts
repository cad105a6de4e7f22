/**
 * `warodds kills <target>`: every candidate attacker ranked by the probability of removing it.
 */
import { Command } from 'commander';
import { whatKills } from '../../analysis/kills.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { findSystem } from '../../systems/registry.js';
import { killsReport } from '../render/question-reports.js';
import { addListOption, addQuestionOptions, addRemoveOption, emit, library, listFlag, type QuestionFlags, questionProvenance, removeMetricOf, situationFlags, withEvaluator } from '../questions.js';
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
  cmd.addHelpText('after', `\n${COLUMN_HELP.kills}\n\nExamples:\n  $ npx warodds kills aos/clawlord\n  $ npx warodds kills hott/knights --attacker hott/blades,hott/spears,hott/behemoths --csv`);
  return cmd.action(async (targetRef: string, f: KillsFlags) => {
    const lib = library(f);
    const target = { unit: lib.find(targetRef, 'target'), option: f.targetOption ?? DEFAULT_OPTION };
    const given = listFlag(f, 'attacker', 'attackers');
    const candidates = given?.map((id) => lib.find(id, '--attacker')) ?? lib.ofSystem(target.unit.system);
    const system = findSystem(target.unit.system);
    const removeFlag = f.remove !== undefined ? '--remove' : '--metric';
    const metric = removeMetricOf(f.remove ?? f.metric, removeFlag);
    const flags = situationFlags(f);
    // Pairings to run: every option of every candidate that can make this attack.
    const q = questionsOf(system);
    const pairings = candidates.reduce((n, u) => n + [DEFAULT_OPTION, ...Object.keys(u.options)].filter((o) => q.canAttack(withOption(u, o), flags)).length, 0);
    const { value: result, run } = await withEvaluator(f, pairings, (evaluate) => whatKills(target, candidates, flags, metric, evaluate));
    const assumed: string[] = [];
    if (!given) assumed.push(`attackers: every ${system.id} unit in the library (${candidates.length}), each with its best option`);
    if (f.targetOption === undefined && Object.keys(target.unit.options).length) assumed.push('target option: default (the unit as written)');
    if (f.remove === undefined && f.metric === undefined) assumed.push(`P(remove) counts ${q.removeVerb === 'rout' ? 'routed' : 'destroyed'} (--remove break counts breaking too)`);
    const { report, json } = killsReport(result, q);
    emit({ ...report, provenance: questionProvenance(run, assumed) }, json, f);
  });
}
