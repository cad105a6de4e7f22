/**
 * The fixed facts of one round of close combat, read from a melee scenario: who fights with what,
 * the strike-order tiers, the static combat-resolution bonuses, the charge-time fear or terror
 * test and the pursuit rules. Shared by the exact engine and the simulator (no probabilities).
 */
import type { MeleeScenario, MeleeSituation, Side, Unit } from './schema.js';
import { type Defender, type Strike, attacksPerModel, fightingModels, meleeStrike } from './strike.js';
import { facingBonus, moveDice, rankBonus } from './tables.js';

/** One kind of blow of each fighting model: the rider's (or the foot model's), or its mount's. */
export interface Blow {
  /** Attacks per fighting model (or in all, for a joined character's blows: `fixed`). */
  readonly attacks: number;
  /** A joined character's blows: `attacks` in all, whatever the unit's casualties (they fall on the rank and file, §8). */
  readonly fixed?: boolean;
  readonly strike: Strike;
  /** The same blow after failing a fear test (only 6s hit in round 1, §11). */
  readonly afraidStrike: Strike;
}

export interface Combatant {
  readonly side: Side;
  readonly unit: Unit;
  /** Models fighting at the start of the round, before stupidity and casualties (§8). */
  readonly fighting: number;
  /** Its blows against the enemy, struck together: the model's, then its mount's (§4). */
  readonly blows: readonly Blow[];
  /** Strike-order tier (higher strikes first), then Initiative — §4 and §1 "Strike order details". */
  readonly tier: number;
  /** Unit Strength of its joined character (0 without one), counted while it stands (§9). */
  readonly characterUs: number;
  /** Combat resolution bonuses fixed at the start of the round: ranks, standard, high ground, flank/rear (§9). */
  readonly staticBonus: number;
  /** Leadership for its tests: its own, or a nearby General's if higher (§1). */
  readonly ld: number;
  /** This unit as the target of the enemy's blows. */
  readonly defender: Defender;
  /** Stupidity test at the start of the turn (§11). */
  readonly stupid: boolean;
  /** Immune to psychology (Frenzy, §11): no fear or terror tests, no fear auto-break. */
  readonly immune: boolean;
  readonly causesFear: boolean;
  /** Pursuing a broken enemy — §12: always (declared, Frenzy, Hatred), never (free choice behind a defended obstacle), or a failed restraint test. */
  readonly pursuit: 'always' | 'never' | 'restraint-test';
  /** D6 rolled for its flee and pursuit moves (5D6 / 8D6 cm, §12). */
  readonly moveDice: number;
}

/** A charged unit's fear or terror test — §11. */
export interface ChargeTest {
  readonly side: Side;
  /** Terror, or fear against a larger enemy: a failed test means fleeing at once; otherwise it fights on 6s. */
  readonly failFlees: boolean;
  readonly given: 'roll' | 'passed' | 'failed';
}

export interface MeleePlan {
  readonly attacker: Combatant;
  readonly target: Combatant;
  /** Who strikes first, or a roll-off (each first with probability 1/2). */
  readonly first: Side | 'roll-off';
  readonly chargeTest: ChargeTest | null;
  readonly situation: MeleeSituation;
}

export function other(side: Side): Side {
  return side === 'attacker' ? 'target' : 'attacker';
}

/**
 * Each side's blows, made by `make` or found again: a whole fight passes one that keeps the blows
 * of plans whose units differ only in their number of models (blows never read it).
 */
export type BlowsOf = (side: Side, make: () => readonly Blow[]) => readonly Blow[];

const MAKE_BLOWS: BlowsOf = (_side, make) => make();

export function meleePlan(sc: MeleeScenario, blowsOf: BlowsOf = MAKE_BLOWS): MeleePlan {
  const sit = sc.situation;
  const attacker = combatant('attacker', sc.attacker, sc.target, sit, blowsOf);
  const target = combatant('target', sc.target, sc.attacker, sit, blowsOf);
  return { attacker, target, first: strikeOrder(attacker, target, sit), chargeTest: chargeTest(sc), situation: sit };
}

