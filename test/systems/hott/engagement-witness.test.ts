/**
 * The repeated-combat witness (engagement-enumerate.ts: written from the rules file, importing
 * nothing from src/) against the exact engine of combats that go on: fixed combats with Impetuous
 * pursuit (§5), then random small close combats over one to six bounds — Impetuous troops on
 * either side, terrain that stops the pursuit, generals, overlaps, blocked recoils, a first bound
 * charged or not. Every 'within bound k' table, both elements' tables and P(target removed) must
 * agree to 1e-12.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hott } from '../../../src/systems/hott/index.js';
import { fuzzRuns } from '../../support/walk.js';
import { IN_CONTACT, enumerateRepeatedHott } from './engagement-enumerate.js';
import { CAN_BE_GENERAL, IS_AERIAL, type Input, type Side, TERRAIN, TERRAIN_LIST, type Troop, TROOP_LIST } from './enumerate.js';

const TOL = 1e-12;

function disagreement(input: Input, bounds: number, pursuit?: boolean): string | null {
  const o = hott.exact(hott.parse({ ...input, bounds, ...(pursuit === undefined ? {} : { 'impetuous-pursuit': pursuit }) }));
  const e = enumerateRepeatedHott(input, bounds, pursuit ?? true);
  const gaps: string[] = [];
  const table = (what: string, actual: Record<string, number> | undefined, expected: Record<string, number>) => {
    for (const k of new Set([...Object.keys(actual ?? {}), ...Object.keys(expected)])) {
      const [a, b] = [actual?.[k] ?? 0, expected[k] ?? 0];
      if (!(Math.abs(a - b) <= TOL)) gaps.push(`${what}.${k}: exact ${a}, enumerated ${b}`);
    }
  };
  e.withinBound.forEach((t, i) => table(`within bound ${i + 1}`, o.outcomes![`within bound ${i + 1}`], t));
  table('attacker', o.outcomes!.attacker, e.attacker);
  table('target', o.outcomes!.target, e.target);
  if (!(Math.abs(o.destroyed! - e.removed) <= TOL)) gaps.push(`destroyed: exact ${o.destroyed}, enumerated ${e.removed}`);
  return gaps.length ? gaps.slice(0, 4).join('; ') : null;
}

describe('hott repeated-combat witness: fixed combats', () => {
  it('Beasts charge Spears over 6 bounds: the Beasts pursue a recoil back into contact (§5 Impetuosa)', () => {
    const input: Input = { attacker: { type: 'beasts' }, target: { type: 'spears' } };
    expect(disagreement(input, 6)).toBeNull();
    // the enumerator itself: with no pursuit, a recoil ends the combat, so less stays in contact
    const [withPursuit, without] = [enumerateRepeatedHott(input, 2), enumerateRepeatedHott(input, 2, false)];
    expect(withPursuit.withinBound[1][IN_CONTACT]).toBeGreaterThan(without.withinBound[1][IN_CONTACT]);
    expect(disagreement(input, 6, false)).toBeNull();
  });
  it('Knights against Warbands, both Impetuous; the Warbands stand in a marsh the Knights will not pursue into', () => {
    expect(disagreement({ attacker: { type: 'knights' }, target: { type: 'warbands', terrain: 'marsh' } }, 5)).toBeNull();
    expect(disagreement({ attacker: { type: 'warbands', terrain: 'wood' }, target: { type: 'knights' } }, 5)).toBeNull();
  });
  it('Heroes against Aerial Heroes: odd ties destroy both (§7.2) in every bound', () => {
    expect(disagreement({ attacker: { type: 'heroes', general: true }, target: { type: 'aerial-heroes' } }, 4)).toBeNull();
  });
});

// ---- Random small combats -------------------------------------------------------------------

const IMPETUOUS: Troop[] = ['knights', 'behemoths', 'beasts', 'warbands'];
const FIGHTERS = TROOP_LIST.filter((t) => t !== 'stronghold');
const troop = fc.oneof(fc.constantFrom(...IMPETUOUS), fc.constantFrom(...FIGHTERS));

const sideArb = fc.record({
  type: troop,
  terrain: fc.constantFrom('open', 'open', ...TERRAIN_LIST),
  general: fc.boolean(),
  overlaps: fc.constantFrom(0, 0, 1),
  recoilBlocked: fc.constantFrom(false, false, false, true),
  demoralised: fc.constantFrom(false, false, false, true),
  rearSupport: fc.boolean(),
});

function side(r: typeof sideArb extends fc.Arbitrary<infer T> ? T : never): Side {
  // Aerial elements cannot enter woods or buildings (§5 Aéreas).
  const terrain = IS_AERIAL(r.type) && TERRAIN[r.terrain].aerial ? 'open' : r.terrain;
  const s: Side = { type: r.type, terrain };
  if (r.general && CAN_BE_GENERAL(r.type)) s.general = true;
  if (r.overlaps) s.overlaps = r.overlaps;
  if (r.recoilBlocked) s['recoil-blocked'] = true;
  if (r.demoralised) s.demoralised = true;
  const inDifficult = IS_AERIAL(r.type) ? TERRAIN[terrain].aerial : TERRAIN[terrain].ground;
  if (r.rearSupport && (r.type === 'spears' || r.type === 'warbands') && !inDifficult) s['rear-support'] = true;
  return s;
}

const combatArb = fc.record({ a: sideArb, b: sideArb, charged: fc.boolean(), bounds: fc.integer({ min: 1, max: 6 }), pursuit: fc.constantFrom(true, true, true, false) });

describe('hott repeated-combat witness: random small combats', () => {
  it(`agree with the exact engine over 1–6 bounds (${fuzzRuns(200)} combats)`, () => {
    fc.assert(
      fc.property(combatArb, (r) => {
        const input: Input = { attacker: side(r.a), target: side(r.b), situation: { charged: r.charged } };
        const gap = disagreement(input, r.bounds, r.pursuit);
        if (gap) throw new Error(gap);
      }),
      { seed: 32, numRuns: fuzzRuns(200) },
    );
  });
});
