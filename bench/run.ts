/**
 * `npm run bench`: Monte Carlo throughput on 1 and 2 threads, the scaling ratio, and the exact
 * engine's time for a 200-attack models-slain distribution. The figures are quoted in the README.
 */
import { cpus } from 'node:os';
import { generic } from '../src/systems/generic/index.js';
import { createPool, runMonteCarlo } from '../src/sim/pool.js';
import { findSystem } from '../src/systems/registry.js';
import { loadLibrary, NO_FLAGS } from '../src/analysis/units.js';
import { whatKills } from '../src/analysis/kills.js';
import { damageGrid, parseAxis, parseGridMetric } from '../src/analysis/grid.js';
import type { Evaluate } from '../src/analysis/pairing.js';

const PLAIN = { attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } };
const CRITS = {
  attacker: {
    attacks: 20,
    hit: 3,
    wound: 4,
    reroll: { hit: 'ones', wound: 'failed' },
    'hit-crit': { effects: ['extra-hits(1)'] },
    'wound-crit': { effects: ['rend+(1)'] },
  },
  target: { save: 4 },
};
const ATTACKS_PER_SAMPLE = 20;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10_000_000);
const REPEATS = 3;

/**
 * Steady-state throughput: best of REPEATS jobs on one started pool (the machine's noise only
 * slows a run down). Starting the pool is timed on its own: every command pays it once.
 */
async function throughput(input: unknown, threads: number): Promise<{ perSecond: number; startMs: number }> {
  const started = performance.now();
  const pool = createPool(threads);
  await runMonteCarlo({ system: 'generic', input, samples: 1000, seed: 'bench-start', threads }, pool);
  const startMs = performance.now() - started;
  let best = 0;
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    await runMonteCarlo({ system: 'generic', input, samples: SAMPLES, seed: `bench-${r}`, threads }, pool);
    best = Math.max(best, (SAMPLES * ATTACKS_PER_SAMPLE) / ((performance.now() - t0) / 1000));
  }
  await pool.destroy();
  return { perSecond: best, startMs };
}

