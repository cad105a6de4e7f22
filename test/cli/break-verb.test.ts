import { describe, expect, it } from 'vitest';
import { warodds } from './helpers.js';

describe('the headline says what --remove break counts', () => {
  it('Kings of War has no break test: wavered or routed (§6)', async () => {
    const r = await warodds(['kills', 'kow/spear-regiment', '--remove', 'break']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/to waver or rout it this turn/);
    expect(r.stdout).toContain('P(waver or rout)');
    expect(r.stdout).not.toMatch(/P\(break\)|to break it/);
  });
  it('Warhammer Fantasy breaks', async () => {
    const r = await warodds(['kills', 'whfb/halberdiers', '--charge', '--remove', 'break']);
    expect(r.stdout).toMatch(/to break it this turn/);
  });
});
