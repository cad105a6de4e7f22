/**
 * fast-check generators of small Warhammer Fantasy scenarios (raw JSON, as a user writes them),
 * for the property test against the brute-force enumerator: few enough dice to enumerate, every
 * rule and option the enumerator models. Combinations the rules forbid are repaired here where it
 * is simple (a cavalry model gets its mount) and otherwise left to parse, which rejects them.
 */
import fc from 'fast-check';

type Raw = Record<string, unknown>;

const INFANTRY_WEAPONS = ['hand-weapon', 'great-weapon', 'halberd', 'flail', 'morning-star', 'spear', 'additional-hand-weapon'];
const CAVALRY_WEAPONS = ['hand-weapon', 'great-weapon', 'halberd', 'flail', 'morning-star', 'cavalry-spear', 'lance'];
const OTHER_WEAPONS = ['hand-weapon', 'great-weapon', 'halberd', 'flail', 'morning-star'];
const FLAG_RULES = [
  'hatred',
  'frenzy',
  'causes-fear',
  'causes-terror',
  'stubborn',
  'stupidity',
  'immune-to-psychology',
  'killing-blow',
  'poisoned-attacks',
  'skirmishers',
  'fast-cavalry',
  'large-target',
  'lone-character',
  'standard',
  'musician',
  'battle-standard',
  'always-strikes-first',
];
const WOUND_DICE = ['2', 'D3', 'D6', 'D3+1'];

const characteristic = fc.integer({ min: 1, max: 10 });
/** `arb` in about one case out of `n`, otherwise null. */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number) => fc.oneof({ arbitrary: fc.constant(null), weight: n - 1 }, { arbitrary: arb, weight: 1 });
/** Low values more often: few attacks, few Wounds. */
const small = (max: number) => fc.integer({ min: 1, max });

const unitArb: fc.Arbitrary<Raw> = fc
  .record({
    type: fc.constantFrom('infantry', 'infantry', 'infantry', 'cavalry', 'monstrous', 'monster'),
    models: fc.oneof(small(3), small(16)),
    width: small(5),
    m: fc.constantFrom(5, 10, 15, 16, 20),
    ws: characteristic,
    bs: characteristic,
    s: characteristic,
    t: characteristic,
    w: fc.oneof(fc.constant(1), small(3)),
    i: characteristic,
    a: fc.oneof(fc.constant(1), small(3)),
    ld: fc.integer({ min: 2, max: 10 }),
    body: fc.constantFrom('none', 'light', 'heavy'),
    shield: fc.boolean(),
    barding: fc.boolean(),
    bonus: fc.oneof(fc.constant(0), fc.constant(0), small(3)),
    weapon: fc.nat(6),
    mount: rarely(fc.record({ ws: small(5), s: fc.integer({ min: 2, max: 5 }), a: fc.constant(1) }), 2),
    us: rarely(small(4), 6),
    flags: fc.subarray(FLAG_RULES, { maxLength: 4 }),
    wounds: rarely(fc.constantFrom(...WOUND_DICE), 4),
    ward: rarely(fc.integer({ min: 2, max: 6 }), 4),
    general: rarely(fc.nat(3), 5),
    missile: fc.record({ s: characteristic, shots: small(2), poisoned: fc.boolean(), wounds: rarely(fc.constantFrom(...WOUND_DICE), 4) }),
  })
  .map((r) => {
    const weapons = r.type === 'infantry' ? INFANTRY_WEAPONS : r.type === 'cavalry' ? CAVALRY_WEAPONS : OTHER_WEAPONS;
    const armour = [...(r.body === 'none' ? [] : [r.body]), ...(r.shield ? ['shield'] : []), ...(r.type === 'cavalry' ? ['mount', ...(r.barding ? ['barding'] : [])] : [])];
    const rules = [
      ...r.flags,
      ...(r.wounds ? [`multiple-wounds(${r.wounds})`] : []),
      ...(r.ward ? [`ward-save(${r.ward}+)`] : []),
      ...(r.general !== null ? [`general(${Math.min(10, r.ld + r.general)})`] : []),
    ];
    const missileRules = [...(r.missile.poisoned ? ['poisoned-attacks'] : []), ...(r.missile.wounds ? [`multiple-wounds(${r.missile.wounds})`] : [])];
    return {
      models: r.models,
      width: r.width,
      type: r.type,
      m: r.m,
      ws: r.ws,
      bs: r.bs,
      s: r.s,
      t: r.t,
      w: r.type === 'monster' ? r.w + 1 : r.w,
      i: r.i,
      a: r.a,
      ld: r.ld,
      armour,
      'armour-bonus': r.bonus,
      weapon: weapons[r.weapon % weapons.length],
      ...(r.type === 'cavalry' && r.mount ? { mount: r.mount } : {}),
      ...(r.us !== null ? { us: r.us } : {}),
      rules,
      missile: { s: r.missile.s, shots: r.missile.shots, rules: missileRules },
    };
  });

