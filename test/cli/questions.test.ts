import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warodds, wjson } from './helpers.js';

interface Pairing {
  system: string;
  attacker: string;
  attackerOption: string;
  target: string;
  flags: string[];
  /** compare: the unit's other option; table: two axes whose first values are the target's own. */
  otherOption: string;
  rows: string;
  cols: string;
}

const PAIRINGS: Pairing[] = [
  { system: 'ninth-age', attacker: 't9a/knights', attackerOption: 'default', target: 't9a/line-infantry-spears', flags: ['--charge'], otherOption: 'hand-weapon', rows: 't=3,4', cols: 'armour=5+,none' },
  { system: 'age-of-sigmar', attacker: 'aos/liberators', attackerOption: 'default', target: 'aos/clawlord', flags: ['--charge'], otherOption: 'all-warhammers', rows: 'save=4+,5+', cols: 'ward=6+,none' },
  { system: 'hott', attacker: 'hott/blades', attackerOption: 'default', target: 'hott/warbands', flags: [], otherOption: 'general', rows: 'type=warbands,spears', cols: 'overlaps=0,1' },
  { system: 'kings-of-war', attacker: 'kow/elf-archers', attackerOption: 'default', target: 'kow/spear-regiment', flags: ['--flank'], otherOption: 'horde', rows: 'de=4+,5+', cols: 'damage=0,2' },
  { system: 'warhammer-fantasy', attacker: 'whfb/knights', attackerOption: 'default', target: 'whfb/halberdiers', flags: ['--charge'], otherOption: 'cavalry-spears', rows: 't=3,4', cols: 'armour=6+,none' },
];

async function attack(p: Pairing, option: string) {
  return wjson(['attack', '--attacker', p.attacker, '--attacker-option', option, '--target', p.target, ...p.flags]);
}

describe.each(PAIRINGS)('the three questions agree with warodds attack: $system', (p) => {
  it('kills: the row of an attacker is its attack on the target', async () => {
    const direct = await attack(p, p.attackerOption);
    const kills = await wjson(['kills', p.target, '--attackers', p.attacker, ...p.flags]);
    const row = kills.rows[0];
    const best = await attack(p, row.option);
    expect(row.attacker).toMatch(new RegExp(`/${p.attacker.split('/')[1]}$`));
    expect(row.pRemove).toBeCloseTo(best.destroyed, 12);
    expect(row.meanDamage).toBeCloseTo(best.damage.mean, 12);
    expect(row.pRemove).toBeGreaterThanOrEqual(direct.destroyed - 1e-12); // the best option is at least as good
    expect(kills.verdict).toMatch(/\d+(\.\d)?% to \w+ it this turn$/);
  });

  it('kills over the whole library ranks by P(remove), and every row agrees with attack', async () => {
    const kills = await wjson(['kills', p.target, ...p.flags]);
    expect(kills.rows.length).toBeGreaterThan(2);
    for (let i = 1; i < kills.rows.length; i++) expect(kills.rows[i - 1].pRemove).toBeGreaterThanOrEqual(kills.rows[i].pRemove);
    const top = kills.rows[0];
    const direct = await wjson(['attack', '--attacker', top.attacker, '--attacker-option', top.option, '--target', p.target, ...p.flags]);
    expect(top.meanDamage).toBeCloseTo(direct.damage.mean, 12);
  });

  it('compare: each option is its attack on the target', async () => {
    const out = await wjson(['compare', p.attacker, '--options', `default,${p.otherOption}`, '--targets', p.target, ...p.flags]);
    const [first, second] = out.targets[0].results;
    expect(first.meanDamage).toBeCloseTo((await attack(p, 'default')).damage.mean, 12);
    expect(second.meanDamage).toBeCloseTo((await attack(p, p.otherOption)).damage.mean, 12);
    expect(second.pRemove).toBeCloseTo((await attack(p, p.otherOption)).destroyed, 12);
    expect(out.targets[0].winner).toBe(first.meanDamage >= second.meanDamage ? 'default' : p.otherOption);
  });

  it("table: the cell at the target's own characteristics is its attack on the target", async () => {
    const out = await wjson(['table', p.attacker, '--target', p.target, '--rows', p.rows, '--cols', p.cols, '--metric', 'mean', ...p.flags]);
    expect(out.cells).toHaveLength(2);
    expect(out.cells[0][0]).toBeCloseTo((await attack(p, 'default')).damage.mean, 12);
  });

  it('table with default axes runs', async () => {
    const out = await wjson(['table', p.attacker, ...p.flags]);
    expect(out.cells.length).toBeGreaterThanOrEqual(2);
    expect(out.cells.every((row: number[]) => row.length === out.cols.values.length && row.every(Number.isFinite))).toBe(true);
  });
});

