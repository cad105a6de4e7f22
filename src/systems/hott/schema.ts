/**
 * Input of a HOTT combat: zod shapes for `attacker`, `target` and `situation`, then the checks
 * that need the troop types and the mode. Every problem is one ScenarioError naming the field.
 */
import * as z from 'zod';
import { ScenarioError } from '../../core/errors.js';
import { validate } from '../../core/input.js';
import { findTroop, hasRearSupport, isAerial, isHero, isTerrestrial, TROOPS, troopNames, type TroopId } from './tables.js';
import { barsAerial, isDifficultFor, isHill, TERRAINS } from './terrain.js';
import {
  RECOMMENDED,
  type Element,
  type Fighter,
  type HottScenario,
  type Mode,
  type Overlaps,
  type Readings,
} from './scenario.js';

const flanks = (what: string) => {
  const error = `${what}: 0, 1 or 2 (at most −1 per flank, −2 in all)`;
  return z.number({ error }).int({ error }).min(0, { error }).max(2, { error });
};

/** One element, the same shape on either side (fields a mode does not use are rejected later). */
export const unitSchema = z.strictObject({
  type: z.string(),
  general: z.boolean().optional(),
  terrain: z.enum(TERRAINS).optional(),
  overlaps: flanks('flanks overlapped').optional(),
  'rear-harassment': z.boolean().optional(),
  'rear-support': z.boolean().optional(),
  higher: z.boolean().optional(),
  'defending-bank': z.boolean().optional(),
  'recoil-blocked': z.boolean().optional(),
  demoralised: z.boolean().optional(),
  supports: z.array(z.string()).max(2, { error: 'at most 2 elements support an assault on a Stronghold (§6.6)' }).optional(),
  'missile-support': flanks('flanks in contact with friendly shooters').optional(),
  enhancers: z
    .number()
    .int({ error: 'a whole number of enhancing Magicians' })
    .min(0, { error: 'a whole number of enhancing Magicians' })
    .max(4, { error: 'at most 4: a magic attack costs 2 PIPs plus 1 per enhancer, and the PIP die shows at most 6 (§3)' })
    .optional(),
});

type UnitInput = z.infer<typeof unitSchema>;
type UnitField = Exclude<keyof UnitInput, 'type'>;

const situationSchema = z.strictObject({
  mode: z.enum(['close-combat', 'shooting', 'magic']).optional(),
  charged: z.boolean().optional(),
  'only-sneakers-in-contact': z.boolean().optional(),
  weakened: z.boolean().optional(),
  'double-rule': z.enum(['at-least', 'strict']).optional(),
  'riders-hc': z.enum(['3/3', '2/2']).optional(),
  'explorer-ignores-enemy-terrain': z.boolean().optional(),
  'doubled-never-milder': z.boolean().optional(),
  'backfire-any-target': z.boolean().optional(),
  'shooting-can-capture': z.boolean().optional(),
});

const scenarioSchema = z.strictObject({
  attacker: unitSchema,
  target: unitSchema,
  situation: situationSchema.optional(),
});

type Situation = z.infer<typeof situationSchema>;

const CLOSE_COMBAT_FIELDS: readonly UnitField[] = [
  'general',
  'terrain',
  'overlaps',
  'rear-harassment',
  'rear-support',
  'higher',
  'defending-bank',
  'recoil-blocked',
  'demoralised',
  'supports',
];
/** A missile target: none of the close-combat position modifiers apply (§6.4, ambiguity 13). */
const MISSILE_TARGET_FIELDS: readonly UnitField[] = ['general', 'terrain', 'recoil-blocked', 'rear-harassment', 'demoralised'];
/** The shooter or Magician ignores every outcome and is not in close combat (§6.1, §6.4, §6.5). */
const SHOOTER_FIELDS: readonly UnitField[] = ['general', 'demoralised', 'missile-support'];
const CASTER_FIELDS: readonly UnitField[] = ['general', 'demoralised', 'enhancers'];

