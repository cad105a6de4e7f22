/**
 * Two checkouts' simulators compared in one process, each bundled as the build bundles
 * it: for each scenario both are warmed up, then chunks of 65,536 samples alternate between them
 * (the order flips every chunk), so a change of the machine's load falls on both alike; the first
 * two chunks of each (compiling) are left out. Prints each one's CPU and B ÷ A. Run it both ways
 * round: the first bundle loaded may be favoured.
 *
 *   node scripts/perf/ab-bundles.mjs <checkout A> <checkout B> [--chunks N] [scenario id ...]
 *   (each checkout with its own node_modules: harness.mjs)
 */
import { bundledHarness, cpuMs, rollChunk, scenarios, warmUp } from './harness.mjs';

const [dirA, dirB, ...rest] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: ab-bundles.mjs <checkout A> <checkout B> [--chunks N] [scenario id ...]');
const at = rest.indexOf('--chunks');
const chunks = at >= 0 ? Number(rest[at + 1]) : 8;
const ids = at >= 0 ? rest.filter((_, i) => i !== at && i !== at + 1) : rest;
const A = await bundledHarness(dirA);
const B = await bundledHarness(dirB);
const inA = scenarios(A, ids);
const inB = scenarios(B, ids);
let totalA = 0;
let totalB = 0;
for (let k = 0; k < inA.length; k++) {
  const pair = [[A, inA[k]], [B, inB[k]]];
  for (const [h, s] of pair) warmUp(h, s);
  const spent = [0, 0];
  for (let c = 0; c < chunks; c++)
    for (const which of c % 2 === 0 ? [0, 1] : [1, 0]) {
      const t0 = cpuMs();
      rollChunk(pair[which][0], pair[which][1], c);
      if (c >= 2) spent[which] += cpuMs() - t0;
    }
  totalA += spent[0];
  totalB += spent[1];
  console.log(`${A.scenarioLabel(inA[k]).padEnd(60)} A ${spent[0].toFixed(0)}  B ${spent[1].toFixed(0)} ms  B/A ${(spent[1] / spent[0]).toFixed(3)}`);
}
console.log(`total A ${totalA.toFixed(0)}  B ${totalB.toFixed(0)} ms CPU  B/A ${(totalB / totalA).toFixed(3)}`);
