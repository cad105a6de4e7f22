/**
 * The unit form drawn from each rule set's unit schema, in headless Chromium (playwright-core) on
 * the built page from `warodds serve`: a weapon profile added to an Age of Sigmar unit (its fields
 * typed, an ability chosen from the list) and one removed, and a rule chosen from the Kings of War
 * list, each answered as the CLI's `--json` answers a unit file holding the same unit (to 1e-12); a
 * value the rule set refuses shows its line, the one the CLI gives for that unit file, and the
 * last answer stays; a unit of each rule set loads into the form (every control labelled, tap
 * targets of a usable size) and, after a field is added and removed again, answers as the
 * library's unit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, CHROMIUM, launchChromium } from '../support/chromium.js';
import { runCli } from '../support/in-process.js';
import { type Served, serveWebPage } from '../support/serve.js';
import { answerAfter, expectAsCli, expectClose, generation, numbers, openQuestion } from '../support/web-answers.js';
import { defaultQuestion, type Question } from '../../src/web/question.js';
import liberators from '../../src/data/age-of-sigmar/units/liberators.json' with { type: 'json' };
import heavyCavalry from '../../src/data/kings-of-war/units/heavy-cavalry.json' with { type: 'json' };

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

/** The CLI's `attack --json` with this unit file (named as the page names an edited unit) as the attacker. */
async function cliWithUnit(dir: string, system: string, library: { name: string; options?: unknown }, body: Record<string, unknown>, target: string, flags: string[]): Promise<{ stdout: string; stderr: string }> {
  const { options: _options, ...rest } = library;
  const file = { ...rest, ...body, system, name: `${library.name} (edited)` };
  const folder = mkdtempSync(join(dir, 'units-'));
  writeFileSync(join(folder, 'edited.json'), JSON.stringify(file));
  return runCli(['attack', '--attacker', `${system}/edited`, '--target', `${system}/${target}`, '--units', folder, ...flags, '--json']);
}

