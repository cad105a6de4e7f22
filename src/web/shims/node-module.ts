/**
 * node:module for the page: the engine's only use of it is createRequire(...)('seedrandom')
 * (core/rng.ts), and a require() fallback for Node worker threads run from TypeScript sources
 * (core/import-or-require.ts), which the page never takes.
 */
import seedrandom from 'seedrandom';

export function createRequire(): (id: string) => unknown {
  return (id: string) => {
    if (id === 'seedrandom') return seedrandom;
    throw new Error(`require('${id}') is not available in the browser`);
  };
}