function exactMilliseconds(allocation: 'spill-over' | 'no-spill-over'): number {
  const scenario = generic.parse({
    attacker: { attacks: 200, hit: 3, wound: 4, rend: 1, damage: 'D3' },
    target: { models: 100, health: 2, save: 4 },
    situation: { allocation },
  });
  for (let i = 0; i < 5; i++) generic.exact(scenario);
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    generic.exact(scenario);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const millions = (x: number) => `${(x / 1e6).toFixed(1)} M/s`;

console.log(`warodds bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
console.log(`Monte Carlo: ${SAMPLES.toLocaleString('en')} samples of ${ATTACKS_PER_SAMPLE} attacks each, best of ${REPEATS} runs on a started pool; an attack sequence is one attack rolled hit → wound → save → damage`);
for (const [name, input] of [
  ['plain (hit 3+, wound 4+, save 4+, damage 1)', PLAIN],
  ['re-rolls and crits (re-roll 1s to hit, failed wounds; 6s: extra hit, rend +1)', CRITS],
] as const) {
  const one = await throughput(input, 1);
  const two = await throughput(input, 2);
  console.log(`  ${name}`);
  console.log(`    1 thread:  ${millions(one.perSecond)} attack sequences   (pool start-up ${one.startMs.toFixed(0)} ms)`);
  console.log(`    2 threads: ${millions(two.perSecond)} attack sequences   (pool start-up ${two.startMs.toFixed(0)} ms; scaling ${(two.perSecond / one.perSecond).toFixed(2)}×)`);
}
console.log('Exact: models slain by 200 attacks (hit 3+, wound 4+, save 4+ rend 1, damage D3, 100 models of 2 health), median of 25');
console.log(`    damage spills over:      ${exactMilliseconds('spill-over').toFixed(2)} ms`);
console.log(`    excess damage is lost:   ${exactMilliseconds('no-spill-over').toFixed(2)} ms`);

// The three questions, exact, in-process (issue 8: "a 6 × 6 table, or a ranking of 20 attackers").
const exactEvaluate: Evaluate = async (system, input) => {
  const s = findSystem(system);
  return s.exact(s.parse(input));
};
async function medianMs(run: () => Promise<unknown>, times = 7): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)];
}
const library = loadLibrary();
const hottTarget = { unit: library.find('hott/blades', 'bench'), option: 'default' };
const hottAttackers = library.ofSystem('hott');
const killsMs = await medianMs(() => whatKills(hottTarget, hottAttackers, NO_FLAGS, 'destroyed', exactEvaluate));
console.log(`Questions (exact), median of 7:`);
console.log(`    kills: ranking ${hottAttackers.length} HOTT attackers (with their options): ${killsMs.toFixed(1)} ms`);
for (const [unit, rows, cols] of [
  ['whfb/great-weapon-elites', 't=2..7', 'armour=none,6+,5+,4+,3+,2+'],
  ['kow/heavy-cavalry', 'nerve=10/12,12/14,14/16,16/18,18/20,-/20', 'damage=0..5'],
  ['aos/clawlord', 'save=2+..6+,none', 'health=1..6'],
] as const) {
  const attacker = { unit: library.find(unit, 'bench'), option: 'default' };
  const system = findSystem(attacker.unit.system);
  const q = system.questions!;
  const rowAxis = parseAxis(rows, 'rows', q, system.id);
  const colAxis = parseAxis(cols, 'cols', q, system.id);
  const flags = { ...NO_FLAGS, charge: true };
  const ms = await medianMs(() => damageGrid(attacker, q.defaultGrid.target, rowAxis, colAxis, flags, parseGridMetric('p-remove', 'destroyed'), exactEvaluate));
  console.log(`    table: ${unit} ${rowAxis.values.length} × ${colAxis.values.length}: ${ms.toFixed(1)} ms`);
}

// Whole fights, exact (issue 14): two 20-model single-wound 5-wide infantry units to a finish
// (target < 200 ms) and two 10-model 3-wound units (target < 1 s), the round cap at 12.
const infantry = { models: 20, files: 5, ws: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
const brutes = { troop: 'monstrous-infantry', models: 10, files: 5, ws: 3, s: 4, t: 4, w: 3, i: 2, a: 3, ld: 8 };
const whfbInfantry = { models: 20, width: 5, m: 10, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7 };
const whfbBrutes = { models: 10, width: 5, type: 'monstrous', m: 15, ws: 3, bs: 2, s: 4, t: 4, w: 3, i: 2, a: 3, ld: 8 };
const fights: Array<[string, string, unknown]> = [
  ['ninth-age', '20 v 20 single-wound infantry, 5 wide', {
    attacker: { ...infantry, equipment: ['light-armour', 'shield'], standard: true },
    target: { ...infantry, equipment: ['spear', 'light-armour', 'shield'] },
    situation: { type: 'fight', charging: 'attacker' },
  }],
  ['ninth-age', '10 v 10 three-wound monstrous infantry', {
    attacker: { ...brutes, equipment: ['light-armour'] },
    target: { ...brutes, s: 5, i: 1, ld: 7, equipment: ['heavy-armour'] },
    situation: { type: 'fight', charging: 'attacker' },
  }],
  ['warhammer-fantasy', '20 v 20 single-wound infantry, 5 wide', {
    attacker: { ...whfbInfantry, armour: ['light', 'shield'], rules: ['standard'] },
    target: { ...whfbInfantry, armour: ['light', 'shield'], weapon: 'spear' },
    situation: { phase: 'fight', charging: 'attacker' },
  }],
  ['warhammer-fantasy', '10 v 10 three-wound monstrous infantry', {
    attacker: { ...whfbBrutes, armour: ['light'] },
    target: { ...whfbBrutes, s: 5, i: 1, ld: 7, armour: ['heavy'] },
    situation: { phase: 'fight', charging: 'attacker' },
  }],
];
console.log('Whole fights (exact chain to a finish, cap 12 rounds), median of 7:');
for (const [systemId, name, input] of fights) {
  const system = findSystem(systemId);
  const ms = await medianMs(async () => system.exact(system.parse(input)));
  console.log(`    ${systemId}: ${name}: ${ms.toFixed(0)} ms`);
}

(await import('./engagements.js')).benchEngagements();
