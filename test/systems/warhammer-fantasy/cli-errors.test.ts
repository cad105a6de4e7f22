/**
 * Bad Warhammer Fantasy input through the built CLI: one line naming the field on stderr, exit 2,
 * nothing on stdout. The table's armour axis refuses a value while the grid is computed, so it is
 * checked here end to end; the scenario refusals of parse are tested in-process (parse.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { warodds } from '../../cli/helpers.js';

describe('warhammer-fantasy bad input through the CLI', () => {
  it("the table's armour=none against a mounted target", async () => {
    const r = await warodds(['table', 'whfb/spearmen', '--target', 'whfb/knights', '--cols', 'armour=none,6+']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^warodds: armour=none: a mounted target's save is at worst 6\+[^\n]*\n$/);
  });
});
