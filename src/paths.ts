/**
 * Where the package's own files are, whether running from src/ (tsx, vitest) or dist/src/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('warodds: cannot find its package.json');
    dir = parent;
  }
  return dir;
}

export const PACKAGE_ROOT = packageRoot();
/** Built-in units and scenarios: src/data/<system>/{units,scenarios}/*.json. */
export const DATA_DIR = join(PACKAGE_ROOT, 'src', 'data');
