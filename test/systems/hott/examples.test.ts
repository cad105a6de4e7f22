/**
 * Every worked example of rules/hott.md §9, reproduced exactly (fractions over 36).
 * Columns of each example: P(A wins, not doubled) · P(A doubles) · P(tie) · P(B wins, not
 * doubled) · P(B doubles), then each element's results.
 */
import { describe, expect, it } from 'vitest';
import { hott } from '../../../src/systems/hott/index.js';

const frac = (f: string) => {
  const [n, d] = f.split('/').map(Number);
  return d === undefined ? n : n / d;
};

interface Example {
  name: string;
  input: unknown;
  /** [A wins, A doubles, tie, B wins, B doubles] */
  combat: [string, string, string, string, string];
  attacker: Record<string, string>;
  target: Record<string, string>;
}

function expectTable(actual: Record<string, number> | undefined, expected: Record<string, string>): void {
  expect(actual).toBeDefined();
  for (const k of Object.keys(actual!)) expect(expected, `unexpected result '${k}'`).toHaveProperty(k);
  for (const [k, v] of Object.entries(expected)) expect(actual![k] ?? 0, k).toBeCloseTo(frac(v), 9);
}

function check(e: Example): void {
  const outcome = hott.exact(hott.parse(e.input));
  const [wins, doubles, ties, loses, doubled] = e.combat;
  const combat = outcome.outcomes!.combat;
  const expected = { wins, doubles, ties, loses, doubled };
  for (const [k, v] of Object.entries(expected)) expect(combat[k] ?? 0, k).toBeCloseTo(frac(v), 9);
  expectTable(outcome.outcomes!.attacker, e.attacker);
  expectTable(outcome.outcomes!.target, e.target);
  const removed = ['destroyed', 'vanished', 'leave', 'captured'].reduce((s, r) => s + frac(e.target[r] ?? '0'), 0);
  expect(outcome.destroyed).toBeCloseTo(removed, 9);
  expect(outcome.damage[1] ?? 0).toBeCloseTo(removed, 9);
}

