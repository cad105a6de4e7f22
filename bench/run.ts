/**
 * `npm run bench` (an honest bench). Every figure is a median of several runs and is
 * printed with its CPU time and its wall time; the machine's load average is printed before and
 * after, with a warning when the machine is busy (then trust the CPU figures, not the wall ones).
 *
 * - A reference kernel written here: sfc32 inline, hit 3+ / wound 4+ / save 4+ rolled without
 *   branches. Its rate is this machine's yardstick; the simulator is quoted as a ratio to it.
 * - The Monte Carlo kernels in-process, chunk by chunk as a worker runs them, and through the
 *   path the CLI uses: a whole `warodds attack --mc` process on 1 and 2 threads, sized to about 1 s
 *   and 5 s of one thread's rolling on this machine. The inputs differ from the worker's warm-up
 *   input (10 attacks × 2 models, not 20 × 1). Process CPU is bash's `time`, to the millisecond.
 * - The exact engine at 200 and 10,000 attacks, whole exact commands, and `warodds check`.
 * - Whole fights and engagements, exact, in-process.
 * - The worst accepted case of each exact engine under the work meter, and the next size refused.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { generic } from '../src/systems/generic/index.js';
import { findSystem } from '../src/systems/registry.js';
import { withWorkBudget } from '../src/core/budget.js';
import { chunkRng, masterState } from '../src/core/rng.js';
import { CHUNK_SIZE } from '../src/sim/chunks.js';
import { createPool, runMonteCarlo } from '../src/sim/pool.js';
import type { ChunkTask } from '../src/sim/roll-chunk.js';
import { Tally } from '../src/sim/tally.js';
import { machineCpu, otherProcesses } from './other-processes.js';

// The shipped program (package.json's bin: dist/bin/, which `npm run build` makes next to this file's dist/bench/).
const CLI = fileURLToPath(new URL('../bin/warodds.cjs', import.meta.url));
// The shipped worker thread's script, which the program's pool runs (src/sim/pool.ts).
const WORKER_ENTRY = fileURLToPath(new URL('../bin/worker-entry.cjs', import.meta.url));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 4_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const ATTACKS_PER_SAMPLE = 20;
const HAS_BASH = spawnSync('bash', ['-c', 'true']).status === 0;

interface Timing {
  cpu: number; // seconds
  wall: number; // seconds
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** This process's environment without NODE_EXTRA_CA_CERTS, as the bin's first line runs Node (scripts/build/launcher.cjs). */
const { NODE_EXTRA_CA_CERTS: _extraCerts, ...WITHOUT_EXTRA_CERTS } = process.env;

/** CPU seconds of this process (every thread) since the reading `before` of process.cpuUsage(). */
function cpuSecondsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/** CPU (this process, every thread) and wall time of one call. */
function timed(run: () => void): Timing {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  run();
  return { cpu: cpuSecondsSince(cpu), wall: (performance.now() - wall) / 1000 };
}

/** Median CPU and median wall time of `repeats` runs after one warm-up run. */
function medianOf(repeats: number, run: () => void): Timing {
  run();
  const runs = Array.from({ length: repeats }, () => timed(run));
  return { cpu: median(runs.map((r) => r.cpu)), wall: median(runs.map((r) => r.wall)) };
}

/**
 * CPU (user + system of the child and all its threads) and wall time of a whole process: the bin
 * run as a program, as `npx warodds` runs it (its first line starts Node through sh, without
 * NODE_EXTRA_CA_CERTS: scripts/build/launcher.cjs).
 */
function processTiming(args: string[]): Timing {
  return timeProcess(CLI, args);
}

/**
 * CPU and wall time of one run of `command args` (environment `env`, default this process's),
 * from bash's `time`: the child's getrusage, to the millisecond (GNU time prints hundredths of a
 * second, too coarse for a run of 0.3 s). Without bash, the wall time only.
 */
