/**
 * The page's question as data (src/web/question.ts): share links made before a field existed still
 * open, the new fields survive the link, and the command line the page shows is one the CLI runs,
 * giving the same JSON as the flags written by hand.
 */
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { cliArgs, defaultQuestion, type Question, questionFromHash, questionToHash } from '../../src/web/question.js';
import { runCli } from '../support/in-process.js';

describe('the share link', () => {
  it('a link without the engagement, targets or grid fields opens as the question it was', () => {
    const old = { ask: 'kills', system: 'kings-of-war', attacker: 'dragon', target: 'spear-regiment', attackerOption: 'default', targetOption: 'default', edited: {}, units: [], charge: true, flank: false, rear: false, shooting: false, engine: 'exact', samples: 200000, seed: 'warodds' };
    const q = questionFromHash(`#q=${LZString.compressToEncodedURIComponent(JSON.stringify(old))}`)!;
    expect(q).toEqual({ ...defaultQuestion(), ...old });
    expect(cliArgs(q)).toEqual(['kills', 'kings-of-war/spear-regiment', '--charge']);
  });

  it('turns, pairs, further targets and the axes travel in the link', () => {
    const q: Question = { ...defaultQuestion(), ask: 'compare', system: 'hott', attacker: 'knights', target: 'blades', moreTargets: ['spears', 'hordes'], steps: 3, pairs: true, rows: 'combat=2..6', metric: 'p-remove' };
    expect(questionFromHash(questionToHash(q))).toEqual(q);
  });
});

describe('the command line the page shows', () => {
  it.each<[string, Partial<Question>, string[]]>([
    ['kills over bounds by pairs', { ask: 'kills', system: 'hott', target: 'stronghold', steps: 2, pairs: true }, ['kills', 'hott/stronghold', '--bounds', '2', '--pairs']],
    ['compare over turns against two targets', { ask: 'compare', system: 'kings-of-war', attacker: 'dragon', target: 'warrior-horde', moreTargets: ['spear-regiment'], steps: 2 }, ['compare', 'kow/dragon', '--turns', '2', '--target', 'kow/warrior-horde,kow/spear-regiment']],
    ['a grid with its axes', { ask: 'table', system: 'age-of-sigmar', attacker: 'liberators', rows: 'save=3..6', cols: 'health=1..2', metric: 'p>=2', gridTarget: 'example-horde' }, ['table', 'aos/liberators', '--rows', 'save=3..6', '--cols', 'health=1..2', '--metric', 'p>=2', '--target', 'aos/example-horde']],
    ['compare by P(break)', { ask: 'compare', system: 'warhammer-fantasy', attacker: 'knights', target: 'halberdiers', remove: 'break' }, ['compare', 'whfb/knights', '--target', 'whfb/halberdiers', '--remove', 'break']],
    ['a grid of P(break)', { ask: 'table', system: 'ninth-age', attacker: 'knights', metric: 'p-remove', remove: 'break' }, ['table', 't9a/knights', '--metric', 'p-remove', '--remove', 'break']],
  ])('%s: runs in the CLI and answers as the flags written by hand', async (_, change, byHand) => {
    const shown = await runCli([...cliArgs({ ...defaultQuestion(), ...change }), '--json']);
    const written = await runCli([...byHand, '--json']);
    expect(shown.stderr).toBe('');
    expect(written.stderr).toBe('');
    const { run: _a, ...a } = JSON.parse(shown.stdout);
    const { run: _b, ...b } = JSON.parse(written.stdout);
    expect(a).toEqual(b);
  });

  it('a length kept from kills or compare is no part of an attack: the attack asks one attack', () => {
    const q: Question = { ...defaultQuestion(), ask: 'attack', system: 'kings-of-war', attacker: 'dragon', target: 'spear-regiment', steps: 3, pairs: true };
    expect(cliArgs(q)).toEqual(['attack', '--attacker', 'kings-of-war/dragon', '--target', 'kings-of-war/spear-regiment']);
    expect(cliArgs({ ...q, ask: 'kills' })).toEqual(['kills', 'kings-of-war/spear-regiment', '--turns', '3', '--pairs']);
  });
});
