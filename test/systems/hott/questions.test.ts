/**
 * The HOTT adapter of kills / compare / table: a Stronghold never attacks (§6.6), a
 * magic attack is made only by Magicians (§6.5) and shooting only by Shooters or Artillery
 * (§6.4), and a general that shoots or casts attacks without its +1 (§5 General, ambiguity 12).
 * Expected probabilities are counted over the 36 die pairs here, from the rules file.
 */
import { describe, expect, it } from 'vitest';
import { whatKills } from '../../../src/analysis/kills.js';
import { loadLibrary, NO_FLAGS } from '../../../src/analysis/units.js';
import type { Evaluate } from '../../../src/analysis/pairing.js';
import { findSystem } from '../../../src/systems/registry.js';
import type { SituationFlags } from '../../../src/systems/types.js';

const evaluate: Evaluate = async (system, input) => {
  const s = findSystem(system);
  return s.exact(s.parse(input));
};

const library = loadLibrary();

async function kills(target: string, flags: SituationFlags) {
  const result = await whatKills({ unit: library.find(target, 'target'), option: 'default' }, library.ofSystem('hott').map((unit) => ({ unit })), flags, 'destroyed', evaluate);
  return new Map(result.rows.map((r) => [r.attacker.unit.id, r.pRemove]));
}

/** P over the 36 pairs (A's die, B's die) of `event`. */
function count(event: (dA: number, dB: number) => boolean): number {
  let n = 0;
  for (let dA = 1; dA <= 6; dA++) for (let dB = 1; dB <= 6; dB++) if (event(dA, dB)) n++;
  return n / 36;
}

describe('hott questions: who can attack', () => {
  it('kills hott/stronghold ranks every troop type but the Stronghold itself, which never attacks (§6.6)', async () => {
    const rows = await kills('hott/stronghold', NO_FLAGS);
    expect(rows.has('stronghold')).toBe(false);
    expect(rows.size).toBe(21);
    // Blades assault it: 5 − 1 Muro against 6; beaten → captured (§6.6, §7.3). Its general option adds +1.
    expect(rows.get('blades')).toBeCloseTo(count((a, b) => a + 5 > b + 6), 12);
    // A Hero (general option): 5 + 1 − 1 against 6.
    expect(rows.get('heroes')).toBeCloseTo(count((a, b) => a + 5 > b + 6), 12);
    // Flyers win without ground support: no capture (§7.8.1).
    expect(rows.get('flyers')).toBe(0);
  });

  it("--situation '{\"mode\":\"magic\"}' ranks only Magicians; the general option gets no +1 when it casts", async () => {
    const rows = await kills('hott/heroes', { ...NO_FLAGS, extra: { mode: 'magic' } });
    expect([...rows.keys()]).toEqual(['magicians']);
    // Magician HC2 4 against the Hero's HC1 5; its die of 1 backfires (§6.5); beaten → vanished, doubled → destroyed.
    expect(rows.get('magicians')).toBeCloseTo(count((a, b) => a !== 1 && a + 4 > b + 5), 12);
    const stronghold = await kills('hott/stronghold', { ...NO_FLAGS, extra: { mode: 'magic' } });
    // HC1 4 − 1 Muro against 6, no backfire against a Stronghold; captured when beaten (ambiguity 10).
    expect([...stronghold.entries()]).toEqual([['magicians', expect.closeTo(count((a, b) => a + 3 > b + 6), 12)]]);
  });

  it('--shooting ranks only Shooters and Artillery', async () => {
    const rows = await kills('hott/blades', { ...NO_FLAGS, shooting: true });
    expect([...rows.keys()].sort()).toEqual(['artillery', 'shooters']);
    // Shooters HC1 3 against Blades HC1 5: only a double destroys (§7.7), beaten Blades recoil.
    expect(rows.get('shooters')).toBeCloseTo(count((a, b) => a + 3 >= 2 * (b + 5)), 12);
  });
});
