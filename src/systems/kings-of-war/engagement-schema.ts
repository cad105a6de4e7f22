/**
 * A Kings of War engagement: several attacking units against one target, turn after turn until it
 * routs. Input: `{ target, attackers: [{ unit, situation }], engagement }`. Each
 * attacker is checked as a one-attacker scenario against the target, so every rule of the
 * single attack (who may shoot, a Wavered unit cannot charge, ...) holds for it too.
 */
import * as z from 'zod';
import { ScenarioError } from '../../core/errors.js';
import { validate } from '../../core/input.js';
import { parseScenario, parseUnit, type Scenario } from './schema.js';
import type { Unit } from './units.js';

/** Most attackers one engagement takes. */
export const MAX_ATTACKERS = 10;
/** Most attacker turns one engagement runs. */
export const MAX_TURNS = 20;

/** Keys that describe the target, not one attacker: they go in `engagement`. */
const TARGET_KEYS: Readonly<Record<string, string>> = {
  inspired: 'engagement.inspired',
  'target-regenerates': 'nothing: the target rolls its Regeneration in each of its own turns (§7)',
  'target-healed': 'engagement.target-healed',
};

const engagementSchema = z.strictObject({
  target: z.unknown(),
  attackers: z.array(z.strictObject({ unit: z.unknown(), situation: z.record(z.string(), z.unknown()) })),
  engagement: z
    .strictObject({
      /** Attacker turns: each has a shooting phase then a melee phase (§3). */
      turns: z.number().int().min(1).max(MAX_TURNS).default(1),
      /** The target is within range of a friendly Inspiring unit (§6.4). */
      inspired: z.boolean().default(false),
      /** Heal(n) cast on the target in each of its own turns (§8.1). */
      'target-healed': z.number().int().min(1).max(100).optional(),
      /** The target counter-charges the first charger in its own turn when it may (§3, §6.3). */
      'counter-charge': z.boolean().default(false),
    })
    .default({ turns: 1, inspired: false, 'counter-charge': false }),
});

export interface Engagement {
  readonly kind: 'engagement';
  readonly target: Unit;
  /** Each attacker as a one-attacker scenario against the target, in the order given. */
  readonly shooters: readonly Scenario[];
  readonly chargers: readonly Scenario[];
  readonly turns: number;
  readonly inspired: boolean;
  readonly healed: number | null;
  /** The target's counter-charge on the first charger, as a scenario (target attacking it), or null. */
  readonly counterCharge: CounterCharge | null;
  /** What the parse noted (GameSystem.notes). */
  readonly notes?: readonly string[];
}

/** The target attacking the first charger by counter-charge: fresh, or Disordered (no Thunderous Charge). */
export interface CounterCharge {
  readonly ready: Scenario;
  readonly disordered: Scenario;
}

/** Whether raw input is an engagement (it lists `attackers`) rather than one attack. */
export function isEngagementInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'attackers' in input;
}

export function parseEngagement(input: unknown): Engagement {
  const raw = validate(engagementSchema, input);
  const target = parseUnit(raw.target, 'target');
  if (raw.attackers.length === 0) throw new ScenarioError('attackers', 'give at least one attacker');
  if (raw.attackers.length > MAX_ATTACKERS)
    throw new ScenarioError('attackers', `${raw.attackers.length} attackers: at most ${MAX_ATTACKERS} attack one target`);
  const shooters: Scenario[] = [];
  const chargers: Scenario[] = [];
  let firstCharger: unknown = null;
  raw.attackers.forEach((a, i) => {
    const path = `attackers[${i}]`;
    for (const key of Object.keys(a.situation))
      if (key in TARGET_KEYS) throw new ScenarioError(`${path}.situation.${key}`, `describes the target, not one attacker: give ${TARGET_KEYS[key]}`);
    if ('charger' in a.situation)
      throw new ScenarioError(`${path}.situation.charger`, 'set by the order of the chargers: the first melee attacker listed is the first charger (§5.2, A20)');
    const melee = a.situation.attack === 'melee';
    // A20: the first charger listed meets an Individual's front; later ones the side they touched.
    const situation = melee ? { ...a.situation, charger: chargers.length === 0 ? 'first' : 'later' } : a.situation;
    const s = withPath(path, () => parseScenario({ attacker: a.unit, target: raw.target, situation }));
    if (melee && chargers.length === 0) firstCharger = a.unit;
    (melee ? chargers : shooters).push(s);
  });
  const e = raw.engagement;
  if (e['target-healed'] !== undefined && e.turns < 2)
    throw new ScenarioError('engagement.target-healed', 'Heal is cast in the target\'s own turn, between two attacker turns: give turns of 2 or more');
  const notes: string[] = [];
  return {
    kind: 'engagement',
    target,
    shooters,
    chargers,
    turns: e.turns,
    inspired: e.inspired,
    healed: e['target-healed'] ?? null,
    counterCharge: e['counter-charge'] ? counterChargeOf(raw.target, firstCharger, chargers, target, e.turns, notes) : null,
    ...(notes.length ? { notes } : {}),
  };
}

/**
 * The target's counter-charge (§3): it moves into the front of the first charger and attacks it
 * ×1, without Thunderous Charge when Disordered (§5.4, §5.6). In this engagement it changes the
 * target only through Lifeleech (§7), so it needs that rule; the charger's own damage is not
 * followed (every attacker attacks again next turn as listed).
 */
function counterChargeOf(rawTarget: unknown, firstCharger: unknown, chargers: Scenario[], target: Unit, turns: number, notes: string[]): CounterCharge | null {
  const path = 'engagement.counter-charge';
  if (target.type === 'war-engine') throw new ScenarioError(path, 'a war engine cannot charge (§9)');
  // Where the counter-charge cannot change the engagement, it is noted and left out.
  const nothing = `${path}: true changed nothing:`;
  if (target.rules.lifeleech === 0) notes.push(`${nothing} the target's counter-charge changes the engagement only through its Lifeleech (§7), and it has none`);
  else if (chargers.length === 0) notes.push(`${nothing} the target counter-charges one of its chargers (§3), and no attacker charges`);
  else if (turns < 2) notes.push(`${nothing} the counter-charge comes in the target's own turn, between two attacker turns (§3), and this engagement has 1 turn`);
  if (notes.length) return null;
  const first = chargers[0];
  if (first.attacker.rules.yellowBellied || first.situation.lineOfSight === 'unclear')
    throw new ScenarioError(path, 'not supported yet when the first charge may not go in (Yellow-Bellied or unclear line of sight)');
  const as = (state: string) =>
    withPath(path, () => parseScenario({ attacker: rawTarget, target: firstCharger, situation: { attack: 'melee', charge: 'counter-charge', 'attacker-state': state } }));
  return { ready: as('ready'), disordered: as('disordered') };
}

/** Re-root the field path of a one-attacker scenario's error under its place in the engagement. */
function withPath<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof ScenarioError) throw new ScenarioError(e.path ? `${path}.${e.path}` : path, e.problem);
    throw e;
  }
}