describe('warodds units', () => {
  it('--json is an array of { id, system, name, ... } covering every rule set with units', async () => {
    const units = await wjson(['units']);
    expect(units.length).toBeGreaterThan(30);
    for (const u of units) expect(Object.keys(u)).toEqual(expect.arrayContaining(['id', 'system', 'name', 'points', 'summary', 'options']));
    const systems = new Set(units.map((u: { system: string }) => u.system));
    for (const s of ['ninth-age', 'age-of-sigmar', 'hott', 'kings-of-war', 'warhammer-fantasy']) expect(systems).toContain(s);
    expect(units.find((u: { id: string }) => u.id === 'age-of-sigmar/clawlord').name).toMatch(/Clawlord/);
  });

  it('a system argument narrows the list; user units are added with --units and WARODDS_UNITS', async () => {
    const hott = await wjson(['units', 'hott']);
    expect(hott.every((u: { system: string }) => u.system === 'hott')).toBe(true);
    expect(hott).toHaveLength(22);
    const mine = await wjson(['units', 'aos', '--units', 'test/cli/fixtures/units-good']);
    expect(mine.find((u: { id: string }) => u.id === 'age-of-sigmar/my-spearmen')).toMatchObject({ points: 100 });
    const env = await wjson(['units', 'aos'], { env: { WARODDS_UNITS: 'test/cli/fixtures/units-good' } });
    expect(env.some((u: { id: string }) => u.id === 'age-of-sigmar/my-spearmen')).toBe(true);
  });

  it('per-100-points figures use the points: the user unit with 100 points', async () => {
    const kills = await wjson(['kills', 'aos/example-horde', '--attackers', 'aos/my-spearmen', '--units', 'test/cli/fixtures/units-good']);
    expect(kills.rows[0].per100Points.meanDamage).toBeCloseTo(kills.rows[0].meanDamage, 12);
  });
});

describe('output formats', () => {
  const args = ['compare', 'aos/liberators', '--options', 'default,all-warhammers', '--targets', 'aos/clawlord,aos/squig-hoppers'];

  it('--csv: a header and one row per target and option, with raw numbers', async () => {
    const lines = (await warodds([...args, '--csv'])).stdout.trim().split('\n').filter((l) => !l.startsWith('# '));
    expect(lines[0]).toBe('table,target,option,mean damage points,sd,P(destroy),P(≥ half),P(default > all-warhammers),P(default = all-warhammers),winner');
    expect(lines).toHaveLength(1 + 4);
    expect(lines[1].split(',')[3]).toMatch(/^\d+\.\d+$/);
  });

  it('--markdown: a pipe table with a separator row', async () => {
    const out = (await warodds([...args, '--markdown'])).stdout;
    expect(out).toMatch(/^\*\*Liberators/);
    expect(out).toContain('|---|---|---:|');
    expect(out.trim().split('\n').filter((l) => l.startsWith('| aos/'))).toHaveLength(4);
  });

  it('--html FILE writes one self-contained page with tables and SVG charts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-'));
    const file = join(dir, 'compare.html');
    const r = await warodds([...args, '--html', file]);
    expect(r.code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<table>');
    expect((html.match(/<svg class="(histogram|curves)"/g) ?? []).length).toBe(4); // two targets, two plots each
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    for (const cmd of [['kills', 'hott/knights'], ['table', 'kow/dragon']]) {
      const f = join(dir, `${cmd[0]}.html`);
      expect((await warodds([...cmd, '--html', f])).code).toBe(0);
      expect(readFileSync(f, 'utf8')).toContain('</html>');
    }
  });
});

