import { describe, expect, it } from 'vitest';
import { SYSTEMS } from '../../src/systems/registry.js';
import { SYSTEM_MODULES, loadSystem } from '../../src/sim/system-modules.js';

describe('a worker loads only its own rule set', () => {
  it('lists every rule set of the registry, each loading the very object the registry serves', async () => {
    expect(Object.keys(SYSTEM_MODULES).sort()).toEqual(SYSTEMS.map((s) => s.id).sort());
    for (const system of SYSTEMS) expect(await loadSystem(system.id)).toBe(system);
  });

  it('finds an alias through the registry', async () => {
    const ninthAge = SYSTEMS.find((s) => s.id === 'ninth-age')!;
    expect(await loadSystem(ninthAge.aliases[0])).toBe(ninthAge);
  });
});
