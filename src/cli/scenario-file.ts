/**
 * Reading scenario files from disk (questions/scenario.ts splits and validates them). Importing
 * this module loads every rule set (a scenario file may name any).
 */
import { readJsonFile, shownPath } from '../json-file.js';
import '../systems/registry.js';
import { type LoadedScenario, scenarioFromJson } from '../questions/scenario.js';

export { type LoadedScenario, scenarioFromJson };

export function loadScenarioFile(path: string, flag = '--scenario'): LoadedScenario {
  return scenarioFromJson(readJsonFile(path, flag), `${flag}: ${shownPath(path)}`, path);
}
