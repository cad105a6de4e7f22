/**
 * Simulator for one round of close combat, rolled as at the table: stupidity tests, the charged
 * unit's fear or terror test, the roll-off for equal Initiative, the first striker's attacks, the
 * reply of the models left, combat resolution, the break test, the flee and pursuit rolls.
 */
import type { Rng } from '../../core/rng.js';
import type { Tally } from '../../sim/tally.js';
import { type Combatant, type MeleePlan, other } from './melee-plan.js';
import { COMBAT_RESULTS, type CombatResult, FATES, type Fate } from './outcome-keys.js';
import { type Verdict, resolve } from './resolution.js';
import type { Side } from './schema.js';
import { AttackRoller, Casualties, roll2d6, rollNd6 } from './simulate-attack.js';

export interface SideKit {
  readonly c: Combatant;
  /** One roller per kind of blow (the model's, its mount's), normal and afraid. */
  readonly rollers: ReadonlyArray<{ readonly attacks: number; readonly fixed: boolean; readonly normal: AttackRoller; readonly afraid: AttackRoller }>;
  /** This unit's models as the enemy's blows land. */
  readonly casualties: Casualties;
}

/** Each side's dice and casualty counter for a plan. */
export function sideKits(plan: MeleePlan): Record<Side, SideKit> {
  const kit = (c: Combatant): SideKit => ({
    c,
    rollers: c.blows.map((b) => ({ attacks: b.attacks, fixed: b.fixed ?? false, normal: new AttackRoller(b.strike), afraid: new AttackRoller(b.afraidStrike) })),
    casualties: new Casualties(c.defender),
  });
  return { attacker: kit(plan.attacker), target: kit(plan.target) };
}

export function simulateMelee(plan: MeleePlan, rng: Rng, n: number, tally: Tally): void {
  const kits = sideKits(plan);
  const slots = recordSlots(tally);
  for (let i = 0; i < n; i++) oneRound(plan, kits, rng, tally, slots);
}

/** The tally's slots of the round's tables, found once per chunk (no string-keyed lookup per sample). */
interface RecordSlots {
  readonly target: Record<Fate, number>;
  readonly attacker: Record<Fate, number>;
  readonly combat: Record<CombatResult, number>;
}

function recordSlots(tally: Tally): RecordSlots {
  const slots = <K extends string>(keys: readonly K[], slot: (k: K) => number) => Object.fromEntries(keys.map((k) => [k, slot(k)])) as Record<K, number>;
  return {
    target: slots(FATES, (f) => tally.moraleSlot(f)),
    combat: slots(COMBAT_RESULTS, (c) => tally.outcomeSlot('combat', c)),
    attacker: slots(FATES, (f) => tally.outcomeSlot('attacker', f)),
  };
}

/**
 * One round rolled: the charged unit fled at the charge, or the blows were struck (casualties in
 * the kits) with this verdict and the loser's fate.
 */
type RolledRound =
  | { readonly kind: 'fled'; readonly side: Side }
  | { readonly kind: 'fought'; readonly verdict: Verdict; readonly loserFate: Fate | null };

function rollRound(plan: MeleePlan, kits: Record<Side, SideKit>, rng: Rng): RolledRound {
  const fled = rollBlows(plan, kits, rng);
  if (fled !== null) return { kind: 'fled', side: fled };
  const onA = kits.attacker.casualties;
  const onT = kits.target.casualties;
  const verdict = resolve(plan, { points: onT.points, modelsLeft: onA.modelsLeft }, { points: onA.points, modelsLeft: onT.modelsLeft });
  return { kind: 'fought', verdict, loserFate: rollLoserFate(plan, verdict, rng) };
}

/**
 * The blows of one round rolled into the kits' casualties: stupidity, the charge-time fear or
 * terror test, the strike order and both sides' blows. Returns the side that fled at the charge
 * (no blows struck), or null. A fight's round with a challenge rolls one roll-off for both combats
 * and passes its winner as `rolledFirst`.
 */
