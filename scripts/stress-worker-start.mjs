#!/usr/bin/env node
/**
 * Worker start-up must never crash Node. Node 20 aborted the whole process
 * (`FATAL ERROR: v8::Module::IsGraphAsync`, exit 134) when a worker thread was terminated while
 * require() was instantiating its ES module graph: a pool destroyed, or the process exiting,
 * while slower workers were still starting.
 *
 * This runs short Monte Carlo jobs at 16 and 32 threads in turn (more than `--threads` allows on a
 * small machine, so the script calls the pool as the CLI does): each job starts a pool, runs one
 * small chunk on it and destroys it at once — while the other workers are still loading, the
 * case that crashed. Each process runs CYCLES jobs; every other process then starts one more
 * pool and exits with code 130 part-way through its start-up, as Ctrl-C does. Any other end (a
 * signal, exit 134) counts as a crash.
 *
 *   npm run build && node scripts/stress-worker-start.mjs [--jobs 200] [--threads 16,32]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const POOL = new URL('../dist/src/sim/pool.js', import.meta.url).href;
const INPUT = { attacker: { attacks: 5, hit: 4, wound: 4 }, target: {} };
const CHUNK = 1000;

const CYCLES = 5;

async function jobs(threads, exitAfterMs) {
  const { createPool, runMonteCarlo } = await import(POOL);
  for (let i = 0; i < CYCLES; i++) {
    const pool = createPool(threads);
    await runMonteCarlo({ system: 'generic', input: INPUT, samples: CHUNK, seed: `stress ${i}`, threads }, pool);
    await pool.destroy();
  }
  if (exitAfterMs < 0) process.exit(0);
  setTimeout(() => process.exit(130), exitAfterMs);
  createPool(threads);
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}

async function main() {
  if (process.argv[2] === '--job') return jobs(Number(process.argv[3]), Number(process.argv[4]));
  const total = Number(option('jobs', '200'));
  const processes = Math.ceil(total / CYCLES);
  const threadCounts = option('threads', '16,32').split(',').map(Number);
  const self = fileURLToPath(import.meta.url);
  const ends = new Map();
  const started = Date.now();
  let crashes = 0;
  for (let i = 0; i < processes; i++) {
    const threads = threadCounts[i % threadCounts.length];
    const exitAfterMs = Math.floor(i / threadCounts.length) % 2 === 1 ? 20 + ((i * 37) % 400) : -1;
    const r = spawnSync(process.execPath, [self, '--job', String(threads), String(exitAfterMs)], { encoding: 'utf8' });
    const expected = exitAfterMs < 0 ? 0 : 130;
    const end = r.signal ? `signal ${r.signal}` : `exit ${r.status}`;
    const key = `${threads} threads: ${CYCLES} jobs${exitAfterMs < 0 ? '' : ', then an exit during start-up'}: ${end}`;
    ends.set(key, (ends.get(key) ?? 0) + 1);
    if (r.signal || r.status !== expected) {
      crashes++;
      process.stderr.write(`process ${i + 1} (${threads} threads) ended with ${end}: ${r.stderr.split('\n').slice(0, 2).join(' | ')}\n`);
    }
    if ((i + 1) % 4 === 0) process.stderr.write(`${(i + 1) * CYCLES} / ${total} jobs, ${crashes} crashed processes\n`);
  }
  for (const [key, n] of [...ends].sort()) console.log(`${String(n).padStart(4)}  ${key}`);
  console.log(`${processes * CYCLES} jobs in ${processes} processes, ${((Date.now() - started) / 1000).toFixed(0)} s: ${crashes} crashed`);
  process.exitCode = crashes ? 1 : 0;
}

await main();
