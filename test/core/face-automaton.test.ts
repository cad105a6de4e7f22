/**
 * Rng.takeFaces and FaceAutomaton read exactly the dice that d6() would give, one by one, and an
 * automaton's run gives exactly what its step, applied to one face after another, gives (the
 * reference here is that die-by-die loop, written in the test).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../src/core/rng.js';
import { FaceAutomaton, FaceCounter, KeptByKey, type FaceStep, endRun, goTo } from '../../src/core/face-automaton.js';

describe('Rng.takeFaces', () => {
  it('gives the faces of as many d6() calls, in order, mixed with d6() calls', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 60 }), (seed, reads) => {
        const byDie = new Rng(seed, 7, 11, 13);
        const byBlock = new Rng(seed, 7, 11, 13);
        for (const max of reads) {
          // 0: one plain d6() on both generators.
          if (max === 0) {
            expect(byBlock.d6()).toBe(byDie.d6());
            continue;
          }
          let digits = byBlock.takeFaces(max);
          expect(byBlock.taken).toBeGreaterThanOrEqual(1);
          expect(byBlock.taken).toBeLessThanOrEqual(max);
          for (let i = 0; i < byBlock.taken; i++) {
            expect((digits % 6) + 1).toBe(byDie.d6());
            digits = Math.floor(digits / 6);
          }
          expect(digits).toBe(0);
        }
        expect(byBlock.next()).toBe(byDie.next());
      }),
      { seed: 42, numRuns: 120 },
    );
  });
});

describe('Rng.d6', () => {
  it('reads each 32-bit draw under 71 · 6^10 as ten base-6 digits, lowest first, and rejects the others', () => {
    // The reference: sfc32's words (a second generator in step), each one tested and cut into
    // digits with plain % and Math.floor, the definition written out.
    const dice = new Rng(17, 29, 31, 37);
    const words = new Rng(17, 29, 31, 37);
    let rejected = 0;
    let differ = 0;
    for (let draw = 0; draw < 20000; draw++) {
      let u = words.next();
      while (u >= 71 * 6 ** 10) {
        rejected++;
        u = words.next();
      }
      let digits = u % 6 ** 10;
      for (let i = 0; i < 10; i++, digits = Math.floor(digits / 6)) if (dice.d6() !== (digits % 6) + 1) differ++;
    }
    expect(differ).toBe(0);
    expect(dice.next()).toBe(words.next());
    // One draw in 2,300 is rejected: the 20,000 draws met some (about 9), so the rejection was read too.
    expect(rejected).toBeGreaterThan(0);
  });
});

describe('Rng.skipFaces', () => {
  it('reads the faces of as many d6() calls, mixed with d6() and takeFaces()', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.integer({ min: 0, max: 35 }), { minLength: 1, maxLength: 30 }), (seed, reads) => {
        const byDie = new Rng(seed, 5, 9, 3);
        const bySkip = new Rng(seed, 5, 9, 3);
        for (const n of reads) {
          for (let i = 0; i < n; i++) byDie.d6();
          bySkip.skipFaces(n);
          expect(bySkip.d6()).toBe(byDie.d6());
        }
        expect(bySkip.next()).toBe(byDie.next());
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('Rng.twoFaces', () => {
  it('gives the faces of two d6() calls, first die in the low digit, at any point of a draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), (seed, reads) => {
        const byDie = new Rng(seed, 7, 11, 13);
        const byPair = new Rng(seed, 7, 11, 13);
        for (const pair of reads) {
          if (!pair) {
            expect(byPair.d6()).toBe(byDie.d6());
            continue;
          }
          const digits = byPair.twoFaces();
          expect((digits % 6) + 1).toBe(byDie.d6());
          expect(Math.floor(digits / 6) + 1).toBe(byDie.d6());
        }
        expect(byPair.next()).toBe(byDie.next());
      }),
      { seed: 42, numRuns: 120 },
    );
  });
});

/** A random automaton: a table of steps over `states` states, each run reading at least one die. */
const automatonArb = fc.integer({ min: 1, max: 6 }).chain((states) =>
  fc.array(
    fc.record({ next: fc.integer({ min: 0, max: states - 1 }), done: fc.boolean(), value: fc.integer({ min: 0, max: 9 }) }),
    { minLength: states * 6, maxLength: states * 6 },
  ),
);

function stepOf(table: FaceStep[]): (state: number, face: number) => FaceStep {
  return (state, face) => {
    const s = table[state * 6 + face - 1];
    return s.done ? { next: 0, done: true, value: s.value } : s;
  };
}

