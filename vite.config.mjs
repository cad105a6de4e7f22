/**
 * The web page (src/web/) as a static site in dist/web/: `npm run build` runs `vite build` after
 * the command line's build. Relative asset paths (base './'), so the folder can be put on any
 * static host, under any path.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createLogger, defineConfig } from 'vite';

/**
 * workerpool's browser build names Node's modules for its Node path, which the page never takes:
 * Vite's notice that they are left out is expected, and not printed.
 */
const logger = createLogger();
const warn = logger.warn;
logger.warn = (message, options) => {
  if (/has been externalized for browser compatibility, imported by ".*workerpool/.test(message)) return;
  warn(message, options);
};

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const { version } = JSON.parse(readFileSync(here('./package.json'), 'utf8'));

export default defineConfig({
  root: here('./src/web'),
  base: './',
  publicDir: false,
  customLogger: logger,
  define: { WARODDS_VERSION: JSON.stringify(version) },
  resolve: {
    // The engine loads seedrandom through node:module's createRequire (so that the command line
    // reads it only with a seed); the page gives it the same seedrandom (shims/node-module.ts).
    alias: { 'node:module': here('./src/web/shims/node-module.ts') },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    // The rule sets are imported both ways (lookup.ts loads on demand; the page imports them all).
    rolldownOptions: {
      checks: { pluginTimings: false },
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