export function rollBlows(plan: MeleePlan, kits: Record<Side, SideKit>, rng: Rng, rolledFirst: Side | null = null): Side | null {
  // Start of turn: stupidity tests (§11).
  const fightingA = fighting(plan, kits.attacker.c, rng);
  const fightingT = fighting(plan, kits.target.c, rng);
  // Charge declaration: the charged unit's fear or terror test (§11).
  let afraid: Side | null = null;
  const test = plan.chargeTest;
  if (test !== null) {
    const passed = test.given === 'roll' ? roll2d6(rng) <= kits[test.side].c.ld : test.given === 'passed';
    if (!passed) {
      if (test.failFlees) return test.side;
      afraid = test.side;
    }
  }
  // Equal Initiative: a roll-off, unless one was rolled for the whole combat (`rolledFirst`, §16.6)
  const firstSide = plan.first === 'roll-off' ? (rolledFirst ?? rollOff(rng)) : plan.first;
  const first = kits[firstSide];
  const second = kits[other(firstSide)];
  const firstFighting = firstSide === 'attacker' ? fightingA : fightingT;
  const secondFighting = firstSide === 'attacker' ? fightingT : fightingA;
  second.casualties.reset();
  strike(first, firstFighting, afraid === firstSide, rng, second.casualties);
  // Casualties cannot strike back (§8): each removes one fighting model.
  const replying = Math.max(0, secondFighting - second.casualties.slain);
  first.casualties.reset();
  strike(second, replying, afraid === second.c.side, rng, first.casualties);
  return null;
}

/** Strike order for equal Initiative (§4, §16.6): a roll-off, ties re-rolled. */
export function rollOff(rng: Rng): Side {
  let a = rng.d6();
  let t = rng.d6();
  while (a === t) {
    a = rng.d6();
    t = rng.d6();
  }
  return a > t ? 'attacker' : 'target';
}

/** The loser's break test (or the fear auto-break) and the pursuit rolled (§10, §12); null after a draw. */
function rollLoserFate(plan: MeleePlan, verdict: Verdict, rng: Rng): Fate | null {
  const code = new LoserDice(plan, verdict).roll(rng);
  return code === 0 ? null : FATES[code - 1];
}

/**
 * The dice after a round's verdict (§10, §12), their numbers read once from the plan: a fight
 * simulator keeps one per verdict met and rolls it round after round (issue 16).
 */
export class LoserDice {
  /** 0: a draw, nobody tests; 1: the loser has no model left; 2: it flees without a roll (fear, §10); 3: it takes a break test. */
  private readonly kind: number;
  /** The highest 2D6 total that holds (§10). */
  private readonly holdsUpTo: number;
  /** Insane courage: double 1 always holds (§1 option); the Battle Standard re-rolls a failed test (§1). */
  private readonly insaneCourage: boolean;
  private readonly battleStandard: boolean;
  /** The winner pursues always, or after failing a restraint test on its Ld (§12). */
  private readonly alwaysPursues: boolean;
  private readonly restraintTest: boolean;
  private readonly winnerLd: number;
  /** D6 of the flee and the pursuit moves (§12). */
  private readonly fleeDice: number;
  private readonly pursuitDice: number;

  constructor(plan: MeleePlan, verdict: Verdict) {
    const won = verdict.kind === 'win';
    this.kind = !won ? 0 : verdict.loserWipedOut ? 1 : verdict.autoBreak ? 2 : 3;
    const loser = won && verdict.loser === 'attacker' ? plan.attacker : plan.target;
    const winner = won && verdict.winner === 'attacker' ? plan.attacker : plan.target;
    this.holdsUpTo = won ? verdict.holdsUpTo : 0;
    this.insaneCourage = plan.situation.options.insaneCourage;
    this.battleStandard = loser.unit.rules.battleStandard;
    this.alwaysPursues = winner.pursuit === 'always';
    this.restraintTest = winner.pursuit === 'restraint-test';
    this.winnerLd = winner.ld;
    this.fleeDice = loser.moveDice;
    this.pursuitDice = winner.moveDice;
  }

