/**
 * `warodds table <unit>`: expected damage (or P(remove), or P(≥K)) over a grid of target
 * characteristics.
 */
import { Command } from 'commander';
import { checkGridSize, damageGrid, MAX_GRID_CELLS, parseAxis, parseGridMetric } from '../../analysis/grid.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/registry.js';
import { gridReport } from '../render/question-reports.js';
import { addQuestionOptions, emit, library, type QuestionFlags, removeMetricOf, situationFlags, withEvaluator } from '../questions.js';

type TableFlags = QuestionFlags & { option?: string; rows?: string; cols?: string; target?: string; metric?: string; remove?: string; large?: boolean };

export function tableCommand(): Command {
  const cmd = new Command('table')
    .description('a grid of expected damage (or P(remove), P(≥K)) against every kind of target')
    .argument('<unit>', 'the attacking unit, system/id')
    .option('--option <name>', "the unit's option (default: as written)")
    .option('--rows <key=values>', 'row axis, e.g. t=2..6, save=2..6,none (default: per rule set)')
    .option('--cols <key=values>', 'column axis, e.g. armour=none,6+,5+,4+,3+ (default: per rule set)')
    .option('--target <id>', "the base target whose characteristics the axes vary (default: the rule set's standard target)")
    .option('--metric <metric>', "mean (default), p-remove, or 'p>=K'")
    .option('--remove <metric>', 'with --metric p-remove: destroyed (default) or break')
    .option('--large', `compute a table of more than ${MAX_GRID_CELLS.toLocaleString('en')} cells`);
  addQuestionOptions(cmd);
  cmd.addHelpText('after', "\nExamples:\n  $ warodds table aos/clawlord\n  $ warodds table aos/example-shooters --shooting --rows save=3..6,none --cols health=1..3 --metric 'p>=3'");
  return cmd.action(async (unitRef: string, f: TableFlags) => {
    const lib = library(f);
    const unit = lib.find(unitRef, 'unit');
    const option = f.option ?? DEFAULT_OPTION;
    withOption(unit, option);
    const system = findSystem(unit.system);
    const q = questionsOf(system);
    const flags = situationFlags(f);
    if (!q.canAttack(withOption(unit, option), flags)) throw new InputError(`unit: '${unitRef}' cannot make this attack${flags.shooting ? ' (it cannot shoot)' : ' (try --shooting)'}`);
    const rows = parseAxis(f.rows ?? q.defaultGrid.rows, '--rows', q, system.id);
    const cols = parseAxis(f.cols ?? q.defaultGrid.cols, '--cols', q, system.id);
    if (rows.key === cols.key) throw new InputError(`--cols: '${cols.key}' is already the row key`);
    checkGridSize(rows, cols, Boolean(f.large));
    const base = f.target ? withOption(lib.find(f.target, '--target'), DEFAULT_OPTION) : q.defaultGrid.target;
    const metric = parseGridMetric(f.metric, removeMetricOf(f.remove));
    const result = await withEvaluator(f, (evaluate) => damageGrid({ unit, option }, base, rows, cols, flags, metric, evaluate));
    const { report, json } = gridReport(result, q);
    emit(report, json, f);
  });
}
