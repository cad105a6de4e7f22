/**
 * Input of a HOTT combat: zod shapes for `attacker`, `target` and `situation`, then the checks
 * that need the troop types and the mode. Every problem is one ScenarioError naming the field.
 */
import { z } from 'zod';
import { ScenarioError } from '../../core/errors.js';
import { validate } from '../../core/input.js';
import { findTroop, hasRearSupport, isAerial, isHero, TROOPS, troopNames, type TroopId } from './tables.js';
import { barsAerial, isHill, TERRAINS } from './terrain.js';
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
const unitSchema = z.strictObject({
  type: z.string(),
  general: z.boolean().optional(),
  terrain: z.enum(TERRAINS).optional(),
  overlaps: flanks('flanks overlapped').optional(),
  rearHarassment: z.boolean().optional(),
  rearSupport: z.boolean().optional(),
  higher: z.boolean().optional(),
  defendingBank: z.boolean().optional(),
  recoilBlocked: z.boolean().optional(),
  demoralised: z.boolean().optional(),
  supports: z.array(z.string()).max(2, { error: 'at most 2 elements support an assault on a Stronghold (§6.6)' }).optional(),
  missileSupport: flanks('flanks in contact with friendly shooters').optional(),
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
  onlySneakersInContact: z.boolean().optional(),
  weakened: z.boolean().optional(),
  doubleRule: z.enum(['at-least', 'strict']).optional(),
  ridersHc: z.enum(['3/3', '2/2']).optional(),
  explorerIgnoresEnemyTerrain: z.boolean().optional(),
  doubledNeverMilder: z.boolean().optional(),
  backfireAnyTarget: z.boolean().optional(),
  shootingCanCapture: z.boolean().optional(),
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
  'rearHarassment',
  'rearSupport',
  'higher',
  'defendingBank',
  'recoilBlocked',
  'demoralised',
  'supports',
];
/** A missile target: none of the close-combat position modifiers apply (§6.4, ambiguity 13). */
const MISSILE_TARGET_FIELDS: readonly UnitField[] = ['general', 'terrain', 'recoilBlocked', 'rearHarassment', 'demoralised'];
/** The shooter or Magician ignores every outcome and is not in close combat (§6.1, §6.4, §6.5). */
const SHOOTER_FIELDS: readonly UnitField[] = ['general', 'demoralised', 'missileSupport'];
const CASTER_FIELDS: readonly UnitField[] = ['general', 'demoralised', 'enhancers'];

export function parseHott(input: unknown): HottScenario {
  const raw = validate(scenarioSchema, input);
  const situation = raw.situation ?? {};
  const mode: Mode = situation.mode ?? 'close-combat';
  const attackerTroop = troopOf(raw.attacker, 'attacker');
  const targetTroop = troopOf(raw.target, 'target');
  const readings = readingsOf(situation);
  checkSituationFields(situation, mode);

  if (mode === 'close-combat') {
    if (attackerTroop === 'stronghold' && targetTroop === 'stronghold')
      throw new ScenarioError('target.type', 'a Stronghold cannot fight a Stronghold');
    checkFields(raw.attacker, attackerTroop, 'attacker', CLOSE_COMBAT_FIELDS, 'close combat');
    checkFields(raw.target, targetTroop, 'target', CLOSE_COMBAT_FIELDS, 'close combat');
    return {
      mode,
      attacker: fighter(raw.attacker, attackerTroop, raw.target, targetTroop, 'attacker'),
      target: fighter(raw.target, targetTroop, raw.attacker, attackerTroop, 'target'),
      charged: situation.charged ?? true,
      onlySneakersInContact: situation.onlySneakersInContact ?? true,
      readings,
    };
  }
  if (mode === 'shooting') {
    if (attackerTroop !== 'shooters' && attackerTroop !== 'artillery')
      throw new ScenarioError('attacker.type', `only Shooters or Artillery shoot (§6.4), not ${TROOPS[attackerTroop].english}`);
    checkFields(raw.attacker, attackerTroop, 'attacker', SHOOTER_FIELDS, 'shooting by the shooter');
    checkFields(raw.target, targetTroop, 'target', MISSILE_TARGET_FIELDS, 'shooting');
    return {
      mode,
      attacker: {
        troop: attackerTroop,
        general: general(raw.attacker, attackerTroop, 'attacker'),
        demoralised: raw.attacker.demoralised ?? false,
        missileSupport: (raw.attacker.missileSupport ?? 0) as Overlaps,
      },
      target: element(raw.target, targetTroop, 'target'),
      readings,
    };
  }
  if (attackerTroop !== 'magicians')
    throw new ScenarioError('attacker.type', `only Magicians make magic attacks (§6.5), not ${TROOPS[attackerTroop].english}`);
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
      general: general(raw.attacker, attackerTroop, 'attacker'),
      demoralised: raw.attacker.demoralised ?? false,
      enhancers: raw.attacker.enhancers ?? 0,
    },
    target: element(raw.target, targetTroop, 'target'),
    weakened,
    readings,
  };
}