describe('a folder of --units with a bad file', () => {
  it('loads the others and names the bad one on stderr', async () => {
    const r = await warodds(['units', 'aos', '--units', 'test/cli/fixtures/units-bad']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warodds: warning: skipped a unit file: 'test\/cli\/fixtures\/units-bad\/age-of-sigmar\/broken.json': weapons\[0\]\.hit: '9\+' is not allowed/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toContain('aos/clawlord');
  });
});

describe('bad input: one line naming the problem, exit 2', () => {
  const cases: Array<[string[], RegExp]> = [
    [['kills', 'aos/broken', '--units', 'test/cli/fixtures/units-bad'], /^warodds: 'test\/cli\/fixtures\/units-bad\/age-of-sigmar\/broken.json': weapons\[0\]\.hit: '9\+' is not allowed/],
    [['kills', 'aos/no-such-unit'], /^warodds: target: unknown unit 'aos\/no-such-unit'/],
    [['attack', '--attacker', 'aos/clawlord', '--target', 'hott/blades'], /^warodds: target: 'hott\/blades' is not from the age-of-sigmar rule set/],
    [['kills', 'clawlord'], /^warodds: target: 'clawlord' is not a unit id/],
    [['compare', 'aos/liberators', '--options', 'default,halberds'], /^warodds: --options: 'age-of-sigmar\/liberators' has no option 'halberds' \(it has: default, all-warhammers\)/],
    [['table', 'aos/clawlord', '--rows', 'toughness=2..6'], /^warodds: --rows: age-of-sigmar has no table key 'toughness' \(allowed: save, ward, health, models\)/],
    [['table', 'whfb/knights', '--cols', 'armour=1+'], /^warodds: --cols: armour=1\+: expected 2\+\.\.6\+ or 'none'/],
    [['kills', 'aos/clawlord', '--remove', 'break'], /^warodds: --remove: 'break' needs break tests/],
    [['table', 'kow/dragon', '--metric', 'p>=x'], /^warodds: --metric: 'p>=x' is not a table metric/],
  ];
  for (const [args, message] of cases) {
    it(args.join(' '), async () => {
      const r = await warodds(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    });
  }
});

describe('warodds matchups (Hordes of the Things)', () => {
  it('Blades charging a Warband in the open: removes it 1/6, is removed 1/6 (rules/hott.md §9, example 1)', async () => {
    const out = await wjson(['matchups', 'espadas']);
    expect(out.type).toBe('blades');
    const warband = out.matchups.find((m: { opponent: string }) => m.opponent === 'warbands');
    expect(warband.destroys).toBeCloseTo(1 / 6, 12);
    expect(warband.destroyed).toBeCloseTo(1 / 6, 12);
    expect(out.matchups).toHaveLength(22);
  });

  it('all against all agrees with the single-type rows', async () => {
    const all = (await wjson(['matchups', 'all'])).matrix;
    const blades = all.find((r: { attacker: string }) => r.attacker === 'blades');
    expect(blades.matchups).toEqual((await wjson(['matchups', 'blades'])).matchups);
  });

  it('an unknown troop type is one line and exit 2', async () => {
    const r = await warodds(['matchups', 'dwarves']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^warodds: type: unknown troop type 'dwarves' \(allowed: gods, /);
  });
});

describe('--mc on the questions', () => {
  it('kills with the simulator agrees with the exact ranking within 4.5 standard errors', async () => {
    const args = ['kills', 'aos/clawlord', '--attackers', 'aos/liberators', '--charge'];
    const exact = (await wjson(args)).rows[0].pRemove;
    const n = 200_000;
    const mc = (await wjson([...args, '--mc', '--samples', String(n), '--seed', 'questions'])).rows[0].pRemove;
    expect(Math.abs(mc - exact)).toBeLessThan(4.5 * Math.sqrt((exact * (1 - exact)) / n));
    expect(mc).not.toBe(exact);
  });
});
