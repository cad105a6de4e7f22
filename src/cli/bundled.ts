/**
 * The scenarios that ship with warodds: src/data/<system>/scenarios/*.json.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { shortId } from '../questions/ids.js';
import { DATA_DIR } from '../paths.js';
import { findSystem } from '../systems/registry.js';
import { loadScenarioFile, type LoadedScenario } from './scenario-file.js';
import { InputError } from '../core/errors.js';

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

/**
 * A scenario named on the command line: a file path, or a bundled scenario's id
 * (`kow/knights-charge`, `kings-of-war/knights-charge`). A path that exists wins.
 */
export function findScenario(ref: string, flag = '--scenario'): LoadedScenario {
  if (existsSync(ref)) return loadScenarioFile(ref, flag);
  const m = /^([a-z0-9-]+)\/([\w.-]+?)(\.json)?$/i.exec(ref);
  if (m) {
    const system = findSystem(m[1], `${flag}: '${ref}' is neither a file nor a bundled scenario; rule set`);
    const file = join(DATA_DIR, system.id, 'scenarios', `${m[2]}.json`);
    if (existsSync(file)) return loadScenarioFile(file, flag);
    const count = bundledScenarioFiles(system.id).length;
    const alias = shortId(system.id, '').slice(0, -1);
    throw new InputError(`${flag}: no file '${ref}' and no bundled scenario of that name (${count} bundled ${alias} scenarios: warodds scenarios ${alias} lists them)`);
  }
  return loadScenarioFile(ref, flag);
}

/** How a scenario is named in a listing: its bundled id (kow/knights-charge), else its file. */
export function scenarioLabel(s: LoadedScenario): string {
  return s.file ? bundledIdOf(s.file) ?? s.file : s.name;
}

/** `kow/knights-charge` for src/data/kings-of-war/scenarios/knights-charge.json; null for other files. */
export function bundledIdOf(file: string): string | null {
  const rel = relative(DATA_DIR, resolve(file));
  const m = /^([^/\\]+)[/\\]scenarios[/\\]([^/\\]+)\.json$/.exec(rel);
  return m ? shortId(m[1], m[2]) : null;
}
