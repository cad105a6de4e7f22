#!/usr/bin/env node
/**
 * `npm run build`, after tsc: the program as it ships, in dist/bin/ (start-up).
 *
 *  - cli.cjs: the command line (src/cli/main.ts) bundled by esbuild into one minified CommonJS
 *    file. Each command and rule set is still evaluated only when used (esbuild wraps a module
 *    that is import()ed in a function run on first import), but the whole program is one file,
 *    so it needs no module resolution and can be compiled from a code cache.
 *    Non-ASCII characters (a few in regular expressions) are written as \u escapes, so the bin
 *    reads the bundle as latin1.
 *  - warodds.cjs: the bin (scripts/build/launcher.cjs): runs cli.cjs from V8's code cache.
 *  - cli.cjs.<id>.<command>.cache: that cache, one per command of CACHE_RUNS, made here by
 *    running the command once (the bytecode of what it ran), and cli.cjs.<id>.all.cache, the
 *    union of them, for every other command; <id> is the hash of cli.cjs, so a cache is only ever
 *    used with the bundle it was made from.
 *  - code-cache.cjs: src/sim/code-cache.cts, which compiles a bundle from its cache, for the bin.
 *  - worker-entry.cjs and worker.cjs: the Monte Carlo worker (src/sim/worker-entry.cts, and
 *    src/sim/worker.ts bundled into one minified CommonJS file, each simulator evaluated only when
 *    used, as in cli.cjs); src/sim/pool.ts finds worker-entry.cjs next to the file it runs from
 *    (cli.cjs). worker.cjs.<id>.cache: its code cache, made here by rolling a few samples of one
 *    bundled scenario of each simulator on one worker thread.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { COMMON, programBundle } from './build/bundle-options.mjs';

const OUT = 'dist/bin';
// The program's own sources, whose numeric constants the bundles write as literals.
const program = programBundle(`${resolve('src')}/`);

/**
 * commander loads node:child_process (with node:net and more) for a feature warodds does not
 * use (commands that are separate executables): here it loads only if commander touches it.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (args.importer.includes('/commander/') ? { path: 'child_process', namespace: 'lazy' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

rmSync(OUT, { recursive: true, force: true });

await build({ ...program, entryPoints: ['src/cli/main.ts'], outfile: `${OUT}/cli.cjs`, plugins: [lazyChildProcess, ...program.plugins] });

// The worker: the same kind of bundle as cli.cjs, run by worker-entry.cjs from its code cache.
await build({ ...program, entryPoints: ['src/sim/worker.ts'], outfile: `${OUT}/worker.cjs` });

// \uXXXX means the same character in a string, a template and a regular expression; the pattern
// has no u flag, so an astral character is matched and escaped as its two UTF-16 halves, which is
// what a literal one is too. A bundle in ASCII is read as latin1 (code-cache.cts).
function asciiBundle(file) {
  const escaped = readFileSync(file, 'utf8').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(file, escaped);
  return createHash('sha256').update(escaped).digest('hex').slice(0, 16);
}
const workerId = asciiBundle(`${OUT}/worker.cjs`);

await build({
  ...COMMON,
  entryPoints: ['src/sim/worker-entry.cts'],
  outfile: `${OUT}/worker-entry.cjs`,
  format: 'cjs',
  external: ['./worker.js', './worker.ts'],
  define: { WORKER_BUNDLE_ID: JSON.stringify(workerId) },
});
await build({ ...COMMON, entryPoints: ['src/sim/code-cache.cts'], outfile: `${OUT}/code-cache.cjs`, format: 'cjs' });

const buildId = asciiBundle(`${OUT}/cli.cjs`);
// The code caches: each run adds the functions it compiled to what the cache already holds.
const CACHE_RUNS = [
  ['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'],
  ['kills', 'hott/blades'],
  ['compare', 'aos/clawlord'],
  ['table', 'whfb/great-weapon-elites'],
];
const launcher = readFileSync('scripts/build/launcher.cjs', 'utf8')
  .replace('BUILD_ID', buildId)
  .replace('CACHED_COMMANDS', JSON.stringify(CACHE_RUNS.map(([command]) => command)));
writeFileSync(`${OUT}/warodds.cjs`, launcher);
chmodSync(`${OUT}/warodds.cjs`, 0o755);
// The bin was dist/src/cli/main.js before the bundle. npx keeps its link to a local project's bin
// from the first run and never refreshes it, so on a machine that ran `npx warodds` then, the
// link still points there: tsc's main.js is the same command line, unbundled, and must stay
// runnable.
chmodSync('dist/src/cli/main.js', 0o755);
for (const cache of [...CACHE_RUNS.map(([command]) => command), 'all'])
  for (const args of CACHE_RUNS.filter(([command]) => cache === 'all' || command === cache))
    execFileSync(process.execPath, [`${OUT}/warodds.cjs`, ...args], { stdio: 'ignore', env: { ...process.env, WARODDS_WRITE_CODE_CACHE: cache } });

// The worker's code cache: one worker thread rolls a few samples of one bundled scenario of each
// simulator (a whole fight, an engagement or one round, per rule set), writing the cache after
// each scenario (worker-entry.cts), so it holds every simulator's bytecode.
const WORKER_CACHE_SCENARIOS = [
  'generic/plain',
  't9a/fight-knights-charge-spearmen',
  't9a/example-01-basic-melee',
  'whfb/fight-knights-flank-halberdiers',
  'whfb/e01-ten-attacks-ws4-s4-t3',
  'kow/engagement-two-charges-and-archers',
  'kow/example-02-flank-charge-elite',
  'aos/engagement-cavalry-vs-strike-first-elite',
  'aos/ex05-crit-2-hits-d3-per-hit',
  'hott/engagement-knights-pursue-blades',
  'hott/example-01-blades-charge-warband',
];
execFileSync(process.execPath, [`${OUT}/warodds.cjs`, 'check', ...WORKER_CACHE_SCENARIOS, '--samples', '2000', '--threads', '1'], {
  stdio: 'ignore',
  env: { ...process.env, WARODDS_WRITE_WORKER_CACHE: '1' },
});
