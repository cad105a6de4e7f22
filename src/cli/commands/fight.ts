/**
 * `warodds fight`: a whole close combat between two units, round after round until one breaks
 * and escapes, is caught or is destroyed — or the round cap.
 */
import { Command, Option } from 'commander';
import { DEFAULT_OPTION, questionsOf } from '../../analysis/units.js';
import { pairingInput, sideLabel } from '../../analysis/pairing.js';
import { COLUMN_HELP } from '../help.js';
import { InputError } from '../../core/errors.js';
import { fightReport } from '../../fight/report.js';
import { findSystem } from '../../systems/registry.js';
import { samplingNotes, samplingOptions, addSamplingOptions } from '../options.js';
import { checkFightSystem, library, roundsOf, situationFlags } from '../questions.js';
import { checkHtmlPath, writeOutputFile } from '../file-output.js';
import { fightToTerminal } from '../render/fight.js';
import { fightEngineLabel, fightToJson, ROUNDS_ASSUMED } from '../../questions/fight-json.js';
import { fightToHtml } from '../render/fight-html.js';
import { runScenario } from '../answer.js';
import { addEngagementOptions, collect } from '../engagement-options.js';
import { fightEngagement, type FightUnitsFlags } from '../engagement-units.js';
import { type LoadedScenario, scenarioFromJson } from '../scenario-file.js';
import { findScenario } from '../bundled.js';
import { defaultOptionLine, runProvenance, situationLines, withNotes } from '../../questions/provenance.js';
import { terminalWidth } from '../terminal.js';
import { grouped } from '../../core/budget.js';
import { writeStdout } from '../stdout.js';
import { applyLength } from '../length-flag.js';
import { addLengthOption, type LengthFlags } from '../engagement-options.js';

export const DEFAULT_FIGHT_SAMPLES = 200_000;

type FightFlags = FightUnitsFlags & LengthFlags & { html?: string };

function unitsFight(f: FightFlags): LoadedScenario {
  if (!f.attacker || !f.target) throw new InputError(`--${f.attacker ? 'target' : 'attacker'}: give both --attacker and --target unit ids, or --scenario`);
  const lib = library(f);
  const attacker = { unit: lib.find(f.attacker[0], '--attacker'), option: f.attackerOption ?? DEFAULT_OPTION };
  const target = { unit: lib.find(f.target, '--target'), option: f.targetOption ?? DEFAULT_OPTION };
  const system = findSystem(attacker.unit.system);
  const q = questionsOf(system);
  const flags = situationFlags({ ...f, fight: true });
  checkFightSystem(q, flags, system.id);
  const input = pairingInput(q, attacker, target, flags);
  return { name: `${sideLabel(attacker)} against ${sideLabel(target)}`, description: '', system, input, parsed: system.parse(input), file: null };
}

/** A fight scenario file, its round cap replaced by --rounds. */
function fileFight(f: FightFlags): LoadedScenario {
  const loaded = findScenario(f.scenario!);
  if (!loaded.system.isFight?.(loaded.parsed))
    throw new InputError(`--scenario: '${f.scenario}' is not a whole fight (a 9th Age situation of type 'fight', a Warhammer Fantasy situation of phase 'fight')`);
  if (f.rounds === undefined) return loaded;
  const input = loaded.input as { situation: Record<string, unknown> };
  const raw = { name: loaded.name, system: loaded.system.id, ...input, situation: { ...input.situation, ...roundsOf(f.rounds) } };
  return scenarioFromJson(raw, f.scenario!, f.scenario!);
}

