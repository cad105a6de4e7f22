/**
 * The simulators of a checkout bundled as the program ships them (scripts/build/bundle-options.mjs:
 * esbuild with the constants plugin), for in-process measurements: tsc's dist/src
 * measures other code — its module constants are not literals. Both checkouts of a comparison are
 * bundled with this checkout's build options, so only their sources differ. A checkout needs its
 * own node_modules (`npm ci`: its dependencies are bundled from there); the harness writes
 * <checkout>/dist/bin/perf-harness.cjs (the next build removes it).
 */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { programBundle } from '../build/bundle-options.mjs';

const require = createRequire(import.meta.url);

/** The bundled scenarios of `checkout`, a worker's two steps and its chunk size: { loadBundledScenarios, scenarioLabel, warmUp, rollChunk, CHUNK_SIZE } (sim/roll-chunk.ts, sim/chunks.ts). */
export async function bundledHarness(checkout) {
  const root = resolve(checkout);
  const entry = join(mkdtempSync(join(tmpdir(), 'warodds-perf-')), 'entry.ts');
  writeFileSync(entry, `export { loadBundledScenarios, scenarioLabel } from '${root}/src/cli/bundled.js';\nexport { warmUp, rollChunk } from '${root}/src/sim/roll-chunk.js';\nexport { CHUNK_SIZE } from '${root}/src/sim/chunks.js';\n`);
  // Beside dist/bin's bundles, so that import.meta.url (the bundle's own file) finds the package as theirs do.
  const outfile = `${root}/dist/bin/perf-harness.cjs`;
  try {
    await build({ ...programBundle(`${root}/src/`), entryPoints: [entry], outfile });
  } finally {
    rmSync(dirname(entry), { recursive: true, force: true });
  }
  return require(outfile);
}

/** Process CPU time so far, in ms (every thread: V8's background compiles count). */
export function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A scenario's simulator warmed up as a worker does before its first chunk (sim/roll-chunk.ts). */
export function warmUp(h, s) {
  h.warmUp(s.system.simulate, s.parsed);
}

const MASTER = Uint32Array.of(5, 6, 7, 8);

/** Chunk `c`, of the checkout's chunk size, as a worker rolls it (its tally included). */
export function rollChunk(h, s, c) {
  h.rollChunk(s.system.simulate, s.parsed, MASTER, { index: c, samples: h.CHUNK_SIZE });
}

/** The bundled scenarios of `h` with these ids (every one when none is given). */
export function scenarios(h, ids) {
  const all = h.loadBundledScenarios();
  if (ids.length === 0) return all;
  return ids.map((id) => {
    const s = all.find((x) => h.scenarioLabel(x) === id);
    if (!s) throw new Error(`no bundled scenario '${id}'`);
    return s;
  });
}
