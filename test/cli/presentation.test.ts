/**
 * Issue 17, presentation, through the built command line (in-process; its Monte Carlo workers are
 * the compiled ones, which start faster than workers from the sources):
 *  - at COLUMNS=80 and 120 every command's terminal output fits, and every id it lists is whole
 *    on one line (the ids come from the same command's --json, or from `units --json`);
 *  - colour follows FORCE_COLOR, NO_COLOR and --no-color (and is off when stdout is not a
 *    terminal, as here);
 *  - every output format records the command line as typed, the version of package.json, the
 *    engine, samples and seed, the situation and the defaults that were assumed;
 *  - one vocabulary: the old spellings give the same answers; errors start with "warodds:";
 *    -V and --version;
 *  - defaults that show something: the Kings of War default table has no two equal columns;
 *    per-100-points columns only with points, as expected removals P(remove) × 100 / points;
 *  - bundled scenarios by id.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBuiltCli } from '../support/in-process.js';
import { provenanceLines } from '../../src/questions/provenance.js';

const VERSION = JSON.parse(readFileSync('package.json', 'utf8')).version;
const width = (line: string) => [...line].length;
const ESC = '\x1b[';

/** Environment variables set for one test, restored after it. */
const saved: Record<string, string | undefined> = {};
function setEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (!(k in saved)) saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}
beforeEach(() => setEnv({ COLUMNS: undefined, FORCE_COLOR: undefined, NO_COLOR: undefined }));
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
    delete saved[k];
  }
});

