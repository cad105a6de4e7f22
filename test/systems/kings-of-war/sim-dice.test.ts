/**
 * The simulator's compiled dice read exactly the dice a player rolls one at a time: the same
 * generator seeded twice, one copy read through the tables, the other die by die with the rules
 * written out here (§1: a natural 1 always fails; §6.2: the nerve test; §7: Elite/Vicious re-roll
 * 1s; A7: one failed die re-rolled); both must agree on every result and stay in step.
 */
import { describe, expect, it } from 'vitest';
import { chunkRng, masterState, type Rng } from '../../../src/core/rng.js';
import { faceCounter } from '../../../src/core/face-automaton.js';
import { NerveTest, PlainPools, PoolRoller, ROUTED, STEADY, WAVERED } from '../../../src/systems/kings-of-war/sim-dice.js';

const twin = (name: string): [Rng, Rng] => [chunkRng(masterState(name), 0), chunkRng(masterState(name), 0)];

/** n dice needing `need`, rolled one at a time as the rules say. */
function byHand(n: number, need: number, rerollOnes: boolean, oneFailed: boolean, rng: Rng): number {
  const hit = (face: number) => face !== 1 && face >= need;
  let hits = 0;
  let failedLeft = false;
  for (let i = 0; i < n; i++) {
    const face = rng.d6();
    if (rerollOnes && face === 1) hits += hit(rng.d6()) ? 1 : 0;
    else if (hit(face)) hits++;
    else failedLeft = true;
  }
  if (oneFailed && failedLeft && hit(rng.d6())) hits++;
  return hits;
}

describe('kings-of-war simulator dice', () => {
  it('PlainPools rolls the hit dice, then a damage die per hit, as a player does one by one', () => {
    const [table, hand] = twin('plain pools');
    for (let round = 0; round < 300; round++)
      for (let hitNeed = 2; hitNeed <= 6; hitNeed++) {
        const damageNeed = 2 + ((round + hitNeed) % 5);
        const dice = (round * 11 + hitNeed) % 31;
        const hits = byHand(dice, hitNeed, false, false, hand);
        expect(new PlainPools(hitNeed, damageNeed).roll(dice, table)).toBe(byHand(hits, damageNeed, false, false, hand));
      }
    expect(table.d6()).toBe(hand.d6());
  });

  it('faceCounter counts the same dice as rolling them one by one', () => {
    const [table, hand] = twin('face count');
    for (let round = 0; round < 200; round++)
      for (let need = 2; need <= 6; need++) {
        const n = (round * 7 + need) % 13;
        const counter = faceCounter((face) => face >= need);
        let expected = 0;
        for (let i = 0; i < n; i++) if (hand.d6() >= need) expected++;
        expect(counter.count(table, n)).toBe(expected);
      }
    expect(table.d6()).toBe(hand.d6());
  });

  for (const rerollOnes of [false, true])
    for (const oneFailed of [false, true])
      it(`PoolRoller rolls the dice in rule order (re-roll 1s ${rerollOnes}, one failed ${oneFailed})`, () => {
        const [table, hand] = twin(`pool ${rerollOnes} ${oneFailed}`);
        for (let round = 0; round < 300; round++) {
          const need = 2 + (round % 5);
          const n = round % 17;
          expect(new PoolRoller(need, rerollOnes, oneFailed).roll(n, table)).toBe(byHand(n, need, rerollOnes, oneFailed, hand));
        }
        expect(table.d6()).toBe(hand.d6());
      });

  it('PoolRoller rolls pools of hundreds of dice in rule order, either side of its packed limit', () => {
    // Re-rolling pools pack their failures beside their hits up to 511 dice; larger ones roll one by one.
    for (const oneFailed of [false, true]) {
      const [table, hand] = twin(`large pool ${oneFailed}`);
      for (const n of [300, 510, 511, 512, 513, 700])
        for (let need = 2; need <= 6; need++) expect(new PoolRoller(need, true, oneFailed).roll(n, table)).toBe(byHand(n, need, true, oneFailed, hand));
      expect(table.d6()).toBe(hand.d6());
    }
  });

  it('NerveTest reads 2D6 as §6.2 says, with the Routed re-roll of §6.4', () => {
    // Nerve 10/12, Brutal +1; Fearless 0/14 (never wavers).
    for (const nerve of [{ waver: 10, rout: 12 }, { waver: null, rout: 14 }])
      for (const rerollRout of [false, true]) {
        const [table, hand] = twin(`nerve ${nerve.waver} ${rerollRout}`);
        const test = new NerveTest({ nerve, modifier: 1, rerollRout });
        const once = (damage: number) => {
          const d1 = hand.d6();
          const d2 = hand.d6();
          if (d1 === 1 && d2 === 1) return STEADY;
          const total = d1 + d2 + damage + 1;
          if (total >= nerve.rout) return ROUTED;
          if (nerve.waver === null) return STEADY;
          if (d1 === 6 && d2 === 6) return WAVERED;
          return total >= nerve.waver ? WAVERED : STEADY;
        };
        for (let round = 0; round < 2000; round++) {
          const damage = round % 20;
          const first = once(damage);
          const expected = first === ROUTED && rerollRout ? once(damage) : first;
          expect(test.roll(damage, table)).toBe(expected);
        }
        expect(table.d6()).toBe(hand.d6());
      }
  });
});
