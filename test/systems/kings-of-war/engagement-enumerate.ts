/**
 * A brute-force witness for Kings of War engagements — several chargers (and a shooter) against one
 * target, turn after turn until it routs — written from rules/kings-of-war.md alone. It reads the
 * raw engagement JSON (the subset listed in `EngagementInput`) and imports nothing from src/: not
 * the plan, the nerve table, the single-attack engine or the engagement chain.
 *
 * Every die is walked in rule order (test/support/walk.ts merges equal outcomes as it goes): in each
 * attacker turn the shooter's to-hit and damage dice, then its nerve test (2D6, §6.2, with the
 * Inspiring re-roll of a Routed result, §6.4: the one-attack witness's nerveTest); then each charger's Yellow-Bellied die and
 * line-of-sight die (§7, §1: it goes in or not), each of its to-hit and damage dice (§5.2–§5.4,
 * Elite and Vicious re-rolls), and one nerve test on the total after all of them struck (§5.1,
 * §6.1) — with Brutal's +1 only when a Brutal charger is in the combat (§7 Brutal: "when one or
 * more Brutal units are in the combat"), never from one that halted or could not see. Between two
 * attacker turns the target has its own turn: Regeneration rolls one die per damage point (§7).
 *
 * The state carried from one die to the next is (damage carried, whether a Brutal charger is in the
 * combat, status): a number, so equal states merge.
 */
import { type Weights, bind, certain, die, map, repeat } from '../../support/walk.js';
import { type NerveResult, type RawUnit, nerveTest } from './enumerate.js';

/** A unit of the engagement: the one-attack enumerator's unit without a weapon or artefact. */
export type EngagementUnit = Omit<RawUnit, 'weapon' | 'artefact'>;

export interface EngagementInput {
  target: EngagementUnit;
  attackers: Array<{ unit: EngagementUnit; situation: { attack: 'melee' | 'shooting'; charge?: 'front' | 'flank' | 'rear'; 'line-of-sight'?: 'clear' | 'unclear'; order?: 'halt' } }>;
  engagement?: { turns?: number; inspired?: boolean };
}

export interface EngagementEnumerated {
  /** The damage the target carries at the end, or its total when it routed. */
  damage: Map<number, number>;
  routed: number;
  /** steady / wavered / routed at the end of each attacker turn (steady: not wavered nor routed). */
  endOfTurn: Array<Record<NerveResult, number>>;
}

/** The rules the witness reads; any other rule id throws, so a generator cannot slip one past it. */
export const ENGAGEMENT_RULES = ['crushing-strength', 'thunderous-charge', 'elite', 'vicious', 'brutal', 'yellow-bellied', 'iron-resolve', 'regeneration', 'inspiring'];

function rulesOf(u: EngagementUnit): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of u.rules ?? []) {
    const match = /^([a-z-]+)(?:\((.*)\))?$/.exec(r)!;
    if (!ENGAGEMENT_RULES.includes(match[1])) throw new Error(`engagement witness: rule '${r}' is not modelled`);
    m.set(match[1], match[2] ?? '');
  }
  return m;
}

const need = (text: string) => Number(text.replace('+', ''));
/** A die succeeds on `n`+, a natural 1 always failing (§1). */
const succeeds = (face: number, n: number) => face !== 1 && face >= n;

/** One die rolled for a success on `n`+ (1 = success), a natural 1 re-rolled once with `rerollOnes` (Elite, Vicious). */
function oneDie(n: number, rerollOnes: boolean): Weights {
  return bind(die(6), (face) => (face === 1 && rerollOnes ? map(die(6), (g) => (succeeds(g, n) ? 1 : 0)) : certain(succeeds(face, n) ? 1 : 0)));
}

/** Damage dealt by `dice` dice: each rolls to hit, and each hit rolls to damage (§4, §5). */
function damageOf(dice: number, hitNeed: number, damageNeed: number | null, elite: boolean, vicious: boolean): Weights {
  if (damageNeed === null) return certain(0);
  // one die's whole path: a hit (1) then a damage roll on it (1)
  const perDie = bind(oneDie(hitNeed, elite), (hit) => (hit ? oneDie(damageNeed, vicious) : certain(0)));
  return repeat(perDie, dice);
}

/** §1 clamps: a need above 6 rolls half the dice (rounded down) on 6s; never better than 2+. */
function clampedDice(att: number, n: number): [number, number] {
  return n > 6 ? [Math.floor(att / 2), 6] : [att, Math.max(2, n)];
}
const damageNeed = (n: number) => (n > 6 ? null : Math.max(2, n));

interface Charger {
  /** P(it goes in): the Yellow-Bellied die (a 1 halts it, front charges only) and the line-of-sight die (4+ sees). */
  goesIn: Weights;
  dealt: Weights;
  brutal: boolean;
}

