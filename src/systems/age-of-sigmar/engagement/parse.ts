/**
 * `parse` of an Age of Sigmar engagement: the shape (zod), then the rules between units — who is
 * engaged with whom, Strike-first and Strike-last (19.0), charges, how many units a side brings —
 * and every ATTACK ability of a unit against each of its targets, validated as a single-attack
 * scenario (so a weapon or a target is checked exactly as `warodds attack` checks it).
 */
import { ScenarioError } from '../../../core/errors.js';
import { validate } from '../../../core/input.js';
import { parseScenario, parseUnitWeapons } from '../parse.js';
import type { Scenario, Weapon } from '../schema.js';
import { removalOrder } from './loadout.js';
import {
  type AttackAbility,
  type AttackPlan,
  type Engagement,
  type EngagementUnit,
  MAX_UNITS_PER_SIDE,
  type RawEngagement,
  engagementSchema,
} from './schema.js';

type RawUnit = RawEngagement['units'][number];

/** Unit abilities that only an engagement computes: the order of Fight activations (19.0). */
const STRIKE = ['strike-first', 'strike-last'] as const;

/** Whether a raw input is an engagement rather than one attack. */
export function isEngagementInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'engagement' in input;
}

export function parseEngagement(input: unknown): Engagement {
  const raw = validate(engagementSchema(), input);
  const index = new Map<string, number>();
  raw.units.forEach((u, i) => {
    if (index.has(u.name)) throw new ScenarioError(`units[${i}].name`, `'${u.name}' is already the name of units[${index.get(u.name)}]`);
    index.set(u.name, i);
  });
  for (const side of ['attacker', 'defender'] as const) {
    const count = raw.units.filter((u) => u.side === side).length;
    if (count === 0) throw new ScenarioError('units', `an engagement needs units of both sides: no unit has side '${side}'`);
    if (count > MAX_UNITS_PER_SIDE) throw new ScenarioError('units', `${count} ${side} units: at most ${MAX_UNITS_PER_SIDE} a side`);
  }
  const targets = raw.units.map((u, i) => resolveTargets(raw, u, i, index));
  checkEngaged(raw, targets);
  const bodies = raw.units.map((u, i) => withoutStrike(u, i));
  const weapons = bodies.map((b, i) => parseUnitWeapons(b.body, `units[${i}].unit`));
  const units = raw.units.map((u, i): EngagementUnit => {
    // Charges happen in the charge phase of the charging player's own turn (13.0): turn 1 is the first player's.
    if (u.charged && u.side !== raw.engagement.first)
      throw new ScenarioError(`units[${i}].charged`, `the first turn is the ${raw.engagement.first}'s, so only its units can have charged`);
    const plans = (ability: AttackAbility) => targets[i].flatMap((t) => attackPlan(raw, i, t, ability, bodies, weapons[i]) ?? []);
    const fight = u.engaged ? plans('fight') : [];
    const shoot = plans('shoot');
    const models = bodies[i].body.models as number;
    return {
      name: u.name,
      side: u.side,
      models,
      health: healthOf(bodies[i].body),
      damaged: (bodies[i].body.damaged as number | undefined) ?? 0,
      engaged: u.engaged,
      // Strike-first and Strike-last — 19.0: a unit with both has neither.
      strikeFirst: bodies[i].strikeFirst && !bodies[i].strikeLast,
      strikeLast: bodies[i].strikeLast && !bodies[i].strikeFirst,
      weapons: weapons[i],
      targets: targets[i],
      fight,
      shoot,
      removalOrder: removalOrder(models, weapons[i], `units[${i}].unit`),
    };
  });
  const focus = raw.engagement.target === undefined ? raw.units.findIndex((u) => u.side === 'defender') : index.get(raw.engagement.target);
  if (focus === undefined) throw new ScenarioError('engagement.target', `no unit is named '${raw.engagement.target}' (units: ${[...index.keys()].join(', ')})`);
  if (!targets.some((ts) => ts.includes(focus)))
    throw new ScenarioError('engagement.target', `no unit attacks '${raw.units[focus].name}': list it in some unit's targets`);
  // The notes of every attack, each once (GameSystem.notes).
  const notes = [...new Set(units.flatMap((u) => [...u.fight, ...u.shoot].flatMap((p) => [...(p.firstTurn.notes ?? []), ...(p.laterTurns.notes ?? [])])))];
  return { kind: 'engagement', turns: raw.engagement.turns, first: raw.engagement.first, phases: raw.engagement.phases, focus, units, ...(notes.length ? { notes } : {}) };
}