export function parseHott(input: unknown): HottScenario {
  const raw = validate(scenarioSchema, input);
  const situation = raw.situation ?? {};
  const mode: Mode = situation.mode ?? 'close-combat';
  const attackerTroop = troopOf(raw.attacker, 'attacker');
  const targetTroop = troopOf(raw.target, 'target');
  const readings = readingsOf(situation);
  checkSituationFields(situation, mode);

  // A Stronghold never moves, shoots or casts (§6.6): it is only ever attacked.
  if (attackerTroop === 'stronghold')
    throw new ScenarioError('attacker.type', 'a Stronghold never attacks: it never moves and fights only when assaulted (§6.6); make it the target');

  if (mode === 'close-combat') {
    checkFields(raw.attacker, attackerTroop, 'attacker', CLOSE_COMBAT_FIELDS, 'close combat');
    checkFields(raw.target, targetTroop, 'target', CLOSE_COMBAT_FIELDS, 'close combat');
    const charged = situation.charged ?? true;
    const notes = charged ? illegalChargeWarnings(attackerTroop, targetTroop) : [];
    return {
      mode,
      attacker: fighter(raw.attacker, attackerTroop, raw.target, targetTroop, 'attacker', notes),
      target: fighter(raw.target, targetTroop, raw.attacker, attackerTroop, 'target', notes),
      charged,
      onlySneakersInContact: situation['only-sneakers-in-contact'] ?? true,
      readings,
      notes,
    };
  }
  if (mode === 'shooting') {
    if (attackerTroop !== 'shooters' && attackerTroop !== 'artillery')
      throw new ScenarioError('attacker.type', `only Shooters or Artillery shoot (§6.4), not ${TROOPS[attackerTroop].english}`);
    const notes = shooterGeneralNotes(raw.attacker);
    checkFields(raw.attacker, attackerTroop, 'attacker', SHOOTER_FIELDS, 'shooting by the shooter');
    checkFields(raw.target, targetTroop, 'target', MISSILE_TARGET_FIELDS, 'shooting');
    return {
      mode,
      attacker: {
        troop: attackerTroop,
        demoralised: raw.attacker.demoralised ?? false,
        missileSupport: (raw.attacker['missile-support'] ?? 0) as Overlaps,
      },
      target: element(raw.target, targetTroop, 'target'),
      readings,
      ...(notes.length ? { notes } : {}),
    };
  }
  if (attackerTroop !== 'magicians')
    throw new ScenarioError('attacker.type', `only Magicians make magic attacks (§6.5), not ${TROOPS[attackerTroop].english}`);
  const notes = shooterGeneralNotes(raw.attacker);
  checkFields(raw.attacker, attackerTroop, 'attacker', CASTER_FIELDS, 'a magic attack by the Magician');
  checkFields(raw.target, targetTroop, 'target', MISSILE_TARGET_FIELDS, 'a magic attack');
  const weakened = situation.weakened ?? false;
  if (weakened && !(isHero(targetTroop) || targetTroop === 'magicians'))
    throw new ScenarioError(
      'situation.weakened',
      'reasons (b) and (c) of §6.5 weaken attacks on a Hero, Aerial Hero or Magician only; a target in a wood or building is weakened by its terrain',
    );
  return {
    mode,
    attacker: {
      troop: 'magicians',
      demoralised: raw.attacker.demoralised ?? false,
      enhancers: raw.attacker.enhancers ?? 0,
    },
    target: element(raw.target, targetTroop, 'target'),
    weakened,
    readings,
    ...(notes.length ? { notes } : {}),
  };
}

/** General: "No bonus when the general itself shoots or casts" (§5 General, ambiguity 12): noted, it changes nothing. */
function shooterGeneralNotes(unit: UnitInput): string[] {
  return unit.general
    ? ['attacker.general: true changed nothing: a general gets no +1 when it shoots or casts (§5 General, ambiguity 12), only in close combat or when shot at']
    : [];
}

/**
 * §11.10 input validation (warnings, not errors): only aerial elements, Paladins and Heroes may
 * charge an aerial element that is not already in combat (§5 Aéreas); Artillery charges only
 * Strongholds (§5 Asedio).
 */
function illegalChargeWarnings(attacker: TroopId, target: TroopId): string[] {
  const warnings: string[] = [];
  if (isAerial(target) && !(isAerial(attacker) || attacker === 'paladins' || isHero(attacker)))
    warnings.push(
      `situation.charged: only aerial elements, Paladins and Heroes may charge ${TROOPS[target].english}, unless they are already in combat (§5 Aéreas, §11.10)`,
    );
  if (attacker === 'artillery' && target !== 'stronghold')
    warnings.push('situation.charged: Artillery may charge only a Stronghold (§5 Asedio, §11.10)');
  return warnings;
}

function troopOf(unit: UnitInput, side: string): TroopId {
  const troop = findTroop(unit.type);
  if (!troop) throw new ScenarioError(`${side}.type`, `unknown troop type '${unit.type}' (allowed: ${troopNames()}, or their Spanish names)`);
  return troop;
}

function readingsOf(s: Situation): Readings {
  return {
    doubleRule: s['double-rule'] ?? RECOMMENDED.doubleRule,
    ridersHc: s['riders-hc'] ?? RECOMMENDED.ridersHc,
    explorerIgnoresEnemyTerrain: s['explorer-ignores-enemy-terrain'] ?? RECOMMENDED.explorerIgnoresEnemyTerrain,
    doubledNeverMilder: s['doubled-never-milder'] ?? RECOMMENDED.doubledNeverMilder,
    backfireAnyTarget: s['backfire-any-target'] ?? RECOMMENDED.backfireAnyTarget,
    shootingCanCapture: s['shooting-can-capture'] ?? RECOMMENDED.shootingCanCapture,
  };
}

function checkSituationFields(s: Situation, mode: Mode): void {
  if (mode !== 'close-combat') {
    if (s.charged !== undefined) throw new ScenarioError('situation.charged', 'only for close combat');
    if (s['only-sneakers-in-contact'] !== undefined) throw new ScenarioError('situation.only-sneakers-in-contact', 'only for close combat');
  }
  if (mode !== 'magic' && s.weakened !== undefined) throw new ScenarioError('situation.weakened', 'only for a magic attack');
}

