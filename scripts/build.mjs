#!/usr/bin/env node
/**
 * `npm run build`, after tsc: the program as it ships, in dist/bin/ (start-up, issue 16).
 *
 *  - cli.cjs: the command line (src/cli/main.ts) bundled by esbuild into one minified CommonJS
 *    file. Each command and rule set is still evaluated only when used (esbuild wraps a module
 *    that is import()ed in a function run on first import), but the whole program is one file,
 *    so it needs no module resolution and can be compiled from a code cache.
 *  - warodds.cjs: the bin (scripts/build/launcher.cjs): runs cli.cjs from V8's code cache.
 *  - cli.cjs.<id>.cache: that cache, made here by running the usual commands once each; <id> is
 *    the hash of cli.cjs, so a cache is only ever used with the bundle it was made from.
 *  - worker-entry.cjs, worker.js and worker-chunks/: the Monte Carlo worker (src/sim/worker-entry.cts,
 *    src/sim/worker.ts), an ES module bundle split per rule set; src/sim/pool.ts finds
 *    worker-entry.cjs next to the file it runs from (cli.cjs).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { build } from 'esbuild';

const OUT = 'dist/bin';
const common = { bundle: true, platform: 'node', target: 'node20.19', minify: true, legalComments: 'none', logLevel: 'warning' };

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

await build({
  ...common,
  entryPoints: ['src/cli/main.ts'],
  outfile: `${OUT}/cli.cjs`,
  format: 'cjs',
  // import.meta.url (paths.ts, pool.ts, rng.ts) is the bundle's own file.
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: ['scripts/build/import-meta-url.cjs'],
  plugins: [lazyChildProcess],
});

await build({
  ...common,
  entryPoints: { worker: 'src/sim/worker.ts' },
  outdir: OUT,
  format: 'esm',
  splitting: true,
  chunkNames: 'worker-chunks/[name]-[hash]',
  // A CommonJS dependency inside an ES module bundle needs a require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

await build({ ...common, entryPoints: ['src/sim/worker-entry.cts'], outfile: `${OUT}/worker-entry.cjs`, format: 'cjs', external: ['./worker.js', './worker.ts'] });

const buildId = createHash('sha256').update(readFileSync(`${OUT}/cli.cjs`)).digest('hex').slice(0, 16);
writeFileSync(`${OUT}/warodds.cjs`, readFileSync('scripts/build/launcher.cjs', 'utf8').replace('BUILD_ID', buildId));
chmodSync(`${OUT}/warodds.cjs`, 0o755);

// The code cache: each run adds the functions it compiled to what the cache already holds.
const CACHE_RUNS = [
  ['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'],
  ['kills', 'hott/blades'],
  ['compare', 'aos/clawlord'],
  ['table', 'whfb/great-weapon-elites'],
];
for (const args of CACHE_RUNS)
  execFileSync(process.execPath, [`${OUT}/warodds.cjs`, ...args], { stdio: 'ignore', env: { ...process.env, WARODDS_WRITE_CODE_CACHE: '1' } });
