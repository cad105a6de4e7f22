/**
 * `warodds matchups [type]` (Hordes of the Things): one troop type charging every other in close
 * combat in the open — P(it removes its opponent) and P(it is removed) — or, with `all`, the
 * matrix of P(removes) for every pairing.
 */
import { Command, Option } from 'commander';
import { InputError } from '../../core/errors.js';
import { matchups, matchupTable } from '../../systems/hott/matchups.js';
import { findTroop, troopNames, TROOPS } from '../../systems/hott/tables.js';
import type { Report } from '../../questions/report.js';
import { emit, type QuestionFlags } from '../questions.js';
import { provenance } from '../../questions/provenance.js';
import { COLUMN_HELP } from '../help.js';

/** Matchups are exact, with one fixed situation. */
function matchupsProvenance() {
  return provenance({ engine: 'exact', situation: ['close combat in the open, the attacker charging', 'no other factor'], assumed: [] });
}

export function matchupsCommand(): Command {
  const cmd = new Command('matchups')
    .description('Hordes of the Things: a troop type against every other (or all against all), close combat in the open')
    .argument('[type]', "a troop type (English or Spanish), or 'all'", 'all')
    .addOption(new Option('--json', 'JSON output').conflicts(['csv', 'markdown']))
    .addOption(new Option('--csv', 'CSV output').conflicts(['markdown']))
    .option('--markdown', 'Markdown output')
    .option('--html <file>', 'also write a self-contained HTML page')
    .addHelpText('after', `\n${COLUMN_HELP.matchups}\n\nExamples:\n  $ npx warodds matchups knights\n  $ npx warodds matchups all --csv`);
  return cmd.action(async (typeName: string, f: QuestionFlags) => {
    if (typeName === 'all') {
      const table = matchupTable();
      const opponents = table[0].matchups.map((m) => m.opponent).concat(['stronghold']).filter((v, i, a) => a.indexOf(v) === i);
      const report: Report = {
        title: 'Hordes of the Things: P(the attacker removes its opponent), close combat in the open, attacker charging',
        lines: ['Rows attack, columns are attacked. Removed: destroyed, vanished, left the battlefield or captured.'],
        tables: [
          {
            title: 'P(removes)',
            columns: [{ name: 'attacker \\ target', kind: 'text', key: true }, ...opponents.map((o) => ({ name: o, kind: 'percent' as const }))],
            rows: table.map((row) => [row.attacker, ...opponents.map((o) => row.matchups.find((m) => m.opponent === o)?.destroys ?? '–')]),
            shade: true,
          },
        ],
        charts: [],
        provenance: matchupsProvenance(),
      };
      await emit(report, { matrix: table }, f);
      return;
    }
    const type = findTroop(typeName);
    if (!type) throw new InputError(`type: unknown troop type '${typeName}' (allowed: ${troopNames()}, or 'all')`);
    const rows = matchups(type);
    const report: Report = {
      title: `Hordes of the Things: ${TROOPS[type].english} charging every troop type, close combat in the open`,
      lines: [],
      tables: [
        {
          title: `${TROOPS[type].english} against each opponent`,
          columns: [
            { name: 'opponent', kind: 'text', key: true },
            { name: 'P(removes it)', kind: 'percent' },
            { name: 'P(is removed)', kind: 'percent' },
          ],
          rows: rows.map((m) => [m.opponent, m.destroys, m.destroyed]),
          shade: true,
        },
      ],
      charts: [],
      provenance: matchupsProvenance(),
    };
    await emit(report, { type, matchups: rows }, f);
  });
}
