/**
 * import(), or require() where import() cannot find the module. Running from TypeScript sources
 * (vitest), a Monte Carlo worker is CommonJS compiled by tsx's require hook (sim/worker-entry.cts),
 * whose import() does not find the sources but whose require() does.
 */
import { createRequire } from 'node:module';

export type ModuleLoader = <T>(path: string, viaImport: () => Promise<T>) => Promise<T>;

/**
 * The loader of a module whose import.meta.url is `from`: `viaImport`, or else require(`path`),
 * `path` resolved against that module's file as its import() is.
 */
export function importOrRequireFrom(from: string): ModuleLoader {
  return async (path, viaImport) => {
    try {
      return await viaImport();
    } catch (error) {
      if (typeof require !== 'function') throw error;
      return createRequire(from)(path);
    }
  };
}
