/**
 * RoundSteps.release (src/fight/types.ts): the chain releases a round's steps once it has compiled
 * them, and never reads them after. Checked on every bundled 9th Age fight (its grid rounds give
 * their tables back to a pool, which hands them to later states): the same fight whose released
 * grids are then overwritten with NaN must give the same outcome, bit for bit.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChain } from '../../src/fight/chain.js';
import type { FightModel } from '../../src/fight/types.js';
import { DATA_DIR } from '../../src/paths.js';
import { fightModel } from '../../src/systems/ninth-age/fight.js';
import { ninthAgeWithFights as ninthAge } from '../../src/systems/ninth-age/index.js';
import type { FightScenario } from '../../src/systems/ninth-age/fight-schema.js';

const folder = join(DATA_DIR, 'ninth-age', 'scenarios');
const fights = readdirSync(folder).filter((f) => f.startsWith('fight-'));

/** A bundled fight scenario, parsed (its name, description and system are the file's, not the scenario's). */
function scenarioOf(file: string): FightScenario {
  const { name: _name, description: _description, system: _system, ...input } = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>;
  return ninthAge.parse(input) as FightScenario;
}

/** The model whose released rounds are poisoned, and how many it released. */
function poisoned(model: FightModel): { model: FightModel; released: () => number } {
  let released = 0;
  return {
    model: {
      ...model,
      steps: (state, round) => {
        const steps = model.steps(state, round);
        return {
          ...steps,
          release: () => {
            released++;
            steps.release?.();
            for (const g of steps.grids ?? []) g.p.fill(Number.NaN);
          },
        };
      },
    },
    released: () => released,
  };
}

describe('a released round is never read again', () => {
  it('has bundled 9th Age fights to check', () => expect(fights.length).toBeGreaterThanOrEqual(5));

  it.each(fights)('%s: the same outcome with its released grids overwritten', (file) => {
    const plain = runChain(fightModel(scenarioOf(file)));
    const { model, released } = poisoned(fightModel(scenarioOf(file)));
    expect(runChain(model)).toEqual(plain);
    expect(released()).toBeGreaterThan(0);
  });
});