function timeProcess(command: string, args: string[], env?: NodeJS.ProcessEnv): Timing {
  if (HAS_BASH) {
    const r = spawnSync('bash', ['-c', 'TIMEFORMAT="%3U %3S %3R"; time "$@" >/dev/null', 'bash', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, env });
    if (r.status !== 0 && r.status !== 1) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
    const [user, system, wall] = r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
    return { cpu: user + system, wall };
  }
  const started = performance.now();
  execFileSync(command, args, { stdio: 'ignore', env });
  return { cpu: NaN, wall: (performance.now() - started) / 1000 };
}

function medianProcess(repeats: number, args: string[]): Timing {
  return medianOfProcesses(() => processTiming(args), repeats);
}

function medianOfProcesses(run: () => Timing, repeats = REPEATS): Timing {
  return medianTiming(Array.from({ length: repeats }, run));
}

/** The median CPU and the median wall time of several runs. */
function medianTiming(runs: Timing[]): Timing {
  return { cpu: median(runs.map((r) => r.cpu)), wall: median(runs.map((r) => r.wall)) };
}

const rate = (x: number) => `${(x / 1e6).toFixed(1)} M/s`;
const seconds = (t: Timing) => `CPU ${t.cpu.toFixed(3)} s, wall ${t.wall.toFixed(3)} s`;
const ms = (t: Timing) => `CPU ${(t.cpu * 1000).toFixed(2)} ms, wall ${(t.wall * 1000).toFixed(2)} ms`;

/**
 * The reference: `samples` samples of 20 attacks, each rolled hit 3+ → wound 4+ → save 4+ with
 * an inline sfc32 and no branch on the dice (unbiased d6 by rejection; the pass tests are
 * arithmetic). Returns the total damage so the work cannot be optimised away.
 */
function referenceKernel(samples: number, seed: number): number {
  let a = seed | 0;
  let b = 0x9e3779b9 | 0;
  let c = 0x85ebca6b | 0;
  let d = 1;
  let total = 0;
  for (let s = 0; s < samples; s++) {
    let damage = 0;
    for (let k = 0; k < ATTACKS_PER_SAMPLE; k++) {
      let t = 0;
      let u = 0;
      do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= 4294967292);
      const hit = ((u % 6) + 1 >= 3) as unknown as number;
      do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= 4294967292);
      const wound = ((u % 6) + 1 >= 4) as unknown as number;
      do { t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; u = t >>> 0; } while (u >= 4294967292);
      const unsaved = ((u % 6) + 1 < 4) as unknown as number;
      damage += hit & wound & unsaved;
    }
    total += damage;
  }
  return total;
}

// The bench's inputs: 10 attacks × 2 models = 20 attacks per sample (the worker warms up on 20 × 1).
const PLAIN = { attacker: { attacks: 10, models: 2, hit: 3, wound: 4 }, target: { save: 4 } };
const CRITS = {
  attacker: {
    attacks: 10,
    models: 2,
    hit: 3,
    wound: 4,
    reroll: { hit: 'ones', wound: 'failed' },
    'hit-crit': { effects: ['extra-hits(1)'] },
    'wound-crit': { effects: ['rend+(1)'] },
  },
  target: { save: 4 },
};
const PLAIN_FLAGS = ['--attacks', '10', '--attacker-models', '2', '--hit', '3', '--wound', '4', '--save', '4'];
const CRITS_FLAGS = [...PLAIN_FLAGS, '--reroll-hit', 'ones', '--reroll-wound', 'failed', '--hit-crit', 'extra-hits(1)', '--wound-crit', 'rend+(1)'];

/** The generic kernel in-process, chunk by chunk with each chunk's own generator, as a worker runs it. */
function kernelInProcess(input: unknown, samples: number): Timing {
  const scenario = generic.parse(input);
  const master = masterState('bench');
  return medianOf(REPEATS, () => {
    const tally = new Tally();
    for (let index = 0, done = 0; done < samples; index++, done += CHUNK_SIZE)
      generic.simulate(scenario, chunkRng(master, index), Math.min(CHUNK_SIZE, samples - done), tally);
  });
}

