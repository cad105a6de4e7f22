/**
 * `warodds units [system]`: the unit library with key characteristics.
 */
import { Command } from 'commander';
import { findSystem } from '../../systems/registry.js';
import { questionsOf } from '../../analysis/units.js';
import { loadLibrary, type Unit } from '../../analysis/units.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { escapeControlCharacters } from '../../core/json.js';
import { renderTextTable, type TextColumn } from '../render/text-table.js';
import { shortId } from '../../questions/ids.js';
import { terminalWidth } from '../terminal.js';
import { writeStdout } from '../stdout.js';
import { unitTemplate } from '../../analysis/unit-template.js';

export function unitsCommand(): Command {
  return new Command('units')
    .description('list the built-in units (and yours, with --units PATH or WARODDS_UNITS)')
    .argument('[system]', 'only this rule set (ninth-age/t9a, warhammer-fantasy/whfb, kings-of-war/kow, age-of-sigmar/aos, hott)')
    .option('--units <path>', 'also load your own units: a folder of unit files, or BattleScribe / New Recruit files (a .cat, .catz, .ros, .rosz or a folder of them)')
    .option('--json', 'JSON: an array of { id, system, name, points, options, record, source, notModelled, ... }')
    .option('--export <dir>', 'write the units as editable unit files, DIR/<system>/<id>.json')
    .option('--template <system>', 'print a complete unit file of this rule set, every field commented, to start your own from')
    .addHelpText('after', '\nExamples:\n  $ npx warodds units aos\n  $ npx warodds units --json\n  $ npx warodds units --template kow > my-units/kings-of-war/my-regiment.json')
    .action((systemName: string | undefined, f: { units?: string; json?: boolean; export?: string; template?: string }) => {
      if (f.template !== undefined) {
        if (systemName !== undefined || f.json || f.units !== undefined || f.export !== undefined) throw new InputError('--template: prints one rule set\'s unit file; give it alone');
        writeStdout(unitTemplate(findSystem(f.template, '--template').id));
        return;
      }
      const lib = loadLibrary(f.units);
      const units = systemName ? lib.ofSystem(findSystem(systemName, 'system').id) : lib.units;
      if (f.export !== undefined) {
        const written = exportUnits(units.filter((u) => u.source !== 'built-in'), f.export);
        writeStdout(`${written.length} unit files written to ${f.export}\n`);
        return;
      }
      const described = units.map((u) => ({
        id: `${u.system}/${u.id}`,
        system: u.system,
        name: u.name,
        points: u.points,
        example: u.example,
        source: u.source,
        options: Object.keys(u.options),
        optionPoints: u.optionPoints,
        notModelled: u.notModelled,
        summary: questionsOf(findSystem(u.system)).summary(u.body),
        record: unitRecord(u),
      }));
      if (f.json) {
        writeStdout(`${JSON.stringify(described, null, 2)}\n`);
        return;
      }
      const withPoints = described.some((u) => u.points !== null || Object.keys(u.optionPoints).length);
      const withUnmodelled = described.some((u) => u.notModelled.length);
      const columns: TextColumn[] = [
        { head: 'id', align: 'left', key: true },
        { head: 'name', align: 'left', wrap: true },
        ...(withPoints ? [{ head: 'points', align: 'right' as const }] : []),
        { head: 'key characteristics', align: 'left', wrap: true },
        { head: 'options', align: 'left', wrap: true },
        ...(withUnmodelled ? [{ head: 'not modelled', align: 'left' as const, wrap: true }] : []),
      ];
      const rows = described.map((u, i) => [
        shortId(units[i].system, units[i].id),
        `${u.name}${u.example ? ' (example)' : ''}`,
        ...(withPoints ? [u.points === null ? '' : String(u.points)] : []),
        u.summary,
        u.options.map((o) => (Object.hasOwn(u.optionPoints, o) ? `${o} (${u.optionPoints[o]} pts)` : o)).join(', '),
        ...(withUnmodelled ? [u.notModelled.join(', ')] : []),
      ]);
      // Units of the BattleScribe files that could not be converted, each with its reason.
      const refused = (lib.imported?.refused ?? []).map((r) => `refused: ${r.entry} (${r.file}): ${r.reason}`);
      const notes = (lib.imported?.notes ?? []).map((n) => `note: ${n}`);
      writeStdout(`${renderTextTable({ columns, rows }, terminalWidth())}\n${described.length} units\n${[...refused, ...notes].map((l) => `${escapeControlCharacters(l)}\n`).join('')}`);
    });
}

/** A unit as the JSON of a unit file: meta keys, its fields, its options with their points. */
function unitRecord(u: Unit): Record<string, unknown> {
  const options = Object.fromEntries(Object.entries(u.options).map(([name, fields]) => [name, { ...fields, ...(Object.hasOwn(u.optionPoints, name) ? { points: u.optionPoints[name] } : {}) }]));
  return {
    name: u.name,
    ...(u.points !== null ? { points: u.points } : {}),
    ...(u.notes ? { notes: u.notes } : {}),
    ...u.body,
    ...(u.notModelled.length ? { 'not-modelled': u.notModelled } : {}),
    ...(Object.keys(options).length ? { options } : {}),
  };
}

/**
 * Write each unit as DIR/<system>/<id>.json (an imported unit's faction/name id as
 * faction-name), refusing to overwrite a file that exists: nothing is half-written.
 */
function exportUnits(units: readonly Unit[], dir: string): string[] {
  const files = units.map((u) => ({ path: join(dir, u.system, `${u.id.replace(/\//g, '-')}.json`), text: `${JSON.stringify(unitRecord(u), null, 2)}\n` }));
  for (const f of files) if (existsSync(f.path)) throw new InputError(`--export: ${f.path} exists (choose an empty folder)`);
  for (const f of files) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.text);
  }
  return files.map((f) => f.path);
}
