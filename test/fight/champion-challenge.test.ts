/**
 * 9th Age: a unit's champion fighting a challenge (§4.10, §4.11, §10). Expected values are hand
 * computations written here from the rules (binomials of the attacks), never the engine's output.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/core/errors.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import { binomial, table, expectSimulatorMatches } from './support.js';


/**
 * The attacker: 4 rank and file (WS4 S4, I5, A1: three in the front rank beside their character,
 * one supporting — 4 attacks, each wounding the T4 target on 4+ to hit and 4+ to wound, 1/4) and a
 * character (WS4 S4 I4 A1 W2). The target: one rank-and-file model and its champion (WS4+1, A0+1,
 * W1, I3), who accepts the challenge. Only the champion's attack can wound the attacker's side.
 */
const scenario = (rounds: number) =>
  ninthAge.parse({
    attacker: { models: 4, files: 4, ws: 4, s: 4, t: 4, w: 1, i: 5, a: 1, ld: 7, 'with-character': { ws: 4, s: 4, t: 4, w: 2, i: 4, a: 1, ld: 8 } },
    target: { models: 2, files: 2, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 0, ld: 7, champion: true },
    situation: { type: 'fight', charging: 'attacker', rounds, challenge: true },
  });

describe('9th Age: a champion as a challenge fighter', () => {
  it("wounds that slay the last rank and file go on to the champion, even in the challenge (§4.10)", () => {
    // I5: x ~ B(4, 1/4) wounds on the one rank and file; x − 1 spill to the W1 champion, who falls at x ≥ 2.
    // I4: the character strikes the champion — hit 4+ (WS4 against the champion's WS5), wound 4+: z ~ B(1, 1/4);
    //     a champion already fallen is struck for Overkill (§4.11).
    // I3: the champion, if it stands, strikes the W2 character: hit 3+ (WS5 against WS4), wound 4+, y ~ B(1, 1/3).
    // Attacker's score: charge 1 + wounds (rank and file, champion) + Overkill; target's: y.
    const x = binomial(4, 1 / 4);
    const atLeast2 = x[2] + x[3] + x[4];
    const margins = new Map<number, number>();
    const add = (m: number, p: number) => margins.set(m, (margins.get(m) ?? 0) + p);
    for (const [k, base] of [[0, 1], [1, 2]] as const) {
      add(base + 1, x[k] / 4); // the character slays the champion at I4
      add(base - 1, ((x[k] * 3) / 4) * (1 / 3)); // the champion strikes back and wounds
      add(base, ((x[k] * 3) / 4) * (2 / 3));
    }
    add(3, (atLeast2 * 3) / 4); // champion slain by the spill: 1 + 1 + charge
    add(4, atLeast2 / 4); // … and struck once more for Overkill
    const o = ninthAge.exact(scenario(1));
    const got = table(o, 'margin-1');
    for (const [m, p] of margins) expect(got[String(m)] ?? 0).toBeCloseTo(p, 12);
    expect(table(o, 'overkill-attacker-1')['1']).toBeCloseTo(atLeast2 / 4, 12);
    // Destroyed in round 1: the spill slays the champion, or the rank and file fall and the character
    // slays it — a unit reduced to its standing champion (x = 1, z = 0) is not destroyed
    expect(table(o, 'ending')['1:target-destroyed']).toBeCloseTo(atLeast2 + x[1] / 4, 12);
  });

  it('the simulator rolls the same round die by die', () => {
    const s = scenario(3);
    expectSimulatorMatches(ninthAge, s, 'champion t9a', 20_000, 'ending');
  });

  it('a champion needs rank and file to fight apart from; a refused challenge may be issued by a champion', () => {
    const rnf = { models: 5, files: 5, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 1, ld: 7 };
    expect(() => ninthAge.parse({ attacker: { ...rnf, models: 1, files: 1, champion: true }, target: { ...rnf, champion: true }, situation: { type: 'fight', challenge: true } })).toThrow(ScenarioError);
    // The attacker's champion challenges, the target's character refuses: the refuser makes no attacks
    // (§4.11), so with A0 rank and file on the target nothing strikes the attacker. The champion fights
    // with its unit: 4 front-rank attacks and the champion's 2, each 1/4 against WS4 T4 (the champion's
    // WS5: hit 3+, 1/3) — the margin is charge 1 + wounds, at most the target's 5 rank and file.
    const o = ninthAge.exact(
      ninthAge.parse({
        attacker: { ...rnf, champion: true },
        target: { ...rnf, a: 0, 'with-character': { ws: 4, s: 4, t: 4, w: 2, i: 3, a: 2, ld: 8 } },
        situation: { type: 'fight', rounds: 1, challenge: 'refused' },
      }),
    );
    const rank = binomial(4, 1 / 4);
    const champ = binomial(2, 1 / 3);
    const expected = new Map<number, number>();
    const margin = (i: number, j: number) => 1 + Math.min(i + j, 5);
    rank.forEach((p, i) => champ.forEach((q, j) => expected.set(margin(i, j), (expected.get(margin(i, j)) ?? 0) + p * q)));
    const got = table(o, 'margin-1');
    for (const [m, p] of expected) expect(got[String(m)] ?? 0).toBeCloseTo(p, 12);
  });
});