function resolveTargets(raw: RawEngagement, u: RawUnit, i: number, index: Map<string, number>): number[] {
  const seen = new Set<number>();
  return u.targets.map((name, k) => {
    const path = `units[${i}].targets[${k}]`;
    const t = index.get(name);
    if (t === undefined) throw new ScenarioError(path, `no unit is named '${name}' (units: ${[...index.keys()].join(', ')})`);
    if (raw.units[t].side === u.side) throw new ScenarioError(path, `'${name}' is on the same side (${u.side}): a unit attacks enemy units`);
    if (seen.has(t)) throw new ScenarioError(path, `'${name}' is listed twice`);
    seen.add(t);
    return t;
  });
}

/**
 * Engaged means within 3" of a visible enemy (13.0), which goes both ways. An engaged unit with no
 * targets does not fight (e.g. against units whose sheets have no Health to attack).
 */
function checkEngaged(raw: RawEngagement, targets: number[][]): void {
  raw.units.forEach((u, i) => {
    if (!u.engaged) return;
    targets[i].forEach((t, k) => {
      if (!raw.units[t].engaged)
        throw new ScenarioError(`units[${i}].targets[${k}]`, `'${raw.units[t].name}' is not engaged, but '${u.name}' is in combat with it: engagement goes both ways (set engaged on both)`);
    });
  });
}

interface Body {
  readonly body: Record<string, unknown>;
  readonly strikeFirst: boolean;
  readonly strikeLast: boolean;
}

/** The unit body without Strike-first / Strike-last, which only order the activations (19.0). */
function withoutStrike(u: RawUnit, i: number): Body {
  const abilities = Array.isArray(u.unit.abilities) ? (u.unit.abilities as unknown[]) : [];
  const has = (id: string) => abilities.some((a) => typeof a === 'string' && a.trim().toLowerCase() === id);
  const strikeFirst = has('strike-first');
  // 19.0: Strike-first applies to units engaged at the start of the combat phase.
  if (strikeFirst && !u.engaged)
    throw new ScenarioError(
      `units[${i}].unit.abilities[${abilities.findIndex((a) => typeof a === 'string' && a.trim().toLowerCase() === 'strike-first')}]`,
      'Strike-first orders the combat phase for units engaged at its start (19.0), and this unit is not engaged',
    );
  const rest = abilities.filter((a) => !(typeof a === 'string' && (STRIKE as readonly string[]).includes(a.trim().toLowerCase())));
  const body = Array.isArray(u.unit.abilities) ? { ...u.unit, abilities: rest } : u.unit;
  return { body, strikeFirst, strikeLast: has('strike-last') };
}

/**
 * Unit u's ATTACK ability against unit t, in the first turn and later ones; null when u has no
 * weapon for it (Fight: a melee weapon, 16.0; Shoot: a ranged weapon, only Shoot in Combat ones
 * while engaged, 14.2).
 */
function attackPlan(raw: RawEngagement, u: number, t: number, ability: AttackAbility, bodies: Body[], all: readonly Weapon[]): AttackPlan | null {
  const engaged = raw.units[u].engaged;
  const usable = all.filter((w) => (ability === 'fight' ? w.type === 'melee' : w.type === 'ranged' && (w.shootInCombat || !engaged)));
  if (usable.length === 0) return null;
  const scenario = (firstTurn: boolean): Scenario =>
    remapScenario(
      () =>
        parseScenario({
          attacker: bodies[u].body,
          target: bodies[t].body,
          situation: {
            ...raw.situation,
            ability,
            ...(ability === 'shoot' ? { engaged } : {}),
            charged: firstTurn && raw.units[u].charged,
            'target-charged': firstTurn && raw.units[t].charged,
            cover: raw.units[t].cover,
          },
        }),
      u,
      t,
    );
  // The scenario's weapons are `usable`, in the same order (the same choice as parse.ts makes, 14.2, 16.0).
  return { target: t, firstTurn: scenario(true), laterTurns: scenario(false), weaponIndex: usable.map((w) => all.indexOf(w)) };
}

/** Health per model; a unit no one attacks may have none (its attack scenarios check it otherwise). */
function healthOf(body: Record<string, unknown>): number | null {
  return typeof body.health === 'number' ? body.health : null;
}

/** A single-attack scenario, its errors and notes named by the engagement's fields. */
function remapScenario(f: () => Scenario, attacker: number, target: number): Scenario {
  const scenario = remapErrors(f, attacker, target);
  if (!scenario.notes) return scenario;
  const notes = scenario.notes.map((n) => n.replace(/^attacker\b/, `units[${attacker}].unit`).replace(/^target\b/, `units[${target}].unit`));
  return { ...scenario, notes };
}

/** A single-attack scenario's error, named by the engagement's fields. */
function remapErrors<T>(f: () => T, attacker: number, target: number): T {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    const path = e.path
      .replace(/^attacker\b/, `units[${attacker}].unit`)
      .replace(/^target\b/, `units[${target}].unit`);
    const error = new ScenarioError(path, e.problem);
    error.name = e.name;
    throw error;
  }
}