function exactTiming(attacks: number, models: number, allocation: 'spill-over' | 'no-spill-over'): Timing {
  const scenario = generic.parse({
    attacker: { attacks, hit: 3, wound: 4, rend: 1, damage: 'D3' },
    target: { models, health: 2, save: 4 },
    situation: { allocation },
  });
  for (let i = 0; i < 5; i++) withWorkBudget(() => generic.exact(scenario)); // a warm JIT, as in a long session
  return medianOf(25, () => withWorkBudget(() => generic.exact(scenario)));
}

/**
 * The processor's family and model from /proc/cpuinfo (Linux), e.g. " (family 26, model 2)": a
 * virtual machine's model name ("AMD EPYC") stays the same when the host under it changes.
 */
function cpuGeneration(): string {
  let info: string;
  try {
    info = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(\\S+)`, 'm').exec(info)?.[1];
  const family = field('cpu family');
  const model = field('model');
  return family && model ? ` (family ${family}, model ${model})` : '';
}

// ---------------------------------------------------------------------------------------------

const loadBefore = loadavg();
const machineBefore = machineCpu();
const cores = cpus().length;
console.log(`warodds bench — ${cpus()[0]?.model ?? 'unknown CPU'}${cpuGeneration()}, ${cores} cores, Node ${process.version}`);
console.log(`load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min)`);
if (loadBefore[0] > cores * 0.5) console.log(`WARNING: the machine is busy (load ${loadBefore[0].toFixed(1)} on ${cores} cores): wall times are inflated; compare CPU times`);
console.log(`Every figure: median of ${REPEATS} runs (CPU time counts every thread of the process).`);

const sequences = SAMPLES * ATTACKS_PER_SAMPLE;
const reference = medianOf(REPEATS, () => referenceKernel(SAMPLES, 42));
const referenceRate = sequences / reference.cpu;
console.log(`\nReference kernel (written in the bench: inline sfc32, branch-free hit 3+ / wound 4+ / save 4+), ${SAMPLES.toLocaleString('en')} samples of ${ATTACKS_PER_SAMPLE} attacks:`);
console.log(`    ${rate(referenceRate)} attack sequences per CPU second   (${seconds(reference)})`);

console.log(`\nMonte Carlo kernels in-process (chunks of ${CHUNK_SIZE.toLocaleString('en')} samples, each with its own generator, as a worker runs them):`);
/** The two pipelines: the bench's input, the same as `warodds attack` flags, and the name printed for each. */
const KERNELS = [
  { name: 'plain', title: 'plain (hit 3+, wound 4+, save 4+, damage 1)', input: PLAIN, flags: PLAIN_FLAGS },
  { name: 're-rolls and crits', title: 're-rolls and crits (re-roll 1s to hit, failed wounds; 6s: extra hit, rend +1)', input: CRITS, flags: CRITS_FLAGS },
] as const;
/** Each pipeline's in-process rate, in attack sequences per CPU second. */
const inProcess = new Map<string, number>();
for (const kernel of KERNELS) {
  const t = kernelInProcess(kernel.input, SAMPLES);
  const r = sequences / t.cpu;
  inProcess.set(kernel.name, r);
  console.log(`  ${kernel.title}`);
  console.log(`    ${rate(r)} attack sequences per CPU second, ${(r / referenceRate).toFixed(2)}× the reference   (${seconds(t)})`);
}

/** A worker thread's next message. */
const nextMessage = (worker: Worker): Promise<unknown> => new Promise((resolve) => worker.once('message', resolve));

/** The median of REPEATS ratios, each from one pair of runs (one thread, then two) made one after the other. */
async function medianOfPairs(pairRatio: () => Promise<number>): Promise<number> {
  const ratios: number[] = [];
  for (let r = 0; r < REPEATS; r++) ratios.push(await pairRatio());
  return median(ratios);
}

/** CPU of `life` (every thread of this process, from its start to the end of its promise), median of REPEATS after one. */
async function lifeCpu(life: () => Promise<void>): Promise<number> {
  const one = async (): Promise<number> => {
    const before = process.cpuUsage();
    await life();
    return cpuSecondsSince(before);
  };
  await one();
  const runs: number[] = [];
  for (let r = 0; r < REPEATS; r++) runs.push(await one());
  return median(runs);
}

/**
 * CPU of one bare Node worker thread — started, one message, stopped, no warodds code: the floor
 * under what a second thread adds to a whole `attack --mc`.
 */
const bareWorkerCpu = (): Promise<number> =>
  lifeCpu(async () => {
    const worker = new Worker("require('node:worker_threads').parentPort.postMessage(0)", { eval: true });
    await nextMessage(worker);
    await worker.terminate();
  });

/**
 * The reference kernel on worker threads: one alone, then two at once, each rolling the same
 * samples once the threads are warm; the CPU of the rolling alone (from every thread ready to
 * every thread done). Returns the median over REPEATS pairs of the CPU-normalised scaling
 * 2 × (rate per CPU second on two) ÷ (rate on one) = 4 × CPU(one) ÷ CPU(two): what this machine
 * itself gives a second thread of pure arithmetic — its ceiling for warodds' figure below.
 */
async function referenceScaling(samples: number): Promise<number> {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
const ATTACKS_PER_SAMPLE = ${ATTACKS_PER_SAMPLE};
${referenceKernel.toString()}
referenceKernel(workerData.samples / 10, 7);
parentPort.postMessage('ready');
parentPort.once('message', () => parentPort.postMessage(referenceKernel(workerData.samples, workerData.seed)));`;
  const rolling = async (threads: number): Promise<number> => {
    const workers = Array.from({ length: threads }, (_, i) => new Worker(source, { eval: true, workerData: { samples, seed: i + 1 } }));
    await Promise.all(workers.map(nextMessage));
    const before = process.cpuUsage();
    const done = Promise.all(workers.map(nextMessage));
    for (const w of workers) w.postMessage('go');
    await done;
    const used = cpuSecondsSince(before);
    await Promise.all(workers.map((w) => w.terminate()));
    return used;
  };
  return medianOfPairs(async () => (4 * (await rolling(1))) / (await rolling(2)));
}

