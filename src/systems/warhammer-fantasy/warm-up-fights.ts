/**
 * Made-up fights that the fight simulator rolls a few times before its first real scenario
 * (JIT cost), as Kings of War does (kings-of-war/warm-up-plans.ts): one with every rule
 * of a challenge on (characters on both sides, Overkill, Frenzy and Hatred, a flail, a defended
 * obstacle, a General and a Battle Standard), one with the stand and shoot, fear and models of
 * several Wounds, one with cavalry, their mounts and a character without a challenge in a flank, and one with no rule at all. V8
 * compiles the round loop with the type feedback it has seen; a branch no fight took yet has none,
 * and the first scenario that takes it throws the compiled loop away ("Insufficient type
 * feedback", "wrong map" with --trace-deopt). Their dice and results are thrown away: no tally and
 * no Rng a scenario uses.
 */
import { Rng } from '../../core/rng.js';
import { Tally } from '../../sim/tally.js';
import { type FightScenario, parseFight } from './fight-schema.js';

/** Samples per call: enough for each made-up fight's branches to be taken. */
const WARM_UP_SAMPLES = 4;

const profile = { m: 10, ws: 4, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };

const MADE_UP: readonly unknown[] = [
  {
    attacker: {
      models: 8, width: 4, ...profile, armour: ['light'], weapon: 'flail', rules: ['frenzy', 'standard'],
      'with-character': { ...profile, ws: 6, s: 4, w: 2, a: 3, ld: 9, armour: ['heavy'], general: true },
    },
    target: {
      models: 10, width: 5, ...profile, armour: ['light', 'shield'], weapon: 'halberd', rules: ['hatred', 'musician'],
      'with-character': { ...profile, w: 2, a: 2, ld: 8, armour: ['heavy'], 'battle-standard': true },
    },
    situation: { phase: 'fight', rounds: 3, charging: 'attacker', challenge: true, 'defended-obstacle': 'target' },
  },
  {
    attacker: { models: 3, width: 3, type: 'monstrous', ...profile, m: 15, s: 4, t: 4, w: 3, a: 3, armour: ['light'], rules: ['causes-fear'] },
    target: { models: 10, width: 5, ...profile, armour: ['light'], rules: ['standard', 'musician'], missile: { s: 4 } },
    situation: { phase: 'fight', rounds: 3, charging: 'attacker', 'stand-and-shoot': true },
  },
  {
    attacker: {
      models: 4, width: 2, type: 'cavalry', ...profile, m: 18, armour: ['heavy', 'shield', 'barding', 'mount'], weapon: 'lance',
      mount: { ws: 3, s: 3, a: 1 }, rules: ['standard'],
      'with-character': { ...profile, type: 'cavalry', m: 18, ws: 5, w: 2, a: 2, ld: 8, armour: ['heavy', 'shield', 'barding', 'mount'], weapon: 'lance', mount: { ws: 3, s: 3, a: 1 }, general: true, 'battle-standard': true },
    },
    target: { models: 10, width: 5, ...profile, armour: ['light', 'shield'], weapon: 'spear', rules: ['standard', 'musician'] },
    situation: { phase: 'fight', rounds: 3, charging: 'attacker', facing: 'flank', pursue: false },
  },
  {
    attacker: { models: 6, width: 3, ...profile, armour: [] },
    target: { models: 6, width: 3, ...profile, armour: [] },
    situation: { phase: 'fight', rounds: 3, charging: 'none' },
  },
];

/** One warm-up call (sim/warm-up.ts): each made-up fight rolled by `simulate`, with a generator of its own. */
export function warmUpFights(simulate: (f: FightScenario, rng: Rng, n: number, tally: Tally) => void): () => void {
  const rng = new Rng(0x776662, 1, 2, 3);
  const fights = MADE_UP.map((raw) => parseFight(raw));
  return () => {
    for (const f of fights) simulate(f, rng, WARM_UP_SAMPLES, new Tally());
  };
}
