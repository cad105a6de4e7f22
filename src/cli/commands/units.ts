/**
 * `warodds units [system]`: the unit library with key characteristics.
 */
import { Command } from 'commander';
import Table from 'cli-table3';
import { findSystem } from '../../systems/registry.js';
import { questionsOf } from '../../analysis/units.js';
import { loadLibrary } from '../../analysis/units.js';

export function unitsCommand(): Command {
  return new Command('units')
    .description('list the built-in units (and yours, with --units DIR or WARODDS_UNITS)')
    .argument('[system]', 'only this rule set (ninth-age/t9a, warhammer-fantasy/whfb, kings-of-war/kow, age-of-sigmar/aos, hott)')
    .option('--units <dir>', 'also load your own units from DIR')
    .option('--json', 'JSON: an array of { id, system, name, ... }')
    .addHelpText('after', '\nExamples:\n  $ warodds units aos\n  $ warodds units --json')
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
        process.stdout.write(`${JSON.stringify(described, null, 2)}\n`);
        return;
      }
      const t = new Table({ head: ['id', 'name', 'points', 'key characteristics', 'options'], style: { head: [], border: [] }, wordWrap: true, colWidths: [28, 30, 8, 60, 22] });
      for (const u of described) t.push([u.id, `${u.name}${u.example ? ' (example)' : ''}`, u.points ?? '', u.summary, u.options.join(', ')]);
      process.stdout.write(`${t.toString()}\n${described.length} units\n`);
    });
}
