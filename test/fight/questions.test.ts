/**
 * kills and compare over a whole fight: P(remove) is P(the target broke, was caught or destroyed,
 * or fled) read from the fight's endings, and compare's verdict rests on it first.
 */
import { describe, expect, it } from 'vitest';
import { compareOptions } from '../../src/analysis/compare.js';
import { whatKills } from '../../src/analysis/kills.js';
import type { Evaluate } from '../../src/analysis/pairing.js';
import { loadLibrary, NO_FLAGS } from '../../src/analysis/units.js';
import { findSystem } from '../../src/systems/registry.js';

const evaluate: Evaluate = async (system, input) => {
  const s = findSystem(system);
  return s.exact(s.parse(input));
};
const FIGHT = { ...NO_FLAGS, charge: true, fight: true, extra: { rounds: 3 } };
const TARGET_ENDINGS = ['target-escaped', 'target-caught', 'target-destroyed', 'target-fled-at-charge', 'both-destroyed'];

describe('questions over a whole fight', () => {
  const lib = loadLibrary();

  it('compare --fight: P(remove) is the sum of the target endings, and it decides the verdict first', async () => {
    const unit = lib.find('t9a/line-infantry-spears', 'test');
    const target = { unit: lib.find('t9a/halberdiers', 'test'), option: 'default' };
    const r = await compareOptions(unit, ['default', 'horde'], [target], FIGHT, 'break', evaluate);
    const t = r.targets[0];
    for (const o of t.options) expect(o.pRemove).toBeCloseTo(TARGET_ENDINGS.reduce((s, k) => s + (o.outcome.morale?.[k] ?? 0), 0), 12);
    expect(t.verdict.decidedBy).toBe('pRemove');
    const best = t.options.reduce((a, b) => (b.pRemove > a.pRemove ? b : a));
    expect(t.verdict.winners).toEqual([best.option]);
  });

  it('kills --fight ranks the attackers by P(break) within the rounds', async () => {
    const target = { unit: lib.find('whfb/spearmen', 'test'), option: 'default' };
    const attackers = ['whfb/knights', 'whfb/ogres', 'whfb/halberdiers'].map((id) => lib.find(id, 'test'));
    const r = await whatKills(target, attackers.map((unit) => ({ unit })), FIGHT, 'break', evaluate);
    const p = r.rows.map((x) => x.pRemove);
    expect(p).toEqual([...p].sort((a, b) => b - a));
    for (const row of r.rows) expect(Object.keys(row.outcome.outcomes ?? {})).toContain('margin-3');
  });
});
