/**
 * Hostile and careless input: special files, files written, inherited property names,
 * flags that do not mix, duplicate keys, unit folders, escaped excerpts, numeric limits and table
 * sizes. Every refusal is one line on stderr, nothing on stdout, exit 2 — and comes at once.
 * The commands run in-process.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGridSize, MAX_GRID_CELLS } from '../../src/analysis/grid.js';
import { MAX_INPUT_FILE_BYTES } from '../../src/json-file.js';
import { type CliResult, isOneLineRefusal, runCli } from '../support/in-process.js';

const PLAIN = 'src/data/generic/scenarios/plain.json';
const GENERIC = ['attack', '--attacks', '3', '--hit', '3', '--wound', '4'];

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'warodds-input-'));
}

function expectRefusal(r: CliResult, message: RegExp): void {
  expect(r.stderr).toMatch(message);
  expect(isOneLineRefusal(r), JSON.stringify(r)).toBe(true);
}

/** Run and time a command: special files must be refused at once, not after reading them. */
async function timed(args: string[]): Promise<CliResult & { ms: number }> {
  const start = performance.now();
  const r = await runCli(args);
  return { ...r, ms: performance.now() - start };
}

function mkfifo(path: string): void {
  const r = spawnSync('mkfifo', [path]);
  if (r.status !== 0) throw new Error(`mkfifo failed: ${r.stderr}`);
}


/** A JSON answer without its "run" record (which names the command line, so differs between two spellings of one question). */
function withoutRun(stdout: string): unknown {
  const { run: _run, ...answer } = JSON.parse(stdout);
  return answer;
}

