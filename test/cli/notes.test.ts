/**
 * A fact the rules make irrelevant is accepted, the answer computed, and every output format
 * carries a note naming the field and why it changed nothing (GameSystem.notes → the run record):
 * the terminal, JSON `run.notes`, CSV comments, Markdown and the HTML page. Nothing goes to stderr.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warodds } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warodds-notes-'));

/** Run `args` in every format; each output carries `note` once, and the exit code is 0 with nothing on stderr. */
async function inEveryFormat(args: string[], note: string, formats = ['', '--json', '--csv', '--markdown']): Promise<void> {
  for (const format of formats) {
    const r = await warodds(format ? [...args, format] : args, { env: { COLUMNS: '400' } });
    expect(r.stderr, format).toBe('');
    expect(r.code, format).toBe(0);
    if (format === '--json') expect(JSON.parse(r.stdout).run.notes, format).toEqual([note]);
    else expect(r.stdout.split(note).length - 1, format).toBe(1);
  }
}

describe('notes in every output format', () => {
  it('HOTT: Blades charging Flyers is computed, with the §11.10 note in the answer, not on stderr', async () => {
    const file = join(dir, 'charge.json');
    writeFileSync(file, JSON.stringify({ system: 'hott', attacker: { type: 'blades' }, target: { type: 'flyers' } }));
    await inEveryFormat(['attack', '--scenario', file], 'situation.charged: only aerial elements, Paladins and Heroes may charge Flyers, unless they are already in combat (§5 Aéreas, §11.10)');
    // Blades HC2 3 against Flyers HC1 2 (§6.2). Doubled Flyers flee: Blades are not in the aerial kill list (§7.4).
    let doubled = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + 3 >= 2 * (b + 2)) doubled++;
    const out = JSON.parse((await warodds(['attack', '--scenario', file, '--json'])).stdout);
    expect(out.destroyed).toBe(0);
    expect(out.outcomes.target.flee).toBeCloseTo(doubled / 36, 12);
  });

  it('generic: --hit auto --reroll-hit ones, the note naming the flag as typed; the numbers are those without it', async () => {
    await inEveryFormat(['attack', '--attacks', '4', '--hit', 'auto', '--reroll-hit', 'ones', '--wound', '4'], "--reroll-hit: 'ones' changed nothing: an automatic hit ('auto') rolls no die, so there is none to re-roll");
    const given = JSON.parse((await warodds(['attack', '--attacks', '4', '--hit', 'auto', '--reroll-hit', 'ones', '--wound', '4', '--json'])).stdout);
    // 4 automatic hits wounding on 4+: P(0 damage) = (1/2)^4.
    expect(given.damage.pmf[0]).toBeCloseTo(1 / 16, 12);
  });

  it('WFB: a challenge in one round, with --charge in round 2 (two notes, field by field)', async () => {
    const r = await warodds(['attack', '--attacker', 'whfb/knights', '--target', 'whfb/halberdiers', '--charge', '--situation', '{"round":2,"challenge":true}', '--json']);
    expect(r.code).toBe(0);
    const notes: string[] = JSON.parse(r.stdout).run.notes;
    expect(notes.map((n) => n.split(':')[0])).toEqual(['situation.charging', 'situation.challenge']);
    const without = await warodds(['attack', '--attacker', 'whfb/knights', '--target', 'whfb/halberdiers', '--situation', '{"round":2}', '--json']);
    const { run: _a, ...given } = JSON.parse(r.stdout);
    const { run: _b, ...plain } = JSON.parse(without.stdout);
    expect(given).toEqual(plain);
  });

  it('WFB: a fear test in round 2', async () => {
    await inEveryFormat(
      ['attack', '--attacker', 'whfb/knights', '--target', 'whfb/halberdiers', '--situation', '{"round":2,"fear-test":"roll"}'],
      "situation.fear-test: 'roll' changed nothing: a fear or terror test is taken only in round 1 by a unit charged by a fear- or terror-causer that is not immune to psychology (§11)",
    );
  });

  it('kills and compare carry the notes of their pairings, each once, into every format and the HTML page', async () => {
    const note = "situation.challenge: true changed nothing: a challenge matters only through Overkill (§9)";
    const html = join(dir, 'kills.html');
    const r = await warodds(['kills', 'whfb/halberdiers', '--attacker', 'whfb/knights,whfb/hero', '--situation', '{"challenge":true}', '--html', html, '--json']);
    expect(r.code).toBe(0);
    const notes: string[] = JSON.parse(r.stdout).run.notes;
    expect(notes).toHaveLength(1);
    expect(notes[0].startsWith(note)).toBe(true);
    expect(readFileSync(html, 'utf8')).toContain(`<p>Note: ${note}`);
    for (const format of ['', '--csv', '--markdown']) {
      const out = await warodds(['compare', 'whfb/hero', '--target', 'whfb/halberdiers', '--situation', '{"challenge":true}', ...(format ? [format] : [])], { env: { COLUMNS: '400' } });
      expect(out.code, format).toBe(0);
      expect(out.stdout.replace(/\s+/g, ' '), format).toContain(`Note: ${note}`);
    }
  });

  it('fight: the note of a unit in the fight is in the terminal, JSON and HTML outputs', async () => {
    const file = join(dir, 'fight.json');
    const { name: _n, example: _e, notes: _x, ...body } = JSON.parse(readFileSync(new URL('../../src/data/warhammer-fantasy/units/halberdiers.json', import.meta.url), 'utf8'));
    writeFileSync(file, JSON.stringify({ system: 'whfb', attacker: { ...body, rules: [...body.rules, 'general(5)'] }, target: body, situation: { phase: 'fight' } }));
    const html = join(dir, 'fight.html');
    const r = await warodds(['fight', '--scenario', file, '--html', html]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/Note: attacker\.rules\[\d\]: 'general\(5\)' changed nothing/);
    expect(readFileSync(html, 'utf8')).toMatch(/<p>Note: attacker\.rules\[\d\]: &#39;general\(5\)&#39; changed nothing|<p>Note: attacker\.rules\[\d\]: 'general\(5\)' changed nothing/);
    const json = JSON.parse((await warodds(['fight', '--scenario', file, '--json'])).stdout);
    expect(json.run.notes).toEqual([expect.stringMatching(/^attacker\.rules\[\d\]: 'general\(5\)' changed nothing/)]);
  });
});