const EXAMPLES: Example[] = [
  {
    name: 'Example 1: Blades charge Warband, open ground',
    input: { attacker: { type: 'blades' }, target: { type: 'warbands' } },
    combat: ['5/9', '1/6', '1/9', '1/6', '0'],
    attacker: { nothing: '5/6', destroyed: '1/6' },
    target: { nothing: '5/18', recoil: '5/9', destroyed: '1/6' },
  },
  {
    name: 'Example 2: Knights charge Spears, open ground',
    input: { attacker: { type: 'caballeros' }, target: { type: 'lanzas' }, situation: { charged: true } },
    combat: ['5/18', '0', '5/36', '17/36', '1/9'],
    attacker: { nothing: '5/12', recoil: '17/36', destroyed: '1/9' },
    target: { nothing: '13/18', destroyed: '5/18' },
  },
  {
    name: 'Example 3: Knights (general) charge Spears with rear support',
    input: { attacker: { type: 'knights', general: true }, target: { type: 'spears', rearSupport: true } },
    combat: ['5/18', '0', '5/36', '19/36', '1/18'],
    attacker: { nothing: '5/12', recoil: '19/36', destroyed: '1/18' },
    target: { nothing: '13/18', destroyed: '5/18' },
  },
  {
    name: 'Example 4: Shooters shoot at a Behemoth',
    input: { attacker: { type: 'shooters' }, target: { type: 'behemoths' }, situation: { mode: 'shooting' } },
    combat: ['7/18', '1/36', '1/6', '7/18', '1/36'],
    attacker: { nothing: '1' },
    target: { nothing: '7/12', recoil: '7/18', destroyed: '1/36' },
  },
  {
    name: 'Example 5: Artillery, supported on one flank by Shooters, shoots at a Behemoth general',
    input: {
      attacker: { type: 'artillery', missileSupport: 1 },
      target: { type: 'monstruo', general: true },
      situation: { mode: 'shooting' },
    },
    combat: ['7/18', '1/36', '1/6', '7/18', '1/36'],
    attacker: { nothing: '1' },
    target: { nothing: '7/12', flee: '7/18', destroyed: '1/36' },
  },
  {
    name: 'Example 6: Knights charge Shooters (Knights charged this turn)',
    input: { attacker: { type: 'knights' }, target: { type: 'shooters' } },
    combat: ['5/18', '0', '5/36', '17/36', '1/9'],
    attacker: { nothing: '5/12', destroyed: '7/12' },
    target: { nothing: '13/18', destroyed: '5/18' },
  },
  {
    name: 'Example 7: Blades, overlapped on both flanks, charge Hordes (rule-book example)',
    input: { attacker: { type: 'blades', overlaps: 2 }, target: { type: 'hordes' } },
    combat: ['5/12', '1/6', '5/36', '1/4', '1/36'],
    attacker: { nothing: '13/18', recoil: '1/4', destroyed: '1/36' },
    target: { nothing: '5/12', recoil: '5/12', destroyed: '1/6' },
  },
  {
    name: 'Example 7, alternative reading doubleRule = strict',
    input: { attacker: { type: 'blades', overlaps: 2 }, target: { type: 'hordes' }, situation: { doubleRule: 'strict' } },
    combat: ['17/36', '1/9', '5/36', '5/18', '0'],
    attacker: { nothing: '13/18', recoil: '5/18' },
    target: { nothing: '5/12', recoil: '17/36', destroyed: '1/9' },
  },
  {
    name: 'Example 8: Hero charges a Magician',
    input: { attacker: { type: 'heroes' }, target: { type: 'magos' } },
    combat: ['19/36', '1/18', '5/36', '5/18', '0'],
    attacker: { nothing: '13/18', recoil: '5/18' },
    target: { nothing: '5/12', destroyed: '7/12' },
  },
  {
    name: 'Example 9: Hero vs Hero (odd-tie rule)',
    input: { attacker: { type: 'hero' }, target: { type: 'Héroes' } },
    combat: ['5/12', '0', '1/6', '5/12', '0'],
    attacker: { nothing: '1/2', destroyed: '1/2' },
    target: { nothing: '1/2', destroyed: '1/2' },
  },
  {
    name: 'Example 10: Paladin charges a Magician (odd-tie rule)',
    input: { attacker: { type: 'paladins' }, target: { type: 'magicians' } },
    combat: ['11/18', '1/9', '1/9', '1/6', '0'],
    attacker: { nothing: '7/9', destroyed: '2/9' },
    target: { nothing: '2/9', destroyed: '7/9' },
  },
  {
    name: 'Example 11: Magic attack on a Hero general, one enhancer, within 600 of a Cleric',
    input: {
      attacker: { type: 'magicians', enhancers: 1 },
      target: { type: 'heroes', general: true },
      situation: { mode: 'magic', weakened: true },
    },
    combat: ['1/12', '0', '1/12', '2/3', '1/6'],
    attacker: { nothing: '5/6', vanished: '1/6' },
    target: { nothing: '11/12', vanished: '1/12' },
  },
  {
    name: 'Example 12: Dragon attacks a Hero',
    input: { attacker: { type: 'dragons' }, target: { type: 'heroes' } },
    combat: ['5/9', '1/36', '5/36', '5/18', '0'],
    attacker: { nothing: '13/18', destroyed: '5/18' },
    target: { nothing: '5/12', recoil: '5/9', destroyed: '1/36' },
  },
  {
    name: 'Example 13: Airboat attacks Blades',
    input: { attacker: { type: 'aeronave' }, target: { type: 'blades' } },
    combat: ['5/9', '1/6', '1/9', '1/6', '0'],
    attacker: { nothing: '5/6', recoil: '1/6' },
    target: { nothing: '5/18', recoil: '5/9', destroyed: '1/6' },
  },
  {
    name: 'Example 14: Shooters shoot at Flyers',
    input: { attacker: { type: 'shooters' }, target: { type: 'voladores' }, situation: { mode: 'shooting' } },
    combat: ['17/36', '1/4', '1/9', '1/6', '0'],
    attacker: { nothing: '1' },
    target: { nothing: '5/18', recoil: '17/36', destroyed: '1/4' },
  },
  {
    name: 'Example 15: Blades assault a Stronghold with two supports',
    input: { attacker: { type: 'blades', supports: ['blades', 'spears'] }, target: { type: 'fortaleza' } },
    combat: ['7/18', '1/36', '1/6', '7/18', '1/36'],
    attacker: { nothing: '7/12', recoil: '7/18', destroyed: '1/36' },
    target: { nothing: '7/12', captured: '5/12' },
  },
  {
    name: 'Example 16: Sneakers charge a Spears general (Rematador)',
    input: { attacker: { type: 'asesinos' }, target: { type: 'spears', general: true } },
    combat: ['5/12', '0', '1/6', '5/12', '0'],
    attacker: { nothing: '7/12', flee: '5/12' },
    target: { nothing: '7/12', destroyed: '5/12' },
  },
  {
    name: 'Example 17: Knights charge Warband with rear support; Warband uphill',
    input: {
      attacker: { type: 'knights' },
      target: { type: 'warbands', rearSupport: true, terrain: 'gentle-hill', higher: true },
    },
    combat: ['1/6', '0', '1/9', '5/9', '1/6'],
    attacker: { nothing: '5/18', recoil: '5/9', destroyed: '1/6' },
    target: { nothing: '5/6', destroyed: '1/6' },
  },
  {
    name: 'Example 18: God attacks Blades',
    input: { attacker: { type: 'dios' }, target: { type: 'espadas' } },
    combat: ['7/12', '1/4', '1/12', '1/12', '0'],
    attacker: { nothing: '1' },
    target: { nothing: '1/6', recoil: '7/12', destroyed: '1/4' },
  },
  {
    name: 'Example 19: Beasts (Explorador) attack Blades, both in a wood',
    input: { attacker: { type: 'bestias', terrain: 'wood' }, target: { type: 'blades', terrain: 'wood' } },
    combat: ['7/18', '1/3', '1/9', '1/6', '0'],
    attacker: { nothing: '5/6', recoil: '1/6' },
    target: { nothing: '5/18', recoil: '7/18', destroyed: '1/3' },
  },
  {
    name: 'Example 20: Knights attack Blades standing in a marsh (Knights in the open)',
    input: { attacker: { type: 'knights' }, target: { type: 'blades', terrain: 'marsh' } },
    combat: ['1/4', '1/6', '1/6', '1/4', '1/6'],
    attacker: { nothing: '7/12', recoil: '1/4', destroyed: '1/6' },
    target: { nothing: '7/12', recoil: '1/4', destroyed: '1/6' },
  },
  {
    name: 'Example 21: Riders in a wood attacked by Warband in the wood',
    input: { attacker: { type: 'warbands', terrain: 'wood' }, target: { type: 'jinetes', terrain: 'wood' } },
    combat: ['7/18', '1/3', '1/9', '1/6', '0'],
    attacker: { nothing: '5/6', recoil: '1/6' },
    target: { nothing: '5/18', destroyed: '13/18' },
  },
  {
    name: 'Example 21, alternative Riders HC 2/2',
    input: {
      attacker: { type: 'warbands', terrain: 'wood' },
      target: { type: 'riders', terrain: 'wood' },
      situation: { ridersHc: '2/2' },
    },
    combat: ['1/3', '1/2', '1/12', '1/12', '0'],
    attacker: { nothing: '11/12', recoil: '1/12' },
    target: { nothing: '1/6', destroyed: '5/6' },
  },
  {
    name: 'Example 22: Blades with an enemy on their rear edge fight Spears',
    input: { attacker: { type: 'spears' }, target: { type: 'blades', rearHarassment: true } },
    combat: ['7/18', '1/36', '1/6', '7/18', '1/36'],
    attacker: { nothing: '7/12', recoil: '7/18', destroyed: '1/36' },
    target: { nothing: '7/12', destroyed: '5/12' },
  },
];

describe('hott: worked examples of rules/hott.md §9', () => {
  for (const e of EXAMPLES) it(e.name, () => check(e));
});
