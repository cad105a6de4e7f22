/**
 * Bad engagement input: one ScenarioError naming the field (and, through the CLI, one line on
 * stderr, exit code 2, nothing on stdout).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../../src/core/errors.js';
import { ageOfSigmar } from '../../../src/systems/age-of-sigmar/index.js';
import { canEngage, engagementInput } from '../../../src/systems/age-of-sigmar/engagement/questions.js';
import { warodds } from '../../cli/helpers.js';

const blade = { name: 'Blade', attacks: 2, hit: '4+', wound: '4+', rend: 0, damage: 1 };
const bow = { name: 'Bow', type: 'ranged', attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 };
const body = { models: 5, health: 1, save: '5+', weapons: [blade] };
const pair = (a: object = {}, b: object = {}) => [
  { name: 'A', side: 'attacker', targets: ['B'], unit: body, ...a },
  { name: 'B', side: 'defender', targets: ['A'], unit: body, ...b },
];

function refused(input: object, path: string, message: RegExp): void {
  let error: unknown;
  try {
    ageOfSigmar.parse(input);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ScenarioError);
  expect((error as ScenarioError).path).toBe(path);
  expect((error as ScenarioError).problem).toMatch(message);
}

describe('engagement input', () => {
  it('Strike-first on a unit not engaged at the start of the phase (19.0)', () => {
    const units = [
      { name: 'Archers', side: 'attacker', engaged: false, targets: ['B'], unit: { ...body, abilities: ['strike-first'], weapons: [bow] } },
      { name: 'B', side: 'defender', engaged: false, unit: body },
    ];
    refused({ engagement: {}, units }, 'units[0].unit.abilities[0]', /Strike-first .*not engaged/);
  });
  it('more than 10 units on a side', () => {
    const attackers = Array.from({ length: 11 }, (_, i) => ({ name: `A${i}`, side: 'attacker', engaged: false, targets: ['B'], unit: { ...body, weapons: [bow] } }));
    refused({ engagement: {}, units: [...attackers, { name: 'B', side: 'defender', engaged: false, unit: body }] }, 'units', /11 attacker units: at most 10/);
  });
  it('targets: unknown, friendly, a one-sided engagement; names; charges; the focus', () => {
    refused({ engagement: {}, units: pair({ targets: ['C'] }) }, 'units[0].targets[0]', /no unit is named 'C'/);
    refused({ engagement: {}, units: [...pair(), { name: 'C', side: 'attacker', targets: ['A'], unit: body }] }, 'units[2].targets[0]', /same side/);
    refused({ engagement: {}, units: pair({}, { engaged: false, targets: [] }) }, 'units[0].targets[0]', /engagement goes both ways/);
    refused({ engagement: {}, units: pair({}, { name: 'A' }) }, 'units[1].name', /already the name/);
    refused({ engagement: {}, units: pair({}, { charged: true }) }, 'units[1].charged', /first turn is the attacker's/);
    refused({ engagement: { target: 'Z' }, units: pair() }, 'engagement.target', /no unit is named 'Z'/);
    refused({ engagement: {}, units: pair({}, { side: 'attacker', targets: [] }) }, 'units', /no unit has side 'defender'/);
  });
  it('a unit sheet problem is named by the engagement field', () => {
    refused({ engagement: {}, units: pair({}, { unit: { ...body, health: undefined } }) }, 'units[1].unit.health', /Health/);
    refused({ engagement: {}, units: pair({ unit: { ...body, weapons: [{ ...blade, abilities: ['crit-3-hits'] }] } }) }, 'units[0].unit.weapons[0].abilities[0]', /unknown weapon ability/);
  });
  it('through the CLI: one line on stderr, exit code 2, nothing on stdout', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'warodds-')), 'bad.json');
    writeFileSync(file, JSON.stringify({ system: 'aos', engagement: {}, units: pair({ unit: { ...body, abilities: ['strike-first'] }, engaged: false, targets: [] }, { engaged: false, targets: ['A'] }) }));
    const r = warodds(['attack', '--scenario', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/units\[0\]\.unit\.abilities\[0\]: Strike-first/);
  });
});

describe('the questions adapter (kills --turns K, --pairs)', () => {
  const flags = { charge: true, flank: false, rear: false, shooting: false, extra: {} };
  const cavalry = { models: 5, health: 5, save: '3+', keywords: ['champion'], weapons: [{ name: 'Lance', attacks: 3, hit: '3+', wound: '3+', rend: 1, damage: 1, abilities: ['charge(+1 damage)'] }] };
  const target = { models: 1, health: 7, save: '4+', ward: '6+', weapons: [{ name: 'Claws', attacks: 5, hit: '3+', wound: '4+', rend: 1, damage: 2 }] };
  it('one turn, one attacker that strikes first as the active player: P(destroyed) is the one-attack answer', () => {
    const engagement = ageOfSigmar.exact(ageOfSigmar.parse(engagementInput([cavalry], target, flags, 1)));
    const one = ageOfSigmar.exact(ageOfSigmar.parse({ attacker: cavalry, target, situation: { charged: true } }));
    expect(Math.abs(engagement.destroyed! - one.destroyed!)).toBeLessThan(1e-12);
    // Over two turns the target is more likely gone, and a pair more likely still.
    const two = ageOfSigmar.exact(ageOfSigmar.parse(engagementInput([cavalry], target, flags, 2))).destroyed!;
    const pair = ageOfSigmar.exact(ageOfSigmar.parse(engagementInput([cavalry, cavalry], target, flags, 2))).destroyed!;
    expect(two).toBeGreaterThan(one.destroyed! + 0.01);
    expect(pair).toBeGreaterThan(two + 0.01);
  });
  it('units that cannot be fought back (no Health or Save) do not engage in melee; more than 10 attackers are refused', () => {
    expect(canEngage(cavalry, flags)).toBe(true);
    expect(canEngage({ models: 5, weapons: cavalry.weapons }, flags)).toBe(false);
    expect(() => engagementInput(Array.from({ length: 11 }, () => cavalry), target, flags, 1)).toThrow(/11 attackers in one engagement, at most 10/);
  });
});