describe('FaceAutomaton', () => {
  it('runs give the value and leave the generator as the step applied die by die does', () => {
    fc.assert(
      fc.property(automatonArb, fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 8 }), (table, seed, runs) => {
        const step = stepOf(table);
        const automaton = new FaceAutomaton(step);
        const fast = new Rng(seed, 3, 5, 9);
        const slow = new Rng(seed, 3, 5, 9);
        for (const n of runs) {
          // Die by die: n runs, each from state 0 until a step says it is done. A run that never
          // ends keeps rolling; cap it so the property stays finite, and skip such tables.
          let value = 0;
          let dice = 0;
          for (let r = 0; r < n; r++) {
            let state = 0;
            for (;;) {
              const s = step(state, slow.d6());
              value += s.value;
              dice++;
              if (s.done) break;
              state = s.next;
              if (dice > 100000) return;
            }
          }
          expect(automaton.run(fast, n)).toBe(value);
          expect(fast.d6()).toBe(slow.d6());
        }
      }),
      { seed: 42, numRuns: 120 },
    );
  });

  it('keeps only the states reachable from state 0, and refuses a bad step', () => {
    // One state reached (0): a plain count of sixes, whatever ids other states would have.
    const sixes = new FaceAutomaton((_, face) => ({ next: 0, done: true, value: face === 6 ? 1 : 0 }));
    const rng = new Rng(1, 2, 3, 4);
    const check = new Rng(1, 2, 3, 4);
    let expected = 0;
    for (let i = 0; i < 1000; i++) if (check.d6() === 6) expected++;
    expect(sixes.run(rng, 1000)).toBe(expected);
    expect(() => new FaceAutomaton(() => ({ next: 3, done: true, value: 0 }))).toThrow(/back to state 0/);
    expect(() => new FaceAutomaton(() => ({ next: 0, done: true, value: -1 }))).toThrow(/out of range/);
    expect(() => new FaceAutomaton((s) => ({ next: s + 1, done: false, value: 0 }))).toThrow(/more than 64 states/);
  });

  it('holds the most states and the largest value a table allows', () => {
    // 64 states (the most), runs ending with values up to 1023 (four of them to a block, the most
    // its entries hold): the same values and dice as the step applied die by die.
    const step = (state: number, face: number): FaceStep => (state < 63 && face <= 3 ? goTo(state + 1) : endRun(face === 6 ? 1023 : face));
    const automaton = new FaceAutomaton(step);
    const fast = new Rng(11, 12, 13, 14);
    const slow = new Rng(11, 12, 13, 14);
    for (const n of [1, 2, 3, 5, 40, 333]) {
      let value = 0;
      for (let r = 0; r < n; r++)
        for (let state = 0; ; ) {
          const s = step(state, slow.d6());
          value += s.value;
          if (s.done) break;
          state = s.next;
        }
      expect(automaton.run(fast, n)).toBe(value);
      expect(fast.d6()).toBe(slow.d6());
    }
    expect(FaceAutomaton.orNull(() => endRun(1024))).toBeNull();
  });
});

describe('KeptByKey', () => {
  it('builds an automaton once per key, and empties itself when 256 are kept', () => {
    const cache = new KeptByKey<FaceAutomaton | null>();
    let builds = 0;
    const build = () => {
      builds++;
      return new FaceAutomaton(() => endRun(1));
    };
    const first = cache.get('a', build);
    expect(cache.get('a', build)).toBe(first);
    expect(builds).toBe(1);
    for (let i = 1; i < 256; i++) cache.get(`k${i}`, build);
    expect(builds).toBe(256);
    // 256 kept: 'a' is still there; the next new key empties the cache first.
    expect(cache.get('a', build)).toBe(first);
    cache.get('new', build);
    expect(cache.get('a', build)).not.toBe(first);
    expect(builds).toBe(258);
  });
});

describe('FaceCounter', () => {
  it('counts what every rule on the six faces accepts, as die by die, and stays in step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 20 }), (mask, seed, sizes) => {
        const accepts = (face: number) => ((mask >> (face - 1)) & 1) === 1;
        const counter = new FaceCounter(accepts);
        const byDie = new Rng(seed, 3, 5, 7);
        const byBlock = new Rng(seed, 3, 5, 7);
        for (const n of sizes) {
          let expected = 0;
          for (let i = 0; i < n; i++) if (accepts(byDie.d6())) expected++;
          expect(counter.count(byBlock, n)).toBe(expected);
        }
        expect(byBlock.d6()).toBe(byDie.d6());
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('countThen rolls the first pool, then one die per success counted by the second rule, as die by die', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 20 }), (mask1, mask2, seed, sizes) => {
        const first = (face: number) => ((mask1 >> (face - 1)) & 1) === 1;
        const second = (face: number) => ((mask2 >> (face - 1)) & 1) === 1;
        const counter = new FaceCounter(first);
        const then = new FaceCounter(second);
        const byDie = new Rng(seed, 11, 13, 17);
        const byBlock = new Rng(seed, 11, 13, 17);
        for (const n of sizes) {
          let successes = 0;
          for (let i = 0; i < n; i++) if (first(byDie.d6())) successes++;
          let expected = 0;
          for (let i = 0; i < successes; i++) if (second(byDie.d6())) expected++;
          expect(counter.countThen(byBlock, n, then)).toBe(expected);
        }
        expect(byBlock.d6()).toBe(byDie.d6());
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('FaceAutomaton.orNull', () => {
  it('is null for a procedure too large to table, and throws for one that breaks the rules of a step', () => {
    // A run of 70 dice, one state per die: more states than a table holds.
    const long = (state: number): FaceStep => (state === 69 ? endRun(1) : { next: state + 1, done: false, value: 0 });
    expect(FaceAutomaton.orNull(long)).toBeNull();
    // A value that four runs of one block could not add up within the table's bits.
    expect(FaceAutomaton.orNull(() => endRun(2 ** 22))).toBeNull();
    expect(() => FaceAutomaton.orNull(() => endRun(-1))).toThrow(RangeError);
    const small = FaceAutomaton.orNull((_, face) => endRun(face >= 4 ? 1 : 0));
    expect(small).not.toBeNull();
    // 4+ on 12 dice from a generator whose faces the test reads one by one.
    const a = new Rng(5, 6, 7, 8);
    const b = new Rng(5, 6, 7, 8);
    let expected = 0;
    for (let i = 0; i < 12; i++) if (b.d6() >= 4) expected++;
    expect(small!.run(a, 12)).toBe(expected);
  });
});
