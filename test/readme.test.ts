/**
 * The README's examples run exactly as printed after its set-up (npm install && npm run build):
 * every runnable example is written `npx warodds …` (never a bare `warodds …`, which is not on
 * the PATH, nor `node dist/...`), every --scenario it names exists, and two of them, re-run
 * through the shell as printed, print what the README shows, byte for byte. `npm run readme`
 * re-runs all of them the same way (scripts/readme-examples.mjs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examplesOf, PROMPT, runExample, STALE } from '../scripts/readme-examples.mjs';

const README = readFileSync('README.md', 'utf8');
const examples = examplesOf(README);

describe('README examples', () => {
  it('every runnable example is `npx warodds …`', () => {
    const stale = README.split('\n').filter((l) => STALE.test(l));
    expect(stale).toEqual([]);
    expect(examples.length).toBeGreaterThan(15);
    for (const e of examples) expect(`$ ${e.command}`.startsWith(PROMPT)).toBe(true);
  });

  it('every --scenario an example names is a bundled id or a file', () => {
    for (const e of examples) {
      const ref = /--scenario (\S+)/.exec(e.command)?.[1];
      if (!ref) continue;
      const [system, name] = ref.split('/');
      const alias: Record<string, string> = { t9a: 'ninth-age', whfb: 'warhammer-fantasy', kow: 'kings-of-war', aos: 'age-of-sigmar', hott: 'hott', generic: 'generic' };
      expect(existsSync(ref) || existsSync(`src/data/${alias[system] ?? system}/scenarios/${name}.json`), ref).toBe(true);
    }
  });

  it('the first two examples, run through the shell exactly as printed, print what the README shows', () => {
    for (const e of examples.slice(0, 2)) expect(runExample(e.command)).toBe(e.output);
  });
});
