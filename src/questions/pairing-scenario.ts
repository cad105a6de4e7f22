/**
 * One attacker against one target, both from a library: the scenario the rule set is given, and
 * what the answer assumed (the options not chosen). The CLI's `attack --attacker A --target B`
 * and the web page ask it the same way.
 */
import { type Library, DEFAULT_OPTION, questionsOf } from '../analysis/unit.js';
import { pairingInput, sideLabel } from '../analysis/pairing.js';
import { shootingNotes } from '../analysis/shooting-flags.js';
import { findSystem } from '../systems/lookup.js';
import type { SituationFlags } from '../systems/types.js';
import type { LoadedScenario } from './scenario.js';
import { defaultOptionLine } from './provenance.js';

export interface PairingQuestion {
  /** Unit ids, system/id. */
  attacker: string;
  target: string;
  /** Absent: the unit as written ('default'), which the record then says was assumed. */
  attackerOption?: string;
  targetOption?: string;
  flags: SituationFlags;
}

export function pairingScenario(lib: Library, q: PairingQuestion): { scenario: LoadedScenario; assumed: string[] } {
  const attacker = { unit: lib.find(q.attacker, '--attacker'), option: q.attackerOption ?? DEFAULT_OPTION };
  const target = { unit: lib.find(q.target, '--target'), option: q.targetOption ?? DEFAULT_OPTION };
  const system = findSystem(attacker.unit.system);
  const input = pairingInput(questionsOf(system), attacker, target, q.flags);
  const notes = shootingNotes(questionsOf(system), q.flags);
  const scenario = { name: `${sideLabel(attacker)} against ${sideLabel(target)}`, description: '', system, input, parsed: system.parse(input), file: null, ...(notes.length ? { notes } : {}) };
  const assumed = [
    ...(q.attackerOption === undefined && Object.keys(attacker.unit.options).length ? [defaultOptionLine('attacker')] : []),
    ...(q.targetOption === undefined && Object.keys(target.unit.options).length ? [defaultOptionLine('target')] : []),
  ];
  return { scenario, assumed };
}