function checkFields(unit: UnitInput, troop: TroopId, side: string, allowed: readonly UnitField[], what: string): void {
  for (const key of Object.keys(unit) as (keyof UnitInput)[]) {
    if (key === 'type' || unit[key] === undefined) continue;
    if (!allowed.includes(key)) throw new ScenarioError(`${side}.${key}`, `does not apply to ${what} (allowed: ${allowed.join(', ')})`);
    if (troop === 'stronghold')
      throw new ScenarioError(`${side}.${key}`, 'a Stronghold has fixed HC 6, no flanks or rear, and never moves (§6.6): give only its type');
  }
}

function general(unit: UnitInput, troop: TroopId, side: string): boolean {
  const isGeneral = unit.general ?? false;
  if (isGeneral && !TROOPS[troop].canBeGeneral)
    throw new ScenarioError(`${side}.general`, `${TROOPS[troop].english} may not be the general (GEN = No, §4.2)`);
  return isGeneral;
}

function element(unit: UnitInput, troop: TroopId, side: string): Element {
  const terrain = unit.terrain ?? 'open';
  if (isAerial(troop) && barsAerial(terrain))
    throw new ScenarioError(`${side}.terrain`, `aerial elements cannot enter woods or buildings (§5 Aéreas)`);
  if (unit['recoil-blocked'] && unit['rear-harassment'])
    throw new ScenarioError(
      `${side}.recoil-blocked`,
      'an enemy fully on its rear edge (rear-harassment) already blocks its recoil (§7.8.3): give only rear-harassment',
    );
  return {
    troop,
    general: general(unit, troop, side),
    terrain,
    recoilBlocked: unit['recoil-blocked'] ?? false,
    rearHarassment: unit['rear-harassment'] ?? false,
    demoralised: unit.demoralised ?? false,
  };
}

/** A close-combat element; a fact that changes nothing is added to `notes` (GameSystem.notes). */
function fighter(unit: UnitInput, troop: TroopId, opponent: UnitInput, opponentTroop: TroopId, side: string, notes: string[]): Fighter {
  const base = element(unit, troop, side);
  if (unit['rear-support'] && !hasRearSupport(troop))
    throw new ScenarioError(`${side}.rear-support`, `only Spears and Warbands get rear support (Apoyo a iguales, §5), not ${TROOPS[troop].english}`);
  // Apoyo a iguales, §5: no rear support while the fighting element is in difficult terrain.
  const rearSupport = (unit['rear-support'] ?? false) && !isDifficultFor(base.terrain, troop);
  if (unit['rear-support'] && !rearSupport)
    notes.push(`${side}.rear-support: true changed nothing: an element in difficult terrain ('${base.terrain}') gets no rear support (Apoyo a iguales, §5)`);
  if (unit.higher && !isHill(base.terrain))
    throw new ScenarioError(`${side}.higher`, `needs its terrain to be 'gentle-hill' or 'difficult-hill' (Bono por Altura, §6.3)`);
  if (unit.higher && opponent.higher) throw new ScenarioError(`${side}.higher`, 'only one of the two elements can stand higher');
  if (unit.higher && !isTerrestrial(opponentTroop))
    throw new ScenarioError(`${side}.higher`, `the height bonus applies only against a terrestrial opponent, not ${TROOPS[opponentTroop].english} (Bono por Altura, §6.3)`);
  if (unit['defending-bank'] && (opponent.terrain !== 'river' || base.terrain === 'river'))
    throw new ScenarioError(`${side}.defending-bank`, "needs the opponent's terrain to be 'river' and its own not (Defender la Orilla, §6.3)");
  if (unit['defending-bank'] && !isTerrestrial(opponentTroop))
    throw new ScenarioError(
      `${side}.defending-bank`,
      `the bank bonus applies only against a terrestrial opponent, not ${TROOPS[opponentTroop].english} (Defender la Orilla, §6.3)`,
    );
  const supports = (unit.supports ?? []).map((name, i) => supportOf(name, `${side}.supports[${i}]`));
  if (supports.length > 0 && opponentTroop !== 'stronghold')
    throw new ScenarioError(`${side}.supports`, 'only an element assaulting a Stronghold has supports (§6.6); elsewhere give overlaps');
  if (supports.length > 0 && troop === 'dragons')
    throw new ScenarioError(`${side}.supports`, 'a Dragon cannot support and cannot be supported (Solitario, §5)');
  return {
    ...base,
    overlaps: (unit.overlaps ?? 0) as Overlaps,
    rearSupport,
    higher: unit.higher ?? false,
    defendingBank: unit['defending-bank'] ?? false,
    supports,
  };
}

function supportOf(name: string, path: string): TroopId {
  const troop = findTroop(name);
  if (!troop) throw new ScenarioError(path, `unknown troop type '${name}' (allowed: ${troopNames()})`);
  if (troop === 'dragons') throw new ScenarioError(path, 'a Dragon cannot support (Solitario, §5)');
  if (troop === 'stronghold') throw new ScenarioError(path, 'a Stronghold cannot support');
  return troop;
}
