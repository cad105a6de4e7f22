import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm test builds before running vitest). */
export const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export function warodds(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function wjson(args: string[]) {
  const r = warodds([...args, '--json']);
  if (r.code !== 0) throw new Error(`warodds ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
