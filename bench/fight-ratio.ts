/**
 * The 9th Age exact fight chain against Warhammer Fantasy's on the same three-wound fight: two
 * 60-model units of monstrous infantry, 5 wide, to a finish (cap 12 rounds). The figure is the
 * ratio of their CPU in the same run (goal: within 2 ×). The 9th Age rules give each side twice the
 * attacks here (monstrous support, §4.3), so each of its rounds has about four times the outcomes.
 * Run alone: `node -e "import('./dist/bench/fight-ratio.js').then((m) => m.benchFightRatio())"`.
 */
import { withWorkBudget } from '../src/core/budget.js';
import { findSystem } from '../src/systems/registry.js';

const brutes = { troop: 'monstrous-infantry', models: 60, files: 5, ws: 3, s: 4, t: 4, w: 3, i: 2, a: 3, ld: 8 };
const whfbBrutes = { models: 60, width: 5, type: 'monstrous', m: 15, ws: 3, bs: 2, s: 4, t: 4, w: 3, i: 2, a: 3, ld: 8 };
const FIGHTS: ReadonlyArray<readonly [string, unknown]> = [
  ['ninth-age', {
    attacker: { ...brutes, equipment: ['light-armour'] },
    target: { ...brutes, s: 5, i: 1, ld: 7, equipment: ['heavy-armour'] },
    situation: { type: 'fight', charging: 'attacker' },
  }],
  ['warhammer-fantasy', {
    attacker: { ...whfbBrutes, armour: ['light'] },
    target: { ...whfbBrutes, s: 5, i: 1, ld: 7, armour: ['heavy'] },
    situation: { phase: 'fight', charging: 'attacker' },
  }],
];

/** CPU seconds of one exact fight, parse included. */
function cpuOf(systemId: string, input: unknown): number {
  const system = findSystem(systemId);
  const before = process.cpuUsage();
  // Beyond the work the command line accepts (the 9th Age fight's estimate passes it): the engines, not the limit, are measured
  withWorkBudget(() => system.exact(system.parse(input)), Infinity);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/** Print each engine's CPU (median of BENCH_W3_REPEATS runs, default 1) and their ratio. */
export function benchFightRatio(): void {
  const repeats = Number(process.env.BENCH_W3_REPEATS ?? 1);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [t9a, whfb] = FIGHTS.map(([id, input]) => median(Array.from({ length: repeats }, () => cpuOf(id, input))));
  console.log(
    `Whole fights, 60 v 60 three-wound monstrous infantry, 5 wide, exact to a finish (median of ${repeats}): ninth-age CPU ${t9a.toFixed(2)} s, warhammer-fantasy CPU ${whfb.toFixed(2)} s: ${(t9a / whfb).toFixed(1)} ×`,
  );
}
