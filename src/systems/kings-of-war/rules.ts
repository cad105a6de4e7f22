/**
 * Special rules (Kings of War §7) and spells (§8.1) of a unit: kebab-case ids with an optional
 * parameter, parsed once into a typed record. Unknown ids are errors, never ignored.
 */
import { type DiceExpr, DiceError, parseDice } from '../../core/dice.js';
import { ScenarioError } from '../../core/errors.js';
import { intParam, parseRuleRef, type RuleRef, targetParam, ownEntry } from '../../core/input.js';

/** The spells of §8.1 and their number of dice. */
export interface Spells {
  fireball: number | null;
  lightningBolt: number | null;
  heal: number | null;
  baneChant: number | null;
  windBlast: number | null;
  surge: number | null;
}

export interface UnitRules {
  bigShield: boolean;
  /** Blast(n): each hit of the unit's weapon becomes n hits (§7). */
  blast: DiceExpr | null;
  /** Breath Attack(n); 'att' = Breath Attack(At), which uses the unit's Att (§7). */
  breath: number | 'att' | null;
  brutal: boolean;
  crushingStrength: number;
  elite: boolean;
  ensnare: boolean;
  fly: boolean;
  fury: boolean;
  headstrong: boolean;
  indirectFire: boolean;
  individual: boolean;
  inspiring: boolean;
  ironResolve: boolean;
  lifeleech: number;
  nimble: boolean;
  pathfinder: boolean;
  phalanx: boolean;
  piercing: number;
  /** Regeneration(n+): the roll that removes a damage point. */
  regeneration: number | null;
  reload: boolean;
  stealthy: boolean;
  strider: boolean;
  thunderousCharge: number;
  vicious: boolean;
  yellowBellied: boolean;
  spells: Spells;
}

function noRules(): UnitRules {
  return {
    bigShield: false,
    blast: null,
    breath: null,
    brutal: false,
    crushingStrength: 0,
    elite: false,
    ensnare: false,
    fly: false,
    fury: false,
    headstrong: false,
    indirectFire: false,
    individual: false,
    inspiring: false,
    ironResolve: false,
    lifeleech: 0,
    nimble: false,
    pathfinder: false,
    phalanx: false,
    piercing: 0,
    regeneration: null,
    reload: false,
    stealthy: false,
    strider: false,
    thunderousCharge: 0,
    vicious: false,
    yellowBellied: false,
    spells: { fireball: null, lightningBolt: null, heal: null, baneChant: null, windBlast: null, surge: null },
  };
}

type FlagRule = {
  [K in keyof UnitRules]: UnitRules[K] extends boolean ? K : never;
}[keyof UnitRules];

/** Rules without a parameter that set a flag (§7). */
const FLAGS: Record<string, FlagRule> = {
  'big-shield': 'bigShield',
  brutal: 'brutal',
  elite: 'elite',
  ensnare: 'ensnare',
  fly: 'fly',
  fury: 'fury',
  headstrong: 'headstrong',
  'indirect-fire': 'indirectFire',
  individual: 'individual',
  inspiring: 'inspiring',
  // Very Inspiring is Inspiring at 9" (§6.4): the range is the situation's `inspired`.
  'very-inspiring': 'inspiring',
  'iron-resolve': 'ironResolve',
  nimble: 'nimble',
  pathfinder: 'pathfinder',
  phalanx: 'phalanx',
  reload: 'reload',
  stealthy: 'stealthy',
  strider: 'strider',
  vicious: 'vicious',
  'yellow-bellied': 'yellowBellied',
};

/** Rules that change no dice (§7 "no dice", §6.5): accepted, no effect on the numbers. */
const NO_DICE = new Set(['shambling', 'vanguard']);

/** Spells (§8.1): id → field, each with its number of dice. */
const SPELLS: Record<string, keyof Spells> = {
  fireball: 'fireball',
  'lightning-bolt': 'lightningBolt',
  heal: 'heal',
  'bane-chant': 'baneChant',
  'wind-blast': 'windBlast',
  surge: 'surge',
};

const MAX_BONUS = 10;
const MAX_DICE = 100;

export const RULE_IDS = [
  ...Object.keys(FLAGS),
  ...NO_DICE,
  ...Object.keys(SPELLS),
  'blast',
  'breath-attack',
  'crushing-strength',
  'lifeleech',
  'piercing',
  'regeneration',
  'thunderous-charge',
].sort();

/** Parse a unit's `rules` array. */
export function parseRules(texts: readonly string[], path: string): UnitRules {
  const rules = noRules();
  const seen = new Set<string>();
  texts.forEach((text, i) => {
    const at = `${path}[${i}]`;
    const ref = parseRuleRef(text, at);
    if (seen.has(ref.id)) throw new ScenarioError(at, `rule '${ref.id}' is listed twice`);
    seen.add(ref.id);
    applyRule(rules, ref, at);
  });
  return rules;
}

function applyRule(rules: UnitRules, ref: RuleRef, at: string): void {
  const flag = ownEntry(FLAGS, ref.id);
  if (flag !== undefined || NO_DICE.has(ref.id)) {
    if (ref.param !== null) throw new ScenarioError(at, `rule '${ref.id}' takes no parameter`);
    if (flag !== undefined) rules[flag] = true;
    return;
  }
  const spell = ownEntry(SPELLS, ref.id);
  if (spell !== undefined) {
    rules.spells[spell] = intParam(ref, at, 1, MAX_DICE);
    return;
  }
  switch (ref.id) {
    case 'blast':
      rules.blast = blastParam(ref, at);
      return;
    case 'breath-attack':
      rules.breath = ref.param?.toLowerCase() === 'att' ? 'att' : intParam(ref, at, 1, MAX_DICE);
      return;
    case 'crushing-strength':
      rules.crushingStrength = intParam(ref, at, 1, MAX_BONUS);
      return;
    case 'lifeleech':
      rules.lifeleech = intParam(ref, at, 1, MAX_DICE);
      return;
    case 'piercing':
      rules.piercing = intParam(ref, at, 1, MAX_BONUS);
      return;
    case 'regeneration':
      rules.regeneration = targetParam(ref, at);
      return;
    case 'thunderous-charge':
      rules.thunderousCharge = intParam(ref, at, 1, MAX_BONUS);
      return;
    default:
      throw new ScenarioError(at, `unknown rule '${ref.id}' (known: ${RULE_IDS.join(', ')})`);
  }
}

/**
 * Blast(n): n is a whole number or a dice expression such as D3, D6 or D6+3 (§7): each hit
 * becomes n hits, so n is at least 1 on every roll (an expression that can come out at 0 or
 * below, such as D3-3, is refused).
 */
function blastParam(ref: RuleRef, at: string): DiceExpr {
  const usage = "needs a number of hits of at least 1 on every roll, e.g. 'blast(D3)', 'blast(D6+3)' or 'blast(2)'";
  let expr: DiceExpr;
  try {
    if (ref.param === null) throw new DiceError('missing');
    expr = parseDice(ref.param);
  } catch (e) {
    if (!(e instanceof DiceError)) throw e;
    throw new ScenarioError(at, `'${ref.text}' ${usage}`);
  }
  if (expr.discard) throw new ScenarioError(at, `'${ref.text}' ${usage}`);
  // The smallest roll: every die showing 1.
  const least = expr.count + expr.modifier;
  if (least < 1) throw new ScenarioError(at, `'${ref.text}' can give ${least} hits; Blast ${usage}`);
  return expr;
}
