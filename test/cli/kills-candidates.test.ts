/**
 * Nothing dropped silently in `kills`: each candidate that cannot make the attack is named with the
 * rule that keeps it out (in every format, as a note of the run); `--shooting` uses a Kings of War
 * unit's breath attack; `--attacker ID:OPTION` pins a loadout, and the option column says which
 * option was chosen for each candidate.
 */
import { describe, expect, it } from 'vitest';
import { warodds, wjson } from './helpers.js';

describe('kills names the candidates it leaves out, and why', () => {
  it('the Kings of War stone thrower in melee (§9), the HOTT Stronghold (§6.6)', async () => {
    expect((await wjson(['kills', 'kow/spear-regiment'])).run.notes).toContain('left out: kow/stone-thrower: a war engine never charges (§9)');
    expect((await wjson(['kills', 'hott/blades'])).run.notes).toContain('left out: hott/stronghold: a Stronghold never attacks (§6.6)');
    for (const format of ['', '--csv', '--markdown']) {
      const r = await warodds(['kills', 'kow/spear-regiment', ...(format ? [format] : [])], { env: { COLUMNS: '300' } });
      expect(r.stdout, format).toContain('Note: left out: kow/stone-thrower: a war engine never charges (§9)');
    }
  });
  it('with --shooting, a unit with no ranged attack is named too', async () => {
    const notes: string[] = (await wjson(['kills', 'kow/spear-regiment', '--shooting'])).run.notes;
    expect(notes).toContain('left out: kow/heavy-cavalry: it has no ranged attack (Ra -, no breath attack; a spell goes in --situation \'{"with": ...}\')');
  });
});

describe("kills --shooting uses a Kings of War unit's breath attack", () => {
  it('the dragon (Ra -, breath-attack(10)) is ranked: 10 dice hitting on 4+ (§7), damaging De 4+ on 4+', async () => {
    const out = await wjson(['kills', 'kow/spear-regiment', '--shooting', '--attacker', 'kow/dragon']);
    expect(out.rows).toHaveLength(1);
    const row = out.rows[0];
    expect(row.attacker).toBe('kings-of-war/dragon');
    // Each die: hits on 4+ (1/2), then damages on 4+ against De 4+ (1/2): Binomial(10, 1/4).
    expect(row.meanDamage).toBeCloseTo(2.5, 12);
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    const pmf: number[] = row.damage.pmf;
    for (let k = 0; k <= 10; k++) expect(pmf[k] ?? 0, `damage ${k}`).toBeCloseTo(choose(10, k) * 0.25 ** k * 0.75 ** (10 - k), 12);
  });
});

describe('kills --attacker ID:OPTION pins a loadout', () => {
  it('the pinned option is the one computed; without a pin the best is kept and the option column says which', async () => {
    const pinned = await wjson(['kills', 'kow/spear-regiment', '--shooting', '--attacker', 'kow/elf-archers:troop']);
    expect(pinned.rows.map((r: { option: string }) => r.option)).toEqual(['troop']);
    const best = await wjson(['kills', 'kow/spear-regiment', '--shooting', '--attacker', 'kow/elf-archers']);
    expect(best.rows.map((r: { option: string }) => r.option)).toEqual(['horde']);
    expect(pinned.rows[0].pRemove).toBeLessThan(best.rows[0].pRemove);
  });
  it('an unknown option is refused naming --attacker', async () => {
    const r = await warodds(['kills', 'kow/spear-regiment', '--attacker', 'kow/elf-archers:regiment-of-doom']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^warodds: --attacker: 'kings-of-war\/elf-archers' has no option 'regiment-of-doom' \(it has: default, troop, horde\)/);
  });
});

describe('the flags policy: --samples and --seed without Monte Carlo are a note, the same in every command', () => {
  const note = (flag: string) => `--${flag}: changed nothing: the exact engine draws no samples (--mc or --both use it)`;
  it('attack, fight, kills, compare, table', async () => {
    expect((await wjson(['attack', '--attacks', '3', '--hit', '4', '--wound', '4', '--seed', 'x'])).run.notes).toEqual([note('seed')]);
    expect((await wjson(['fight', '--attacker', 'whfb/knights', '--target', 'whfb/halberdiers', '--rounds', '2', '--samples', '10'])).run.notes).toEqual([note('samples')]);
    expect((await wjson(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights', '--samples', '10', '--seed', 'y'])).run.notes).toEqual([note('samples'), note('seed')]);
    expect((await wjson(['compare', 'whfb/knights', '--target', 'whfb/halberdiers', '--seed', 'y'])).run.notes).toEqual([note('seed')]);
    expect((await wjson(['table', 'whfb/knights', '--seed', 'y'])).run.notes).toEqual([note('seed')]);
    // With Monte Carlo they are used, and there is no note.
    expect((await wjson(['attack', '--attacks', '3', '--hit', '4', '--wound', '4', '--mc', '--samples', '1000', '--seed', 'x'])).run.notes).toBeUndefined();
  });
});

describe('compare: options that tie everywhere in a situation without the charge or shooting say where they may differ', () => {
  it('Warhammer Fantasy knights (lances count on the charge): the charge is shown below; with --charge they differ', async () => {
    const text = (await warodds(['compare', 'whfb/knights'], { env: { COLUMNS: '400' } })).stdout;
    expect(text).toContain('The options change nothing in this situation (no charge, close combat); they may differ only where it is not asked: on the charge, shown below.');
    const charged = await warodds(['compare', 'whfb/knights', '--charge'], { env: { COLUMNS: '400' } });
    expect(charged.stdout).not.toContain('change nothing in this situation');
    expect(charged.stdout).not.toContain('tie against every target');
  });
  it('9th Age archers (bows against a melee default): shooting is shown below, the charge named', async () => {
    const text = (await warodds(['compare', 't9a/archers'], { env: { COLUMNS: '400' } })).stdout;
    expect(text).toContain('they may differ only where it is not asked: shooting, shown below; ask again with --charge.');
  });
  it('with further --situation keys the other situation is named, not computed', async () => {
    const text = (await warodds(['compare', 'whfb/knights', '--situation', '{"round":2}'], { env: { COLUMNS: '400' } })).stdout;
    expect(text).toContain('they may differ only where it is not asked: ask again with --charge.');
    expect(text).not.toContain('On the charge (--charge):');
  });
});
