/**
 * Engagements of library units through `warodds attack` and `warodds fight`, in
 * process. The Kings of War numbers come from a computation written here from
 * rules/kings-of-war.md and the unit files' profiles: binomial damage per attacker (§11), the
 * convolution of the chargers, the 2D6 nerve table of §6.2 — never from the code under test.
 * Bad input: one line on stderr, exit 2, nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { binomialPmf as binomial } from '../support/binomial.js';
import { isOneLineRefusal, runCli } from '../support/in-process.js';
import { convolve, nerve } from '../support/kow-reference.js';

const ATTACKERS = ['--attacker', 'kow/elf-archers:shooting', '--attacker', 'kow/warrior-horde', '--attacker', 'kow/heavy-cavalry:flank', '--target', 'kow/spear-regiment'];

describe('Kings of War: archers shoot, a horde and knights charge a spear regiment (library units)', () => {
  // Spear regiment: De 4+, Ne 14/16. Elf Archers halted: 10 dice, Ra 4+, damage 4+ → 1/4 a die.
  // Warrior horde, front: 25 dice, Me 4+, CS(1) → damage 3+ → 1/3; Brutal (+1 on the melee test).
  // Heavy cavalry, flank ×2: 32 dice, Me 3+, TC(2) → damage 2+ → (2/3)(5/6) = 5/9.
  const shot = binomial(10, 1 / 4);
  const melee = convolve(binomial(25, 1 / 3), binomial(32, 5 / 9));
  const expected = { steady: 0, wavered: 0, routed: 0 };
  shot.forEach((ps, s) => {
    const after: Array<[number, boolean]> = [];
    if (s === 0) after.push([ps, false]);
    else {
      const o = nerve(s, 14, 16, 0);
      expected.routed += ps * o.routed;
      after.push([ps * o.steady, false], [ps * o.wavered, true]);
    }
    for (const [w, wavered] of after)
      melee.forEach((pm, m) => {
        if (m === 0) return void (expected[wavered ? 'wavered' : 'steady'] += w * pm);
        const o = nerve(s + m, 14, 16, 1);
        expected.routed += w * pm * o.routed;
        expected.wavered += w * pm * (o.wavered + (wavered ? o.steady : 0));
        if (!wavered) expected.steady += w * pm * o.steady;
      });
  });

  for (const command of ['attack', 'fight'])
    it(`warodds ${command}: the two nerve tests of the turn, to 1e-12`, async () => {
      const r = await runCli([command, ...ATTACKERS, '--json']);
      expect(r.code).toBe(0);
      const end = JSON.parse(r.stdout).outcomes['end of turn 1'];
      for (const k of ['steady', 'wavered', 'routed'] as const) expect(Math.abs(end[k] - expected[k]), k).toBeLessThan(1e-12);
    });
});

describe('warodds fight on engagement rule sets', () => {
  it('Age of Sigmar: both sides of the fight phase over battle rounds; HOTT: bounds', async () => {
    const aos = await runCli(['fight', '--attacker', 'aos/example-cavalry', '--target', 'aos/example-elite-infantry', '--charge', '--turns', '2', '--json']);
    expect(aos.code).toBe(0);
    const outcomes = JSON.parse(aos.stdout).outcomes;
    expect(Object.keys(outcomes['destroyed-in-turn'])).toContain('turn 4 (round 2)');
    expect(Object.keys(outcomes)).toEqual(expect.arrayContaining(['left: Attacker 1', 'left: Target']));
    const hott = await runCli(['fight', '--attacker', 'hott/warbands', '--target', 'hott/blades', '--bounds', '3', '--json']);
    expect(hott.code).toBe(0);
    expect(Object.keys(JSON.parse(hott.stdout).outcomes)).toContain('within bound 3');
  });

  const refusals: Array<[string, string[], RegExp]> = [
    ['several attackers in a 9th Age fight', ['--attacker', 't9a/knights', '--attacker', 't9a/knights', '--target', 't9a/line-infantry-spears'], /^warodds: --attacker: a whole ninth-age fight is one unit against another/],
    ['--turns in a 9th Age fight', ['--attacker', 't9a/knights', '--target', 't9a/line-infantry-spears', '--turns', '2'], /^warodds: --turns: engagements of several attackers exist for/],
    ['--rounds in a Kings of War engagement', ['--attacker', 'kow/heavy-cavalry', '--target', 'kow/spear-regiment', '--rounds', '3'], /^warodds: --rounds: kings-of-war engagements count turns \(--turns K\)$/m],
    ['--bounds with a scenario file', ['--scenario', 'src/data/warhammer-fantasy/scenarios/fight-spearmen-vs-ogres.json', '--bounds', '2'], /^warodds: --bounds: for library units/],
    ['an attacker of another rule set', ['--attacker', 'hott/blades', '--attacker', 'kow/heavy-cavalry', '--target', 'hott/stronghold', '--bounds', '2'], /^warodds: --attacker: 'kings-of-war\/heavy-cavalry' is a kings-of-war unit, and the target is from hott/],
    ['a Wavered unit charging', ['--attacker', 'kow/heavy-cavalry', '--attacker', 'kow/warrior-horde', '--target', 'kow/spear-regiment', '--situation', '{"attacker-state":"wavered"}'], /^warodds: attackers\[0\]\.situation\.attacker-state: a Wavered unit cannot charge/],
    ['more than 10 attackers', [...Array.from({ length: 11 }, () => ['--attacker', 'kow/heavy-cavalry']).flat(), '--target', 'kow/spear-regiment'], /^warodds: --attacker: 11 attackers: at most 10/],
  ];
  for (const [what, args, message] of refusals)
    it(`refused: ${what}`, async () => {
      const r = await runCli(['fight', ...args]);
      expect(isOneLineRefusal(r), r.stderr).toBe(true);
      expect(r.stderr).toMatch(message);
    });
});
