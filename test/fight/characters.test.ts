/**
 * Characters in units and challenges in whole fights (9th Age §4.4, §4.11, §10; Warhammer
 * Fantasy §9, E11). Expected values come from the rules files' worked example E11 and from hand
 * computations written here from the rules (binomials of the fighters' attacks), never from the
 * engine's own output.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/core/errors.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../src/systems/warhammer-fantasy/index.js';
import { isOneLineRefusal, runCli } from '../support/in-process.js';
import { binomial, table, expectSimulatorMatches } from './support.js';


/**
 * 9th Age: both units' rank and file have A0 (no normal attacks, §4.3), so round 1's combat result
 * is the charge (+1, §12.1) and what the characters do. Equal WS 4 and S 4 against T 4 without
 * armour: every attack wounds with 1/2 · 1/2 = 1/4 (§4.5, §4.6).
 */
const rnf = { models: 5, files: 5, ws: 4, s: 4, t: 4, w: 1, i: 3, a: 0, ld: 7 };
const captain = { ws: 4, s: 4, t: 4, w: 2, i: 5, a: 5, ld: 8 };
const veteran = { ws: 4, s: 4, t: 4, w: 1, i: 3, a: 1, ld: 8 };

function t9aFight(challenge: boolean | 'refused', targetCharacter: Record<string, unknown> = veteran) {
  return ninthAge.parse({
    attacker: { ...rnf, 'with-character': captain },
    target: { ...rnf, 'with-character': targetCharacter },
    situation: { type: 'fight', charging: 'attacker', rounds: 1, challenge },
  });
}


describe('9th Age: a character in a unit with a challenge', () => {
  const w = binomial(5, 1 / 4);

  it('Overkill adds the excess wounds to the combat result, +3 at most (§4.11, §12.1)', () => {
    // The captain (I5) strikes first: w ~ B(5, 1/4) wounds on the W1 veteran score
    // min(w, 1) + min(w − 1, 3); the veteran (I3) strikes back only if unwounded, 1 attack at 1/4.
    const expected = new Map<number, number>();
    const overkill = new Map<number, number>();
    const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);
    w.forEach((pw, k) => {
      const excess = Math.min(Math.max(k - 1, 0), 3);
      add(overkill, excess, pw);
      const points = Math.min(k, 1) + excess;
      if (k === 0) {
        add(expected, 1 + points - 1, pw / 4);
        add(expected, 1 + points, (pw * 3) / 4);
      } else add(expected, 1 + points, pw);
    });
    const o = ninthAge.exact(t9aFight(true));
    const margins = table(o, 'margin-1');
    for (const [m, p] of expected) expect(margins[String(m)] ?? 0).toBeCloseTo(p, 12);
    expect(Object.values(margins).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Five wounds on a W1 veteran: 1 + 4 excess, capped at +3
    expect(margins['5']).toBeCloseTo(w[5] + w[4], 12);
    const ok = table(o, 'overkill-attacker-1');
    for (const [k, p] of overkill) expect(ok[String(k)] ?? 0).toBeCloseTo(p, 12);
  });

  it('a refused challenge: the refuser makes no attacks and a refusing Battle Standard Bearer loses its +1 (§4.11)', () => {
    // The captain fights the target's rank and file instead: 5 attacks at 1/4, pool of 5; the target scores nothing
    const o = ninthAge.exact(t9aFight('refused', { ...veteran, 'battle-standard': true }));
    const margins = table(o, 'margin-1');
    w.forEach((p, k) => expect(margins[String(1 + k)] ?? 0).toBeCloseTo(p, 12));
  });

  it('the simulator rolls the same challenge die by die', () => {
    const s = t9aFight(true);
    expectSimulatorMatches(ninthAge, s, 'characters t9a', 10_000, 'margin-1');
  });
});

