/**
 * The runnable examples of README.md and docs/*.md, and how to run one exactly as printed.
 *  - a fenced block whose lines start with "$ npx warodds ...": each command's output follows it;
 *  - a line "**Example N** — `npx warodds ...`" followed by a prose line and a fenced block: the
 *    block is that command's output.
 * Commands run from the repository root through /bin/sh, as a reader would type them after the
 * README's set-up (npm install && npm run build), with stdout not a terminal and COLUMNS unset
 * (tables are laid out for 120 columns).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROMPT = '$ npx warodds ';

/** The files whose examples run as printed: README.md and every page of docs/. */
export function documentFiles(root = '.') {
  return ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}
const EXAMPLE = /^\*\*Example \d+\*\*.*?`(npx warodds [^`]+)`/;
/** A command line of another form that looks like a runnable example (to be rewritten). */
export const STALE = /^\$ (warodds |node dist\/src\/cli\/main\.js )|^\*\*Example \d+\*\*.*?`(warodds |node dist)/;

/**
 * Every example: { command, output, line } with `line` the index of the command's line; `output`
 * is the text printed under it in the README.
 */
export function examplesOf(readme) {
  const lines = readme.split('\n');
  const examples = [];
  for (let i = 0; i < lines.length; i++) {
    const example = EXAMPLE.exec(lines[i]);
    if (example && !lines[i + 1]?.startsWith('```') && lines[i + 2]?.startsWith('```')) {
      let end = i + 3;
      while (!lines[end].startsWith('```')) end++;
      examples.push({ command: example[1], output: lines.slice(i + 3, end).join('\n'), line: i, first: i + 3, end });
      i = end;
      continue;
    }
    if (lines[i].startsWith('```') && lines[i + 1]?.startsWith(PROMPT)) {
      i++;
      while (!lines[i].startsWith('```')) {
        const start = i;
        i++;
        while (!lines[i].startsWith('```') && !lines[i].startsWith(PROMPT)) i++;
        // A blank line separates one command's output from the next command.
        const last = lines[i].startsWith('```') ? i : i - 1;
        examples.push({ command: lines[start].slice(2), output: lines.slice(start + 1, last).join('\n'), line: start, first: start + 1, end: last });
      }
    }
  }
  return examples;
}

/**
 * npm's cache for this process's examples, new and empty, as on the fresh machine the README's
 * set-up starts from. npx installs a local project into its cache once per path and never
 * refreshes it, so an older cache's link can point at a bin the project no longer builds there
 * (CI printed "sh: 1: warodds: Permission denied" for exactly that).
 */
let freshNpmCache;

/** Run an example's command line through the shell, as printed; its stdout without trailing blanks. */
export function runExample(command, cwd = process.cwd()) {
  freshNpmCache ??= mkdtempSync(join(tmpdir(), 'warodds-npm-cache-'));
  const env = { ...process.env, npm_config_cache: freshNpmCache };
  delete env.COLUMNS;
  delete env.FORCE_COLOR;
  return execSync(command, { cwd, shell: '/bin/sh', env, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] }).replace(/\s+$/, '');
}