/**
 * CPU of one warodds worker thread — the program's pool (src/sim/pool.ts) of one thread running
 * the shipped worker (dist/bin/worker-entry.cjs) — given a plain job with no chunk to roll, then
 * stopped: the thread, the worker bundle from its code cache, the scenario prepared, the warm-up —
 * what each thread costs a whole `attack --mc` before its first chunk.
 */
async function workerFixedCpu(): Promise<number> {
  const task: ChunkTask = { system: 'generic', job: 1, scenario: generic.parse(PLAIN), master: masterState('bench'), chunks: [] };
  return lifeCpu(async () => {
    const pool = createPool(1, { filename: WORKER_ENTRY });
    try {
      await pool.run(task);
    } finally {
      await pool.destroy();
    }
  });
}

/**
 * warodds' own kernel on the program's pool (src/sim/pool.ts, the shipped worker) already warm:
 * a pool of one thread, then one of two, each first given a short job (the threads started, the
 * simulator loaded and compiled), then the CPU of the whole process (every thread, the main
 * thread's feeding and adding of tallies included) over one job of `samples` samples. Returns the
 * median over REPEATS pairs of 2 × CPU(one thread) ÷ CPU(two): the throughput a second thread adds
 * once it rolls, to read against the reference kernel's figure, measured the same way.
 */
async function warmPoolScaling(input: unknown, samples: number): Promise<number> {
  const rolling = async (threads: number): Promise<number> => {
    const pool = createPool(threads, { filename: WORKER_ENTRY });
    try {
      await runMonteCarlo({ system: 'generic', input, samples: threads * 4 * CHUNK_SIZE, seed: 'warm', threads }, pool);
      const before = process.cpuUsage();
      await runMonteCarlo({ system: 'generic', input, samples, seed: 'bench', threads }, pool);
      return cpuSecondsSince(before);
    } finally {
      await pool.destroy();
    }
  };
  return medianOfPairs(async () => (2 * (await rolling(1))) / (await rolling(2)));
}

