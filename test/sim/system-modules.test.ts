/**
 * A worker gets the scenario parsed by the main thread (a structured clone) and loads only the
 * simulator of its kind (sim/system-modules.ts). On every bundled scenario, that simulator on the
 * clone must roll exactly what the rule set's own `simulate` rolls on the original — which checks
 * both that the worker picks the same simulator (fight, engagement or round) and that a parsed
 * scenario survives the structured clone.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledScenarioFiles } from '../../src/cli/bundled.js';
import { loadScenarioFile } from '../../src/cli/scenario-file.js';
import { masterState } from '../../src/core/rng.js';
import { loadSimulator } from '../../src/sim/system-modules.js';
import { type ChunkTask, rollChunk } from '../../src/sim/roll-chunk.js';
import { scenarioForWorkers } from '../../src/sim/pool.js';
import { prepare } from '../../src/sim/worker.js';
import { SYSTEMS } from '../../src/systems/registry.js';

const SAMPLES = 60;

describe("a worker's simulator rolls what the rule set's simulate rolls, on a structured clone", () => {
  for (const system of SYSTEMS) {
    it(`${system.id}: every bundled scenario`, async () => {
      const files = bundledScenarioFiles(system.id);
      expect(files.length).toBeGreaterThan(0);
      const master = masterState('clone');
      const chunk = { index: 3, samples: SAMPLES };
      for (const file of files) {
        const s = loadScenarioFile(file);
        // The task as a worker receives it: a structured clone.
        const task: ChunkTask = structuredClone({ system: system.id, job: 1, ...scenarioForWorkers(s.input, s.parsed), master, chunks: [chunk] });
        const { simulate, scenario } = await prepare(task);
        expect(rollChunk(simulate, scenario, master, chunk), file).toEqual(rollChunk(system.simulate, s.parsed, master, chunk));
      }
    });
  }

  it('a parsed scenario holding a function goes as its raw input, parsed by the worker', () => {
    expect(scenarioForWorkers({ raw: 1 }, { parsed: 1 })).toEqual({ scenario: { parsed: 1 } });
    expect(scenarioForWorkers({ raw: 1 }, { combat: () => 0 })).toEqual({ input: { raw: 1 } });
  });

  it('an unknown rule set is an error', async () => {
    await expect(loadSimulator('no-such-system', {})).rejects.toThrow("no simulator for rule set 'no-such-system'");
  });
});

/** The modules a source file imports at run time (type-only imports left out), transitively. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.startsWith('/')) return seen;
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    const target = m[1];
    runtimeImports(target.startsWith('.') ? resolve(dirname(file), target.replace(/\.js$/, '.ts')) : target, seen);
  }
  return seen;
}

describe('a worker loads no validation library', () => {
  const src = fileURLToPath(new URL('../../src/', import.meta.url));
  // The simulators whose modules are free of schemas today (the Warhammer Fantasy
  // simulators and the Age of Sigmar engagement one still reach zod through shared rule modules).
  for (const module of [
    'sim/worker.ts',
    'systems/generic/simulate.ts',
    'systems/ninth-age/simulate.ts',
    'systems/ninth-age/fight-simulate.ts',
    'systems/kings-of-war/simulate.ts',
    'systems/kings-of-war/engagement-simulate.ts',
    'systems/age-of-sigmar/simulate.ts',
    'systems/hott/simulate.ts',
    'systems/hott/engagement-simulate.ts',
  ])
    it(module, () => {
      const modules = [...runtimeImports(resolve(src, module))];
      expect(modules.filter((m) => !m.startsWith('/') && !m.startsWith('node:'))).toEqual([]);
    });

  it('the check itself sees zod where a module imports it', () => {
    expect([...runtimeImports(resolve(src, 'systems/generic/index.ts'))]).toContain('zod');
  });
});
