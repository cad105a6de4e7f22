/**
 * `warodds kills <target>`: every candidate attacker ranked by the probability of removing it.
 */
import { Command } from 'commander';
import { whatKills } from '../../analysis/kills.js';
import { rankEngagements } from '../../analysis/engagements.js';
import { addEngagementOptions, type EngagementFlags, stepsOf } from '../engagement-flags.js';
import { engagementKillsReport } from '../render/engagement-report.js';
import { DEFAULT_OPTION, questionsOf } from '../../analysis/units.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/registry.js';
import { killsReport } from '../render/question-reports.js';
import { addFightOptions, addQuestionOptions, checkFightSystem, emit, library, type QuestionFlags, removeMetricOf, situationFlags, splitList, withEvaluator } from '../questions.js';

type KillsFlags = QuestionFlags & EngagementFlags & { attackers?: string; targetOption?: string; metric?: string };

export function killsCommand(): Command {
  const cmd = new Command('kills')
    .description('what kills this unit? every candidate attacker, each with its best option, ranked by P(remove)')
    .argument('<target>', 'a unit id, system/id (warodds units lists them)')
    .option('--attackers <ids>', "candidates, comma-separated (default: every unit of the target's rule set)")
    .option('--target-option <name>', "the target's option (default: as written)")
    .option('--metric <metric>', "destroyed (routed in Kings of War) or break (broken, fled or destroyed, where the rule set has break tests)");
  addQuestionOptions(cmd);
  addFightOptions(cmd);
  addEngagementOptions(cmd, { pairs: true });
  cmd.addHelpText(
    'after',
    '\nWith --fight the ranking is by P(the target is broken, caught or destroyed within the rounds); with --turns or --bounds by P(removed within them).\n\nExamples:\n  $ warodds kills aos/clawlord\n  $ warodds kills hott/knights --attackers hott/blades,hott/spears,hott/behemoths --csv\n  $ warodds kills t9a/halberdiers --fight --charge --rounds 3\n  $ warodds kills kow/spear-regiment --turns 3 --pairs\n  $ warodds kills hott/stronghold --bounds 4 --pairs',
  );
  return cmd.action(async (targetRef: string, f: KillsFlags) => {
    const lib = library(f);
    const target = { unit: lib.find(targetRef, 'target'), option: f.targetOption ?? DEFAULT_OPTION };
    const candidates = splitList(f.attackers)?.map((id) => lib.find(id, '--attackers')) ?? lib.ofSystem(target.unit.system);
    const flags = situationFlags(f);
    const steps = stepsOf(f, target.unit.system);
    if (steps !== null) {
      if (f.fight) throw new InputError('--fight: a whole fight (9th Age, Warhammer Fantasy) is not an engagement of --turns or --bounds');
      if (f.metric !== undefined) throw new InputError('--metric: an engagement ranks by P(removed within the turns or bounds)');
      const { rows, refused } = await withEvaluator(f, (evaluate) => rankEngagements(target, candidates, steps, Boolean(f.pairs), flags, evaluate));
      const { report, json } = engagementKillsReport(target, rows, refused, steps, Boolean(f.pairs), questionsOf(findSystem(target.unit.system)));
      return emit(report, json, f);
    }
    const q = questionsOf(findSystem(target.unit.system));
    checkFightSystem(q, flags, target.unit.system);
    // A fight ranks by P(broken, caught or destroyed) unless another metric is asked for
    const metric = f.fight && f.metric === undefined ? 'break' : removeMetricOf(f.metric);
    const result = await withEvaluator(f, (evaluate) => whatKills(target, candidates, flags, metric, evaluate));
    const { report, json } = killsReport(result, q);
    emit(report, json, f);
  });
}
