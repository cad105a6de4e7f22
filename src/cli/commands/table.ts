/**
 * `warodds table <unit>`: expected damage (or P(remove), or P(≥K)) over a grid of target
 * characteristics.
 */
import { Command } from 'commander';
import { checkGridSize, damageGrid, gridPlan, MAX_GRID_CELLS, parseAxis, parseGridMetric } from '../../analysis/grid.js';
import { DEFAULT_OPTION, questionsOf, withOption } from '../../analysis/units.js';
import { InputError } from '../../core/errors.js';
import { findSystem } from '../../systems/lookup.js';
import { gridReport, removeAssumption } from '../../questions/question-reports.js';
import { defaultOptionLine } from '../../questions/provenance.js';
import { addQuestionOptions, addRemoveOption, emit, library, type QuestionFlags, questionProvenance, situationFlags, withEvaluator } from '../questions.js';
import { COLUMN_HELP } from '../help.js';
import { grouped } from '../../core/budget.js';
import { parseRemoveMetric } from '../../analysis/pairing.js';

type TableFlags = QuestionFlags & { option?: string; rows?: string; cols?: string; target?: string; metric?: string; remove?: string; large?: boolean };

export function tableCommand(): Command {
  const cmd = new Command('table')
    .description('a grid of expected damage (or P(remove), P(≥K)) against every kind of target')
    .argument('<unit>', 'the attacking unit, system/id')
    .option('--option <name>', "the unit's option (default: as written)")
    .option('--rows <key=values>', 'row axis, e.g. t=2..6, save=2..6,none (default: per rule set)')
    .option('--cols <key=values>', 'column axis, e.g. armour=none,6+,5+,4+,3+ (default: per rule set)')
    .option('--target <id>', "the base target whose characteristics the axes vary (default: the rule set's standard target)")
    .option('--metric <metric>', "what each cell shows: mean (mean damage), p-remove (P(remove)), or 'p>=K' (P(damage ≥ K)) (default: per rule set)")
    .option('--large', `compute a table of more than ${grouped(MAX_GRID_CELLS)} cells`);
  addRemoveOption(cmd, false);
  addQuestionOptions(cmd);
  cmd.addHelpText('after', `\n${COLUMN_HELP.table}\n\nExamples:\n  $ npx warodds table aos/clawlord\n  $ npx warodds table aos/example-shooters --shooting --rows save=3..6,none --cols health=1..3 --metric 'p>=3'`);
  return cmd.action(async (unitRef: string, f: TableFlags) => {
    const lib = library(f);
    const unit = lib.find(unitRef, 'unit');
    const option = f.option ?? DEFAULT_OPTION;
    if (option.includes(',')) throw new InputError(`--option: table takes one option, not a list ('${option}'); compare sets options side by side`);
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
    const metricText = f.metric ?? q.defaultGrid.metric;
    const metric = parseGridMetric(metricText, parseRemoveMetric(f.remove));
    const { value: result, run } = await withEvaluator(f, rows.values.length * cols.values.length, { question: `table of ${unit.system}/${unit.id}`, pairings: () => gridPlan({ unit, option }, base, rows, cols, flags) }, (evaluate) => damageGrid({ unit, option }, base, rows, cols, flags, metric, evaluate));
    const assumed: string[] = [];
    if (f.option === undefined && Object.keys(unit.options).length) assumed.push(defaultOptionLine());
    if (!f.target) assumed.push(`target: the ${system.id} standard target (${q.summary(base)}), its characteristics varied by the axes`);
    if (!f.rows) assumed.push(`rows: ${q.defaultGrid.rows}`);
    if (!f.cols) assumed.push(`columns: ${q.defaultGrid.cols}`);
    if (f.metric === undefined) assumed.push(`cells: ${metricText ?? 'mean'}`);
    if (metric.kind === 'p-remove' && f.remove === undefined) assumed.push(removeAssumption(q));
    const { report, json } = gridReport(result, q);
    await emit({ ...report, provenance: questionProvenance(run, assumed) }, json, f);
  });
}
