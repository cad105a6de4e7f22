/**
 * A round may record the ways a fight ended in two parts (EndPart, src/fight/types.ts): the target's
 * part (the ending and the target) and the attacker's (the attacker), each with the whole
 * probability. Every table of a fight reads one side of the units only, so the chain's tables must
 * be those of the whole ends the parts stand for. Checked on a toy fight with random steps and
 * random joint ends, run both ways through runChain: the whole ends are the truth, the parts their
 * marginals summed in this test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChain } from '../../src/fight/chain.js';
import { ATTACKER_PART, type Ending, type FightModel, type FightSide, type RoundSteps, TARGET_PART, WHOLE, endId } from '../../src/fight/types.js';

/** A toy state: the target's models t and the attacker's a, 0 … 7 each. */
const key = (t: number, a: number) => t * 8 + a;
const ENDS: ReadonlyArray<readonly [Ending, FightSide | null]> = [
  ['target-escaped', null],
  ['target-caught', 'target'],
  ['attacker-destroyed', 'attacker'],
  ['both-destroyed', null],
];

interface Way {
  readonly t: number;
  readonly a: number;
  readonly end: number;
  readonly w: number;
}

/** A toy fight of two rounds: from the start, round 1 goes on to `next` or ends in `ways`; round 2 from any state ends the same ways. */
function toyFight(next: ReadonlyArray<readonly [number, number, number]>, ways: readonly Way[], asParts: boolean): FightModel {
  const total = [...next.map(([, , w]) => w), ...ways.map((w) => w.w)].reduce((x, y) => x + y, 0);
  const steps = (goOn: boolean): RoundSteps => {
    const scale = goOn ? total : ways.reduce((x, w) => x + w.w, 0);
    const ends: number[] = [];
    const endP: number[] = [];
    const endParts: number[] = [];
    const add = (id: number, p: number, part: number) => (ends.push(id), endP.push(p / scale), endParts.push(part));
    if (!asParts) for (const w of ways) add(endId(ENDS[w.end][0], key(w.t, w.a), ENDS[w.end][1]), w.w, WHOLE);
    else {
      // The marginals: by (target, end) with the attacker's models 0, and by (attacker, end) with the target's 0
      const byT = new Map<number, number>();
      const byA = new Map<number, number>();
      for (const w of ways) {
        byT.set(w.end * 8 + w.t, (byT.get(w.end * 8 + w.t) ?? 0) + w.w);
        byA.set(w.end * 8 + w.a, (byA.get(w.end * 8 + w.a) ?? 0) + w.w);
      }
      for (const [k, p] of byT) add(endId(ENDS[Math.floor(k / 8)][0], key(k % 8, 0), ENDS[Math.floor(k / 8)][1]), p, TARGET_PART);
      for (const [k, p] of byA) add(endId(ENDS[Math.floor(k / 8)][0], key(0, k % 8), ENDS[Math.floor(k / 8)][1]), p, ATTACKER_PART);
    }
    return {
      next: goOn ? next.map(([t, a]) => key(t, a)) : [],
      nextP: goOn ? next.map(([, , w]) => w / total) : [],
      ends,
      endP,
      endParts,
      margins: [[0, 1]],
    };
  };
  return {
    start: key(7, 7),
    rounds: 2,
    bound: 64,
    phase: (round) => round,
    steps: (state, round) => steps(round === 1 && state === key(7, 7)),
    units: (state, removed) => {
      const t = Math.floor(state / 8);
      const a = state % 8;
      return { attackerLeft: removed === 'attacker' ? 0 : a, targetLeft: removed === 'target' ? 0 : t, targetWounds: 7 - t, targetSlain: 7 - t };
    },
  };
}

const weight = fc.integer({ min: 1, max: 1000 });
const way = fc.record({ t: fc.integer({ min: 0, max: 7 }), a: fc.integer({ min: 0, max: 7 }), end: fc.integer({ min: 0, max: ENDS.length - 1 }), w: weight });
const step = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), weight);

describe('ends recorded in parts (EndPart)', () => {
  it('give the tables of the whole ends they stand for', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), fc.array(way, { minLength: 1, maxLength: 12 }), (next, ways) => {
        const whole = runChain(toyFight(next, ways, false));
        const parts = runChain(toyFight(next, ways, true));
        expect(parts.morale).toEqual(Object.fromEntries(Object.entries(whole.morale!).map(([k]) => [k, expect.closeTo(whole.morale![k], 12)])));
        expect(Array.from(parts.damage)).toEqual(Array.from(whole.damage).map((p) => expect.closeTo(p, 12)));
        expect(Array.from(parts.slain!)).toEqual(Array.from(whole.slain!).map((p) => expect.closeTo(p, 12)));
        expect(parts.destroyed).toBeCloseTo(whole.destroyed!, 12);
        for (const [name, table] of Object.entries(whole.outcomes!))
          expect(parts.outcomes![name], name).toEqual(Object.fromEntries(Object.entries(table).map(([k, p]) => [k, expect.closeTo(p, 12)])));
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it('are refused by the chain when the two parts do not carry the same total', () => {
    const model = toyFight([[3, 3, 1]], [{ t: 1, a: 1, end: 0, w: 1 }], true);
    const broken: FightModel = {
      ...model,
      steps: (state, round) => {
        const r = model.steps(state, round);
        return { ...r, endP: Array.from(r.endP, (p, j) => (r.endParts![j] === ATTACKER_PART ? p / 2 : p)) };
      },
    };
    expect(() => runChain(broken)).toThrow(/sum to/);
  });
});