export function fightCommand(): Command {
  const cmd = new Command('fight')
    .description('a whole close combat, round after round to a finish: who wins, how, and when')
    .option('--scenario <file|id>', "a fight scenario file, or a bundled one by id (situation type or phase 'fight')")
    .option('--attacker <id>', 'a unit id, system/id (warodds units lists them), with --target; repeat it for an engagement of several (kings-of-war, age-of-sigmar, hott)', collect)
    .option('--target <id>', 'the target unit id')
    .option('--attacker-option <name>', "the attacker's option (default: as written)")
    .option('--target-option <name>', "the target's option (default: as written)")
    .option('--charge', 'the attacker charged: round 1 has the charge')
    .addOption(new Option('--flank', 'the attacker fights the target in its flank').conflicts(['rear']))
    .option('--rear', 'the attacker fights the target in its rear')
    .option('--rounds <n>', 'the round cap, 1..50 (default 12; the probability still fighting at the cap is reported)')
    .option('--situation <json>', 'further situation keys of the rule set, as JSON')
    .option('--units <path>', 'also load your own units: a folder of unit files, or BattleScribe files')
    .option('--mc', `Monte Carlo instead of the exact chain (${grouped(DEFAULT_FIGHT_SAMPLES)} samples unless --samples)`)
    .option('--verbose', 'the exact chain: live states per round and the bound on them')
    .option('--json', 'JSON output')
    .option('--html <file>', 'also write a self-contained HTML page: the tables and a chart of the cumulative probabilities by round');
  addSamplingOptions(cmd, DEFAULT_FIGHT_SAMPLES);
  addEngagementOptions(cmd, { pairs: false });
  addLengthOption(cmd);
  cmd.addHelpText(
    'after',
    `
${COLUMN_HELP.fight}

Examples:
  $ npx warodds fight --attacker t9a/knights --target t9a/line-infantry-spears --charge --length 5
  $ npx warodds fight --scenario whfb/fight-spearmen-vs-ogres --json`,
  );
  return cmd.action(async (f: FightFlags) => {
    if (f.length !== undefined) {
      if (f.scenario !== undefined && f.target === undefined) applyLength(f, findScenario(f.scenario).system.id, { fights: true });
      else if (f.target !== undefined) applyLength(f, library(f).find(f.target, '--target').system, { fights: true });
    }
    if (f.html !== undefined) {
      // A bad --html path is refused before the work, not after it; engagements have no page yet.
      checkHtmlPath(f.html, f.scenario, f.units);
      if (!f.scenario && f.target && questionsOf(findSystem(library(f).find(f.target, '--target').system)).engagements)
        throw new InputError('--html: draws a whole fight of two units (ninth-age, warhammer-fantasy); an engagement has no HTML page yet');
    }
    if (await fightEngagement(f, DEFAULT_FIGHT_SAMPLES)) return;
    if (f.scenario && (f.attacker || f.target)) throw new InputError('--scenario: give either a scenario file or --attacker and --target, not both');
    const unitFlag = (['charge', 'flank', 'rear', 'situation', 'attackerOption', 'targetOption'] as const).find((k) => f[k] !== undefined);
    if (f.scenario && unitFlag) throw new InputError(`--scenario: the file describes the situation; --${unitFlag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is for library units`);
    const scenario = f.scenario ? fileFight(f) : unitsFight(f);
    const engine = f.mc ? 'mc' : 'exact';
    const sampling = samplingOptions(f, DEFAULT_FIGHT_SAMPLES);
    const result = await runScenario(scenario, engine, sampling);
    const outcome = f.mc ? result.monteCarlo!.outcome : result.exact!;
    const report = fightReport(outcome);
    const header = {
      name: scenario.name,
      system: scenario.system.id,
      engine: fightEngineLabel(f.mc ? result.monteCarlo! : null),
    };
    const assumed = [
      ...(f.rounds === undefined && !f.scenario ? [ROUNDS_ASSUMED] : []),
      ...(!f.scenario && f.attackerOption === undefined ? [defaultOptionLine('attacker')] : []),
      ...(!f.scenario && f.targetOption === undefined ? [defaultOptionLine('target')] : []),
    ];
    const record = withNotes(runProvenance(engine, sampling, situationLines((scenario.input as { situation?: unknown }).situation), assumed), [...result.notes, ...samplingNotes(f, Boolean(f.mc))]);
    const text = f.json
      ? JSON.stringify(fightToJson(header, report, f.verbose ? outcome.chain : undefined, record), null, 2)
      : fightToTerminal(header, report, outcome.chain, Boolean(f.verbose), terminalWidth(), record);
    // The page first: if it cannot be written after all, nothing is printed.
    if (f.html !== undefined) writeOutputFile(f.html, fightToHtml(header, report, record), '--html');
    writeStdout(`${text}\n`);
  });
}
