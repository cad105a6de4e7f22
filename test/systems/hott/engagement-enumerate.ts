/**
 * A brute-force witness for HOTT close combats that go on from bound to bound, written from
 * rules/hott.md alone (it imports nothing from src/; the 36 die pairs and each element's outcome
 * come from ./enumerate.ts, which reads the printed matrices of §7 itself).
 *
 * Bound by bound it walks the 36 die pairs of the combat (§6.8) from every way the combat can
 * still be going, and decides whether the two elements are still in contact afterwards:
 * - both "no effect" (§7.1 `-`): they stay in contact and fight again next bound;
 * - the loser recoils (§7.1 `R`) and the winner is Impetuous (Knights, Behemoths, Beasts, Warbands:
 *   §4.2, §5 Impetuosa): it pursues 400 paces — the length of the recoil (§4.4) — and is back in
 *   contact, unless that would take it into difficult terrain (§5: "It does not pursue into
 *   difficult terrain"; the ground the loser recoiled from is the loser's terrain);
 * - anything else ends the combat (a flight of 400 + 600 paces outruns a 400-pace pursuit, §4.4).
 * Bound 1 is the combat as given; later bounds are fought with nobody having charged (§7.5 `cX`).
 */
import { IS_AERIAL, type Input, TERRAIN, type Troop, eachDiePair, outcomeName, removesFromPlay } from './enumerate.js';

export interface RepeatedEnumerated {
  /** Per bound: every ending so far (label → probability) and 'still in contact'. */
  withinBound: Array<Record<string, number>>;
  attacker: Record<string, number>;
  target: Record<string, number>;
  /** P(the target is removed from play). */
  removed: number;
}

export const IN_CONTACT = 'still in contact';
const IMPETUOUS: readonly Troop[] = ['knights', 'behemoths', 'beasts', 'warbands'];

const difficultFor = (terrain: keyof typeof TERRAIN, troop: Troop) => (IS_AERIAL(troop) ? TERRAIN[terrain].aerial : TERRAIN[terrain].ground);

/** The engine's label for an ending: who suffered what. */
function label(a: string, t: string): string {
  const [na, nt] = [outcomeName(a), outcomeName(t)];
  if (a !== '-' && t !== '-') return a === t ? `both ${na}` : `attacker ${na}, target ${nt}`;
  return a !== '-' ? `attacker ${na}` : `target ${nt}`;
}

export function enumerateRepeatedHott(input: Input, bounds: number, impetuousPursuit = true): RepeatedEnumerated {
  const first = input;
  const later: Input = { ...input, situation: { ...(input.situation ?? {}), charged: false } };
  const pursues = (winner: Input['attacker'], loser: Input['target']) => impetuousPursuit && IMPETUOUS.includes(winner.type) && !difficultFor(loser.terrain ?? 'open', winner.type);
  let live = 1;
  const ended: Record<string, number> = {};
  const attacker: Record<string, number> = {};
  const target: Record<string, number> = {};
  const add = (m: Record<string, number>, k: string, p: number) => (m[k] = (m[k] ?? 0) + p);
  let removed = 0;
  const withinBound: Array<Record<string, number>> = [];
  for (let bound = 1; bound <= bounds; bound++) {
    const s = bound === 1 ? first : later;
    let next = 0;
    for (const pair of eachDiePair(s)) {
      const q = live * pair.p;
      const [a, t] = [pair.attacker, pair.target];
      const stays = (a === '-' && t === '-') || (a === '-' && t === 'R' && pursues(s.attacker, s.target)) || (t === '-' && a === 'R' && pursues(s.target, s.attacker));
      if (stays) {
        next += q;
        continue;
      }
      add(ended, label(a, t), q);
      add(attacker, outcomeName(a), q);
      add(target, outcomeName(t), q);
      if (removesFromPlay(t)) removed += q;
    }
    live = next;
    withinBound.push({ ...ended, [IN_CONTACT]: live });
  }
  return { withinBound, attacker: { ...attacker, [IN_CONTACT]: live }, target: { ...target, [IN_CONTACT]: live }, removed };
}
