/**
 * A fight capped at one round is the one-round engine's round: on every bundled one-round melee
 * scenario a fight can express (the first round of a combat, both sides striking, no challenge,
 * no combat-result bonus given by hand), the same damage, slain and destroyed
 * distributions and the same fates, where "still fighting" is every fate in which nobody left.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../src/paths.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import type { Outcome } from '../../src/systems/types.js';
import { warhammerFantasyWithFights as warhammerFantasy } from '../../src/systems/warhammer-fantasy/index.js';

type Json = Record<string, unknown>;

function bundled(system: string): Array<{ file: string; input: Json & { situation: Json } }> {
  const dir = join(DATA_DIR, system, 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const { name: _n, description: _d, system: _s, ...input } = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Json;
      return { file: f, input: input as Json & { situation: Json } };
    });
}

function expectDist(a: ArrayLike<number>, b: ArrayLike<number>): void {
  for (let k = 0; k < Math.max(a.length, b.length); k++) expect(a[k] ?? 0, `P(${k})`).toBeCloseTo(b[k] ?? 0, 12);
}

function expectSame(fight: Outcome, round: Outcome): void {
  expectDist(fight.damage, round.damage);
  expectDist(fight.slain!, round.slain!);
  expect(fight.destroyed).toBeCloseTo(round.destroyed!, 12);
}

describe('a fight capped at one round equals the one-round engine', () => {
  // A fight has both sides strike, no bonuses given by hand and formation-counted attacks.
  const oneSidedOrGiven = (input: Json & { situation: Json }) =>
    input.situation['target-strikes-back'] === false ||
    'attacker-bonus' in input.situation ||
    'target-bonus' in input.situation ||
    'attacks' in (input.attacker as Json) ||
    'attacks' in (input.target as Json);
  const t9a = bundled('ninth-age').filter(
    ({ input }) => input.situation.type === 'melee' && (input.situation.round ?? 1) === 1 && !input.situation.challenge && !oneSidedOrGiven(input),
  );

  it.each(t9a.map((s) => [s.file, s.input] as const))('9th Age %s', (_file, input) => {
    const round = ninthAge.exact(ninthAge.parse(input));
    const { round: _r, type: _t, ...rest } = input.situation;
    const fight = ninthAge.exact(ninthAge.parse({ ...input, situation: { ...rest, type: 'fight', rounds: 1 } }));
    expectSame(fight, round);
    const m = round.morale!;
    const f = fight.morale!;
    const at = (k: string) => f[k] ?? 0;
    // The one-round engine reports a mutual wipe-out as the target destroyed (its own fate first).
    expect(at('target-destroyed') + at('both-destroyed')).toBeCloseTo(m.destroyed, 12);
    expect(at('target-escaped')).toBeCloseTo(m['breaks-escapes'], 12);
    expect(at('target-caught')).toBeCloseTo(m['breaks-caught'], 12);
    expect(at('attacker-escaped')).toBeCloseTo(m['attacker-breaks-escapes'], 12);
    expect(at('attacker-caught')).toBeCloseTo(m['attacker-breaks-caught'], 12);
    expect(at('attacker-destroyed')).toBeCloseTo(m['attacker-destroyed'], 12);
    expect(at('fighting')).toBeCloseTo(m.holds + m.draw + m['attacker-holds'], 12);
  });

  const whfb = bundled('warhammer-fantasy').filter(({ input }) => input.situation.phase === 'melee' && (input.situation.round ?? 1) === 1 && !input.situation.challenge);

  it.each(whfb.map((s) => [s.file, s.input] as const))('Warhammer Fantasy %s', (_file, input) => {
    const round = warhammerFantasy.exact(warhammerFantasy.parse(input));
    const { round: _r, ...rest } = input.situation;
    const fight = warhammerFantasy.exact(warhammerFantasy.parse({ ...input, situation: { ...rest, phase: 'fight', rounds: 1 } }));
    expectSame(fight, round);
    const f = fight.morale!;
    for (const side of ['target', 'attacker'] as const) {
      const fates = side === 'target' ? round.morale! : round.outcomes!.attacker;
      const at = (k: string) => f[`${side}-${k}`] ?? 0;
      expect(at('destroyed'), side).toBeCloseTo(fates['wiped-out'] ?? 0, 12);
      expect(at('escaped'), side).toBeCloseTo(fates.breaks ?? 0, 12);
      expect(at('caught'), side).toBeCloseTo(fates.caught ?? 0, 12);
      expect(at('fled-at-charge'), side).toBeCloseTo(fates['flees-at-charge'] ?? 0, 12);
    }
  });

  it('covers the bundled one-round melee scenarios of both rule sets', () => {
    expect(t9a.length).toBeGreaterThanOrEqual(3);
    expect(whfb.length).toBeGreaterThanOrEqual(5);
  });
});
