/**
 * Issue 12: "No output of any command on any bundled scenario or built-in unit contains NaN, null
 * or a negative probability." The exact engine runs, in-process, on every bundled scenario
 * (discovered from src/data/<system>/scenarios, so new ones are covered without listing them) and
 * on every built-in unit with each of its options, in every mode it can attack in, against each
 * default target of its rule set's questions adapter, and as a target of those units. Each
 * outcome and its JSON are scanned: finite, non-negative numbers; no NaN or null; every
 * distribution and every categorical table (morale, HOTT outcomes) sums to 1 within 1e-12. The
 * largest work any of them needs is checked against the meter's limit, with room to spare.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTION, loadLibrary, NO_FLAGS, questionsOf, withOption } from '../../src/analysis/units.js';
import { WORK_LIMIT, withWorkBudget, workSpent } from '../../src/core/budget.js';
import { InputError } from '../../src/core/errors.js';
import { bundledScenarioFiles } from '../../src/cli/bundled.js';
import { loadScenarioFile } from '../../src/cli/scenario-file.js';
import { outcomeJson } from '../../src/questions/json.js';
import { findSystem, SYSTEMS } from '../../src/systems/registry.js';
import type { GameSystem, Outcome, SituationFlags } from '../../src/systems/types.js';
import { CompensatedSum } from '../../src/core/compensated.js';

const SUM_TOLERANCE = 1e-12;

/** Compensated sum, so the check adds no rounding of its own. */
function sum(values: Iterable<number>): number {
  const total = new CompensatedSum();
  for (const x of values) total.add(x);
  return total.value;
}

/** Every problem found in an outcome, as "path: what" lines (empty when sound). */
function problemsOf(outcome: Outcome): string[] {
  const problems: string[] = [];
  const walk = (value: unknown, path: string, categorical: boolean): void => {
    if (value === null || value === undefined) problems.push(`${path}: ${value}`);
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) problems.push(`${path}: ${value}`);
      else if (value < 0) problems.push(`${path}: negative ${value}`);
    } else if (value instanceof Float64Array) {
      value.forEach((p, k) => walk(p, `${path}[${k}]`, false));
      if (Math.abs(sum(value) - 1) > SUM_TOLERANCE) problems.push(`${path}: sums to 1 ${sum(value) - 1 >= 0 ? '+' : ''}${sum(value) - 1}`);
    } else if (Array.isArray(value)) value.forEach((v, k) => walk(v, `${path}[${k}]`, false));
    else if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (const [k, v] of entries) walk(v, `${path}.${k}`, k === 'morale' || (path.endsWith('.outcomes') && typeof v === 'object') || k === 'outcomes');
      if (categorical && entries.every(([, v]) => typeof v === 'number')) {
        const total = sum(entries.map(([, v]) => v as number));
        if (Math.abs(total - 1) > SUM_TOLERANCE) problems.push(`${path}: categories sum to 1 ${total - 1 >= 0 ? '+' : ''}${total - 1}`);
      }
    }
  };
  walk(outcome, 'outcome', false);
  if (outcome.destroyed !== undefined && outcome.destroyed > 1 + SUM_TOLERANCE) problems.push(`outcome.destroyed: ${outcome.destroyed} > 1`);
  const json = JSON.stringify(outcomeJson(outcome));
  if (/NaN|null|Infinity/.test(json)) problems.push(`JSON contains NaN, null or Infinity`);
  if (/[:[,]\s*-\d/.test(json)) problems.push(`JSON contains a negative number`);
  return problems;
}

let largestWork = 0;
function exactOf(system: GameSystem<unknown>, parsed: unknown): Outcome {
  return withWorkBudget(() => {
    const outcome = system.exact(parsed);
    largestWork = Math.max(largestWork, workSpent());
    return outcome;
  });
}

describe('every bundled scenario and built-in unit: no NaN, null, negative or mass ≠ 1', () => {
  it('every bundled scenario, exact', () => {
    const files = bundledScenarioFiles();
    expect(files.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const file of files) {
      const scenario = loadScenarioFile(file);
      problems.push(...problemsOf(exactOf(scenario.system, scenario.parsed)).map((p) => `${file}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('every built-in unit, each option and mode, against and attacked by its rule set’s default targets', () => {
    const lib = loadLibrary();
    const problems: string[] = [];
    let evaluated = 0;
    const run = (system: GameSystem<unknown>, input: unknown, label: string) => {
      let parsed: unknown;
      try {
        parsed = system.parse(input);
      } catch (e) {
        if (e instanceof InputError) return; // a pairing its rule set forbids: no output to scan
        throw e;
      }
      evaluated++;
      problems.push(...problemsOf(exactOf(system, parsed)).map((p) => `${label}: ${p}`));
    };
    for (const system of SYSTEMS.filter((s) => s.questions)) {
      const q = questionsOf(system);
      const targets = q.defaultTargets.map((id) => lib.find(`${system.id}/${id}`, 'target'));
      const modes: SituationFlags[] = [NO_FLAGS, { ...NO_FLAGS, charge: true }, { ...NO_FLAGS, shooting: true }];
      for (const unit of lib.ofSystem(system.id).filter((u) => u.source === 'built-in')) {
        for (const option of [DEFAULT_OPTION, ...Object.keys(unit.options)]) {
          const body = withOption(unit, option);
          for (const flags of modes.filter((f) => q.canAttack(body, f)))
            for (const target of targets.filter((t) => q.canBeTarget(t.body)))
              run(system, q.scenario(body, target.body, flags), `${system.id}/${unit.id} (${option}) ${JSON.stringify(flags)} → ${target.id}`);
          if (option === DEFAULT_OPTION && q.canBeTarget(body))
            for (const attacker of targets.filter((t) => q.canAttack(t.body, NO_FLAGS)))
              run(system, q.scenario(attacker.body, body, NO_FLAGS), `${attacker.id} → ${system.id}/${unit.id}`);
        }
      }
    }
    expect(evaluated).toBeGreaterThanOrEqual(lib.units.filter((u) => u.source === 'built-in').length);
    expect(problems).toEqual([]);
  });

  it('the largest of them needs under a tenth of the work limit', () => {
    expect(largestWork).toBeGreaterThan(0);
    expect(largestWork).toBeLessThan(WORK_LIMIT / 10);
  });
});

it('Age of Sigmar, Crit (2 Hits) with one shared Damage roll on a weapon that cannot wound (was NaN): no damage, certainly', () => {
  // wound 6+ with −1 to wound needs a 7: no attack can wound, so P(0 damage) = 1
  const input = {
    attacker: { models: 1, weapons: [{ name: 'w', attacks: 4, hit: '3+', wound: '6+', rend: 0, damage: 'D3', abilities: ['crit-2-hits'] }] },
    target: { models: 1, health: 5, save: '4+' },
    situation: { 'crit-2-hits-damage': 'shared', 'wound-modifier': -1 },
  };
  const system = findSystem('age-of-sigmar');
  const outcome = exactOf(system, system.parse(input));
  expect(problemsOf(outcome)).toEqual([]);
  expect(Array.from(outcome.damage)).toEqual([1]);
});

it('the sweep covers every rule set with units', () => {
  expect(SYSTEMS.filter((s) => s.questions).map((s) => s.id).sort()).toEqual(['age-of-sigmar', 'hott', 'kings-of-war', 'ninth-age', 'warhammer-fantasy']);
  expect(findSystem('generic').questions).toBeUndefined();
});