function troopOf(unit: UnitInput, side: string): TroopId {
  const troop = findTroop(unit.type);
  if (!troop) throw new ScenarioError(`${side}.type`, `unknown troop type '${unit.type}' (allowed: ${troopNames()}, or their Spanish names)`);
  return troop;
}

function readingsOf(s: Situation): Readings {
  return {
    doubleRule: s.doubleRule ?? RECOMMENDED.doubleRule,
    ridersHc: s.ridersHc ?? RECOMMENDED.ridersHc,
    explorerIgnoresEnemyTerrain: s.explorerIgnoresEnemyTerrain ?? RECOMMENDED.explorerIgnoresEnemyTerrain,
    doubledNeverMilder: s.doubledNeverMilder ?? RECOMMENDED.doubledNeverMilder,
    backfireAnyTarget: s.backfireAnyTarget ?? RECOMMENDED.backfireAnyTarget,
    shootingCanCapture: s.shootingCanCapture ?? RECOMMENDED.shootingCanCapture,
  };
}

function checkSituationFields(s: Situation, mode: Mode): void {
  if (mode !== 'close-combat') {
    if (s.charged !== undefined) throw new ScenarioError('situation.charged', 'only for close combat');
    if (s.onlySneakersInContact !== undefined) throw new ScenarioError('situation.onlySneakersInContact', 'only for close combat');
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
  return {
    troop,
    general: general(unit, troop, side),
    terrain,
    recoilBlocked: unit.recoilBlocked ?? false,
    rearHarassment: unit.rearHarassment ?? false,
    demoralised: unit.demoralised ?? false,
  };
}

function fighter(unit: UnitInput, troop: TroopId, opponent: UnitInput, opponentTroop: TroopId, side: string): Fighter {
  const base = element(unit, troop, side);
  if (unit.rearSupport && !hasRearSupport(troop))
    throw new ScenarioError(`${side}.rearSupport`, `only Spears and Warbands get rear support (Apoyo a iguales, §5), not ${TROOPS[troop].english}`);
  if (unit.higher && !isHill(base.terrain))
    throw new ScenarioError(`${side}.higher`, `needs its terrain to be 'gentle-hill' or 'difficult-hill' (Bono por Altura, §6.3)`);
  if (unit.higher && opponent.higher) throw new ScenarioError(`${side}.higher`, 'only one of the two elements can stand higher');
  if (unit.defendingBank && (opponent.terrain !== 'river' || base.terrain === 'river'))
    throw new ScenarioError(`${side}.defendingBank`, "needs the opponent's terrain to be 'river' and its own not (Defender la Orilla, §6.3)");
  const supports = (unit.supports ?? []).map((name, i) => supportOf(name, `${side}.supports[${i}]`));
  if (supports.length > 0 && opponentTroop !== 'stronghold')
    throw new ScenarioError(`${side}.supports`, 'only an element assaulting a Stronghold has supports (§6.6); elsewhere give overlaps');
  return {
    ...base,
    overlaps: (unit.overlaps ?? 0) as Overlaps,
    rearSupport: unit.rearSupport ?? false,
    higher: unit.higher ?? false,
    defendingBank: unit.defendingBank ?? false,
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