async function ok(args: string[]) {
  const r = await runBuiltCli(args);
  if (r.code !== 0) throw new Error(`warodds ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r.stdout;
}

/** A command, and the ids its output must show whole (from its own JSON). */
const COMMANDS: Array<{ args: string[]; ids: (json: any) => string[] }> = [
  { args: ['units'], ids: (j) => j.map((u: any) => u.id.replace(/^[a-z-]+\//, '')) },
  { args: ['scenarios'], ids: (j) => j.map((s: any) => s.id) },
  { args: ['kills', 'kow/spear-regiment'], ids: (j) => j.rows.map((r: any) => r.attacker.split('/')[1]) },
  { args: ['kills', 'hott/knights'], ids: (j) => j.rows.map((r: any) => r.attacker.split('/')[1]) },
  { args: ['compare', 'whfb/spearmen', '--charge'], ids: (j) => j.targets.map((t: any) => t.target.split('/')[1]) },
  { args: ['compare', 'aos/liberators'], ids: (j) => j.targets.map((t: any) => t.target.split('/')[1]) },
  { args: ['table', 'kow/dragon'], ids: () => [] },
  { args: ['table', 'whfb/great-weapon-elites', '--charge', '--rows', 't=1..10', '--cols', 'armour=none,6+,5+,4+,3+,2+'], ids: () => [] },
  { args: ['matchups', 'all'], ids: (j) => j.matrix.map((r: any) => r.attacker) },
  { args: ['matchups', 'knights'], ids: (j) => j.matchups.map((m: any) => m.opponent) },
  { args: ['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4', '--models', '10'], ids: () => [] },
  { args: ['attack', '--scenario', 'hott/example-09-hero-v-hero'], ids: () => [] },
  { args: ['check', 'whfb/e12-rally-ld6-musician', '--samples', '2000', '--threads', '1'], ids: () => ['whfb/e12-rally-ld6-musician'] },
  { args: ['fight', '--scenario', 'whfb/fight-spearmen-vs-ogres'], ids: () => [] },
  { args: ['attack', '--attacks', '6', '--hit', '4', '--wound', '4', '--save', '3', '--rend', '3', '--invulnerable', '5', '--stages'], ids: () => [] },
  { args: ['fight', '--attacker', 'aos/example-cavalry', '--attacker', 'aos/example-horde', '--target', 'aos/example-monster', '--turns', '2', '--charge'], ids: () => [] },
  { args: ['attack', '--attacker', 'kow/elf-archers:shooting', '--attacker', 'kow/heavy-cavalry:flank', '--target', 'kow/spear-regiment', '--turns', '2'], ids: () => [] },
  // Engagements: every attacker (or pair) and target by its id, whole.
  { args: ['kills', 'kow/warrior-horde', '--turns', '3', '--pairs', '--attacker', 'kow/heavy-cavalry,kow/dragon,kow/elf-archers,kow/spear-regiment'], ids: (j) => j.rows.flatMap((r: any) => r.attackers.map((a: any) => a.unit.split('/')[1])) },
  { args: ['kills', 'aos/example-monster', '--turns', '2', '--pairs', '--charge', '--attacker', 'aos/example-cavalry,aos/example-elite-infantry,aos/example-horde'], ids: (j) => j.rows.flatMap((r: any) => r.attackers.map((a: any) => a.unit.split('/')[1])) },
  { args: ['kills', 'hott/stronghold', '--bounds', '4', '--pairs', '--attacker', 'hott/blades,hott/spears,hott/heroes,hott/knights'], ids: (j) => j.rows.flatMap((r: any) => r.attackers.map((a: any) => a.unit.split('/')[1])) },
  { args: ['compare', 'kow/spear-regiment', '--turns', '2', '--charge'], ids: (j) => j.rows.map((r: any) => r.target.split('/')[1]) },
];

describe('terminal output fits 80 and 120 columns, no id cut', () => {
  for (const c of COMMANDS)
    it(c.args.join(' '), async () => {
      const json = ['fight', 'attack', 'check'].includes(c.args[0]) ? null : JSON.parse(await ok([...c.args, '--json']));
      const ids = c.ids(json);
      for (const columns of [80, 120]) {
        setEnv({ COLUMNS: String(columns) });
        const lines = (await ok(c.args)).split('\n');
        const over = lines.filter((l) => width(l) > columns);
        expect(over, `wider than ${columns}`).toEqual([]);
        for (const id of ids) expect(lines.some((l) => l.includes(id)), `${id} whole at ${columns} columns`).toBe(true);
        if (columns === 80) expect(lines.some((l) => l.includes('┌'))).toBe(false); // the compact layout below 100
      }
    });
});

describe('colour', () => {
  const args = ['table', 'kow/dragon'];
  it('off when stdout is not a terminal; FORCE_COLOR turns it on, NO_COLOR and --no-color off', async () => {
    const plain = await ok(args);
    expect(plain).not.toContain(ESC);
    setEnv({ NO_COLOR: '1' });
    expect(await ok(args)).not.toContain(ESC);
    setEnv({ NO_COLOR: undefined, FORCE_COLOR: '1' });
    const coloured = await ok(args);
    expect(coloured).toContain(`${ESC}48;5;`);
    expect(await ok([...args, '--no-color'])).not.toContain(ESC);
    expect(await ok(['--no-color', ...args])).not.toContain(ESC);
    // The same table with the escapes taken out.
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });
});

describe('every output records what it assumed', () => {
  const kills = ['kills', 'kow/spear-regiment', '--flank', '--attacker', 'kow/dragon'];
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');
  /** [format, the command line it ran, its text]: terminal, Markdown, the CSV's comment lines, and the HTML page. */
  async function everyFormat(args: string[], htmlName: string): Promise<Array<[string, string[], string]>> {
    const html = join(mkdtempSync(join(tmpdir(), 'warodds-')), htmlName);
    const csvArgs = [...args, '--csv', '--html', html];
    return [
      ['terminal', args, oneLine(await ok(args))],
      ['markdown', [...args, '--markdown'], await ok([...args, '--markdown'])],
      ['csv', csvArgs, (await ok(csvArgs)).split('\n').filter((l) => l.startsWith('# ')).join('\n')],
      ['html', csvArgs, readFileSync(html, 'utf8')],
    ];
  }

  it('kills: terminal, Markdown, CSV (comment lines) and HTML record the command line, version, engine, situation and defaults', async () => {
    for (const [format, args, text] of await everyFormat(kills, 'kills.html'))
      for (const s of [`warodds ${args.join(' ')}`, `(warodds ${VERSION})`, 'Engine: exact', 'Situation: attack: melee, charge: flank', 'P(remove) counts routed', 'target option: default'])
        expect(text, `${format}: ${s}`).toContain(s);
  });

  it('engagements (--turns, --bounds) and --stages record their length and the situation flags given, in every format', async () => {
    const engagement = ['kills', 'aos/example-monster', '--turns', '2', '--charge', '--attacker', 'aos/example-cavalry,aos/example-horde'];
    for (const [format, args, text] of await everyFormat(engagement, 'engagement.html'))
      for (const s of [`warodds ${args.join(' ')}`, `(warodds ${VERSION})`, 'Engine: exact', 'Situation: turns: 2, charge: true'])
        expect(text, `${format}: ${s}`).toContain(s);
    const attack = ['attack', '--attacker', 'hott/warbands', '--attacker', 'hott/blades', '--target', 'hott/stronghold', '--bounds', '3', '--json'];
    expect(JSON.parse(await ok(attack)).run).toMatchObject({ command: `warodds ${attack.join(' ')}`, engine: 'exact', situation: ['bounds: 3'] });
    const fightUnits = ['fight', '--attacker', 'kow/heavy-cavalry', '--attacker', 'kow/dragon', '--target', 'kow/warrior-horde', '--turns', '2', '--charge'];
    expect(await ok(fightUnits)).toContain('Situation: turns: 2, charge: true');
    expect(JSON.parse(await ok([...fightUnits, '--json'])).run).toMatchObject({ command: `warodds ${fightUnits.join(' ')} --json`, engine: 'exact', situation: ['turns: 2', 'charge: true'] });
    const compare = ['compare', 'kow/spear-regiment', '--turns', '2', '--flank', '--target', 'kow/warrior-horde', '--json'];
    expect(JSON.parse(await ok(compare)).run.situation).toEqual(['turns: 2', 'flank: true']);
    const stages = ['attack', '--attacks', '6', '--hit', '4', '--wound', '4', '--stages'];
    for (const format of ['--csv', '--markdown', '']) expect(await ok(format ? [...stages, format] : stages), format).toContain(`warodds ${stages.join(' ')}${format ? ` ${format}` : ''} (warodds ${VERSION})`);
    const fight = ['fight', '--scenario', 'whfb/fight-spearmen-vs-ogres', '--rounds', '2'];
    const text = await ok(fight);
    expect(text).toContain('Situation: phase: fight, charging: attacker, rounds: 2');
    // The chart keeps its layout: each round's two bars under each other, percentages in one column.
    const bars = text.split('\n').filter((l) => /^ {2}\d █ | {4}▒ /.test(l));
    expect(bars).toHaveLength(4);
    expect(new Set(bars.map((l) => l.search(/\d+\.\d%$/))).size).toBe(1);
    expect(JSON.parse(await ok([...fight, '--json'])).run).toMatchObject({ command: `warodds ${fight.join(' ')} --json`, version: VERSION, engine: 'exact' });
  });

  it('--mc: engine, samples per pairing and seed in the terminal and under "run"; the command line leaves out --threads, so the same seed gives the same bytes for any thread count', async () => {
    const mc = [...kills, '--mc', '--samples', '3000', '--seed', 'recorded'];
    const a = await ok([...mc, '--json', '--threads', '1']);
    const b = await ok([...mc, '--json', '--threads', '2']);
    expect(a).toBe(b);
    const run = JSON.parse(a).run;
    expect(run).toMatchObject({ command: `warodds ${mc.join(' ')} --json`, version: VERSION, engine: 'monte-carlo', samples: 3000, samplesPer: 'pairing', seed: 'recorded' });
    expect(run.situation).toEqual(['attack: melee', 'charge: flank']);
    expect(provenanceLines({ ...run, assumed: [] })).toContain(`Engine: Monte Carlo, 3,000 samples per pairing, seed 'recorded'`);
    expect(JSON.parse(await ok(['kills', 'kow/spear-regiment', '--json'])).run.assumed.join(' ')).toContain('attackers: every kings-of-war unit in the library');
  });

  it('attack: the generic defaults (the default target) in every format; exact engine', async () => {
    const args = ['attack', '--attacks', '6', '--hit', '4', '--wound', '4'];
    const json = JSON.parse(await ok([...args, '--json'])).run;
    expect(json).toMatchObject({ command: `warodds ${args.join(' ')} --json`, version: VERSION, engine: 'exact', situation: ['allocation: spill-over'] });
    expect(json.assumed[0]).toContain('--save none');
    expect(json.assumed[0]).toContain('--models unlimited');
    for (const format of ['', '--csv', '--markdown']) {
      const text = await ok(format ? [...args, format] : args);
      for (const s of ['Engine: exact', 'allocation: spill-over', '--save none', `warodds ${VERSION}`]) expect(text, `${format || 'terminal'}: ${s}`).toContain(s);
    }
  });

  it('compare names its default target set; table its standard target, axes and cells; check and matchups their JSON', async () => {
    const compare = JSON.parse(await ok(['compare', 'aos/liberators', '--json'])).run.assumed.join('\n');
    expect(compare).toContain('targets: the age-of-sigmar standard set (aos/example-horde, aos/example-elite-infantry, aos/example-cavalry, aos/example-monster, aos/clawlord)');
    const table = JSON.parse(await ok(['table', 'kow/dragon', '--json'])).run.assumed.join('\n');
    for (const s of ['target: the kings-of-war standard target', 'rows: de=2+..6+', 'columns: damage=0,4,8', 'cells: p-remove']) expect(table).toContain(s);
    const check = JSON.parse(await ok(['check', 'generic/plain', '--samples', '10000', '--seed', 's', '--threads', '1', '--json']));
    expect(check.run).toMatchObject({ engine: 'both', samples: 10000, samplesPer: 'scenario', seed: 's', version: VERSION });
    expect(check.scenarios[0]).toMatchObject({ id: 'generic/plain', verdict: 'pass' });
    expect(JSON.parse(await ok(['matchups', 'all', '--json'])).run).toMatchObject({ engine: 'exact', version: VERSION });
  });
});

describe('one vocabulary', () => {
  const strip = (s: string) => {
    const { run: _run, ...rest } = JSON.parse(s);
    return rest;
  };

  it('--option/--target/--attacker/--remove, and the old spellings as aliases with the same answers', async () => {
    const compare = await ok(['compare', 'whfb/spearmen', '--option', 'default', '--option', 'deep', '--target', 'whfb/halberdiers,whfb/knights', '--remove', 'break', '--json']);
    const old = await ok(['compare', 'whfb/spearmen', '--options', 'default,deep', '--targets', 'whfb/halberdiers,whfb/knights', '--metric', 'break', '--json']);
    expect(strip(compare)).toEqual(strip(old));
    expect(JSON.parse(compare).targets).toHaveLength(2);
    const kills = await ok(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights', '--attacker', 'whfb/ogres', '--remove', 'break', '--json']);
    expect(strip(kills)).toEqual(strip(await ok(['kills', 'whfb/halberdiers', '--attackers', 'whfb/knights,whfb/ogres', '--metric', 'break', '--json'])));
    expect(JSON.parse(kills).metric).toBe('break');
  });

  it('errors start with warodds:, commander\'s own too; -V and --version print the version', async () => {
    for (const args of [['kills', 'aos/clawlord', '--bogus'], ['tabel'], ['table', 'aos/clawlord', '--remove', 'maybe'], ['table', 'aos/clawlord', '--option', 'a,b']]) {
      const r = await runBuiltCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^warodds: /);
    }
    for (const flag of ['-V', '--version']) expect((await ok([flag])).trim()).toBe(VERSION);
  });

  it('help explains every column and gives examples that run anywhere (no src/data paths)', async () => {
    for (const cmd of ['kills', 'compare', 'table', 'check', 'attack', 'fight', 'scenarios']) {
      const help = await ok([cmd, '--help']);
      expect(help).toContain('$ npx warodds');
      expect(help).not.toContain('src/data');
    }
    const kills = await ok(['kills', '--help']);
    for (const column of ['P(≥ half)', 'P(remove)', '/100 pts']) expect(kills).toContain(column);
    expect(await ok(['compare', '--help'])).toContain('P(a > b)');
  });
});

describe('defaults that show something', () => {
  it('the Kings of War default table: no two columns the same', async () => {
    const t = JSON.parse(await ok(['table', 'kow/dragon', '--json']));
    const columns = t.cols.values.map((_: string, c: number) => t.cells.map((row: number[]) => row[c]).join());
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('per 100 points: expected removals P(remove) × 100 / points, not a percentage; no such columns without points', async () => {
    const units = JSON.parse(await ok(['units', 'hott', '--json']));
    const kills = JSON.parse(await ok(['kills', 'hott/knights', '--json']));
    const best = kills.rows[0];
    const points = units.find((u: { id: string }) => u.id === best.attacker).points;
    expect(best.per100Points.removals).toBeCloseTo((best.pRemove * 100) / points, 12);
    const text = await ok(['kills', 'hott/knights']);
    expect(text).toContain('removals /100 pts');
    expect(text).not.toMatch(/\d{3,}\.\d%/); // no percentage above 100 %
    const noPoints = await ok(['kills', 'whfb/halberdiers']);
    expect(JSON.parse(await ok(['units', 'whfb', '--json'])).every((u: { points: number | null }) => u.points === null)).toBe(true);
    expect(noPoints).not.toContain('/100 pts');
  });
});

describe('bundled scenarios by id', () => {
  it('scenarios lists them; --scenario takes an id (short or long rule-set name) and answers as the file does', async () => {
    const list = JSON.parse(await ok(['scenarios', 'kow', '--json']));
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((s: { id: string }) => s.id.startsWith('kow/'))).toBe(true);
    const id = list[0].id;
    const file = `src/data/kings-of-war/scenarios/${id.split('/')[1]}.json`;
    const strip = (s: string) => ({ ...JSON.parse(s), run: undefined });
    const byId = strip(await ok(['attack', '--scenario', id, '--json']));
    expect(byId).toEqual(strip(await ok(['attack', '--scenario', file, '--json'])));
    expect(byId).toEqual(strip(await ok(['attack', '--scenario', `kings-of-war/${id.split('/')[1]}`, '--json'])));
    const r = await runBuiltCli(['attack', '--scenario', 'kow/no-such-scenario']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^warodds: --scenario: no file 'kow\/no-such-scenario' and no bundled scenario of that name \(\d+ bundled kow scenarios: warodds scenarios kow lists them\)\n$/);
  });
});
