/**
 * The web page in headless Chromium (playwright-core), served by `warodds serve` from the build:
 * its numbers against the CLI's `--json` for the same question (each rule set; compare with its
 * further comparison where tied options may differ), unit files the
 * player drops joining the library (as `--units` does in the CLI), an edit in the
 * form changing the exact chart, Monte Carlo with a seed against the CLI's, the share link in a
 * fresh page, and the page at 360×740 (no horizontal overflow, measured in the DOM; a screenshot
 * is kept in test-output/screenshots/).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, CHROMIUM, launchChromium } from '../support/chromium.js';
import { runCli } from '../support/in-process.js';
import { type Served, serveWebPage } from '../support/serve.js';
import { answerAfter, expectAsCli, expectClose, generation, numbers, openQuestion as open } from '../support/web-answers.js';
import { defaultQuestion, type Question, questionToHash } from '../../src/web/question.js';

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

const PAIRS: Array<Pick<Question, 'system' | 'attacker' | 'target'> & Partial<Question>> = [
  { system: 'ninth-age', attacker: 'knights', target: 'halberdiers', charge: true },
  { system: 'warhammer-fantasy', attacker: 'great-weapon-elites', target: 'halberdiers' },
  { system: 'kings-of-war', attacker: 'heavy-cavalry', target: 'spear-regiment', charge: true },
  { system: 'age-of-sigmar', attacker: 'liberators', target: 'clawlord', attackerOption: 'all-warhammers' },
  { system: 'hott', attacker: 'knights', target: 'blades' },
];

function attackArgs(p: (typeof PAIRS)[number]): string[] {
  return ['attack', '--attacker', `${p.system}/${p.attacker}`, '--target', `${p.system}/${p.target}`, ...(p.attackerOption ? ['--attacker-option', p.attackerOption] : []), ...(p.charge ? ['--charge'] : []), ...(p.system === 'age-of-sigmar' ? ['--stages'] : []), '--json'];
}

describe.skipIf(!chromiumAvailable())(`the web page in headless Chromium (${CHROMIUM})`, () => {
  let served: Served;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [served, browser] = await Promise.all([serveWebPage(), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it.each(PAIRS)('library units of $system: the numbers equal the CLI --json to 1e-12', async (p) => {
    const shown = await open(page, served, { ...defaultQuestion(), ...p });
    expectAsCli(shown, await runCli(attackArgs(p)));
  });

  it('a whole fight round by round equals the CLI fight --json', async () => {
    const shown = await open(page, served, { ...defaultQuestion(), ask: 'fight', system: 'ninth-age', attacker: 'knights', target: 'halberdiers', charge: true, rounds: 4 });
    expectAsCli(shown, await runCli(['fight', '--attacker', 'ninth-age/knights', '--target', 'ninth-age/halberdiers', '--charge', '--rounds', '4', '--json']));
  });

  it('kills ranks every unit of the rule set as the CLI does', async () => {
    const shown = (await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'hott', target: 'blades' })) as object;
    expectAsCli(shown, await runCli(['kills', 'hott/blades', '--json']));
  });

  it('compare of whfb/knights: tied in close combat, the charge comparison below it equals the CLI --json alsoUnder', async () => {
    const shown = (await open(page, served, { ...defaultQuestion(), ask: 'compare', system: 'warhammer-fantasy', attacker: 'knights', target: 'halberdiers' })) as { alsoUnder?: { situation: string } };
    const expected = expectAsCli(shown, await runCli(['compare', 'whfb/knights', '--target', 'whfb/halberdiers', '--json'])) as { alsoUnder?: { situation: string; targets: Array<{ winners: string[] }> } };
    // The CLI's answer has the charge block, where the lance (the unit as written) wins.
    expect(expected.alsoUnder?.situation).toBe('charge');
    expect(expected.alsoUnder!.targets.map((t) => t.winners)).toEqual([['default']]);
    expectClose(shown.alsoUnder, expected.alsoUnder, 1e-12);
    // Shown under the first comparison, with the CLI's words, its own charts and table.
    const answerText = (await page.textContent('.answer'))!;
    expect(answerText).toContain('The options change nothing in this situation (no charge, close combat); they may differ only where it is not asked: on the charge, shown below.');
    expect(await page.textContent('#also-under-heading')).toBe('On the charge (--charge)');
    const also = page.locator('.also-under');
    expect(await also.locator('.verdict').first().textContent()).toMatch(/^Against Halberdiers: default does more wounds on average/);
    expect(await also.locator('figure.chart').count()).toBeGreaterThan(0);
    expect(await also.locator('caption').first().textContent()).toBe('Per target and option, on the charge (--charge)');
    // Options that differ already get no further block.
    await open(page, served, { ...defaultQuestion(), ask: 'compare', system: 'age-of-sigmar', attacker: 'liberators', target: 'clawlord' });
    expect(await page.$('.also-under')).toBeNull();
  });

  it('what P(remove) counts, chosen in the form, equals the CLI --remove break --json; the record and command line say so', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'warhammer-fantasy', target: 'halberdiers' });
    const g = await generation(page);
    await page.selectOption('#remove', 'break');
    const shown = await answerAfter(page, g);
    const expected = expectAsCli(shown, await runCli(['kills', 'whfb/halberdiers', '--remove', 'break', '--json']));
    expect((shown as { run: { assumed: string[] } }).run.assumed).toEqual(expected.run.assumed);
    expect(await page.textContent('#cli-command')).toBe('warodds kills warhammer-fantasy/halberdiers --remove break');
    // Kings of War has no break test: the choice is to waver or rout it (§6); an engagement counts removal only
    await page.selectOption('#system', 'kings-of-war');
    expect(await page.locator('#remove option').allTextContents()).toEqual(['to rout it', 'to waver or rout it']);
    await page.fill('#steps', '2');
    expect(await page.locator('#remove').count()).toBe(0);
  });

  it('an engagement: kills of kow over 2 turns, typed into the Turns control, equals the CLI --turns 2 --json', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'kings-of-war', target: 'spear-regiment' });
    const g = await generation(page);
    await page.fill('#steps', '2');
    const shown = await answerAfter(page, g);
    const expected = expectAsCli(shown, await runCli(['kills', 'kow/spear-regiment', '--turns', '2', '--json']));
    // The record: the same situation, assumptions and notes as the CLI's.
    const record = (r: { run: Record<string, unknown> }) => ({ situation: r.run.situation, assumed: r.run.assumed, notes: r.run.notes });
    expect(record(shown as { run: Record<string, unknown> })).toEqual(record(expected));
    // The rule set's word, turn by turn, as the CLI prints it; the command line asks the same.
    expect(await page.textContent('caption')).toBe('Attackers ranked by P(rout within 2 turns)');
    expect(await page.locator('th[scope="col"]').allTextContents()).toEqual(['attacker', 'P(rout) by turn 1', 'P(rout) by turn 2', 'mean damage carried']);
    expect(await page.textContent('#cli-command')).toBe('warodds kills kings-of-war/spear-regiment --turns 2');
    expect(await page.textContent('#provenance')).toContain('turns: 2');
  });

  it('an engagement of HOTT bounds by pairs of attackers equals the CLI --bounds 4 --pairs --json, pairs the rules refuse named', async () => {
    const shown = (await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'hott', target: 'stronghold', steps: 4, pairs: true })) as { refused: string[] };
    expectAsCli(shown, await runCli(['kills', 'hott/stronghold', '--bounds', '4', '--pairs', '--json']));
    expect(shown.refused.length).toBeGreaterThan(0);
    expect(await page.textContent('.answer')).toMatch(/\d+ pairs the rules do not allow, not ranked/);
    expect(await page.textContent('#cli-command')).toBe('warodds kills hott/stronghold --bounds 4 --pairs');
  });

  it('compare against two targets, the second ticked in the form, equals the CLI --target a,b --json', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'compare', system: 'age-of-sigmar', attacker: 'liberators', target: 'clawlord' });
    const g = await generation(page);
    await page.check('[id="more-target-example-shooters"]');
    const shown = (await answerAfter(page, g)) as { targets: unknown[] };
    expect(shown.targets).toHaveLength(2);
    expectAsCli(shown, await runCli(['compare', 'aos/liberators', '--target', 'aos/clawlord,aos/example-shooters', '--json']));
    expect(await page.textContent('#cli-command')).toBe('warodds compare age-of-sigmar/liberators --target age-of-sigmar/clawlord,age-of-sigmar/example-shooters');
    expect(await page.textContent('.answer')).toContain('default wins against every target.');
  });

  it("the grid's axes, cells and base target equal the CLI table --rows --cols --metric --target --json", async () => {
    const q: Question = { ...defaultQuestion(), ask: 'table', system: 'age-of-sigmar', attacker: 'example-shooters', shooting: true, rows: 'save=3..6,none', cols: 'health=1..3', metric: 'p>=3', gridTarget: 'example-horde' };
    const shown = await open(page, served, q);
    expectAsCli(shown, await runCli(['table', 'aos/example-shooters', '--shooting', '--rows', 'save=3..6,none', '--cols', 'health=1..3', '--metric', 'p>=3', '--target', 'aos/example-horde', '--json']));
    // A bad axis is the CLI's one line, naming the flag and what it allows.
    const g = await generation(page);
    await page.fill('#grid-rows', 'colour=red');
    await page.waitForFunction((after) => Number(document.querySelector('.answer')!.getAttribute('data-generation')) > after, g);
    expect(await page.textContent('.answer .error')).toMatch(/^--rows: age-of-sigmar has no table key 'colour' \(allowed: /);
  });

  it("an engagement past the meter is refused in the CLI's line at once, and the page goes on answering", async () => {
    // Six large Age of Sigmar units brought by the player: every unit of the rule set against one of them over 2 battle rounds.
    const folder = mkdtempSync(join(tmpdir(), 'warodds-web-mobs-'));
    const files = Array.from({ length: 6 }, (_, k) => {
      const file = join(folder, `mob-${k + 1}.json`);
      const weapons = [{ name: 'Blade', attacks: 3, hit: '3+', wound: '3+', rend: '1', damage: 'D3' }];
      writeFileSync(file, JSON.stringify({ system: 'age-of-sigmar', name: `Mob ${k + 1}`, models: 20, health: 3 + k, save: '4+', keywords: ['infantry'], weapons }));
      return file;
    });
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'age-of-sigmar', target: 'clawlord', charge: true });
    let g = await generation(page);
    await page.setInputFiles('#unit-files', files);
    await answerAfter(page, g);
    g = await generation(page);
    await page.selectOption('#target-unit', 'mob-6');
    await answerAfter(page, g);
    g = await generation(page);
    await page.fill('#steps', '2');
    await page.waitForFunction((after) => Number(document.querySelector('.answer')!.getAttribute('data-generation')) > after, g, { timeout: 30_000 });
    const cli = await runCli(['kills', 'aos/mob-6', '--units', folder, '--turns', '2', '--charge']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/^warodds: too large for the exact engine: kills of age-of-sigmar\/mob-6 over 2 turns \(/);
    expect(await page.textContent('.answer .error')).toBe(cli.stderr.trim().replace(/^warodds: /, ''));
    // The page answers the next edit (one attack each).
    g = await generation(page);
    await page.fill('#steps', '');
    await answerAfter(page, g);
  });

  it('unit files dropped on the page join the library: kills ranks them as the CLI does with --units; a bad file is named', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'ninth-age', target: 'halberdiers' });
    const g = await generation(page);
    const army = join(FIXTURES, 'my-army');
    await page.setInputFiles('#unit-files', [join(army, 'veteran-knights.json'), join(army, 'militia.json'), join(FIXTURES, 'not-a-unit.json')]);
    const shown = await answerAfter(page, g);
    expect(await page.textContent('#my-units')).toContain('ninth-age/veteran-knights, ninth-age/militia');
    expect(await page.textContent('.mine .error')).toMatch(/^not-a-unit\.json: .*models/);
    expectAsCli(shown, await runCli(['kills', 'ninth-age/halberdiers', '--units', army, '--json']));
    expect(JSON.stringify(shown)).toContain('veteran-knights');
  });

  it('a BattleScribe roster dropped on the page joins the library: kills ranks its units as the CLI does with --units', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'kings-of-war', target: 'spear-regiment' });
    const g = await generation(page);
    const roster = fileURLToPath(new URL('../fixtures/bsdata/kings-of-war/army.ros', import.meta.url));
    await page.setInputFiles('#unit-files', [roster]);
    const shown = await answerAfter(page, g);
    expect(await page.textContent('#my-units')).toMatch(/kings-of-war\/\S+\/\S+/);
    const expected = expectAsCli(shown, await runCli(['kills', 'kow/spear-regiment', '--units', roster, '--json']));
    // The rules of the roster that are not modelled are named, as in the CLI's record.
    expect((shown as { run: { notModelled?: string[] } }).run.notModelled).toEqual(expected.run.notModelled);
    // The record says whose units were ranked, in the CLI's words
    expect((shown as { run: { assumed: string[] } }).run.assumed).toEqual(expected.run.assumed);
  });

  it('picking units in the form, then editing one, changes the exact chart', async () => {
    await open(page, served, defaultQuestion());
    let g = await generation(page);
    await page.selectOption('#system', 'kings-of-war');
    await answerAfter(page, g);
    g = await generation(page);
    await page.selectOption('#attacker-unit', 'heavy-cavalry');
    const library = (await answerAfter(page, g)) as { damage: { mean: number } };
    const before = await page.getAttribute('figure.chart', 'data-series');
    g = await generation(page);
    await page.click('text=Edit attacker');
    // Typed as a player types: the value, then the input event the form listens to.
    await page.locator('[id="field-attacker.att"]').evaluate((input: HTMLInputElement) => {
      input.value = '30';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const edited = (await answerAfter(page, g)) as { damage: { mean: number } };
    const after = await page.getAttribute('figure.chart', 'data-series');
    expect(after).not.toBe(before);
    // 30 attacks instead of 16 hitting on 3+ and damaging on the target's defence: more damage.
    expect(edited.damage.mean).toBeGreaterThan(library.damage.mean);
    expect(await page.textContent('.answer')).toContain('(edited)');
  });

  it.each(PAIRS)('Monte Carlo of $system with a seed gives the CLI numbers for the same seed', async (p) => {
    // More than one chunk of 65,536 samples: the chunks' seeds and their order are the CLI's.
    const q: Question = { ...defaultQuestion(), ...p, engine: 'mc', samples: 70_000, seed: 'browser test' };
    await page.goto('about:blank');
    await page.goto(`${served.url}${questionToHash(q)}`);
    const g = await generation(page);
    await page.click('#run');
    const shown = await answerAfter(page, g);
    const cli = await runCli([...attackArgs(p), '--mc', '--samples', '70000', '--seed', 'browser test']);
    expect(cli.stderr).toBe('');
    expect(numbers(shown)).toEqual(numbers(JSON.parse(cli.stdout)));
  });

  it('a long Monte Carlo run shows its rate and time left, the page answers meanwhile, and Cancel stops it', async () => {
    const q: Question = { ...defaultQuestion(), engine: 'mc', samples: 2_000_000_000, seed: 'cancel' };
    await page.goto('about:blank');
    await page.goto(`${served.url}${questionToHash(q)}`);
    await page.click('#run');
    await page.waitForFunction(() => /samples\/s · [\d.]+ s left/.test(document.querySelector('.progress')?.textContent ?? ''), undefined, { timeout: 60_000 });
    // The page is not frozen: a script runs and the form still takes input while the workers roll.
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await page.fill('#seed', 'cancel');
    await page.click('#cancel');
    await page.waitForSelector('.progress', { state: 'detached', timeout: 30_000 });
    expect(await page.$('.answer .error')).toBeNull();
    expect(await page.isVisible('#run')).toBe(true);
  });

  it.each<[string, Partial<Question>]>([
    ['an attack', { system: 'warhammer-fantasy', attacker: 'knights', target: 'halberdiers', charge: true, edited: {} }],
    ['compare over 3 turns against two targets', { ask: 'compare', system: 'kings-of-war', attacker: 'dragon', target: 'warrior-horde', moreTargets: ['spear-regiment'], steps: 3 }],
  ])('the share link of %s gives the same answer in a fresh page', async (_, change) => {
    const q: Question = { ...defaultQuestion(), ...change };
    const first = await open(page, served, q);
    const link = await page.getAttribute('#share-link', 'href');
    const fresh = await browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      await fresh.goto(link!);
      expect(await answerAfter(fresh, 0)).toEqual(first);
      expect(await fresh.textContent('#cli-command')).toBe(await page.textContent('#cli-command'));
    } finally {
      await fresh.close();
    }
  });

  it('at 360×740 nothing overflows sideways, for every question (screenshots kept)', async () => {
    const questions: Array<[string, Question]> = [
      ...(['attack', 'fight', 'kills', 'compare', 'table'] as const).map((ask): [string, Question] => [ask, { ...defaultQuestion(), ask, system: 'ninth-age', attacker: 'line-infantry-spears', target: 'halberdiers' }]),
      // A comparison with its further block (tied options compared again on the charge).
      ['compare-also', { ...defaultQuestion(), ask: 'compare', system: 'warhammer-fantasy', attacker: 'knights', target: 'halberdiers' }],
      // The engagement's length and pairs, further targets, the grid's axes.
      ['kills-turns-pairs', { ...defaultQuestion(), ask: 'kills', system: 'kings-of-war', target: 'spear-regiment', steps: 2, pairs: true }],
      ['compare-targets', { ...defaultQuestion(), ask: 'compare', system: 'kings-of-war', attacker: 'dragon', target: 'warrior-horde', moreTargets: ['spear-regiment', 'elf-archers'], steps: 3 }],
      ['table-axes', { ...defaultQuestion(), ask: 'table', system: 'age-of-sigmar', attacker: 'liberators', rows: 'save=2..6,none', cols: 'health=1..5' }],
    ];
    for (const [ask, q] of questions) {
      await open(page, served, q);
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.table-box')).map((e) => e.tagName + '.' + e.className),
      }));
      expect(overflow.scroll, ask).toBeLessThanOrEqual(360);
      expect(overflow.wide, ask).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, `web-${ask}-360.png`), fullPage: true });
    }
  });
});
