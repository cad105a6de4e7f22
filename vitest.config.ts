import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace a module (vi.mock): they need a module registry of their own.
 */
const OWN_MODULES = ['test/cli/file-output.test.ts'];

/**
 * Measured on the project's 2-core machine (issue 17; the README's test paragraph has the
 * figures): worker threads instead of forked processes, two at a time (vitest's default is one
 * worker per core minus one, so one), and test files sharing their thread's imported modules
 * instead of importing everything again per file — a Node process and a fresh module graph per
 * file cost about 0.7 s of CPU each, a third of the suite. The files restore what they change
 * (process.env, process.stdout, listeners); those that mock a module run isolated.
 */
export default defineConfig({
  test: {
    // Every rule set loaded, as a test that imports an analysis module expects (the CLI's
    // kills, compare and table load only the rule sets they name: src/systems/lookup.ts).
    setupFiles: ['./src/systems/registry.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'threads',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...OWN_MODULES], isolate: false } },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
});