/** Attacks of the fighting models of one side: small enough to enumerate quickly. */
function attackDice(u: Raw): number {
  const front = Math.min(u.width as number, u.models as number) * (u.weapon === 'spear' ? 2 : 1);
  const rules = u.rules as string[];
  const perModel = (u.a as number) + (rules.includes('frenzy') ? 1 : 0) + (u.weapon === 'additional-hand-weapon' ? 1 : 0);
  return front * (perModel + ((u.mount as Raw | undefined)?.a as number | undefined ?? 0));
}

const side = fc.constantFrom('attacker', 'target', 'none');

const meleeArb: fc.Arbitrary<Raw> = fc
  .record({
    round: fc.constantFrom(1, 1, 2, 3),
    charging: side,
    facing: fc.constantFrom('front', 'front', 'flank', 'rear', 'flank-and-rear'),
    highGround: fc.constantFrom('attacker', 'target', 'none', 'none'),
    obstacle: fc.constantFrom('attacker', 'target', 'none', 'none'),
    obstacleWon: rarely(fc.boolean(), 2),
    fearTest: fc.constantFrom('roll', 'roll', 'passed', 'failed'),
    previousWinner: side,
    pursue: fc.boolean(),
    options: fc.record(
      {
        'ws4-vs-ws9': fc.constantFrom('5+', '4+'),
        'saves-better-than-1+': fc.constantFrom('allowed', 'clamp'),
        'insane-courage': fc.boolean(),
        'musician-wins-draws': fc.boolean(),
        'rank-size': fc.constantFrom(4, 5),
        'equal-initiative': fc.constantFrom('previous-winner', 'roll-off'),
        outnumbering: fc.constantFrom('after-casualties', 'starting'),
        stupidity: fc.constantFrom('floor', 'odd-model-4+'),
        'hatred-only-sixes': fc.constantFrom('reroll', 'no-reroll'),
        'shield-parry': fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  })
  .map((r) => {
    const charging = r.round === 1 ? r.charging : 'none';
    const previous = r.round === 1 ? 'none' : r.previousWinner;
    return {
      phase: 'melee',
      round: r.round,
      charging,
      facing: charging === 'target' ? 'front' : r.facing,
      'high-ground': r.highGround,
      'defended-obstacle': r.obstacle,
      ...(r.obstacle !== 'none' && r.round >= 3 && r.obstacleWon !== null ? { 'obstacle-round-won': r.obstacleWon } : {}),
      ...(charging !== 'none' && r.fearTest !== 'roll' ? { 'fear-test': r.fearTest } : {}),
      'previous-round-winner': previous,
      pursue: r.pursue,
      ...r.options,
    };
  });

const shootingArb: fc.Arbitrary<Raw> = fc.record({
  phase: fc.constant('shooting'),
  'long-range': fc.boolean(),
  moved: fc.boolean(),
  'charging-target': fc.boolean(),
  cover: fc.constantFrom('none', 'soft', 'hard'),
  'raised-ground': fc.boolean(),
  'saves-better-than-1+': fc.constantFrom('allowed', 'clamp'),
});

/** A small scenario: one round of melee (mostly), a shooting phase, a flee reaction or a rally. */
export const scenarioArb: fc.Arbitrary<Raw> = fc
  .tuple(
    unitArb,
    unitArb,
    fc.constantFrom('melee', 'melee', 'melee', 'melee', 'melee', 'shooting', 'shooting', 'flee-reaction', 'rally'),
    meleeArb,
    shootingArb,
    fc.integer({ min: 0, max: 40 }),
    fc.integer({ min: 0, max: 20 }),
  )
  .filter(([attacker, target, phase]) => {
    if (phase === 'melee') return attackDice(attacker) <= 8 && attackDice(target) <= 8;
    if (phase === 'shooting') return Math.min(attacker.models as number, (attacker.width as number) * 2) * ((attacker.missile as Raw).shots as number) <= 8;
    return true;
  })
  .map(([attacker, target, phase, melee, shooting, gap, extra]) => {
    const strip = ({ missile: _missile, ...u }: Raw) => u;
    switch (phase) {
      case 'melee':
        return { attacker: strip(attacker), target: strip(target), situation: melee };
      case 'shooting':
        return { attacker, target: strip(target), situation: shooting };
      case 'flee-reaction':
        return { attacker: strip(attacker), target: strip(target), situation: { phase, gap } };
      default:
        return { target: strip(target), situation: { phase, 'original-models': (target.models as number) + extra } };
    }
  });

/** Runs of the property tests: 300 in the suite, WARODDS_FUZZ_RUNS for `npm run fuzz`. */
export const fuzzRuns = (inSuite: number): number => Number(process.env.WARODDS_FUZZ_RUNS ?? inSuite);
/** Seed of the property tests: fixed in the suite, WARODDS_FUZZ_SEED to explore others. */
export const fuzzSeed = (): number => Number(process.env.WARODDS_FUZZ_SEED ?? 42);
