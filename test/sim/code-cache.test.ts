/**
 * The bin compiles its two bundles, the command line (cli.cjs) and the Monte Carlo worker
 * (worker.cjs), from V8 code caches the build makes (src/sim/code-cache.cts). A cache V8 refuses
 * is ignored silently — the program still runs, only slower — so these check that every cache the
 * build wrote is accepted, and that the worker's entry names the cache of its own bundle.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as CodeCache from '../../src/sim/code-cache.cjs';

// tsc's CommonJS output (vitest does not compile .cts sources), as test/sim/pool.test.ts runs worker-entry.
const { compileBundle } = createRequire(import.meta.url)('../../dist/src/sim/code-cache.cjs') as typeof CodeCache;
const BIN = fileURLToPath(new URL('../../dist/bin/', import.meta.url));
const contentId = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

describe('code caches', () => {
  it('a bundle compiles from the cache a run of it wrote, and runs as a CommonJS module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-cache-'));
    try {
      const bundle = join(dir, 'bundle.cjs');
      writeFileSync(bundle, "#!/usr/bin/env node\nexports.twice = (x) => 2 * x; module.exports.file = __filename;\n");
      const cache = join(dir, 'bundle.cache');
      const first = compileBundle(bundle, cache);
      expect(first.fromCache).toBe(false);
      const exported = first.run() as { twice: (x: number) => number; file: string };
      expect(exported.twice(21)).toBe(42);
      expect(exported.file).toBe(bundle);
      first.writeCache();
      expect(compileBundle(bundle, cache).fromCache).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the bin's caches are each named after their bundle's content and accepted by V8", () => {
    const caches = readdirSync(BIN).filter((f) => f.endsWith('.cache'));
    // cli.cjs: one per command the build runs and their union; worker.cjs: one.
    expect(caches.filter((f) => f.startsWith('cli.cjs.')).length).toBe(5);
    expect(caches.filter((f) => f.startsWith('worker.cjs.')).length).toBe(1);
    for (const cache of caches) {
      const [bundle, id] = cache.split('.cjs.');
      expect(id.startsWith(`${contentId(join(BIN, `${bundle}.cjs`))}.`), cache).toBe(true);
      expect(compileBundle(join(BIN, `${bundle}.cjs`), join(BIN, cache)).fromCache, cache).toBe(true);
    }
  });

  it("the worker's entry reads the cache of its own bundle", () => {
    const named = readFileSync(join(BIN, 'worker-entry.cjs'), 'utf8').match(/worker\.cjs\.[0-9a-f]{16}\.cache/g);
    expect(named).toEqual([`worker.cjs.${contentId(join(BIN, 'worker.cjs'))}.cache`]);
  });
});
