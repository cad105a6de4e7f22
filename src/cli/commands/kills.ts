/**
 * `warodds kills <target>`: every candidate attacker ranked by the probability of removing it.
 */
import { Command } from 'commander';
import { killsPlan, whatKills } from '../../analysis/kills.js';
import { engagementsOf, rankEngagements, rankPlan } from '../../analysis/engagements.js';
import { engagementSituation, stepsOf } from '../engagement-flags.js';
import { addEngagementOptions, type EngagementFlags } from '../engagement-options.js';
import { engagementKillsReport } from '../../questions/engagement-report.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/lookup.js';
import { killsAttackersAssumed, killsReport, removeAssumption } from '../../questions/question-reports.js';
import { addFightOptions, addListOption, addQuestionOptions, addRemoveOption, checkFightSystem, emit, fightAssumptions, library, listFlag, type QuestionFlags, questionProvenance, situationFlags, withEvaluator } from '../questions.js';
import { COLUMN_HELP } from '../help.js';
import { shortId } from '../../questions/ids.js';
import { defaultOptionLine, withNotes } from '../../questions/provenance.js';
import { applyLength } from '../length-flag.js';
import { addLengthOption, type LengthFlags } from '../engagement-options.js';
import { parseRemoveMetric } from '../../analysis/pairing.js';

type KillsFlags = QuestionFlags & EngagementFlags & LengthFlags & { attacker?: string[]; attackers?: string[]; targetOption?: string; remove?: string; metric?: string };

export function killsCommand(): Command {
  const cmd = new Command('kills')
    .description('what kills this unit? every candidate attacker, each with its best option, ranked by P(remove)')
    .argument('<target>', 'a unit id, system/id (warodds units lists them)');
  addListOption(cmd, 'attacker', 'attackers', "candidate attackers, comma-separated or repeated (default: every unit of the target's rule set)");
  cmd.option('--target-option <name>', "the target's option (default: as written)");
  addRemoveOption(cmd, true);
  addQuestionOptions(cmd);
  addFightOptions(cmd);
  addEngagementOptions(cmd, { pairs: true });
  addLengthOption(cmd);
  cmd.addHelpText(
    'after',
    `\n${COLUMN_HELP.kills}\n\nWith --length N (or --fight --rounds N) in ninth-age and warhammer-fantasy the ranking is by P(the target is broken, caught or destroyed within the rounds); in kings-of-war, age-of-sigmar and hott (--length, or --turns, --bounds) by P(removed within them).\n\nExamples:\n  $ npx warodds kills aos/clawlord\n  $ npx warodds kills hott/knights --attacker hott/blades,hott/spears,hott/behemoths --csv\n  $ npx warodds kills t9a/halberdiers --charge --length 3\n  $ npx warodds kills kow/spear-regiment --length 3 --pairs\n  $ npx warodds kills hott/stronghold --bounds 4 --pairs`,
  );
  return cmd.action(async (targetRef: string, f: KillsFlags) => {
    const lib = library(f);
    const target = { unit: lib.find(targetRef, 'target'), option: f.targetOption ?? DEFAULT_OPTION };
    const given = listFlag(f, 'attacker', 'attackers');
    // `ID:OPTION` pins the candidate's loadout; otherwise each of its options is tried and the best kept.
    const pinned = given?.map((entry) => {
      const at = entry.indexOf(':');
      const unit = lib.find(at < 0 ? entry : entry.slice(0, at), '--attacker');
      if (at < 0) return { unit };
      const option = entry.slice(at + 1);
      withOption(unit, option, '--attacker');
      return { unit, option };
    });
    const candidates = pinned?.map((c) => c.unit) ?? lib.ofSystem(target.unit.system);
    // The same unit under two spellings (kow/dragon, kings-of-war/dragon) is one candidate.
    const keys = candidates.map((u) => `${u.system}/${u.id}`);
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice !== undefined) throw new InputError(`--attacker: '${twice}' is given twice`);
    const system = findSystem(target.unit.system);
    const q = questionsOf(system);
    applyLength(f, system.id, { fights: true });
    const flags = situationFlags(f);
    const removeText = f.remove ?? f.metric;
    const removeFlag = f.remove !== undefined ? '--remove' : '--metric';
    const assumed: string[] = [];
    if (!given)
      assumed.push(killsAttackersAssumed(system.id, candidates.length, lib.imported !== undefined));
    if (f.targetOption === undefined && Object.keys(target.unit.options).length) assumed.push(defaultOptionLine('target'));
    const steps = stepsOf(f, target.unit.system);
    if (steps !== null) {
      if (f.fight) throw new InputError('--fight: a whole fight (9th Age, Warhammer Fantasy) is not an engagement of --turns or --bounds');
      if (removeText !== undefined) throw new InputError(`${removeFlag}: an engagement ranks by P(removed within the turns or bounds)`);
      if (pinned?.some((c) => c.option !== undefined)) throw new InputError('--attacker: ID:OPTION pins a loadout in a single attack or fight; an engagement takes each unit as written');
      // Engagements to run (for the progress bar): each candidate, or each pair of them.
      const engagements = f.pairs ? (candidates.length * (candidates.length + 1)) / 2 : candidates.length;
      const { value, run } = await withEvaluator(f, engagements, { question: `kills of ${target.unit.system}/${target.unit.id} over ${steps} ${engagementsOf(target.unit.system, '--attacker').step}${f.pairs ? ' by pairs of attackers' : ''}`, pairings: () => rankPlan(target, candidates, steps, Boolean(f.pairs), flags) }, (evaluate) => rankEngagements(target, candidates, steps, Boolean(f.pairs), flags, evaluate));
      const { report, json } = engagementKillsReport(target, value.rows, value.refused, steps, Boolean(f.pairs), q);
      return emit({ ...report, provenance: questionProvenance({ ...run, situation: engagementSituation(target.unit.system, steps, flags) }, assumed) }, json, f);
    }
    checkFightSystem(q, flags, target.unit.system);
    if (pinned?.some((c) => c.option === undefined)) assumed.push('attackers without :OPTION: each with its best option (the option column says which)');
    // A fight ranks by P(broken, caught or destroyed) unless another metric is asked for.
    const metric = f.fight && removeText === undefined ? 'break' : parseRemoveMetric(removeText, removeFlag);
    // Pairings to run: every option of every candidate that can make this attack.
    const tried = pinned ?? candidates.map((unit) => ({ unit, option: undefined }));
    const pairings = tried.reduce((n, c) => n + (c.option !== undefined ? [c.option] : [DEFAULT_OPTION, ...Object.keys(c.unit.options)]).filter((o) => q.canAttack(withOption(c.unit, o), flags)).length, 0);
    const { value: result, run } = await withEvaluator(f, pairings, { question: `kills of ${target.unit.system}/${target.unit.id}${f.fight ? ' in a whole fight' : ''}`, pairings: () => killsPlan(target, tried, flags) }, (evaluate) => whatKills(target, tried, flags, metric, evaluate));
    if (removeText === undefined) assumed.push(removeAssumption(q, Boolean(f.fight)));
    assumed.push(...fightAssumptions(f));
    const { report, json } = killsReport(result, q);
    // Nothing dropped silently: each candidate that cannot make this attack is named, with why.
    const leftOut = result.leftOut.map((l) => `left out: ${shortId(l.unit.system, l.unit.id)}: ${l.why}`);
    await emit({ ...report, provenance: withNotes(questionProvenance(run, assumed), leftOut) }, json, f);
  });
}
