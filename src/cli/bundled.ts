/**
 * The scenarios that ship with warodds: src/data/<system>/scenarios/*.json.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from '../paths.js';
import { findSystem } from '../systems/registry.js';
import { loadScenarioFile, type LoadedScenario } from './scenario-file.js';

export function bundledScenarioFiles(systemName?: string): string[] {
  const systems = systemName ? [findSystem(systemName, '--system').id] : readdirSync(DATA_DIR).sort();
  const files: string[] = [];
  for (const system of systems) {
    const dir = join(DATA_DIR, system, 'scenarios');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.json')) files.push(join(dir, f));
  }
  return files;
}

export function loadBundledScenarios(systemName?: string): LoadedScenario[] {
  return bundledScenarioFiles(systemName).map((f) => loadScenarioFile(f));
}
