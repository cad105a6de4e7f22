/**
 * Warnings a rule set carries out of parse (GameSystem.warnings) are printed by the CLI on
 * stderr, one line each, and the answer is still computed: HOTT §11.10 illegal charges.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warodds } from './helpers.js';

describe('warnings on stderr', () => {
  it('HOTT: Blades charging Flyers is computed, with one warning line naming §11.10', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'warodds-')), 'charge.json');
    writeFileSync(file, JSON.stringify({ system: 'hott', attacker: { type: 'blades' }, target: { type: 'flyers' } }));
    const r = await warodds(['attack', '--scenario', file, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'warodds: warning: situation.charged: only aerial elements, Paladins and Heroes may charge Flyers, unless they are already in combat (§5 Aéreas, §11.10)\n',
    );
    // Blades HC2 3 against Flyers HC1 2 (§6.2). Doubled Flyers flee: Blades are not in the aerial kill list (§7.4).
    let doubled = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + 3 >= 2 * (b + 2)) doubled++;
    const out = JSON.parse(r.stdout);
    expect(out.destroyed).toBe(0);
    expect(out.outcomes.target.flee).toBeCloseTo(doubled / 36, 12);
  });
});
