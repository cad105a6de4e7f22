import { describe, expect, it, vi } from 'vitest';
import { SYSTEMS } from '../../src/systems/registry.js';
import { loadSystem } from '../../src/sim/system-modules.js';

describe('a worker loads only its own rule set', () => {
  it('loads every rule set of the registry, the very object the registry serves', async () => {
    for (const system of SYSTEMS) expect(await loadSystem(system.id)).toBe(system);
  });

  it('finds an alias through the registry', async () => {
    const ninthAge = SYSTEMS.find((s) => s.id === 'ninth-age')!;
    expect(await loadSystem(ninthAge.aliases[0])).toBe(ninthAge);
  });
});

describe('a fresh module graph, as in a worker thread', () => {
  it('loads the one rule set asked for and no other', async () => {
    vi.resetModules();
    const { loadSystem: freshLoad } = await import('../../src/sim/system-modules.js');
    const { loadedSystems } = await import('../../src/systems/lookup.js');
    expect((await freshLoad('kow')).id).toBe('kings-of-war');
    expect(loadedSystems().map((s) => s.id)).toEqual(['kings-of-war']);
  });
});
