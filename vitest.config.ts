import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every rule set loaded, as a test that imports an analysis module expects (the CLI's
    // kills, compare and table load only the rule sets they name: src/systems/lookup.ts).
    setupFiles: ['./src/systems/registry.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
