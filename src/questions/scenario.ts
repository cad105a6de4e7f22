/**
 * A scenario as every front end holds it: its rule set, the input that rule set's parse takes, and
 * that input parsed. Scenario files (`{ name?, description?, system, attacker, target, situation }`)
 * are split into meta fields and the rule set's input here; reading them from disk is the CLI's.
 */
import { InputError } from '../core/errors.js';
import { findSystem } from '../systems/lookup.js';
import type { GameSystem } from '../systems/types.js';

export interface LoadedScenario {
  name: string;
  description: string;
  system: GameSystem<unknown>;
  /** What the system's parse takes (already validated by it once). */
  input: unknown;
  parsed: unknown;
  file: string | null;
  /** What the command noted about the flags it built the input from (a flag that changed nothing, and why). */
  notes?: readonly string[];
}

/** Split a scenario object into its system and the system's input, and validate it (its rule set loaded). */
export function scenarioFromJson(raw: unknown, origin: string, file: string | null): LoadedScenario {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError(`${origin}: a scenario must be a JSON object`);
  const { name, description, system: systemName, ...input } = raw as Record<string, unknown>;
  if (typeof systemName !== 'string') throw new InputError(`${origin}: field 'system' is required (a rule set id such as "generic", "t9a", "aos")`);
  const system = findSystem(systemName, `${origin}: system`);
  return {
    name: typeof name === 'string' ? name : file ?? 'scenario',
    description: typeof description === 'string' ? description : '',
    system,
    input,
    parsed: system.parse(input),
    file,
  };
}
