/**
 * `npm run bench`: Monte Carlo throughput on 1 and 2 threads, the scaling ratio, and the exact
 * engine's time for a 200-attack models-slain distribution. The figures are quoted in the README.
 */
import { cpus } from 'node:os';
import { generic } from '../src/systems/generic/index.js';
import { runMonteCarlo } from '../src/sim/pool.js';

const PLAIN = { attacker: { attacks: 20, hit: 3, wound: 4 }, target: { save: 4 } };
const CRITS = {
  attacker: {
    attacks: 20,
    hit: 3,
    wound: 4,
    reroll: { hit: 'ones', wound: 'failed' },
    hitCrit: { effects: ['extra-hits(1)'] },
    woundCrit: { effects: ['rend+(1)'] },
  },
  target: { save: 4 },
};
const ATTACKS_PER_SAMPLE = 20;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10_000_000);

async function throughput(input: unknown, threads: number): Promise<number> {
  // A short run first so the timed one measures steady state, not thread start-up.
  await runMonteCarlo({ system: 'generic', input, samples: 200_000, seed: 'bench-warmup', threads });
  const started = performance.now();
  await runMonteCarlo({ system: 'generic', input, samples: SAMPLES, seed: 'bench', threads });
  const seconds = (performance.now() - started) / 1000;
  return (SAMPLES * ATTACKS_PER_SAMPLE) / seconds;
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
console.log(`Monte Carlo: ${SAMPLES.toLocaleString('en')} samples of ${ATTACKS_PER_SAMPLE} attacks each; an attack sequence is one attack rolled hit → wound → save → damage`);
for (const [name, input] of [
  ['plain (hit 3+, wound 4+, save 4+, damage 1)', PLAIN],
  ['re-rolls and crits (re-roll 1s to hit, failed wounds; 6s: extra hit, rend +1)', CRITS],
] as const) {
  const one = await throughput(input, 1);
  const two = await throughput(input, 2);
  console.log(`  ${name}`);
  console.log(`    1 thread:  ${millions(one)} attack sequences`);
  console.log(`    2 threads: ${millions(two)} attack sequences   (scaling ${(two / one).toFixed(2)}×)`);
}
console.log('Exact: models slain by 200 attacks (hit 3+, wound 4+, save 4+ rend 1, damage D3, 100 models of 2 health), median of 25');
console.log(`    damage spills over:      ${exactMilliseconds('spill-over').toFixed(2)} ms`);
console.log(`    excess damage is lost:   ${exactMilliseconds('no-spill-over').toFixed(2)} ms`);