function charger(a: EngagementInput['attackers'][number], t: EngagementUnit): Charger {
  const r = rulesOf(a.unit);
  const charge = a.situation.charge ?? 'front';
  const yellow = r.has('yellow-bellied') && charge === 'front';
  const unclear = a.situation['line-of-sight'] === 'unclear';
  // 1 = it goes in: both dice walked
  const goesIn = bind(yellow ? map(die(6), (f) => (f === 1 ? 0 : 1)) : certain(1), (ok) => (ok && unclear ? map(die(6), (f) => (f >= 4 ? 1 : 0)) : certain(ok)));
  // §5.2: front ×1, flank ×2, rear ×3
  const multiplier = charge === 'front' ? 1 : charge === 'flank' ? 2 : 3;
  const [dice, hit] = clampedDice(a.unit.att * multiplier, need(a.unit.me));
  const cs = Number(r.get('crushing-strength') ?? 0);
  const tc = Number(r.get('thunderous-charge') ?? 0);
  return { goesIn, dealt: damageOf(dice, hit, damageNeed(need(t.de) - cs - tc), r.has('elite'), r.has('vicious')), brutal: r.has('brutal') };
}

function shooter(a: EngagementInput['attackers'][number], t: EngagementUnit): Weights {
  const r = rulesOf(a.unit);
  // §4.2: Ra, halted, no cover; the damage roll against De (§4.3)
  const [dice, hit] = clampedDice(a.unit.att, need(a.unit.ra));
  return damageOf(dice, hit, damageNeed(need(t.de)), r.has('elite'), r.has('vicious'));
}

/** State key: damage × 4 + status (0 untested/steady, 1 wavered); routed mass is kept apart. */
const WAVERED = 1;

export function enumerateKowEngagement(input: EngagementInput): EngagementEnumerated {
  const t = input.target;
  const tr = rulesOf(t);
  const [waverText, routText] = t.nerve.split('/');
  const waver = /^\d+$/.test(waverText) ? Number(waverText) : null;
  const rout = Number(routText);
  const reroll = tr.has('inspiring') || input.engagement?.inspired === true;
  const turns = input.engagement?.turns ?? 1;
  const shooters = input.attackers.filter((a) => a.situation.attack === 'shooting').map((a) => shooter(a, t));
  const chargers = input.attackers.filter((a) => a.situation.attack === 'melee').map((a) => charger(a, t));

  const tests = new Map<number, Record<NerveResult, number>>();
  const nerveOn = (total: number) => tests.get(total) ?? tests.set(total, nerveTest(total, waver, rout, reroll)).get(total)!;
  const routedAt = new Map<number, number>();
  let routed = 0;
  /** One phase's test on the live states: `dealt` is (damage dealt × 2 + brutal in the combat). */
  const test = (live: Weights, dealt: Weights): Weights => {
    const out: Weights = new Map();
    const put = (k: number, p: number) => out.set(k, (out.get(k) ?? 0) + p);
    for (const [state, p] of live)
      for (const [x, q] of dealt) {
        const carried = state >> 2;
        const status = state & 3;
        const d = x >> 1;
        // No damage this phase, no test (§6.1).
        if (d === 0) {
          put(state, p * q);
          continue;
        }
        const total = carried + d;
        const o = nerveOn(total + (x & 1));
        routed += p * q * o.routed;
        routedAt.set(total, (routedAt.get(total) ?? 0) + p * q * o.routed);
        put(total * 4 + WAVERED, p * q * o.wavered);
        // Iron Resolve: Steady after a test removes one point (§7); a Wavered unit stays Wavered this turn.
        put((tr.has('iron-resolve') ? total - 1 : total) * 4 + status, p * q * o.steady);
      }
    return out;
  };

  let live: Weights = certain((t.damage ?? 0) * 4);
  const endOfTurn: EngagementEnumerated['endOfTurn'] = [];
  for (let turn = 1; turn <= turns; turn++) {
    if (turn > 1) {
      // The target's turn: Waver wears off; Regeneration(n): one die per point, each n+ removes it (§7).
      const n = tr.has('regeneration') ? need(tr.get('regeneration')!) : null;
      live = bind(live, (state) => {
        const carried = state >> 2;
        const kept = n === null ? certain(carried) : repeat(map(die(6), (f) => (f >= n ? 0 : 1)), carried);
        return map(kept, (k) => k * 4);
      });
    }
    if (shooters.length > 0) live = test(live, map(shooters.reduce((a, b) => bind(a, (x) => map(b, (y) => x + y))), (d) => d * 2));
    if (chargers.length > 0) {
      // dealt × 2 + (a Brutal charger went in)
      const melee = chargers.reduce<Weights>(
        (acc, c) => bind(acc, (sofar) => bind(c.goesIn, (inCombat) => (inCombat ? map(c.dealt, (d) => (sofar | (c.brutal ? 1 : 0)) + d * 2) : certain(sofar)))),
        certain(0),
      );
      live = test(live, melee);
    }
    let wavered = 0;
    for (const [state, p] of live) if ((state & 3) === WAVERED) wavered += p;
    endOfTurn.push({ steady: 1 - routed - wavered, wavered, routed });
  }
  const damage: Map<number, number> = new Map(routedAt);
  for (const [state, p] of live) damage.set(state >> 2, (damage.get(state >> 2) ?? 0) + p);
  return { damage, routed, endOfTurn };
}
