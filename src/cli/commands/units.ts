/**
 * `warodds units [system]`: the unit library with key characteristics.
 */
import { Command } from 'commander';
import { findSystem } from '../../systems/registry.js';
import { questionsOf } from '../../analysis/units.js';
import { loadLibrary } from '../../analysis/units.js';
import { renderTextTable, type TextColumn } from '../render/text-table.js';
import { shortId } from '../../questions/ids.js';
import { terminalWidth } from '../terminal.js';
import { writeStdout } from '../stdout.js';

export function unitsCommand(): Command {
  return new Command('units')
    .description('list the built-in units (and yours, with --units DIR or WARODDS_UNITS)')
    .argument('[system]', 'only this rule set (ninth-age/t9a, warhammer-fantasy/whfb, kings-of-war/kow, age-of-sigmar/aos, hott)')
    .option('--units <dir>', 'also load your own units from DIR')
    .option('--json', 'JSON: an array of { id, system, name, ... }')
    .addHelpText('after', '\nExamples:\n  $ npx warodds units aos\n  $ npx warodds units --json')
    .action((systemName: string | undefined, f: { units?: string; json?: boolean }) => {
      const lib = loadLibrary(f.units);
      const units = systemName ? lib.ofSystem(findSystem(systemName, 'system').id) : lib.units;
      const described = units.map((u) => ({
        id: `${u.system}/${u.id}`,
        system: u.system,
        name: u.name,
        points: u.points,
        example: u.example,
        source: u.source,
        options: Object.keys(u.options),
        summary: questionsOf(findSystem(u.system)).summary(u.body),
      }));
      if (f.json) {
        writeStdout(`${JSON.stringify(described, null, 2)}\n`);
        return;
      }
      const withPoints = described.some((u) => u.points !== null);
      const columns: TextColumn[] = [
        { head: 'id', align: 'left', key: true },
        { head: 'name', align: 'left', wrap: true },
        ...(withPoints ? [{ head: 'points', align: 'right' as const }] : []),
        { head: 'key characteristics', align: 'left', wrap: true },
        { head: 'options', align: 'left', wrap: true },
      ];
      const rows = described.map((u, i) => [
        shortId(units[i].system, units[i].id),
        `${u.name}${u.example ? ' (example)' : ''}`,
        ...(withPoints ? [u.points === null ? '' : String(u.points)] : []),
        u.summary,
        u.options.join(', '),
      ]);
      writeStdout(`${renderTextTable({ columns, rows }, terminalWidth())}\n${described.length} units\n`);
    });
}
