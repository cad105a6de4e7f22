/**
 * A witness that shares nothing with the engine: every die of a small Warhammer Fantasy scenario
 * enumerated face by face in rule order, written from rules/warhammer-fantasy.md and its printed
 * tables alone. It reads the raw scenario JSON itself (its own defaults) and imports nothing from
 * src/: no plan, no exact, no simulate, no tables.
 *
 * How it walks the dice: one attack's dice (to hit, re-roll, to wound, armour, ward, multiple
 * wounds) are enumerated face by face into the attack's possible effects; then the attacks are
 * applied one after another to a set of table states (models left, Wounds left on the model being
 * wounded, ...), and the 2D6 tests and the flee and pursuit dice are enumerated die by die the
 * same way. Sequences of faces that leave the table in the same state are merged: a sum over every
 * sequence, in rule order, without any closed form.
 *
 * Files: enumerate-dice.ts (tables, units, one attack), enumerate-melee.ts (a round of combat),
 * this one (the entry, shooting, fleeing from a charge, rallying).
 */

import {
  BS_SCORE,
  type Enumerated,
  FACES,
  Frontier,
  type Raw,
  type U,
  type AttackProfile,
  addAt,
  addTo,
  applyEffect,
  attackEffects,
  branch,
  immune,
  leadership,
  moveDice,
  readUnit,
  rollDice,
  saveNeeded,
  shieldInCloseCombat,
  ward,
  woundsLost,
  woundsPerUnsaved,
} from './enumerate-dice.js';
import { melee } from './enumerate-melee.js';

export type { Enumerated } from './enumerate-dice.js';

export function enumerate(input: Raw): Enumerated {
  const situation = (input.situation as Raw | undefined) ?? {};
  const phase = (situation.phase as string) ?? 'melee';
  const target = readUnit(input.target as Raw);
  if (phase === 'rally') return rally(target, situation);
  const attacker = readUnit(input.attacker as Raw);
  if (phase === 'flee-reaction') return fleeReaction(attacker, target, situation);
  if (phase === 'shooting') return shooting(attacker, target, situation);
  return melee(attacker, target, situation);
}

/** Rally, §12: 25% of the original models, then 2D6 ≤ Ld (+1 musician, at most 10). */
function rally(t: U, sit: Raw): Enumerated {
  if (4 * t.models < (sit['original-models'] as number)) return { damage: [1], morale: { 'cannot-rally': 1 } };
  const ld = Math.min(10, leadership(t) + (t.rules.has('musician') ? 1 : 0));
  const morale: Record<string, number> = {};
  for (const a of FACES) for (const b of FACES) addTo(morale, a + b <= ld ? 'rallies' : 'keeps-fleeing', 1 / 36);
  return { damage: [1], morale };
}

/** Fleeing as a charge reaction, §12 (simplified test): destroyed iff gap + flee ≤ 2 × charger's M. */
function fleeReaction(a: U, t: U, sit: Raw): Enumerated {
  const morale: Record<string, number> = {};
  let destroyed = 0;
  for (const [roll, p] of rollDice(moveDice(t))) {
    const caught = (sit.gap as number) + roll <= 2 * a.m;
    addTo(morale, caught ? 'caught' : 'escapes', p);
    if (caught) destroyed += p;
  }
  return { damage: [1], slain: [1], destroyed, morale };
}

/** The save a raw unit needs against a Strength 3 blow (no modifier) in close combat or shooting. */
export function armourSave(raw: Raw, phase: 'melee' | 'shooting'): number {
  const u = readUnit(raw);
  return saveNeeded(u, 3, 0, phase === 'shooting' || shieldInCloseCombat(u), false);
}

function shooting(a: U, t: U, sit: Raw): Enumerated {
  const missile = a.missile!;
  // §5: base score by BS, then the modifiers (a bonus lowers the score).
  let score = BS_SCORE[a.bs - 1];
  if (t.rules.has('large-target')) score -= 1;
  if (sit.moved) score += 1;
  if (sit['charging-target']) score += 1;
  if (sit['long-range']) score += 1;
  if (t.rules.has('lone-character') || t.rules.has('skirmishers')) score += 1;
  if (sit.cover === 'soft') score += 1;
  if (sit.cover === 'hard') score += 2;
  const hit: AttackProfile['hit'] =
    score <= 2 ? { kind: 'd6', need: 2 } : score <= 6 ? { kind: 'd6', need: score } : score <= 9 ? { kind: 'six-then', need: score - 3 } : { kind: 'never', need: 7 };
  const effects = attackEffects({
    hit,
    reroll: false,
    s: missile.s,
    t: t.t,
    poisoned: missile.rules.has('poisoned-attacks'),
    killingBlow: false,
    save: saveNeeded(t, missile.s, 0, true, sit['saves-better-than-1+'] === 'clamp'),
    ward: ward(t.rules),
    wounds: woundsPerUnsaved(missile.rules.get('multiple-wounds')),
  });
  // Only the front rank shoots; two ranks on raised ground, §5.
  const shots = Math.min(a.models, a.width * (sit['raised-ground'] ? 2 : 1)) * missile.shots;
  let fr = new Frontier<{ m: number; c: number }>();
  fr.add({ m: t.models, c: t.w }, 1);
  for (let k = 0; k < shots; k++)
    fr = branch(fr, (s) => [...effects].map(([e, p]) => {
      const [m, c] = applyEffect(s.m, s.c, t.w, e);
      return [{ m, c }, p] as [{ m: number; c: number }, number];
    }));
  const damage: number[] = [];
  const slain: number[] = [];
  const morale: Record<string, number> = {};
  let destroyed = 0;
  for (const [s, p] of fr) {
    addAt(damage, woundsLost(t, s.m, s.c), p);
    const casualties = t.models - s.m;
    addAt(slain, casualties, p);
    // Panic, §11 §13: 25% of the models lost in the phase; a wiped-out unit takes no test.
    if (s.m === 0) {
      addTo(morale, 'wiped-out', p);
      destroyed += p;
    } else if (4 * casualties < t.models || immune(t)) addTo(morale, 'no-test', p);
    else for (const x of FACES) for (const y of FACES) addTo(morale, x + y <= leadership(t) ? 'passes-panic-test' : 'panics', p / 36);
  }
  return { damage, slain, destroyed, morale };
}