  /** The loser's fate rolled: 0 after a draw, else the index of the Fate in FATES plus 1. */
  roll(rng: Rng): number {
    const kind = this.kind;
    if (kind === 0) return 0;
    if (kind === 1) return WIPED_OUT;
    if (kind === 3 && !this.failsBreakTest(rng)) return HOLDS;
    // Pursuit (§12): the winner declares; a unit that may hold back needs a passed Ld test.
    const pursues = this.alwaysPursues || (this.restraintTest && roll2d6(rng) > this.winnerLd);
    const fled = rollNd6(this.fleeDice, rng);
    return pursues && rollNd6(this.pursuitDice, rng) >= fled ? CAUGHT : BREAKS;
  }

  /** Break test (§10): 2D6 against the holding total; insane courage and the Battle Standard re-roll (§1). */
  private failsBreakTest(rng: Rng): boolean {
    if (!this.failsOnce(rng)) return false;
    return this.battleStandard ? this.failsOnce(rng) : true;
  }

  private failsOnce(rng: Rng): boolean {
    const a = rng.d6();
    const b = rng.d6();
    if (this.insaneCourage && a === 1 && b === 1) return false;
    return a + b > this.holdsUpTo;
  }
}

const HOLDS = FATES.indexOf('holds') + 1;
const BREAKS = FATES.indexOf('breaks') + 1;
const CAUGHT = FATES.indexOf('caught') + 1;
const WIPED_OUT = FATES.indexOf('wiped-out') + 1;

function oneRound(plan: MeleePlan, kits: Record<Side, SideKit>, rng: Rng, tally: Tally, slots: RecordSlots): void {
  const round = rollRound(plan, kits, rng);
  if (round.kind === 'fled') {
    tally.record(0, 0, false);
    record(tally, slots, round.side === 'target' ? 'flees-at-charge' : 'holds', round.side === 'attacker' ? 'flees-at-charge' : 'holds', 'no-combat');
    return;
  }
  const onT = kits.target.casualties;
  const verdict = round.verdict;
  if (verdict.kind === 'draw') {
    tally.record(onT.lost, onT.slain, false);
    record(tally, slots, 'holds', 'holds', 'draw');
    return;
  }
  const loserFate = round.loserFate!;
  const targetFate: Fate = verdict.loser === 'target' ? loserFate : 'holds';
  const attackerFate: Fate = verdict.loser === 'attacker' ? loserFate : 'holds';
  tally.record(onT.lost, onT.slain, targetFate === 'wiped-out' || targetFate === 'caught');
  record(tally, slots, targetFate, attackerFate, verdict.winner === 'attacker' ? 'attacker-wins' : 'target-wins');
}

/** All blows of `models` fighting models: the model's attacks, then its mount's (§4). */
function strike(kit: SideKit, models: number, afraid: boolean, rng: Rng, target: Casualties): void {
  for (const r of kit.rollers) (afraid ? r.afraid : r.normal).roll(r.fixed ? r.attacks : models * r.attacks, rng, target);
}

function record(tally: Tally, slots: RecordSlots, target: Fate, attacker: Fate, combat: CombatResult): void {
  tally.count(slots.target[target]);
  tally.count(slots.combat[combat]);
  tally.count(slots.attacker[attacker]);
}

/** Models fighting after the start-of-turn stupidity test (§11, §16.10). */
function fighting(plan: MeleePlan, c: Combatant, rng: Rng): number {
  if (!c.stupid || roll2d6(rng) <= c.ld) return c.fighting;
  const half = Math.floor(c.fighting / 2);
  if (plan.situation.options.stupidity === 'odd-model-4+' && c.fighting % 2 === 1 && rng.d6() >= 4) return half + 1;
  return half;
}
