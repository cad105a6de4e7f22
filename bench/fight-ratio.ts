/**
 * The 9th Age exact fight chain against Warhammer Fantasy's on three-wound fights: two 60-model
 * units, 5 wide, to a finish (cap 12 rounds). Each figure is the ratio of their CPU in the same
 * run (goal: within 2 ×). Two pairs:
 * - monstrous infantry in both: the 9th Age rules give each side twice the attacks (three
 *   supporting attacks a model, §4.3: 30 against Warhammer Fantasy's 15, whose second rank does
 *   not fight), so each of its rounds has about four times the outcomes;
 * - plain infantry in both: the nearest like for like (the 9th Age's one supporting attack a
 *   model still gives 20 attacks against 15).
 * Run alone: `node -e "import('./dist/bench/fight-ratio.js').then((m) => m.benchFightRatio())"`.
 */
import { withWorkBudget } from '../src/core/budget.js';
import { findSystem } from '../src/systems/registry.js';

type Pair = { readonly label: string; readonly fights: ReadonlyArray<readonly [string, unknown]> };

function pair(label: string, t9aTroop: string, whfbType: string): Pair {
  const t9a = { troop: t9aTroop, models: 60, files: 5, ws: 3, s: 4, t: 4, w: 3, i: 2, a: 3, ld: 8 };
  const whfb = { models: 60, width: 5, type: whfbType, m: 15, ws: 3, bs: 2, s: 4, t: 4, w: 3, i: 2, a: 3, ld: 8 };
  return {
    label,
    fights: [
      ['ninth-age', {
        attacker: { ...t9a, equipment: ['light-armour'] },
        target: { ...t9a, s: 5, i: 1, ld: 7, equipment: ['heavy-armour'] },
        situation: { type: 'fight', charging: 'attacker' },
      }],
      ['warhammer-fantasy', {
        attacker: { ...whfb, armour: ['light'] },
        target: { ...whfb, s: 5, i: 1, ld: 7, armour: ['heavy'] },
        situation: { phase: 'fight', charging: 'attacker' },
      }],
    ],
  };
}

const PAIRS: readonly Pair[] = [pair('monstrous infantry', 'monstrous-infantry', 'monstrous'), pair('infantry', 'infantry', 'infantry')];

/** CPU seconds of one exact fight, parse included. */
function cpuOf(systemId: string, input: unknown): number {
  const system = findSystem(systemId);
  const before = process.cpuUsage();
  // Beyond the work the command line accepts (the 9th Age fights' estimates pass it): the engines, not the limit, are measured
  withWorkBudget(() => system.exact(system.parse(input)), Infinity);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/**
 * Print each engine's CPU (median of BENCH_W3_REPEATS runs, default 1) and their ratio, for each
 * pair. The two engines' runs alternate, so that a change in the machine's load falls on both.
 */
export function benchFightRatio(): void {
  const repeats = Number(process.env.BENCH_W3_REPEATS ?? 1);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const { label, fights } of PAIRS) {
    const runs: number[][] = fights.map(() => []);
    for (let r = 0; r < repeats; r++) fights.forEach(([id, input], k) => runs[k].push(cpuOf(id, input)));
    const [t9a, whfb] = runs.map(median);
    console.log(
      `Whole fights, 60 v 60 three-wound ${label}, 5 wide, exact to a finish (median of ${repeats}): ninth-age CPU ${t9a.toFixed(2)} s, warhammer-fantasy CPU ${whfb.toFixed(2)} s: ${(t9a / whfb).toFixed(1)} ×`,
    );
  }
}
