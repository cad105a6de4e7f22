/**
 * Where a scenario's Monte Carlo CPU goes in a worker: in one process, as a worker runs
 * them, each scenario's warm-up, then 16 chunks of 65,536 samples; prints the warm-up's CPU, the
 * first chunks', the median chunk and the excess over 16 median chunks (compiling, and the caches
 * a fight builds as it meets new states). CPU counts V8's background compiles.
 *
 *   npm run build && node scripts/perf/chunks.mjs [--quiet] [scenario id ...]   (default: every one)
 */
import { bundledHarness, cpuMs, rollChunk, scenarios, warmUp } from './harness.mjs';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const h = await bundledHarness('.');
let total = 0;
let excess = 0;
for (const s of scenarios(h, args.filter((a) => a !== '--quiet'))) {
  const started = cpuMs();
  warmUp(h, s);
  const warm = cpuMs() - started;
  const chunks = [];
  for (let c = 0; c < 16; c++) {
    const t0 = cpuMs();
    rollChunk(h, s, c);
    chunks.push(cpuMs() - t0);
  }
  const median = [...chunks].sort((a, b) => a - b)[8];
  const spent = warm + chunks.reduce((a, b) => a + b, 0);
  total += spent;
  excess += spent - 16 * median;
  if (!quiet) console.log(`${h.scenarioLabel(s).padEnd(60)} warm-up ${warm.toFixed(0)}  first chunks ${chunks.slice(0, 4).map((t) => t.toFixed(0)).join(' ')}  median ${median.toFixed(0)}  total ${spent.toFixed(0)} ms`);
}
console.log(`total ${total.toFixed(0)} ms CPU, of which ${excess.toFixed(0)} ms over 16 median chunks each`);
