#!/usr/bin/env node
/**
 * Re-runs every command shown in README.md and puts its real output back in place:
 *  - a fenced block whose lines start with "$ warodds ..." or "$ node dist/src/cli/main.js ...":
 *    each command's output follows it;
 *  - a line "**Example N** — `warodds ...`" (or `node dist/...`) followed by a fenced block:
 *    the block becomes that command's output.
 * `npm run readme` (after `npm run build`). Commands run from the repository root.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const CLI = 'dist/src/cli/main.js';
const PREFIXES = ['warodds ', `node ${CLI} `];

function run(command) {
  const prefix = PREFIXES.find((p) => command.startsWith(p));
  const args = command.slice(prefix.length).match(/'[^']*'|"[^"]*"|\S+/g).map((a) => a.replace(/^(['"])(.*)\1$/, '$2'));
  return execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 }).replace(/\s+$/, '');
}

const lines = readFileSync('README.md', 'utf8').split('\n');
const out = [];
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  const example = /^\*\*Example \d+\*\*.*?`((?:warodds|node dist\/src\/cli\/main\.js) [^`]+)`/.exec(line);
  if (example && lines[i + 1]?.startsWith('```') === false && lines[i + 2]?.startsWith('```')) {
    // prose line, blank line, fence
    out.push(line, lines[i + 1], lines[i + 2], run(example[1]));
    i += 3;
    while (!lines[i].startsWith('```')) i++;
    out.push(lines[i]);
    continue;
  }
  if (line.startsWith('```') && PREFIXES.some((p) => lines[i + 1]?.startsWith(`$ ${p}`))) {
    out.push(line);
    i++;
    while (!lines[i].startsWith('```')) {
      const command = lines[i].slice(2);
      out.push(lines[i], run(command));
      i++;
      while (!lines[i].startsWith('```') && !PREFIXES.some((p) => lines[i].startsWith(`$ ${p}`))) i++;
      if (!lines[i].startsWith('```')) out.push('');
    }
    out.push(lines[i]);
    continue;
  }
  out.push(line);
}
writeFileSync('README.md', out.join('\n'));
