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
import { ageOfSigmarEngagements } from '../../../src/systems/age-of-sigmar/engagement/questions.js';
import { runCli } from '../../support/in-process.js';

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
  it('through the CLI: one line on stderr, exit code 2, nothing on stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'warodds-')), 'bad.json');
    writeFileSync(file, JSON.stringify({ system: 'aos', engagement: {}, units: pair({ unit: { ...body, abilities: ['strike-first'] }, engaged: false, targets: [] }, { engaged: false, targets: ['A'] }) }));
    const r = await runCli(['attack', '--scenario', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/units\[0\]\.unit\.abilities\[0\]: Strike-first/);
  });
});

describe('the questions adapter (kills --turns K, --pairs): K battle rounds', () => {
  const flags = { charge: true, flank: false, rear: false, shooting: false, extra: {} };
  const cavalry = { models: 5, health: 5, save: '3+', keywords: ['champion'], weapons: [{ name: 'Lance', attacks: 3, hit: '3+', wound: '3+', rend: 1, damage: 1, abilities: ['charge(+1 damage)'] }] };
  const target = { models: 1, health: 7, save: '4+', ward: '6+', weapons: [{ name: 'Claws', attacks: 5, hit: '3+', wound: '4+', rend: 1, damage: 2 }] };
  const run = (attackers: Array<Record<string, unknown>>, rounds: number) => {
    const o = ageOfSigmar.exact(ageOfSigmar.parse(ageOfSigmarEngagements.input(attackers.map((body) => ({ body, how: null })), target, rounds, flags)));
    return { o, by: ageOfSigmarEngagements.removedBy(o, rounds) };
  };
  it('round 1 starts with the attacker striking as the active player: P(destroyed in turn 1) is the one-attack answer', () => {
    const { o, by } = run([cavalry], 2);
    const one = ageOfSigmar.exact(ageOfSigmar.parse({ attacker: cavalry, target, situation: { charged: true } }));
    expect(Math.abs(o.outcomes!['destroyed-in-turn']['turn 1 (round 1)'] - one.destroyed!)).toBeLessThan(1e-12);
    // removedBy adds up the two turns of each round, and the last is P(destroyed).
    const table = o.outcomes!['destroyed-in-turn'];
    expect(by).toHaveLength(2);
    expect(Math.abs(by[0] - (table['turn 1 (round 1)'] + (table['turn 2 (round 1)'] ?? 0)))).toBeLessThan(1e-15);
    expect(Math.abs(by[1] - o.destroyed!)).toBeLessThan(1e-12);
    expect(by[1]).toBeGreaterThan(by[0] + 0.01);
    // A pair does better than one.
    expect(run([cavalry, cavalry], 1).by[0]).toBeGreaterThan(by[0] + 0.01);
  });
  it('an attacker whose sheet has no Health is not hit back; ":flank" is refused', () => {
    const noHealth = { models: 5, weapons: cavalry.weapons };
    const { o } = run([noHealth], 1);
    expect(Object.keys(o.outcomes!['left: Attacker 1'])).toEqual(['5']);
    expect(() => ageOfSigmarEngagements.input([{ body: cavalry, how: 'flank' }], target, 1, flags)).toThrow(/':flank' does not exist in Age of Sigmar/);
  });
});
