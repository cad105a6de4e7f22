/**
 * A CommonJS bundle compiled from V8's code cache (start-up; Node 20 has no
 * module.enableCompileCache). The bin (scripts/build/launcher.cjs) runs the command line,
 * cli.cjs, this way, and each Monte Carlo worker its simulators, worker.cjs (worker-entry.cts):
 * the cache holds the bytecode of the functions a run made by the build compiled, so a run reads
 * them instead of compiling them again. A cache that is missing, or that V8 refuses (another Node
 * version, other V8 flags), is ignored and the bundle compiles as usual. The build names each
 * cache after its bundle's content, so a cache never meets another bundle.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

export interface CompiledBundle {
  /** Whether the bundle compiled from the cache (false: no cache, or V8 refused it). */
  fromCache: boolean;
  /** Run the bundle as Node runs a CommonJS module: its module.exports. */
  run(): unknown;
  /** Write the cache: the functions already in it plus those compiled since (the build's own use). */
  writeCache(): void;
}

export function compileBundle(bundle: string, cacheFile: string): CompiledBundle {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The build makes each bundle ASCII (non-ASCII characters escaped), so latin1 reads it exactly,
  // faster than UTF-8 decoding. Wrapped as Node wraps a CommonJS module; a hashbang line is kept
  // as an empty line.
  const source = readFileSync(bundle, 'latin1').replace(/^#!.*/, '');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  return {
    fromCache: cachedData !== undefined && script.cachedDataRejected === false,
    run() {
      const module = { exports: {} };
      script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
      return module.exports;
    },
    writeCache: () => writeFileSync(cacheFile, script.createCachedData()),
  };
}
