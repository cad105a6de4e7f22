/**
 * The examples of README.md and docs/*.md run exactly as printed after the README's set-up
 * (npm install && npm run build): every runnable example is written `npx warodds …` (never a bare
 * `warodds …`, which is not on the PATH, nor `node dist/...`), every --scenario it names exists,
 * every example run in this process prints what the page shows, byte for byte, and the README's
 * first two run through the shell as printed. `npm run readme` re-runs all of them through the
 * shell and puts their output back (scripts/readme-examples.mjs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentFiles, examplesOf, PROMPT, runExample, STALE } from '../scripts/readme-examples.mjs';
import { warodds } from './cli/helpers.js';

const README = readFileSync('README.md', 'utf8');
const PAGES = documentFiles().map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** A command line as /bin/sh splits it (the examples use plain words and single quotes only). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const m of command.matchAll(/'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2]);
  return words;
}

describe('README and docs examples', () => {
  it('the README is a front door of under 400 lines', () => {
    expect(README.split('\n').length).toBeLessThan(400);
  });

  it('every runnable example is `npx warodds …`', () => {
    let count = 0;
    for (const { file, text } of PAGES) {
      expect(text.split('\n').filter((l) => STALE.test(l)), file).toEqual([]);
      for (const e of examplesOf(text)) {
        expect(`$ ${e.command}`.startsWith(PROMPT), `${file}: ${e.command}`).toBe(true);
        count++;
      }
    }
    expect(count).toBeGreaterThan(30);
  });

  it('every --scenario an example names is a bundled id or a file', () => {
    const alias: Record<string, string> = { t9a: 'ninth-age', whfb: 'warhammer-fantasy', kow: 'kings-of-war', aos: 'age-of-sigmar', hott: 'hott', generic: 'generic' };
    for (const { file, text } of PAGES)
      for (const e of examplesOf(text)) {
        const ref = /--scenario (\S+)/.exec(e.command)?.[1];
        if (!ref) continue;
        const [system, name] = ref.split('/');
        expect(existsSync(ref) || existsSync(`src/data/${alias[system] ?? system}/scenarios/${name}.json`), `${file}: ${ref}`).toBe(true);
      }
  });

  for (const { file, text } of PAGES)
    for (const e of examplesOf(text))
      it(`${file}: ${e.command}`, async () => {
        const r = await warodds(shellWords(e.command).slice(2), { env: { COLUMNS: undefined, FORCE_COLOR: undefined } });
        expect(r.stdout.replace(/\s+$/, '')).toBe(e.output);
      });

  it("the README's first two examples, run through the shell exactly as printed, print what it shows", () => {
    for (const e of examplesOf(README).slice(0, 2)) expect(runExample(e.command)).toBe(e.output);
  });
});
