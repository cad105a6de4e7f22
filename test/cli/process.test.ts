/**
 * The few tests that spawn the shipped CLI (package.json's bin, `node dist/bin/warodds.cjs`): everything else runs the
 * commands in-process (test/cli/helpers.ts), because each process costs a Node start-up. These
 * spawn because the process itself is what they check — main.ts turning the command's outcome
 * into the exit status, the output reaching a real stdout pipe, and worker threads starting in a
 * fresh process. One run per command; signals, a full device and a closed pipe are in
 * signals.test.ts, the README's first examples through the shell in readme.test.ts.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from './helpers.js';

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node CLI args`; or, with `asProgram`, the bin itself run as a program (its first line: sh). */
function run(args: string[], { asProgram = false, env = process.env }: { asProgram?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Ended> {
  const child = asProgram ? spawn(CLI, args, { stdio: ['ignore', 'pipe', 'pipe'], env }) : spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Each command once, with what its output must show. */
const SMOKE: Array<[string[], RegExp]> = [
  [['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'], /damage: mean 3\.333, sd 1\.667/],
  // The only Monte Carlo run in a fresh process: the compiled workers start and the process ends.
  [['check', 'generic/plain', '--samples', '20000', '--threads', '2'], /1 of 1 scenarios agree \(20,000 samples each/],
  [['demo'], /agreement: PASS[\s\S]*Engine: exact and Monte Carlo/],
  [['units', 'hott'], /hott\/blades/],
  [['scenarios', 'kow'], /kow\/dragon-breath-on-trolls/],
  [['kills', 'hott/knights'], /What kills Knights[\s\S]*ranked by P\(remove\)/],
  [['compare', 'aos/liberators', '--options', 'default,all-warhammers', '--targets', 'aos/clawlord'], /all-warhammers/],
  [['table', 'kow/dragon'], /P\(rout\); rows de, columns damage/],
  [['fight', '--scenario', 'whfb/fight-spearmen-vs-ogres', '--rounds', '2'], /whole fight \(exact\), up to 2 rounds/],
  [['matchups', 'blades'], /Blades against each opponent/],
];

describe('the built CLI in its own process', () => {
  it('every command: exit 0, its answer on stdout, nothing on stderr', async () => {
    // Two at a time: the machine has two cores.
    const results: Ended[] = [];
    for (let i = 0; i < SMOKE.length; i += 2) results.push(...(await Promise.all(SMOKE.slice(i, i + 2).map(([args]) => run(args)))));
    SMOKE.forEach(([args, shows], i) => {
      const r = results[i];
      expect({ command: args.join(' '), code: r.code, stderr: r.stderr }).toEqual({ command: args.join(' '), code: 0, stderr: '' });
      expect(r.stdout, args.join(' ')).toMatch(shows);
    });
  });

  it('bad input: exit 2, one line on stderr, nothing on stdout', async () => {
    const r = await run(['attack', '--attacks', '3', '--hit', '0', '--wound', '4']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^warodds: --hit: '0' is not allowed[^\n]*\n$/) });
  });

  it('the bin run as a program passes its arguments through unchanged and starts Node without NODE_EXTRA_CA_CERTS', async () => {
    // Node 20 warns on stderr when it cannot load the file NODE_EXTRA_CA_CERTS names: kept, the
    // variable would show there (scripts/build/launcher.cjs drops it: start-up).
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: '/nonexistent/extra-ca.pem' };
    expect((await run(['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'], { env })).stderr).toMatch(/Ignoring extra certs/);
    const good = await run(['attack', '--attacks', '20', '--hit', '3', '--wound', '4', '--save', '4'], { asProgram: true, env });
    expect(good).toEqual({ code: 0, stdout: expect.stringMatching(/damage: mean 3\.333, sd 1\.667/), stderr: '' });
    // An argument with a space and a quote reaches the command line as one argument.
    const bad = await run(['attack', '--attacks', '3', '--hit', "0 'x", '--wound', '4'], { asProgram: true, env });
    expect(bad).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^warodds: --hit: '0 'x' is not allowed[^\n]*\n$/) });
  });

  it('--help exits 0 with the example', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\$ npx warodds attack/);
  });
});
