/**
 * esbuild options of the program's bundles (scripts/build.mjs), shared with scripts/perf/, which
 * bundles the simulators as the program ships them to measure them in-process.
 */
import { inlineConstants } from './inline-constants.mjs';

const HERE = new URL('.', import.meta.url).pathname;

/** Every bundle: one file for Node 20. BUILD_MINIFY=0 keeps the names, for reading a CPU profile (`node --cpu-prof`). */
export const COMMON = { bundle: true, platform: 'node', target: 'node20.19', minify: process.env.BUILD_MINIFY !== '0', legalComments: 'none', logLevel: 'warning' };

/**
 * A bundle of the program's modules under `src` (an absolute path ending in /): CommonJS, its
 * import.meta.url the bundle's own file (paths.ts, pool.ts, rng.ts), its modules' numeric
 * constants written as literals (inline-constants.mjs).
 */
export function programBundle(src) {
  return {
    ...COMMON,
    format: 'cjs',
    define: { 'import.meta.url': 'importMetaUrl' },
    inject: [`${HERE}import-meta-url.cjs`],
    plugins: [inlineConstants(src)],
    // cli-table3's width measure, as the program counts widths (string-width.cjs says why).
    alias: { 'string-width': `${HERE}string-width.cjs` },
  };
}
