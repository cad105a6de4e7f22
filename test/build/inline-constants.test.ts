/**
 * The bundles' constant inlining (scripts/build/inline-constants.mjs): a module's top-level
 * numeric constants move to a module of their own, which esbuild then writes as literals where
 * they are used — the same values, so the same program.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { inlineConstants, splitConstants } from '../../scripts/build/inline-constants.mjs';

describe('inline-constants', () => {
  it('moves numeric constants, and only those, keeping what the module exported', () => {
    const text = [
      "import { helper } from './other.js';",
      'export const SIDE = 6;',
      'const FACES = SIDE ** 2; // derived from an earlier constant',
      'const NAME = "d6";',
      'const FROM_IMPORT = helper * 2;',
      'let MUTABLE = 3;',
      'export function f(x: number) { return x / FACES + SIDE; }',
    ].join('\n');
    const split = splitConstants('/x/mod.ts', text)!;
    expect(split.constants).toBe('export const SIDE = 6;\nexport const FACES = SIDE ** 2;');
    const [header, ...rest] = split.module.split('\n');
    expect(header).toBe('import { SIDE, FACES } from "/x/mod.ts?constants"; export { SIDE };');
    // The moved statements are blanked in place (lines keep their numbers); the rest is untouched.
    expect(rest).toHaveLength(7);
    expect(rest[1].trim()).toBe('');
    expect(rest[2].trim()).toBe('// derived from an earlier constant');
    expect(rest.slice(3)).toEqual(text.split('\n').slice(3));
  });

  it('leaves a module without numeric constants alone', () => {
    expect(splitConstants('/x/mod.ts', 'export const NAME = "d6";\nexport let n = 1;\n')).toBeNull();
  });

  it('in a bundle, a lazily loaded module uses the constants as literals and computes the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warodds-inline-'));
    try {
      // A module with an import: esbuild alone keeps its constants as variables.
      writeFileSync(join(dir, 'zero.ts'), 'export const zero = () => 0;\n');
      writeFileSync(join(dir, 'dice.ts'), "import { zero } from './zero.js';\nexport const BLOCK = 4;\nexport const FULL_BLOCK = 6 ** BLOCK;\nexport function rest(faces: number) { return ((faces / FULL_BLOCK) | 0) + zero(); }\n");
      writeFileSync(join(dir, 'entry.ts'), "export async function go(faces: number) { const { rest, FULL_BLOCK } = await import('./dice.js'); return [rest(faces), FULL_BLOCK]; }\n");
      const out = join(dir, 'out.cjs');
      await build({ entryPoints: [join(dir, 'entry.ts')], outfile: out, bundle: true, minify: true, platform: 'node', format: 'cjs', logLevel: 'silent', plugins: [inlineConstants(`${dir}/`)] });
      const bundle = readFileSync(out, 'utf8');
      expect(bundle).toContain('/1296|0');
      const { go } = createRequire(fileURLToPath(import.meta.url))(out) as { go: (faces: number) => Promise<number[]> };
      expect(await go(1296 * 7 + 5)).toEqual([7, 1296]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
