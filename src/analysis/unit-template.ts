/**
 * The unit file to start from, for each rule set with units: a complete unit with every field of
 * the rule set, each with a comment (`src/data/<system>/template.jsonc`). It reads as a unit file
 * as it is (unit files may carry `//` comments), so a copy loads with --units.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { DATA_DIR } from '../paths.js';
import type { SystemId } from '../systems/types.js';

export function templatePath(system: SystemId): string {
  return join(DATA_DIR, system, 'template.jsonc');
}

/** The template's text; a rule set without unit files is one InputError. */
export function unitTemplate(system: SystemId): string {
  const path = templatePath(system);
  if (!existsSync(path)) throw new InputError(`--template: ${system} has no unit files (its attacks are given by flags or a scenario)`);
  return readFileSync(path, 'utf8');
}