/**
 * Pairs of whole processes (one thread, then two) for each 1 → 2 threads figure, by its length of
 * rolling. At about 1 s a pair's ratio moves by ±0.04 from one pair to the next even on a quiet
 * machine (fifteen pairs: 1.90–1.98 ×), against a line at 1.9 ×, so that
 * figure takes the median of 11 pairs; at about 5 s, where a pair moves by less, 5 (REPEATS).
 */
const scalingPairs = (rollingSeconds: number): number => (rollingSeconds === 1 ? Number(process.env.BENCH_SCALING_PAIRS ?? 11) : REPEATS);
console.log(`\nThe reference kernel on worker threads, ${SAMPLES.toLocaleString('en')} samples each, one thread alone then two at once: 1 → 2 threads, CPU-normalised, ${(await referenceScaling(SAMPLES)).toFixed(2)}× (median of ${REPEATS} pairs) — this machine's own ceiling for the figures below.`);
/**
 * Samples for about `seconds` of one thread's rolling of a pipeline at its in-process rate, in
 * whole millions: the CLI figures below keep the same share of fixed cost on a faster machine or
 * a slower one (fixed sample counts made them measure thread start-up on a fast machine).
 */
const samplesFor = (kernel: string, seconds: number): number => Math.max(1, Math.round((inProcess.get(kernel)! * seconds) / ATTACKS_PER_SAMPLE / 1e6)) * 1e6;
console.log(`warodds' kernels on warm worker threads (the program's pool, threads started and the simulator compiled by a short job first), about 1 s of rolling on one thread, one thread then two, the rolling only: 1 → 2 threads, CPU-normalised, median of ${REPEATS} pairs — the throughput a second thread adds, to read against the line above:`);
for (const kernel of KERNELS) {
  const samples = samplesFor(kernel.name, 1);
  console.log(`  ${kernel.name}, ${samples.toLocaleString('en')} samples: ${(await warmPoolScaling(kernel.input, samples)).toFixed(2)}×`);
}
console.log(`\nA bare Node worker thread (started, one message, stopped; no warodds code): CPU ${(await bareWorkerCpu()).toFixed(3)} s, median of ${REPEATS} — the floor under "the second thread's own CPU" below.`);
console.log(`A warodds worker given a plain job with no chunk to roll (the thread, its bundle, the scenario prepared, the warm-up): CPU ${(await workerFixedCpu()).toFixed(3)} s, median of ${REPEATS} — what each thread costs before its first chunk.`);
// Two sizes: about 1 s of rolling, where each thread's fixed cost (Node's worker start-up, loading
// the simulator, compiling it) is a visible share, and about 5 s, where the kernel's own scaling shows.
for (const rollingSeconds of [1, 5]) {
  const processRepeats = scalingPairs(rollingSeconds);
  console.log(`\nMonte Carlo through the CLI: whole \`warodds attack --mc\` processes (start-up, pool, workers, output) of about ${rollingSeconds} s of rolling on one thread at the in-process rate, 1 and 2 threads alternately, median of ${processRepeats}:`);
  for (const kernel of KERNELS) {
    const processSamples = samplesFor(kernel.name, rollingSeconds);
    // 1-thread and 2-thread runs alternate, so a change of the machine's load during the figure
    // falls on both alike.
    const runs: Timing[][] = [[], []];
    for (let r = 0; r < processRepeats; r++)
      for (const threads of [1, 2]) runs[threads - 1].push(processTiming(['attack', ...kernel.flags, '--mc', '--samples', String(processSamples), '--threads', String(threads), '--json']));
    const perThreads = runs.map((timings, i) => {
      const t = medianTiming(timings);
      return { threads: i + 1, t, perCpu: (processSamples * ATTACKS_PER_SAMPLE) / t.cpu, perWall: (processSamples * ATTACKS_PER_SAMPLE) / t.wall };
    });
    console.log(`  ${kernel.name}, --samples ${processSamples.toLocaleString('en')}`);
    for (const p of perThreads)
      console.log(`    ${p.threads} thread${p.threads > 1 ? 's' : ': '} ${rate(p.perCpu)} per CPU second, ${(p.perCpu / referenceRate).toFixed(2)}× the reference; ${rate(p.perWall)} per wall second   (${seconds(p.t)})`);
    // With both threads busy on an idle machine the wall time would be the CPU time ÷ 2: the
    // CPU-normalised scaling is 2 × (rate per CPU second on 2 threads) ÷ (rate on 1 thread).
    const extraThreadCpu = perThreads[1].t.cpu - perThreads[0].t.cpu;
    // Each 1-thread run and the 2-thread run right after it form a pair, close in time, so a drift
    // of the machine's load falls on both: the median of the pairs' ratios 2 × CPU(1) ÷ CPU(2).
    const pairRatios = runs[0].map((one, r) => (2 * one.cpu) / runs[1][r].cpu);
    const pairRange = `${Math.min(...pairRatios).toFixed(2)}–${Math.max(...pairRatios).toFixed(2)}`;
    console.log(`    1 → 2 threads, CPU-normalised: ${((2 * perThreads[1].perCpu) / perThreads[0].perCpu).toFixed(2)}× from the medians, ${median(pairRatios).toFixed(2)}× the median of the ${processRepeats} pairs (pairs ${pairRange})   (the second thread's own CPU: ${extraThreadCpu.toFixed(3)} s)`);
  }
}

