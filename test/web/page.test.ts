/**
 * The web page in headless Chromium (playwright-core), served by `warodds serve` from the build:
 * its numbers against the CLI's `--json` for the same question (each rule set; compare with its
 * further comparison where tied options may differ), unit files the
 * player drops joining the library (as `--units` does in the CLI), an edit in the
 * form changing the exact chart, Monte Carlo with a seed against the CLI's, the share link in a
 * fresh page, and the page at 360×740 (no horizontal overflow, measured in the DOM; a screenshot
 * is kept in test-output/screenshots/).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, CHROMIUM, launchChromium } from '../support/chromium.js';
import { runCli } from '../support/in-process.js';
import { type Served, serveWebPage } from '../support/serve.js';
import { defaultQuestion, type Question, questionToHash } from '../../src/web/question.js';

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

/** Every number of two JSON values equal within `tolerance` (relative to 1), every other value equal. */
function expectClose(actual: unknown, expected: unknown, tolerance: number, path = '$'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, tolerance, `${path}[${i}]`));
  } else if (typeof expected === 'object' && expected !== null) {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[k], v, tolerance, `${path}.${k}`);
  } else expect(actual, path).toEqual(expected);
}

/** The answer's JSON without its run record (the command lines are spelt differently). */
function numbers(json: unknown): unknown {
  const { run: _run, ...rest } = json as Record<string, unknown>;
  return rest;
}

async function generation(page: Page): Promise<number> {
  return Number(await page.getAttribute('.answer', 'data-generation'));
}

/** Wait for an answer newer than `after` (the page's generation counter), settled. */
async function answerAfter(page: Page, after: number, timeout = 60_000): Promise<unknown> {
  await page.waitForFunction(
    (g) => {
      const a = document.querySelector('.answer');
      return a !== null && Number(a.getAttribute('data-generation')) > g && a.getAttribute('data-pending') === 'no';
    },
    after,
    { timeout },
  );
  const error = await page.$('.answer .error');
  if (error) throw new Error(`the page answered with an error: ${await error.textContent()}`);
  return JSON.parse((await page.textContent('#answer-json'))!);
}

/** A fresh load of the page at the question's share link. */
async function open(page: Page, served: Served, q: Question): Promise<unknown> {
  await page.goto('about:blank');
  await page.goto(`${served.url}${questionToHash(q)}`);
  return answerAfter(page, 0);
}

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
    const cli = await runCli(attackArgs(p));
    expect(cli.stderr).toBe('');
    expectClose(numbers(shown), numbers(JSON.parse(cli.stdout)), 1e-12);
  });

  it('a whole fight round by round equals the CLI fight --json', async () => {
    const shown = await open(page, served, { ...defaultQuestion(), ask: 'fight', system: 'ninth-age', attacker: 'knights', target: 'halberdiers', charge: true, rounds: 4 });
    const cli = await runCli(['fight', '--attacker', 'ninth-age/knights', '--target', 'ninth-age/halberdiers', '--charge', '--rounds', '4', '--json']);
    expectClose(numbers(shown), numbers(JSON.parse(cli.stdout)), 1e-12);
  });

  it('kills ranks every unit of the rule set as the CLI does', async () => {
    const shown = (await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'hott', target: 'blades' })) as object;
    const cli = await runCli(['kills', 'hott/blades', '--json']);
    expectClose(numbers(shown), numbers(JSON.parse(cli.stdout)), 1e-12);
  });

  it('compare of whfb/knights: tied in close combat, the charge comparison below it equals the CLI --json alsoUnder', async () => {
    const shown = (await open(page, served, { ...defaultQuestion(), ask: 'compare', system: 'warhammer-fantasy', attacker: 'knights', target: 'halberdiers' })) as { alsoUnder?: { situation: string } };
    const cli = await runCli(['compare', 'whfb/knights', '--target', 'whfb/halberdiers', '--json']);
    expect(cli.stderr).toBe('');
    const expected = JSON.parse(cli.stdout) as { alsoUnder?: { situation: string; targets: Array<{ winners: string[] }> } };
    // The CLI's answer has the charge block, where the lance (the unit as written) wins.
    expect(expected.alsoUnder?.situation).toBe('charge');
    expect(expected.alsoUnder!.targets.map((t) => t.winners)).toEqual([['default']]);
    expectClose(shown.alsoUnder, expected.alsoUnder, 1e-12);
    expectClose(numbers(shown), numbers(expected), 1e-12);
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

  it('unit files dropped on the page join the library: kills ranks them as the CLI does with --units; a bad file is named', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'ninth-age', target: 'halberdiers' });
    const g = await generation(page);
    const army = join(FIXTURES, 'my-army');
    await page.setInputFiles('#unit-files', [join(army, 'veteran-knights.json'), join(army, 'militia.json'), join(FIXTURES, 'not-a-unit.json')]);
    const shown = await answerAfter(page, g);
    expect(await page.textContent('#my-units')).toContain('ninth-age/veteran-knights, ninth-age/militia');
    expect(await page.textContent('.mine .error')).toMatch(/^not-a-unit\.json: .*models/);
    const cli = await runCli(['kills', 'ninth-age/halberdiers', '--units', army, '--json']);
    expectClose(numbers(shown), numbers(JSON.parse(cli.stdout)), 1e-12);
    expect(JSON.stringify(shown)).toContain('veteran-knights');
  });

  it('a BattleScribe roster dropped on the page joins the library: kills ranks its units as the CLI does with --units', async () => {
    await open(page, served, { ...defaultQuestion(), ask: 'kills', system: 'kings-of-war', target: 'spear-regiment' });
    const g = await generation(page);
    const roster = fileURLToPath(new URL('../fixtures/bsdata/kings-of-war/army.ros', import.meta.url));
    await page.setInputFiles('#unit-files', [roster]);
    const shown = await answerAfter(page, g);
    expect(await page.textContent('#my-units')).toMatch(/kings-of-war\/\S+\/\S+/);
    const cli = await runCli(['kills', 'kow/spear-regiment', '--units', roster, '--json']);
    expect(cli.stderr).toBe('');
    const expected = JSON.parse(cli.stdout);
    expectClose(numbers(shown), numbers(expected), 1e-12);
    // The rules of the roster that are not modelled are named, as in the CLI's record.
    expect((shown as { run: { notModelled?: string[] } }).run.notModelled).toEqual(expected.run.notModelled);
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

  it('the share link gives the same answer in a fresh page', async () => {
    const q: Question = { ...defaultQuestion(), system: 'warhammer-fantasy', attacker: 'knights', target: 'halberdiers', charge: true, edited: {} };
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