describe.skipIf(!chromiumAvailable())(`the unit form from the rule set's schema, in headless Chromium (${CHROMIUM})`, () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    dir = mkdtempSync(join(tmpdir(), 'warodds-unit-form-'));
    [served, browser] = await Promise.all([serveWebPage(), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const aos: Question = { ...defaultQuestion(), system: 'age-of-sigmar', attacker: 'liberators', target: 'clawlord' };

  it('Age of Sigmar: a weapon profile added and filled in answers as the CLI does for a unit file with it', async () => {
    await openQuestion(page, served, aos);
    await page.click('#attacker-form >> xpath=ancestor::details/summary');
    let g = await generation(page);
    await page.click('#attacker-form button.add-entry');
    await answerAfter(page, g);
    // The new profile starts from the schema: its name, the smallest attacks, hit, wound and damage accepted.
    expect(await page.inputValue('[id="field-attacker.weapons.2.name"]')).toBe('weapons 3');
    g = await generation(page);
    await page.fill('[id="field-attacker.weapons.2.attacks"]', 'D3');
    await answerAfter(page, g);
    g = await generation(page);
    await page.fill('[id="field-attacker.weapons.2.hit"]', '4+');
    await answerAfter(page, g);
    g = await generation(page);
    await page.locator('[id="field-attacker.weapons.2"] select[aria-label="add to weapons 3 abilities"]').selectOption('crit-2-hits');
    const shown = await answerAfter(page, g);
    const weapons = [...liberators.weapons, { name: 'weapons 3', attacks: 'D3', hit: '4+', wound: 2, damage: 1, abilities: ['crit-2-hits'] }];
    expectAsCli(shown, await cliWithUnit(dir, 'age-of-sigmar', liberators, { weapons }, 'clawlord', ['--stages']));
    // At 360 px the open form does not overflow sideways (screenshot kept).
    const overflow = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.table-box')).map((e) => e.tagName + '.' + e.className));
    expect(overflow).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.locator('#attacker-form').screenshot({ path: join(SCREENSHOTS, 'web-unit-form-aos-360.png') });
  });

  it('Age of Sigmar: a weapon profile removed answers as the CLI does for a unit file without it', async () => {
    await openQuestion(page, served, aos);
    await page.click('#attacker-form >> xpath=ancestor::details/summary');
    const g = await generation(page);
    await page.click('#attacker-form [aria-label="remove weapons 2"]');
    const shown = await answerAfter(page, g);
    expectAsCli(shown, await cliWithUnit(dir, 'age-of-sigmar', liberators, { weapons: [liberators.weapons[0]] }, 'clawlord', ['--stages']));
  });

  it('Kings of War: a rule chosen from the list changes the answer as the CLI’s; a refused value shows the rule set’s line and the last answer stays', async () => {
    const q: Question = { ...defaultQuestion(), system: 'kings-of-war', attacker: 'heavy-cavalry', target: 'spear-regiment', charge: true };
    const library = (await openQuestion(page, served, q)) as { damage: { mean: number } };
    await page.click('#attacker-form >> xpath=ancestor::details/summary');
    let g = await generation(page);
    await page.locator('#attacker-form select[aria-label="add to rules"]').selectOption('elite');
    const shown = (await answerAfter(page, g)) as { damage: { mean: number } };
    expect(shown.damage.mean).not.toBe(library.damage.mean);
    expectAsCli(shown, await cliWithUnit(dir, 'kings-of-war', heavyCavalry, { rules: [...heavyCavalry.rules, 'elite'] }, 'spear-regiment', ['--charge']));

    // 0 attacks: refused by the rule set with the line the CLI gives for that unit file.
    g = await generation(page);
    const before = await page.textContent('#answer-json');
    await page.fill('[id="field-attacker.att"]', '0');
    const problem = (await page.textContent('#attacker-form-problem'))!;
    const refused = await cliWithUnit(dir, 'kings-of-war', heavyCavalry, { rules: [...heavyCavalry.rules, 'elite'], att: 0 }, 'spear-regiment', ['--charge']);
    expect(refused.stdout).toBe('');
    const line = /att: .*$/.exec(refused.stderr.trim())![0];
    expect(problem).toContain(line);
    // Nothing was asked: the answer is the last accepted unit's.
    await page.waitForTimeout(300);
    expect(await generation(page)).toBe(g);
    expect(await page.textContent('#answer-json')).toBe(before);
    expect(await page.$('.answer .error')).toBeNull();
    // A good value again: the line goes and the answer follows.
    await page.fill('[id="field-attacker.att"]', '16');
    await answerAfter(page, g);
    expect(await page.$('#attacker-form-problem')).toBeNull();
  });

  const PAIRS: Array<Pick<Question, 'system' | 'attacker' | 'target'>> = [
    { system: 'ninth-age', attacker: 'knights', target: 'halberdiers' },
    { system: 'warhammer-fantasy', attacker: 'great-weapon-elites', target: 'halberdiers' },
    { system: 'kings-of-war', attacker: 'heavy-cavalry', target: 'spear-regiment' },
    { system: 'age-of-sigmar', attacker: 'liberators', target: 'clawlord' },
    { system: 'hott', attacker: 'knights', target: 'blades' },
  ];

  it.each(PAIRS)('$system: the units load into the form, every control labelled; a field added and removed again answers as the library unit', async (p) => {
    const library = (await openQuestion(page, served, { ...defaultQuestion(), ...p })) as { scenario?: string };
    for (const side of ['attacker', 'target']) await page.click(`#${side}-form >> xpath=ancestor::details/summary`);
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll('.unit-form input, .unit-form select, .unit-form button')].map((e) => ({
        named: ((e as HTMLInputElement).labels?.length ?? 0) > 0 || !!e.getAttribute('aria-label') || (e.tagName === 'BUTTON' && !!e.textContent!.trim()),
        height: e.getBoundingClientRect().height,
        checkbox: (e as HTMLInputElement).type === 'checkbox',
        what: `${e.tagName}#${e.id}.${e.className}`,
      })),
    );
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.filter((c) => !c.named).map((c) => c.what)).toEqual([]);
    // Tap targets: at least 36 px high (checkboxes sit in a label that is).
    expect(controls.filter((c) => !c.checkbox && c.height < 36).map((c) => c.what)).toEqual([]);
    expect(await page.$('.form-problem')).toBeNull();
    let g = await generation(page);
    const add = page.locator('#attacker-form button.add-field').first();
    const added = (await add.textContent())!.replace(/^add /, '');
    await add.click();
    // The field at its starting value may be one the rule set refuses here: then nothing is asked.
    if ((await page.$('#attacker-form-problem')) === null) await answerAfter(page, g);
    g = await generation(page);
    await page.click(`#attacker-form [aria-label="remove ${added}"]`);
    const shown = (await answerAfter(page, g)) as { scenario?: string };
    // The answer is the edited unit's (the page names it so), with the library unit's numbers.
    expect(shown.scenario).toContain('(edited)');
    shown.scenario = shown.scenario!.replace(' (edited)', '');
    expectClose(numbers(shown), numbers(library), 1e-12);
  });
});