/**
 * Machine instructions of a whole `node <bin> args` process, every thread, counted by valgrind
 * (cachegrind, no cache simulation): unlike CPU time, the same on a busy machine and an idle one.
 * The bin runs as `node` runs it, without NODE_EXTRA_CA_CERTS (as its first line would).
 */
function instructions(args: string[]): Promise<number> {
  const child = spawn('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: WITHOUT_EXTRA_CERTS });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
      if (code !== 0 || !refs) reject(new Error(`valgrind ${args.join(' ')} failed (exit ${code})`));
      else resolve(Number(refs[1].replaceAll(',', '')));
    }),
  );
}

// The same 1 → 2 threads figure in instructions, when valgrind is installed: what a second thread
// adds to warodds' own work, whatever the machine's other jobs do to CPU time.
if (spawnSync('valgrind', ['--version']).status === 0) {
  const samples = SAMPLES * 2;
  console.log(`\n1 → 2 threads in machine instructions (valgrind; every thread of a whole \`warodds attack --mc --samples ${samples.toLocaleString('en')}\`, one run each, 1- and 2-thread runs at once):`);
  for (const { name, flags } of KERNELS) {
    const [one, two] = await Promise.all([1, 2].map((threads) => instructions(['attack', ...flags, '--mc', '--samples', String(samples), '--threads', String(threads), '--json'])));
    console.log(`  ${name}: 1 thread ${(one / 1e6).toFixed(0)} M, 2 threads ${(two / 1e6).toFixed(0)} M instructions: ${((2 * one) / two).toFixed(2)}× (2 × instructions on 1 thread ÷ instructions on 2)`);
  }
} else console.log('\n(valgrind is not installed: no figure in machine instructions.)');

console.log('\nExact engine: hit 3+, wound 4+, save 4+ rend 1, damage D3, on 2-health models (in-process, median of 25):');
for (const [attacks, models] of [
  [200, 100],
  [10_000, 100],
  [10_000, 1000],
] as const)
  for (const allocation of ['spill-over', 'no-spill-over'] as const)
    console.log(`    ${attacks.toLocaleString('en').padStart(6)} attacks on ${String(models).padStart(4)} models, ${allocation === 'spill-over' ? 'damage spills over:   ' : 'excess damage is lost:'} ${ms(exactTiming(attacks, models, allocation))}`);

