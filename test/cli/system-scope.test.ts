import { describe, expect, it } from 'vitest';
import { systemsNamedIn } from '../../src/cli/system-scope.js';
import { findSystem, loadSystems } from '../../src/systems/lookup.js';
import { SYSTEMS } from '../../src/systems/registry.js';

describe('the rule sets kills, compare and table load (start-up)', () => {
  it('are those of the unit ids in the arguments, by id or alias, in lists and id:how', () => {
    expect(systemsNamedIn(['hott/blades'], {})).toEqual(['hott']);
    expect(systemsNamedIn(['AOS/clawlord', '--target', 'whfb/spearmen,t9a/knights'], {})).toEqual(['age-of-sigmar', 'warhammer-fantasy', 'ninth-age']);
    expect(systemsNamedIn(['kow/spear-regiment', '--attacker=kow/knights:charge'], {})).toEqual(['kings-of-war']);
    expect(systemsNamedIn(['foo/bar', '--json'], {})).toEqual([]);
  });

  it('are every rule set when the user’s own units are read', () => {
    expect(systemsNamedIn(['hott/blades', '--units', 'dir'], {})).toBeUndefined();
    expect(systemsNamedIn(['hott/blades', '--units=dir'], {})).toBeUndefined();
    expect(systemsNamedIn(['hott/blades'], { WARODDS_UNITS: 'dir' })).toBeUndefined();
  });

  it('load as the same objects registry.ts lists, found by alias', async () => {
    await loadSystems(['hott', 'kings-of-war']);
    expect(findSystem('KOW')).toBe(SYSTEMS.find((s) => s.id === 'kings-of-war'));
    expect(() => findSystem('nope', '--x')).toThrow("--x: unknown rule set 'nope' (allowed: generic/d6, ninth-age/t9a/9th-age, warhammer-fantasy/whfb, kings-of-war/kow, age-of-sigmar/aos, hott)");
  });
});