function combatant(side: Side, unit: Unit, enemy: Unit, sit: MeleeSituation, blows: BlowsOf): Combatant {
  const charged = sit.round === 1 && sit.charging === side;
  const enemyUs = enemy.models * enemy.usPerModel + (enemy.joinedUs ?? 0); // its joined character included (§9)
  // Ranks — §1: none for fast cavalry and skirmishers; lost while an enemy of US 5+ fights it in the flank or rear.
  const flanked = side === 'target' && sit.facing !== 'front' && enemyUs >= 5;
  const ranks = unit.rules.fastCavalry || unit.rules.skirmishers || flanked ? 0 : rankBonus(unit.models + (unit.joined ?? 0), unit.width, sit.options.rankSize);
  const staticBonus =
    ranks +
    (unit.rules.standard ? 1 : 0) +
    (sit.highGround === side ? 1 : 0) +
    (side === 'attacker' ? facingBonus(sit.facing) : 0);
  const mustPursue = unit.rules.frenzy || unit.rules.hatred;
  return {
    side,
    unit,
    fighting: fightingModels(unit, charged),
    blows: blows(side, () => [
      ...blowsOf(unit, enemy, sit, side),
      // A joined character strikes with the unit, its own profile (§4)
      ...(unit.joinedBy ? blowsOf(unit.joinedBy, enemy, sit, side).map((b) => ({ ...b, fixed: true })) : []),
    ]),
    characterUs: unit.joinedUs ?? 0,
    tier: strikeTier(unit, charged),
    staticBonus,
    ld: Math.max(unit.ld, unit.rules.generalLd ?? 0),
    defender: { models: unit.models, w: unit.w, overkill: sit.challenge },
    stupid: unit.rules.stupidity,
    immune: unit.rules.immuneToPsychology,
    causesFear: unit.rules.causesFear,
    pursuit: sit.pursue || mustPursue ? 'always' : sit.defendedObstacle === side ? 'never' : 'restraint-test',
    moveDice: moveDice(unit.m),
  };
}

/** The blows of one model of `unit`: the model's (or rider's), then its mount's (§4). */
function blowsOf(unit: Unit, enemy: Unit, sit: MeleeSituation, side: Side): Blow[] {
  return [
    {
      attacks: attacksPerModel(unit),
      strike: meleeStrike(unit, enemy, sit, { striker: side, afraid: false }),
      afraidStrike: meleeStrike(unit, enemy, sit, { striker: side, afraid: true }),
    },
    ...(unit.mount
      ? [
          {
            attacks: unit.mount.a,
            strike: meleeStrike(unit, enemy, sit, { striker: side, afraid: false }, unit.mount),
            afraidStrike: meleeStrike(unit, enemy, sit, { striker: side, afraid: true }, unit.mount),
          },
        ]
      : []),
  ];
}

/**
 * Strike-order tier — §4 and §1: "always strikes first" beats charging; great weapons always
 * strike last; chargers strike first in the round they charged; then Initiative.
 */
function strikeTier(unit: Unit, charged: boolean): number {
  const first = unit.rules.alwaysStrikesFirst;
  const last = unit.weapon === 'great-weapon';
  if (first && !last) return 3;
  if (last && !first) return 0;
  return charged ? 2 : 1;
}

/** §4 order, and equal Initiative — §16.6: the previous round's winner, else a roll-off. */
function strikeOrder(a: Combatant, t: Combatant, sit: MeleeSituation): Side | 'roll-off' {
  if (a.tier !== t.tier) return a.tier > t.tier ? 'attacker' : 'target';
  if (a.unit.i !== t.unit.i) return a.unit.i > t.unit.i ? 'attacker' : 'target';
  if (sit.options.equalInitiative === 'previous-winner' && sit.previousRoundWinner !== 'none') return sit.previousRoundWinner;
  return 'roll-off';
}

/**
 * Fear and terror when charged — §11: a unit charged by a terror-causer tests terror (fail: flees);
 * by a fear-causer tests fear (fail: flees if the charger has more US, otherwise hits only on 6s
 * in the first round). Units immune to psychology do not test.
 */
export function chargeTest(sc: MeleeScenario): ChargeTest | null {
  const sit = sc.situation;
  if (sit.round !== 1 || sit.charging === 'none') return null;
  const chargerSide = sit.charging;
  const charger = chargerSide === 'attacker' ? sc.attacker : sc.target;
  const charged = chargerSide === 'attacker' ? sc.target : sc.attacker;
  if (charged.rules.immuneToPsychology) return null;
  const side = other(chargerSide);
  if (charger.rules.causesTerror) return { side, failFlees: true, given: sit.fearTest };
  if (!charger.rules.causesFear) return null;
  const more = charger.models * charger.usPerModel > charged.models * charged.usPerModel;
  return { side, failFlees: more, given: sit.fearTest };
}