console.log(`\nWhole exact commands (one process each, run as a program as \`npx warodds\` runs it, Node start-up included; \`node -e 0\` for scale), median of ${REPEATS}:`);
const nodeAlone = (env?: NodeJS.ProcessEnv): Timing => medianOfProcesses(() => timeProcess(process.execPath, ['-e', '0'], env));
console.log(`    ${'node -e 0'.padEnd(52)} ${seconds(nodeAlone())}`);
// This machine may set NODE_EXTRA_CA_CERTS, which Node 20 loads at start-up; the bin drops it.
if (process.env.NODE_EXTRA_CA_CERTS !== undefined) {
  console.log(`    ${'node -e 0, without NODE_EXTRA_CA_CERTS'.padEnd(52)} ${seconds(nodeAlone(WITHOUT_EXTRA_CERTS))}`);
  const withExtraCerts = medianOfProcesses(() => timeProcess(process.execPath, [CLI, 'table', 'whfb/great-weapon-elites']));
  console.log(`    ${'node warodds.cjs table (NODE_EXTRA_CA_CERTS kept)'.padEnd(52)} ${seconds(withExtraCerts)}`);
}
for (const args of [
  ['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'],
  ['kills', 'hott/blades'],
  ['compare', 'aos/clawlord'],
  ['table', 'whfb/great-weapon-elites'],
])
  console.log(`    ${`warodds ${args.join(' ')}`.padEnd(52)} ${seconds(medianProcess(REPEATS, args))}`);

const checkSamples = Number(process.env.BENCH_CHECK_SAMPLES ?? 1_000_000);
const scenarios = (JSON.parse(spawnSync(process.execPath, [CLI, 'check', '--samples', '1000', '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout) as { scenarios: unknown[] }).scenarios.length;
// Several runs, as every other figure: one run of check moves by 10–20 % with the machine's load.
const checkRepeats = Number(process.env.BENCH_CHECK_REPEATS ?? 3);
const checkRuns = Array.from({ length: checkRepeats }, () => processTiming(['check', '--samples', String(checkSamples), '--threads', '2']));
const check = medianTiming(checkRuns);
console.log(`\n\`warodds check --samples ${checkSamples.toLocaleString('en')} --threads 2\` over ${scenarios} bundled scenarios, median of ${checkRepeats} (CPU of each run: ${checkRuns.map((r) => r.cpu.toFixed(1)).join(', ')} s): ${seconds(check)}; ${(check.cpu / scenarios).toFixed(3)} s CPU per scenario`);

// Whole fights, exact: two 20-model single-wound 5-wide infantry units to a finish
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
console.log('\nWhole fights (exact chain to a finish, cap 12 rounds, in-process), median of 7:');
for (const [systemId, name, input] of fights) {
  const system = findSystem(systemId);
  console.log(`    ${systemId}: ${name}: ${ms(medianOf(7, () => system.exact(system.parse(input))))}`);
}

// The 9th Age chain against Warhammer Fantasy's on one three-wound 60 v 60 fight, in a module of its own.
(await import('./fight-ratio.js')).benchFightRatio();

// Engagements, in a module of their own.
console.log('');
(await import('./engagements.js')).benchEngagements();

// The worst accepted case of each exact engine under the work meter, in a module of its own.
console.log('');
(await import('./bounded-work.js')).benchBoundedWork();

const loadAfter = loadavg();
console.log(`\nload average after: ${loadAfter.map((x) => x.toFixed(2)).join(' ')} (the bench's own threads included)`);
const machineAfter = machineCpu();
/** Other processes' share of the machine above which the figures may be lower than on a quiet machine. */
const BUSY_SHARE = 0.05;
if (machineBefore && machineAfter) {
  const others = otherProcesses(machineBefore, machineAfter);
  console.log(`Other processes during the bench: ${others.seconds.toFixed(1)} CPU s, ${(100 * others.share).toFixed(1)} % of the ${cores} cores' time; taken by the hypervisor (steal): ${others.steal.toFixed(1)} s`);
  if (others.share > BUSY_SHARE) console.log(`WARNING: other processes used ${(100 * others.share).toFixed(0)} % of the machine during the bench: quote the CPU figures, and expect the 1 → 2 threads figures to be lower than on a quiet machine`);
} else if (loadAfter[0] > cores * 0.5) console.log(`WARNING: the machine was busy (load ${loadAfter[0].toFixed(1)} on ${cores} cores): quote the CPU figures`);