describe('Warhammer Fantasy: E11, the challenge Overkill', () => {
  it("the hero's expected Overkill in round 1 is E11's (fight --json, in-process)", async () => {
    const r = await runCli(['fight', '--scenario', 'src/data/warhammer-fantasy/scenarios/fight-hero-challenges-champion.json', '--rounds', '1', '--json']);
    expect(r.code).toBe(0);
    const round1 = JSON.parse(r.stdout).rounds[0];
    // E11: expected combat points min(w, 1) + min(max(w − 1, 0), 5) = 4333005961175/1338925209984;
    // the Overkill is that minus P(w ≥ 1) = 1 − (29/54)^7 (per attack 25/54).
    const points = 4333005961175 / 1338925209984;
    const hit = 1 - (29 / 54) ** 7;
    expect(round1.challenge.fought).toBe(1);
    expect(round1.challenge.attackerOverkill).toBeCloseTo(points - hit, 12);
    expect(round1.challenge.targetOverkill).toBe(0);
  });
});

describe('characters and challenges: bad input is one line naming the field', () => {
  const whfb = { models: 10, width: 5, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
  const whfbHero = { m: 10, ws: 5, bs: 5, s: 4, t: 4, w: 2, i: 3, a: 3, ld: 8 };
  const error = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      return (e as Error).message;
    }
    throw new Error('no error');
  };

  it('a character that cannot join the unit', () => {
    expect(error(() => t9aFight(false, { ...veteran, troop: 'monster' }))).toMatch(/^target\.with-character\.troop: a monster character fights as a unit of its own/);
    expect(
      error(() => ninthAge.parse({ attacker: { ...rnf, models: 1, files: 1, character: true, 'with-character': captain }, target: rnf, situation: { type: 'fight' } })),
    ).toMatch(/^attacker\.with-character: a character joins a unit of rank and file/);
    expect(
      error(() =>
        warhammerFantasy.parse({ attacker: { ...whfb, 'with-character': { ...whfbHero, rules: ['lone-character'] } }, target: whfb, situation: { phase: 'fight' } }),
      ),
    ).toMatch(/^attacker\.with-character\.rules: 'lone-character'/);
    expect(
      error(() =>
        warhammerFantasy.parse({ attacker: { ...whfb, 'with-character': { ...whfbHero, models: 2 } }, target: whfb, situation: { phase: 'fight' } }),
      ),
    ).toMatch(/^attacker\.with-character\.models: a character is one model/);
  });

  it('a challenge with no character or champion', () => {
    expect(error(() => ninthAge.parse({ attacker: { ...rnf, 'with-character': captain }, target: rnf, situation: { type: 'fight', challenge: true } }))).toMatch(
      /^situation\.challenge: a challenge needs a character or champion on each side \('with-character' or 'champion' on the target/,
    );
    expect(error(() => warhammerFantasy.parse({ attacker: whfb, target: whfb, situation: { phase: 'fight', challenge: true } }))).toMatch(
      /^situation\.challenge: a challenge needs a character or champion on each side/,
    );
    expect(error(() => warhammerFantasy.parse({ attacker: whfb, target: whfb, situation: { phase: 'fight', challenge: 'refused' } }))).toMatch(
      /^situation\.challenge: the Warhammer Fantasy rules file does not say what refusing a challenge does/,
    );
  });

  it('the CLI refuses them in one line, exit 2', async () => {
    const r = await runCli(['fight', '--attacker', 't9a/knights', '--target', 't9a/line-infantry-spears', '--situation', '{"challenge":true}']);
    expect(isOneLineRefusal(r)).toBe(true);
    expect(r.stderr).toMatch(/situation\.challenge/);
  });
});

describe('fight --html', () => {
  it('writes the per-round chart of the cumulative probabilities', async () => {
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'warodds-fight-')), 'fight.html');
    const args = ['fight', '--scenario', 'src/data/warhammer-fantasy/scenarios/fight-hero-challenges-champion.json', '--rounds', '2'];
    const r = await runCli([...args, '--html', file]);
    expect(r.code).toBe(0);
    const html = readFileSync(file, 'utf8');
    const report = JSON.parse((await runCli([...args, '--json'])).stdout);
    expect(html.match(/<polyline /g)).toHaveLength(2);
    // one point per round and side, titled with the cumulative probability the JSON reports
    for (const x of report.rounds) {
      expect(html).toContain(`target, round ${x.round}: ${(100 * x.targetBroken).toFixed(1)}%`);
      expect(html).toContain(`attacker, round ${x.round}: ${(100 * x.attackerBroken).toFixed(1)}%`);
    }
  });
});
