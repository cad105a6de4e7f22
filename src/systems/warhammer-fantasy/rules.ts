/**
 * Special rules of a unit: kebab-case ids of their English names in rules/warhammer-fantasy.md,
 * parsed into flags. An unknown id is an error, never ignored.
 */
import { ScenarioError } from '../../core/errors.js';
import { type DiceExpr, DiceError, parseDice } from '../../core/dice.js';
import { intParam, parseRuleRef, targetParam, ownEntry } from '../../core/input.js';

export interface UnitRules {
  /** Hatred — §11: re-roll to-hit misses in the first round of each combat; must pursue. */
  readonly hatred: boolean;
  /** Frenzy — §11: +1 Attack per model, immune to psychology, always pursues. */
  readonly frenzy: boolean;
  /** Causes fear — §11. */
  readonly causesFear: boolean;
  /** Causes terror — §11. */
  readonly causesTerror: boolean;
  /** Stubborn — §10: break tests on unmodified Ld. */
  readonly stubborn: boolean;
  /** Stupidity — §11: a failed test in combat stops half the models fighting. */
  readonly stupidity: boolean;
  /** Immune to psychology — §11 (Frenzy implies it). */
  readonly immuneToPsychology: boolean;
  /** Killing Blow — §1 [not on the sheet]. */
  readonly killingBlow: boolean;
  /** Poisoned attacks — §1 [not on the sheet]. */
  readonly poisoned: boolean;
  /** Multiple wounds (D3, D6 …) — §1 [not on the sheet]: dice rolled per unsaved wound. */
  readonly multipleWounds: DiceExpr | null;
  /** Ward save "X+ ward" — §1 [not on the sheet]. */
  readonly ward: number | null;
  /** Skirmishers — §5 (−1 to be shot), §1 (no ranks). */
  readonly skirmishers: boolean;
  /** Fast cavalry — §1: never gets ranks. */
  readonly fastCavalry: boolean;
  /** Large target — §5: +1 to be shot. */
  readonly largeTarget: boolean;
  /** Lone (independent) character — §5: −1 to be shot. */
  readonly loneCharacter: boolean;
  /** A standard in the front rank — §9: +1 combat resolution. */
  readonly standard: boolean;
  /** Musician — §12 (+1 Ld to rally) and the draw option of §1. */
  readonly musician: boolean;
  /** Within 30 cm of the Battle Standard — §1: re-roll a failed break test once. */
  readonly battleStandard: boolean;
  /** Within 30 cm of the General — §1: may use the General's Ld (this parameter). */
  readonly generalLd: number | null;
  /** Always strikes first — §1 "Strike order details": beats charging. */
  readonly alwaysStrikesFirst: boolean;
}

export const RULE_IDS = [
  'hatred',
  'frenzy',
  'causes-fear',
  'causes-terror',
  'stubborn',
  'stupidity',
  'immune-to-psychology',
  'killing-blow',
  'poisoned-attacks',
  'multiple-wounds(D3)',
  'ward-save(4+)',
  'skirmishers',
  'fast-cavalry',
  'large-target',
  'lone-character',
  'standard',
  'musician',
  'battle-standard',
  'general(9)',
  'always-strikes-first',
] as const;

const FLAGS: Record<string, keyof UnitRules> = {
  hatred: 'hatred',
  frenzy: 'frenzy',
  'causes-fear': 'causesFear',
  'causes-terror': 'causesTerror',
  stubborn: 'stubborn',
  stupidity: 'stupidity',
  'immune-to-psychology': 'immuneToPsychology',
  'killing-blow': 'killingBlow',
  'poisoned-attacks': 'poisoned',
  skirmishers: 'skirmishers',
  'fast-cavalry': 'fastCavalry',
  'large-target': 'largeTarget',
  'lone-character': 'loneCharacter',
  standard: 'standard',
  musician: 'musician',
  'battle-standard': 'battleStandard',
  'always-strikes-first': 'alwaysStrikesFirst',
};

export const NO_RULES: UnitRules = {
  hatred: false,
  frenzy: false,
  causesFear: false,
  causesTerror: false,
  stubborn: false,
  stupidity: false,
  immuneToPsychology: false,
  killingBlow: false,
  poisoned: false,
  multipleWounds: null,
  ward: null,
  skirmishers: false,
  fastCavalry: false,
  largeTarget: false,
  loneCharacter: false,
  standard: false,
  musician: false,
  battleStandard: false,
  generalLd: null,
  alwaysStrikesFirst: false,
};

/** Parse a list of rule ids (path names the list, e.g. `attacker.rules`). */
export function parseRules(texts: readonly string[], path: string): UnitRules {
  const out: { -readonly [K in keyof UnitRules]: UnitRules[K] } = { ...NO_RULES };
  const seen = new Set<string>();
  texts.forEach((text, index) => {
    const at = `${path}[${index}]`;
    const ref = parseRuleRef(text, at);
    if (seen.has(ref.id)) throw new ScenarioError(at, `rule '${ref.id}' is listed twice`);
    seen.add(ref.id);
    const flag = ownEntry(FLAGS, ref.id);
    if (flag) {
      if (ref.param !== null) throw new ScenarioError(at, `rule '${ref.id}' takes no parameter`);
      (out as Record<string, unknown>)[flag] = true;
      return;
    }
    switch (ref.id) {
      case 'multiple-wounds':
        out.multipleWounds = woundDice(ref.param, text, at);
        return;
      case 'ward-save':
        out.ward = targetParam(ref, at, 2, 6);
        return;
      case 'general':
        out.generalLd = intParam(ref, at, 1, 10);
        return;
      default:
        throw new ScenarioError(at, `unknown rule '${ref.id}' (known: ${RULE_IDS.join(', ')})`);
    }
  });
  // Frenzy — §11: the unit is immune to psychology.
  if (out.frenzy) out.immuneToPsychology = true;
  return out;
}

function woundDice(param: string | null, text: string, at: string): DiceExpr {
  if (param === null) throw new ScenarioError(at, `'${text}' needs the dice rolled per unsaved wound, e.g. 'multiple-wounds(D3)'`);
  try {
    const dice = parseDice(param);
    const least = dice.count === 0 ? dice.modifier : dice.count + dice.modifier;
    if (dice.discard !== null || dice.count > 4 || least < 1) throw new DiceError('');
    return dice;
  } catch (e) {
    if (e instanceof DiceError) throw new ScenarioError(at, `'${text}': the wounds per unsaved wound must be a number ≥ 1 or dice such as D3, D6, D3+1, 2D6`);
    throw e;
  }
}