describe('files read: only regular files of at most 10 MB', () => {
  const dir = scratch();
  const fifo = join(dir, 'pipe.json');
  mkfifo(fifo);
  symlinkSync('/dev/zero', join(dir, 'zero.json'));
  symlinkSync(join(dir, 'pipe.json'), join(dir, 'to-pipe.json'));
  const big = join(dir, 'big.json');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, MAX_INPUT_FILE_BYTES + 1); // sparse: costs no disk
  closeSync(fd);
  symlinkSync(join(process.cwd(), PLAIN), join(dir, 'link-to-plain.json'));

  const cases: Array<[string, RegExp]> = [
    ['/dev/zero', /^warodds: --scenario: '\/dev\/zero' is a device, not a regular file$/m],
    ['/dev/urandom', /^warodds: --scenario: '\/dev\/urandom' is a device, not a regular file$/m],
    [fifo, /is a FIFO \(named pipe\), not a regular file$/m],
    [join(dir, 'zero.json'), /zero\.json' is a device, not a regular file$/m],
    [join(dir, 'to-pipe.json'), /to-pipe\.json' is a FIFO \(named pipe\), not a regular file$/m],
    [dir, /is a directory, not a regular file$/m],
    [big, /big\.json' is larger than 10 MB$/m],
  ];
  for (const [file, message] of cases)
    it(`--scenario ${file.replace(dir, 'DIR')} is refused at once`, async () => {
      const r = await timed(['attack', '--scenario', file]);
      expectRefusal(r, message);
      expect(r.ms).toBeLessThan(1000);
    });

  it('a symlink to a regular file is read like the file', async () => {
    const viaLink = await runCli(['attack', '--scenario', join(dir, 'link-to-plain.json'), '--json']);
    const direct = await runCli(['attack', '--scenario', PLAIN, '--json']);
    expect(viaLink.code).toBe(0);
    expect(withoutRun(viaLink.stdout)).toEqual(withoutRun(direct.stdout)); // the answer; "run" records the command line
  });

  it('a FIFO, a device or a huge file among the unit files of --units is refused at once', async () => {
    for (const [make, message] of [
      [(d: string) => mkfifo(join(d, 'age-of-sigmar', 'pipe.json')), /pipe\.json' is a FIFO/],
      [(d: string) => symlinkSync('/dev/urandom', join(d, 'age-of-sigmar', 'random.json')), /random\.json' is a device/],
      [(d: string) => copyFileSync(big, join(d, 'age-of-sigmar', 'big.json')), /big\.json' is larger than 10 MB/],
    ] as const) {
      const units = scratch();
      mkdirSync(join(units, 'age-of-sigmar'));
      make(units);
      // The other units load; the bad file is named on stderr, and asking for its unit is refused.
      const r = await timed(['units', 'aos', '--units', units]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(message);
      const id = ['pipe', 'random', 'big'].find((n) => message.source.includes(n))!;
      expectRefusal(await timed(['kills', `aos/${id}`, '--units', units]), message);
      expect(r.ms).toBeLessThan(2000);
    }
  });

  it('--units naming a FIFO or a device is not a directory', async () => {
    expectRefusal(await runCli(['units', '--units', fifo]), /^warodds: --units: '.*pipe\.json' is not a directory$/m);
    expectRefusal(await runCli(['units', '--units', '/dev/zero']), /^warodds: --units: '\/dev\/zero' is not a directory$/m);
  });
});

describe('files written: --html FILE only replaces a regular file, atomically', () => {
  const TABLE = ['table', 'aos/clawlord', '--rows', 'save=4+', '--cols', 'ward=none'];

  it('a directory, a FIFO or a symlink (even to a regular file) is refused with one line and left as it was', async () => {
    const dir = scratch();
    const fifo = join(dir, 'fifo');
    mkfifo(fifo);
    const target = join(dir, 'target.html');
    writeFileSync(target, 'keep me');
    symlinkSync(target, join(dir, 'link.html'));
    symlinkSync('/dev/null', join(dir, 'null.html'));
    for (const [path, kind] of [
      [dir, 'a directory'],
      [fifo, 'a FIFO \\(named pipe\\)'],
      [join(dir, 'link.html'), 'a symbolic link'],
      [join(dir, 'null.html'), 'a symbolic link'],
    ]) {
      const r = await runCli([...TABLE, '--html', path]);
      expectRefusal(r, new RegExp(`^warodds: --html: '.*' is ${kind}; warodds writes only to a regular file or a new path$`, 'm'));
    }
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['fifo', 'link.html', 'null.html', 'target.html']); // no temporary file left
  });

  // A device node of our own (root may create one): if the refusal ever broke, only this copy of
  // /dev/null would be replaced, never the machine's /dev/full.
  const devDir = scratch();
  const device = join(devDir, 'null-device');
  const canMknod = spawnSync('mknod', [device, 'c', '1', '3']).status === 0;
  it.runIf(canMknod)('a device node is refused and stays a device', async () => {
    expectRefusal(await runCli([...TABLE, '--html', device]), /' is a device; warodds writes only/);
    expect(statSync(device).isCharacterDevice()).toBe(true);
  });

  it('an existing file keeps its permission bits; a new one is created; no temporary file is left', async () => {
    const dir = scratch();
    const existing = join(dir, 'existing.html');
    writeFileSync(existing, 'old');
    chmodSync(existing, 0o640);
    expect((await runCli([...TABLE, '--html', existing])).code).toBe(0);
    expect(statSync(existing).mode & 0o7777).toBe(0o640);
    expect(readFileSync(existing, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    const fresh = join(dir, 'new.html');
    expect((await runCli([...TABLE, '--html', fresh])).code).toBe(0);
    expect(readFileSync(fresh, 'utf8')).toMatch(/<\/html>\s*$/);
    expect(readdirSync(dir).sort()).toEqual(['existing.html', 'new.html']);
  });

  it('a missing folder is one line; nothing is created', async () => {
    const dir = scratch();
    expectRefusal(await runCli([...TABLE, '--html', join(dir, 'no', 'such.html')]), /^warodds: --html: cannot write '.*such\.html': its folder '.*no' does not exist$/m);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('option names, table keys, unit ids and rule ids are own properties only', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
    it(`'${name}' is an unknown option, unit or key`, async () => {
      expectRefusal(await runCli(['table', 'aos/clawlord', '--option', name]), new RegExp(`has no option '${name}' \\(it has: default, damaged\\)`));
      expectRefusal(await runCli(['attack', '--attacker', 'aos/liberators', '--attacker-option', name, '--target', 'aos/clawlord']), /has no option/);
      expectRefusal(await runCli(['compare', 'aos/liberators', '--options', `default,${name}`]), /has no option/);
      expectRefusal(await runCli(['kills', `aos/${name}`]), /unknown unit|is not a unit id/);
      expectRefusal(await runCli(['table', 'aos/clawlord', '--rows', `${name}=1`]), /has no table key 'constructor'|is not key=values/);
    });

  it("--rows constructor=1 names the allowed keys (it used to fail with 'spec.check is not a function')", async () => {
    expectRefusal(await runCli(['table', 'aos/clawlord', '--rows', 'constructor=1']), /^warodds: --rows: age-of-sigmar has no table key 'constructor' \(allowed: save, ward, health, models\)$/m);
  });

  // One rule list of each rule set, with 'constructor' added: an unknown rule, never a silent no-op.
  const RULE_LISTS: Array<[string, (s: any) => void, RegExp]> = [
    ['src/data/age-of-sigmar/scenarios/ex01-liberators-vs-clawlord.json', (s) => s.attacker.weapons[0].abilities.unshift('constructor'), /unknown weapon ability 'constructor'/],
    ['src/data/kings-of-war/scenarios/example-14-thunderous-charge-battered-regiment.json', (s) => s.attacker.rules.unshift('constructor'), /unknown rule 'constructor'/],
    ['src/data/ninth-age/scenarios/great-weapons-vs-monster.json', (s) => s.target.rules.unshift('constructor'), /unknown rule 'constructor'/],
    ['src/data/warhammer-fantasy/scenarios/knights-charge-halberdiers.json', (s) => s.attacker.rules.unshift('constructor'), /unknown rule 'constructor'/],
  ];
  for (const [file, edit, message] of RULE_LISTS)
    it(`rule 'constructor' in ${file.split('/')[2]}`, async () => {
      const scenario = JSON.parse(readFileSync(file, 'utf8'));
      edit(scenario);
      const path = join(scratch(), 'scenario.json');
      writeFileSync(path, JSON.stringify(scenario));
      expectRefusal(await runCli(['attack', '--scenario', path]), message);
    });

  it('a unit may still define an option called constructor', async () => {
    const units = scratch();
    mkdirSync(join(units, 'age-of-sigmar'));
    const spearmen = JSON.parse(readFileSync('test/cli/fixtures/units-good/age-of-sigmar/my-spearmen.json', 'utf8'));
    spearmen.options = { constructor: { save: '3+' } };
    writeFileSync(join(units, 'age-of-sigmar', 'spearmen.json'), JSON.stringify(spearmen));
    const r = await runCli(['attack', '--attacker', 'aos/clawlord', '--target', 'aos/spearmen', '--target-option', 'constructor', '--units', units, '--json']);
    expect(r.code).toBe(0);
  });
});

describe('attack: the three ways to ask do not mix', () => {
  const cases: Array<[string[], RegExp]> = [
    [['attack', '--scenario', PLAIN, '--attacks', '3'], /^warodds: --scenario: cannot be combined with --attacks \(/m],
    [['attack', '--scenario', PLAIN, '--hit', '3', '--save', '4'], /cannot be combined with --hit, --save/],
    [['attack', '--scenario', PLAIN, '--no-spill'], /cannot be combined with --no-spill/],
    [['attack', '--scenario', PLAIN, '--attacker', 'aos/clawlord', '--target', 'aos/liberators'], /cannot be combined with --attacker, --target/],
    [['attack', '--scenario', PLAIN, '--charge'], /cannot be combined with --charge/],
    [['attack', '--attacker', 'aos/clawlord', '--target', 'aos/liberators', '--hit', '3'], /^warodds: --hit: is a flag of the generic pipeline and cannot be combined with --attacker\/--target units$/m],
    [['attack', '--attacker', 'aos/clawlord', '--target', 'aos/liberators', '--models', '5'], /^warodds: --models: is a flag of the generic pipeline/m],
    [[...GENERIC, '--charge'], /^warodds: --charge: applies to --attacker\/--target units only$/m],
    [[...GENERIC, '--situation', '{}'], /^warodds: --situation: applies to --attacker\/--target units only$/m],
  ];
  for (const [args, message] of cases) it(args.slice(1).join(' '), async () => expectRefusal(await runCli(args), message));

  it('engine, sampling and output flags go with any of them', async () => {
    expect((await runCli(['attack', '--scenario', PLAIN, '--exact', '--csv', '--seed', 'x'])).code).toBe(0);
  });

  for (const cmd of [
    ['attack', '--attacker', 'aos/liberators', '--target', 'kow/spear-regiment'],
    ['kills', 'kow/spear-regiment'],
    ['compare', 'kow/elf-archers'],
    ['table', 'kow/elf-archers'],
  ])
    it(`${cmd[0]}: --flank with --rear is an error`, async () => {
      expectRefusal(await runCli([...cmd, '--flank', '--rear']), /^warodds: option '--flank' cannot be used with option '--rear'$/m);
      expectRefusal(await runCli([...cmd, '--rear', '--flank']), /cannot be used with option/);
    });
});

describe('JSON files: duplicate keys, escaped excerpts, byte-order mark', () => {
  it('a key given twice is an error naming the key and where it is', async () => {
    const path = join(scratch(), 'dup.json');
    writeFileSync(path, '{"system": "generic",\n "attacker": {"attacks": 3, "hit": 3, "wound": 4, "hit": 2}}');
    expectRefusal(await runCli(['attack', '--scenario', path]), /^warodds: --scenario: '.*dup\.json': line 2, column 51: key 'attacker\.hit' appears twice in one object$/m);
  });

  it('a fight refuses a --situation of another kind (9th Age type, Warhammer Fantasy phase)', async () => {
    expectRefusal(
      await runCli(['fight', '--attacker', 't9a/archers', '--target', 't9a/archers', '--situation', '{"type":"shooting"}']),
      /^warodds: --situation: a fight is close combat; 'type' cannot be "shooting" here$/m,
    );
    expectRefusal(
      await runCli(['kills', 'whfb/knights', '--fight', '--situation', '{"phase":"melee"}']),
      /^warodds: --situation: a fight is close combat; 'phase' cannot be "melee" here$/m,
    );
  });

  it('--situation JSON with a repeated key is refused too', async () => {
    expectRefusal(await runCli(['kills', 'aos/clawlord', '--situation', '{"round": 1, "round": 2}']), /^warodds: --situation: line 1, column 14: key 'round' appears twice/m);
  });

  it('invalid JSON quotes a short excerpt with its control characters escaped', async () => {
    const path = join(scratch(), 'bad.json');
    writeFileSync(path, `{"system": "generic",\n\u001b[31m"attacker"\r\n${'#'.repeat(5000)}}`);
    const r = await runCli(['attack', '--scenario', path]);
    expectRefusal(r, /^warodds: --scenario: '.*bad\.json' is not valid JSON \(line 2, column 1: expected a key in double quotes near '….*\\n\\u001b\[31m"attack…'\)$/m);
    expect(r.stderr.length).toBeLessThan(200 + path.length);
  });

  it('a file name with control characters is shown escaped', async () => {
    const path = join(scratch(), 'evil\n\u001b[2Jname.json');
    expectRefusal(await runCli(['attack', '--scenario', path]), /evil\\n\\u001b\[2Jname\.json' \(no such file\)/);
  });

  it('a UTF-8 byte-order mark is accepted: the same answer as without it', async () => {
    const path = join(scratch(), 'bom.json');
    writeFileSync(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(PLAIN)]));
    const withBom = await runCli(['attack', '--scenario', path, '--json']);
    expect(withBom.code).toBe(0);
    expect(withoutRun(withBom.stdout)).toEqual(withoutRun((await runCli(['attack', '--scenario', PLAIN, '--json'])).stdout));
  });
});

describe('--units folders', () => {
  const SPEARMEN = readFileSync('test/cli/fixtures/units-good/age-of-sigmar/my-spearmen.json', 'utf8');

  it('two user files with the same id are an error naming both files', async () => {
    const units = scratch();
    mkdirSync(join(units, 'age-of-sigmar'));
    writeFileSync(join(units, 'age-of-sigmar', 'spearmen.json'), SPEARMEN);
    writeFileSync(join(units, 'spearmen.json'), JSON.stringify({ ...JSON.parse(SPEARMEN), system: 'aos' }));
    // Both files named by their whole paths (the scratch folder's random name may end in any letter).
    const r = await runCli(['units', '--units', units]);
    expect(r.stderr).toBe(`warodds: --units: unit 'age-of-sigmar/spearmen' is defined twice: '${join(units, 'age-of-sigmar', 'spearmen.json')}' and '${join(units, 'spearmen.json')}'\n`);
    expect(isOneLineRefusal(r), JSON.stringify(r)).toBe(true);
  });

  it('a user unit with the id of a built-in one replaces it', async () => {
    const units = scratch();
    mkdirSync(join(units, 'age-of-sigmar'));
    writeFileSync(join(units, 'age-of-sigmar', 'clawlord.json'), JSON.stringify({ ...JSON.parse(SPEARMEN), name: 'My own Clawlord' }));
    const r = await runCli(['units', 'aos', '--units', units, '--json']);
    const clawlords = JSON.parse(r.stdout).filter((u: { id: string }) => u.id === 'age-of-sigmar/clawlord');
    expect(clawlords).toHaveLength(1);
    expect(clawlords[0].name).toBe('My own Clawlord');
  });

  it('an option that is not an object is an error naming the option', async () => {
    const units = scratch();
    mkdirSync(join(units, 'age-of-sigmar'));
    writeFileSync(join(units, 'age-of-sigmar', 'spearmen.json'), JSON.stringify({ ...JSON.parse(SPEARMEN), options: { shields: { save: '4+' }, halberds: 5 } }));
    expectRefusal(await runCli(['kills', 'aos/spearmen', '--units', units]), /spearmen\.json': options\.halberds: must be an object of the fields this option replaces$/m);
  });

  it('hidden folders and files (.git, .DS_Store) are skipped, not taken for a rule set', async () => {
    const units = scratch();
    mkdirSync(join(units, 'age-of-sigmar'));
    mkdirSync(join(units, '.git'));
    writeFileSync(join(units, '.git', 'config.json'), 'not json');
    writeFileSync(join(units, '.hidden.json'), 'not json');
    writeFileSync(join(units, 'age-of-sigmar', 'spearmen.json'), SPEARMEN);
    const r = await runCli(['units', 'aos', '--units', units, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((u: { id: string }) => u.id)).toContain('age-of-sigmar/spearmen');
  });
});

describe('numeric flags name the real limit of their field', () => {
  // Each limit is checked against the field itself: the largest value quoted is accepted, the next refused.
  const LIMITS: Array<[string, number, number]> = [
    ['--models', 1, 1000],
    ['--attacker-models', 1, 1000],
    ['--health', 1, 1000],
    ['--rend', 0, 6],
  ];
  for (const [flag, min, max] of LIMITS)
    it(`${flag}: from ${min} to ${max}`, async () => {
      const message = new RegExp(`^warodds: ${flag}: expected a whole number from ${min} to ${max.toLocaleString('en')}, got '`, 'm');
      for (const bad of ['1e308', '99999999999999999999', String(max + 1), String(min - 1), '2.5', 'Infinity', 'NaN'])
        expectRefusal(await runCli([...GENERIC, flag, bad]), message);
      expect((await runCli([...GENERIC, flag, String(max)])).code).toBe(0);
      expect((await runCli([...GENERIC, flag, String(min)])).code).toBe(0);
    });

  it('--samples 1e308 names its range', async () => {
    expectRefusal(await runCli([...GENERIC, '--mc', '--samples', '1e308']), /^warodds: --samples: expected a whole number from 1 to 10,000,000,000, got '1e308'$/m);
  });
});

describe('table axes', () => {
  it('a value repeated on an axis is an error, also when written differently (4 and 4+, 3 and 03)', async () => {
    expectRefusal(await runCli(['table', 'aos/clawlord', '--rows', 'save=3+..5+,4']), /^warodds: --rows: save=4 repeats save=4\+ \(give each value once\)$/m);
    expectRefusal(await runCli(['table', 'aos/clawlord', '--rows', 'save=4,4+']), /save=4\+ repeats save=4 /);
    expectRefusal(await runCli(['table', 't9a/knights', '--cols', 't=3,03']), /^warodds: --cols: t=03 repeats t=3 /m);
  });

  it(`more than ${MAX_GRID_CELLS.toLocaleString('en')} cells needs --large; otherwise one line, exit 2, and nothing computed`, async () => {
    // Kings of War nerve values are free-form (waver/rout): 400 of them × 31 damage values = 12,400 cells.
    const nerves = Array.from({ length: 400 }, (_, i) => `${i + 1}/${i + 2}`).join(',');
    const r = await timed(['table', 'kow/elf-archers', '--rows', `nerve=${nerves}`, '--cols', 'damage=0..30']);
    expectRefusal(r, /^warodds: --rows\/--cols: 400 × 31 = 12,400 cells is more than 10,000; add --large to compute it anyway$/m);
    expect(r.ms).toBeLessThan(2000);
    expect(() => checkGridSize({ key: 'a', values: Array(100).fill('x') }, { key: 'b', values: Array(101).fill('y') }, false)).toThrow(/10,100 cells/);
    expect(() => checkGridSize({ key: 'a', values: Array(100).fill('x') }, { key: 'b', values: Array(101).fill('y') }, true)).not.toThrow();
    expect(() => checkGridSize({ key: 'a', values: Array(100).fill('x') }, { key: 'b', values: Array(100).fill('y') }, false)).not.toThrow();
  });
});
