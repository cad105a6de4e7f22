/**
 * `warodds attack` flags of issue 17, in-process: --stages (table and JSON), --profile,
 * --invulnerable, --hit-modifier, --reroll-damage, --mortal-spill, and their errors.
 */
import { describe, expect, it } from 'vitest';
import { genericInputFromFlags, genericScenarioFromFlags } from '../../src/cli/generic-flags.js';
import { generic } from '../../src/systems/generic/index.js';
import type { GenericScenario } from '../../src/systems/generic/schema.js';
import { runScenario } from '../../src/cli/answer.js';
import { resultJson } from '../../src/questions/json.js';
import { renderTable } from '../../src/cli/render/table.js';
import { loadScenarioFile } from '../../src/cli/scenario-file.js';
import { binomialPmf } from '../support/binomial.js';

const options = { samples: 1000, seed: 'x', threads: 1, stages: true };

describe('attack --stages', () => {
  it('JSON carries attacks, hits, wounds, unsaved wounds and damage dealt under `stages`', async () => {
    // 6 attacks, 4+ / 4+, save 3+ against AP 3 beside an invulnerable 5+: each stage a binomial.
    const scenario = genericScenarioFromFlags({ attacks: '6', hit: '4', wound: '4', save: '3', rend: '3', invulnerable: '5' });
    const json = resultJson(await runScenario(scenario, 'exact', options)) as { stages: Array<{ name: string; pmf: number[] }> };
    expect(json.stages.map((s) => s.name)).toEqual(['attacks', 'hits', 'wounds', 'unsaved wounds', 'damage dealt']);
    const expected = [[0, 0, 0, 0, 0, 0, 1], binomialPmf(6, 1 / 2), binomialPmf(6, 1 / 4), binomialPmf(6, 1 / 6), binomialPmf(6, 1 / 6)];
    json.stages.forEach((s, i) => expected[i].forEach((p, k) => expect(Math.abs((s.pmf[k] ?? 0) - p)).toBeLessThan(1e-12)));
  });
  it('the table prints each stage before the damage the target lost', async () => {
    const text = renderTable(await runScenario(genericScenarioFromFlags({ attacks: '2', hit: '4', wound: '4' }), 'exact', options));
    const order = ['stage 1 · attacks: mean 2.000', 'stage 2 · hits: mean 1.000', 'stage 3 · wounds: mean 0.500', 'stage 4 · unsaved wounds: mean 0.500', 'stage 5 · damage dealt: mean 0.500', '\ndamage: mean 0.500'];
    const at = order.map((line) => text.indexOf(line));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
  it('Age of Sigmar scenarios have stages; rule sets without hit/wound/save stages refuse --stages', async () => {
    const aos = await runScenario(loadScenarioFile('src/data/age-of-sigmar/scenarios/ex01-liberators-vs-clawlord.json'), 'exact', options);
    expect(aos.stages!.map((s) => s.name)).toEqual(['attacks', 'hits', 'wounds', 'unsaved wounds', 'damage dealt']);
    const hott = loadScenarioFile('src/data/hott/scenarios/' + (await import('node:fs')).readdirSync('src/data/hott/scenarios')[0]);
    await expect(runScenario(hott, 'exact', options)).rejects.toThrow('--stages: hott has no hit, wound and save stages');
  });
});

describe('generic flags of the peers', () => {
  it('--profile adds profiles after the flags; --mortal-spill, --invulnerable, modifiers and re-rolls reach the scenario', () => {
    const input = genericInputFromFlags({
      attacks: '4', hit: '3', wound: '3', hitModifier: '+1', rerollDamage: 'below(2)', damage: 'D3',
      profile: ['{"models": 2, "attacks": 4, "hit": 3, "wound": 3}'], invulnerable: '5+', mortalSpill: true,
    });
    expect(input).toEqual({
      attacker: {
        profiles: [
          { attacks: '4', hit: '3', wound: '3', 'hit-modifier': 1, damage: 'D3', reroll: { hit: 'none', wound: 'none', damage: 'below(2)' } },
          { models: 2, attacks: 4, hit: 3, wound: 3 },
        ],
      },
      target: { invulnerable: '5+' },
      situation: { allocation: 'mortal-spill-over' },
    });
  });
  it('errors name the flag, or the --profile and its field', () => {
    expect(() => genericScenarioFromFlags({ attacks: '1', hit: '3', wound: '4', profile: ['{"attacks": 1, "hit": 3, "wound": 9}'] })).toThrow("--profile #1 wound: '9' is not allowed");
    expect(() => genericScenarioFromFlags({ profile: ['{"attacks": 1, "hit": 3}'] })).toThrow('--profile #1 wound');
    expect(() => genericScenarioFromFlags({ attacks: '1', hit: '3', wound: '4', profile: ['{attacks'] })).toThrow('--profile #1: not valid JSON');
    // A modifier of an automatic hit changes nothing: a note naming the flag, not an error.
    expect(generic.notes!(genericScenarioFromFlags({ attacks: '1', hit: 'auto', wound: '4', hitModifier: '1' }).parsed as GenericScenario)).toEqual([
      "--hit-modifier: 1 changed nothing: an automatic hit ('auto') rolls no die, so there is none to modify",
    ]);
    expect(() => genericScenarioFromFlags({ attacks: '1', hit: '3', wound: '4', invulnerable: '7' })).toThrow("--invulnerable: '7' is not allowed");
    expect(() => genericScenarioFromFlags({ attacks: '1', hit: '3', wound: '4', rerollDamage: 'ones' })).toThrow("--reroll-damage: the damage '1' is fixed");
    expect(() => genericScenarioFromFlags({ attacks: '1', hit: '3', wound: '4', health: '1001' })).toThrow('--health');
  });
});
