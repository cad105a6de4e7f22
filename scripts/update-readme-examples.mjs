#!/usr/bin/env node
/**
 * Re-runs every example of README.md and docs/*.md exactly as printed (`npx warodds ...`, through the shell) and
 * puts its real output back in place (scripts/readme-examples.mjs says which lines are examples).
 * `npm run readme`, after `npm run build`, from the repository root.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { documentFiles, examplesOf, runExample, STALE } from './readme-examples.mjs';

for (const file of documentFiles()) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const stale = lines.map((l, i) => [i + 1, l]).filter(([, l]) => STALE.test(l));
  if (stale.length) {
    for (const [n, l] of stale) console.error(`${file}:${n}: write the example as 'npx warodds ...': ${l}`);
    process.exit(1);
  }
  // From the last example to the first, so earlier line numbers stay valid.
  for (const e of examplesOf(text).reverse()) {
    process.stderr.write(`${file}: ${e.command}\n`);
    lines.splice(e.first, e.end - e.first, ...runExample(e.command).split('\n'));
  }
  writeFileSync(file, lines.join('\n'));
}
