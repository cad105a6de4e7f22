/**
 * compare: options that change nothing in close combat without the charge are compared again in
 * the situation where they may differ (on the charge, or shooting), and that comparison is the
 * same question asked with the flag.
 */
import { describe, expect, it } from 'vitest';
import { warodds, wjson } from './helpers.js';

interface CompareJson {
  targets: Array<{ target: string; winners: string[]; results: Array<{ option: string; meanDamage: number; pRemove: number }>; pStrictlyMore: number[][] }>;
  alsoUnder?: { situation: string } & Omit<CompareJson, 'alsoUnder'>;
}

function figures(c: Omit<CompareJson, 'alsoUnder'>) {
  return c.targets.map((t) => ({ target: t.target, winners: t.winners, results: t.results, pStrictlyMore: t.pStrictlyMore }));
}

describe('compare shows the situation where tied options differ', () => {
  it('whfb/knights: tied without the charge, the lance wins on the charge, as --charge says', async () => {
    const plain: CompareJson = await wjson(['compare', 'whfb/knights']);
    const charge: CompareJson = await wjson(['compare', 'whfb/knights', '--charge']);
    for (const t of plain.targets) expect(t.winners).toEqual(['default', 'cavalry-spears']);
    expect(plain.alsoUnder?.situation).toBe('charge');
    const also = plain.alsoUnder!;
    // The charge block is not a tie: the lance (the unit as written) wins against every target.
    for (const t of also.targets) expect(t.winners).toEqual(['default']);
    expect(figures(also)).toEqual(figures(charge));
    expect(charge.alsoUnder).toBeUndefined();
    const text = await warodds(['compare', 'whfb/knights']);
    expect(text.stdout).toMatch(/they may differ only where it is not asked: on\s+the charge, shown below\./);
    expect(text.stdout).toContain('On the charge (--charge):');
    expect(text.stdout).toContain('Per target and option, on the charge (--charge)');
    const md = await warodds(['compare', 'whfb/knights', '--markdown']);
    expect(md.stdout).toContain('*Per target and option, on the charge (--charge)*');
    const csv = await warodds(['compare', 'whfb/knights', '--csv']);
    expect(csv.stdout.split('\n').filter((l) => l.startsWith('"Per target and option, on the charge (--charge)",'))).toHaveLength(10);
  });

  it('t9a/archers: tied in close combat, compared shooting, as --shooting says', async () => {
    const plain: CompareJson = await wjson(['compare', 't9a/archers']);
    const shooting: CompareJson = await wjson(['compare', 't9a/archers', '--shooting']);
    expect(plain.alsoUnder?.situation).toBe('shooting');
    expect(figures(plain.alsoUnder!)).toEqual(figures(shooting));
    for (const t of plain.alsoUnder!.targets) expect(t.winners).toHaveLength(1);
    const text = await warodds(['compare', 't9a/archers']);
    expect(text.stdout).toMatch(/shooting, shown below; ask again with --charge\./);
    expect(text.stdout).toContain('Shooting (--shooting):');
  });

  it('options that differ already get no further block', async () => {
    const out: CompareJson = await wjson(['compare', 'aos/liberators', '--options', 'default,all-warhammers', '--targets', 'aos/clawlord']);
    expect(out.targets[0].winners).toHaveLength(1);
    expect(out.alsoUnder).toBeUndefined();
    const text = await warodds(['compare', 'aos/liberators', '--options', 'default,all-warhammers', '--targets', 'aos/clawlord']);
    expect(text.stdout).not.toMatch(/change nothing|shown below/);
  });
});
