/**
 * `warodds scenarios [system]`: the bundled scenarios, by the id `--scenario` and `check` take.
 */
import { Command } from 'commander';
import { bundledScenarioFiles, bundledIdOf } from '../bundled.js';
import { loadScenarioFile } from '../scenario-file.js';
import { renderTextTable } from '../render/text-table.js';
import { terminalWidth } from '../terminal.js';
import { writeStdout } from '../stdout.js';

export function scenariosCommand(): Command {
  return new Command('scenarios')
    .description('list the bundled scenarios, by the id that --scenario and check take')
    .argument('[system]', 'only this rule set (generic, t9a, whfb, kow, aos, hott)')
    .option('--json', 'JSON: an array of { id, system, name, description }')
    .addHelpText('after', '\nExamples:\n  $ npx warodds scenarios kow\n  $ npx warodds attack --scenario kow/dragon-breath-on-trolls')
    .action((systemName: string | undefined, f: { json?: boolean }) => {
      const scenarios = bundledScenarioFiles(systemName).map((file) => {
        const s = loadScenarioFile(file);
        return { id: bundledIdOf(file)!, system: s.system.id, name: s.name, description: s.description };
      });
      if (f.json) {
        writeStdout(`${JSON.stringify(scenarios, null, 2)}\n`);
        return;
      }
      const columns = [
        { head: 'id', align: 'left' as const, key: true },
        { head: 'name', align: 'left' as const, wrap: true },
      ];
      const table = renderTextTable({ columns, rows: scenarios.map((s) => [s.id, s.name]) }, terminalWidth());
      writeStdout(`${table}\n${scenarios.length} scenarios: npx warodds attack --scenario ID, or npx warodds check ID ...\n`);
    });
}
