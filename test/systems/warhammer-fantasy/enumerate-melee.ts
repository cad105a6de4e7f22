/**
 * The brute-force enumerator's round of close combat (see enumerate.ts), in rule order: stupidity
 * tests, the charged unit's fear or terror test, the roll-off for equal Initiative, the first
 * striker's attacks, the reply of the models left, combat resolution, the break test, restraint,
 * flee and pursuit. Written from rules/warhammer-fantasy.md §4 and §8–§12 alone.
 */
import {
  type Enumerated,
  FACES,
  Frontier,
  type Raw,
  type Side,
  TO_HIT,
  type U,
  addAt,
  addTo,
  applyEffect,
  attackEffects,
  branch,
  d6,
  immune,
  leadership,
  moveDice,
  pursuitCatches,
  saveNeeded,
  shieldInCloseCombat,
  twoD6,
  ward,
  woundsLost,
  woundsPerUnsaved,
} from './enumerate-dice.js';

const other = (s: Side): Side => (s === 'attacker' ? 'target' : 'attacker');
const SIDES = ['attacker', 'target'] as const;

/** Each kind of blow of one fighting model: its attacks and what one attack does. */
type Blows = Array<{ attacks: number; effects: Map<number, number> }>;

/** Before the blows: models fighting, who failed a fear test (6s) or fled, who strikes first. */
type Start = { fa: number; ft: number; afraid: string; fled: string; first: string };
/** After blows: models left (am, tm) and Wounds left on the model being wounded (ac, tc). */
type Fought = Start & { am: number; ac: number; tm: number; tc: number };

export function melee(a: U, t: U, sit: Raw): Enumerated {
  return new RoundOfCombat(a, t, sit).outcome();
}

class RoundOfCombat {
  readonly units: Record<Side, U>;
  readonly round: number;
  readonly charging: string;
  readonly facing: string;
  readonly obstacle: string;
  readonly previousWinner: string;
  /** Defended obstacle, §4: its attackers hit only on 6s until they have won a round of that combat. */
  readonly obstacleWon: boolean;
  private readonly blowCache = new Map<string, Blows>();
  private readonly fateCache = new Map<string, Array<[string, number]>>();

  constructor(
    readonly a: U,
    readonly t: U,
    readonly sit: Raw,
  ) {
    this.units = { attacker: a, target: t };
    this.round = (sit.round as number) ?? 1;
    this.charging = (sit.charging as string) ?? 'none';
    this.facing = (sit.facing as string) ?? 'front';
    this.obstacle = (sit['defended-obstacle'] as string) ?? 'none';
    this.previousWinner = (sit['previous-round-winner'] as string) ?? 'none';
    this.obstacleWon = (sit['obstacle-round-won'] as boolean | undefined) ?? (this.obstacle !== 'none' && this.previousWinner === other(this.obstacle as Side));
  }

  private charged(side: Side): boolean {
    return this.round === 1 && this.charging === side;
  }

  /** Models that fight, §8 §1: the front rank; an infantry spear adds the second rank unless it charged. */
  private fighting(side: Side): number {
    const u = this.units[side];
    const front = Math.min(u.width, u.models);
    return u.weapon === 'spear' && !this.charged(side) ? front + Math.min(u.width, u.models - front) : front;
  }

  /** The blows of one fighting model of `side`: its own, then its mount's (§4), afraid or not. */
  private blows(side: Side, afraid: boolean): Blows {
    const key = `${side} ${afraid}`;
    if (!this.blowCache.has(key)) this.blowCache.set(key, this.computeBlows(side, afraid));
    return this.blowCache.get(key)!;
  }

  private computeBlows(side: Side, afraid: boolean): Blows {
    const { sit, round } = this;
    const u = this.units[side];
    const e = this.units[other(side)];
    // "Only 6s hit", §4: a defended obstacle, or a failed fear test in the first round.
    const onlySixes = (this.obstacle === other(side) && !this.obstacleWon) || (afraid && round === 1);
    const hitNeed = (ws: number) => {
      if (onlySixes) return 6;
      if (ws === 4 && e.ws === 9 && sit['ws4-vs-ws9'] === '4+') return 4; // the sheet's cell, §16.1 option
      return TO_HIT[ws - 1][e.ws - 1];
    };
    // Hand weapon and shield (option, §1): +1 against attacks from the front.
    const fromFront = side === 'target' || this.facing === 'front';
    const parry = sit['shield-parry'] === true && e.type === 'infantry' && e.weapon === 'hand-weapon' && e.items.has('shield') && fromFront ? 1 : 0;
    const clamp = sit['saves-better-than-1+'] === 'clamp';
    // Weapons, §1.
    const bonusS: Record<string, number> = {
      'great-weapon': 2,
      halberd: 1,
      flail: round === 1 ? 2 : 0,
      'morning-star': round === 1 ? 1 : 0,
      'cavalry-spear': this.charged(side) ? 1 : 0,
      lance: this.charged(side) ? 2 : 0,
    };
    const s = Math.min(10, u.s + (bonusS[u.weapon] ?? 0));
    // Hatred, §4 §11: first round only; with only 6s, re-rolled unless the §16.9 option forbids it.
    const hatred = u.rules.has('hatred') && round === 1 && !(onlySixes && sit['hatred-only-sixes'] === 'no-reroll');
    const own = {
      attacks: u.a + (u.rules.has('frenzy') ? 1 : 0) + (u.weapon === 'additional-hand-weapon' ? 1 : 0),
      effects: attackEffects({
        hit: { kind: 'd6', need: hitNeed(u.ws) },
        reroll: hatred,
        s,
        t: e.t,
        poisoned: u.rules.has('poisoned-attacks'),
        killingBlow: u.rules.has('killing-blow'),
        save: saveNeeded(e, s, parry, shieldInCloseCombat(e), clamp),
        ward: ward(e.rules),
        wounds: woundsPerUnsaved(u.rules.get('multiple-wounds')),
      }),
    };
    if (!u.mount) return [own];
    // A mount's own attacks, §4: its own WS, S and A (and none of the rider's rules or weapon).
    const ms = Math.min(10, u.mount.s);
    const mount = {
      attacks: u.mount.a,
      effects: attackEffects({
        hit: { kind: 'd6', need: hitNeed(u.mount.ws) },
        reroll: false,
        s: ms,
        t: e.t,
        poisoned: false,
        killingBlow: false,
        save: saveNeeded(e, ms, parry, shieldInCloseCombat(e), clamp),
        ward: ward(e.rules),
        wounds: [[1, 1]],
      }),
    };
    return [own, mount];
  }

  /** Strike order, §4 §1 §16.6: null when a roll-off decides. */
  private fixedFirst(): Side | null {
    const tier = (side: Side) => {
      const u = this.units[side];
      const first = u.rules.has('always-strikes-first'); // beats charging
      const last = u.weapon === 'great-weapon'; // great weapons always strike last
      if (first && !last) return 3;
      if (last && !first) return 0;
      return this.charged(side) ? 2 : 1;
    };
    const { a, t } = this;
    if (tier('attacker') !== tier('target')) return tier('attacker') > tier('target') ? 'attacker' : 'target';
    if (a.i !== t.i) return a.i > t.i ? 'attacker' : 'target';
    if (this.sit['equal-initiative'] !== 'roll-off' && this.previousWinner !== 'none') return this.previousWinner as Side;
    return null;
  }

  /** Start of the round: stupidity tests, the charged unit's fear or terror test, the roll-off. */
  private start(): Frontier<Start> {
    let fr = new Frontier<Start>();
    fr.add({ fa: this.fighting('attacker'), ft: this.fighting('target'), afraid: '', fled: '', first: '' }, 1);
    // Stupidity, §11 §16.10: a failed test (2D6 > Ld) stops half the models fighting (rounded
    // down), or with the option the odd model fights on a 4+.
    for (const side of SIDES) {
      const u = this.units[side];
      if (!u.rules.has('stupidity')) continue;
      const key = side === 'attacker' ? 'fa' : 'ft';
      const n = this.fighting(side);
      const half = Math.floor(n / 2);
      fr = twoD6(fr, () => true, (s, x, y) => (x + y <= leadership(u) ? s : { ...s, [key]: -1 }));
      if (this.sit.stupidity === 'odd-model-4+' && n % 2 === 1) fr = d6(fr, (s) => s[key] === -1, (s, f) => ({ ...s, [key]: half + (f >= 4 ? 1 : 0) }));
      else fr = branch(fr, (s) => [[s[key] === -1 ? { ...s, [key]: half } : s, 1]]);
    }
    // Fear and terror when charged, §11: the charged unit tests (2D6 ≤ Ld) unless immune to
    // psychology. Failed: terror, or fear of an enemy with more US, flees; otherwise only 6s hit.
    if (this.round === 1 && this.charging !== 'none') {
      const charger = this.units[this.charging as Side];
      const chargedSide = other(this.charging as Side);
      const tester = this.units[chargedSide];
      const terror = charger.rules.has('causes-terror');
      if (!immune(tester) && (terror || charger.rules.has('causes-fear'))) {
        const flees = terror || charger.models * charger.us > tester.models * tester.us;
        const fail = (s: Start): Start => (flees ? { ...s, fled: chargedSide } : { ...s, afraid: chargedSide });
        const given = (this.sit['fear-test'] as string) ?? 'roll';
        if (given === 'failed') fr = branch(fr, (s) => [[fail(s), 1]]);
        else if (given === 'roll') fr = twoD6(fr, () => true, (s, x, y) => (x + y <= leadership(tester) ? s : fail(s)));
      }
    }
    // Equal Initiative with no previous winner, §16.6: a roll-off, re-rolled until the dice differ.
    const first = this.fixedFirst();
    if (first !== null) return branch(fr, (s) => [[{ ...s, first }, 1]]);
    return branch(fr, (s) => {
      const out: Array<[Start, number]> = [];
      for (const x of FACES) for (const y of FACES) if (x !== y) out.push([{ ...s, first: x > y ? 'attacker' : 'target' }, 1 / 30]);
      return out;
    });
  }

  /** The blows of the first striker, or the reply of the models the first striker left standing (§8). */
  private strike(fr: Frontier<Fought>, which: 'first' | 'second'): Frontier<Fought> {
    const { a, t } = this;
    const striker = (s: Fought): Side => (which === 'first' ? (s.first as Side) : other(s.first as Side));
    const kinds = (s: Fought) => this.blows(striker(s), s.afraid === striker(s));
    const models = (s: Fought) => {
      const side = striker(s);
      const n = side === 'attacker' ? s.fa : s.ft;
      if (which === 'first') return n;
      const slain = side === 'attacker' ? a.models - s.am : t.models - s.tm;
      return Math.max(0, n - slain); // casualties cannot strike back, §8 §16.7
    };
    // Attack by attack: `left` counts the attacks still to roll of the current kind of blow.
    type Striking = Fought & { left: number; kind: number };
    let g = branch(fr, (s) => [[{ ...s, left: models(s) * kinds(s)[0].attacks, kind: 0 } as Striking, 1]]);
    const pending = () => [...g].some(([s]) => s.left > 0 || s.kind + 1 < kinds(s).length);
    while (pending())
      g = branch(g, (s) => {
        const blows = kinds(s);
        if (s.left === 0) {
          if (s.kind + 1 >= blows.length) return [[s, 1]];
          return [[{ ...s, kind: s.kind + 1, left: models(s) * blows[s.kind + 1].attacks }, 1]];
        }
        const onTarget = striker(s) === 'attacker';
        const w = onTarget ? t.w : a.w;
        return [...blows[s.kind].effects].map(([e, p]): [Striking, number] => {
          const [m, c] = applyEffect(onTarget ? s.tm : s.am, onTarget ? s.tc : s.ac, w, e);
          return [onTarget ? { ...s, tm: m, tc: c, left: s.left - 1 } : { ...s, am: m, ac: c, left: s.left - 1 }, p];
        });
      });
    return branch(g, (s) => [[{ fa: s.fa, ft: s.ft, afraid: s.afraid, fled: s.fled, first: s.first, am: s.am, ac: s.ac, tm: s.tm, tc: s.tc }, 1]]);
  }

  /**
   * Combat-resolution bonuses fixed at the start of the round, §9: ranks (at most +3; none for
   * fast cavalry, skirmishers, or while an enemy of US 5+ fights it in the flank or rear), a
   * standard, high ground, and the attacker's flank / rear bonus.
   */
  private staticBonus(side: Side): number {
    const u = this.units[side];
    const flanked = side === 'target' && this.facing !== 'front' && this.a.models * this.a.us >= 5;
    let ranks = 0;
    if (!u.rules.has('fast-cavalry') && !u.rules.has('skirmishers') && !flanked)
      for (let r = 1; r <= 3; r++) if (Math.min(u.width, u.models - r * u.width) >= ((this.sit['rank-size'] as number) ?? 4)) ranks++;
    const facingBonus = ({ front: 0, flank: 1, rear: 2, 'flank-and-rear': 3 } as Record<string, number>)[this.facing];
    return ranks + (u.rules.has('standard') ? 1 : 0) + (this.sit['high-ground'] === side ? 1 : 0) + (side === 'attacker' ? facingBonus : 0);
  }

  /**
   * The loser's fate, die by die: fear auto-break or the break test (with a Battle Standard
   * re-roll), the winner's restraint test, then the flee and pursuit rolls (§10, §12).
   */
  private loserFate(winner: Side, by: number, autoBreak: boolean): Array<[string, number]> {
    const key = `${winner} ${by} ${autoBreak}`;
    const known = this.fateCache.get(key);
    if (known) return known;
    const w = this.units[winner];
    const l = this.units[other(winner)];
    type F = { flee: number; test: number; pursue: number };
    let fate = new Frontier<F>();
    fate.add({ flee: autoBreak ? 1 : 0, test: autoBreak ? 0 : 1, pursue: 0 }, 1);
    // Flees if 2D6 + the margin > Ld (Stubborn: no margin); insane courage (option): a double 1 holds.
    const insane = this.sit['insane-courage'] === true;
    const holds = (x: number, y: number) => (insane && x === 1 && y === 1) || x + y + (l.rules.has('stubborn') ? 0 : by) <= leadership(l);
    fate = twoD6(fate, (f) => f.test === 1, (f, x, y) => (holds(x, y) ? { ...f, test: 0 } : { ...f, test: l.rules.has('battle-standard') ? 2 : 0, flee: 1 }));
    fate = twoD6(fate, (f) => f.test === 2, (f, x, y) => (holds(x, y) ? { ...f, test: 0, flee: 0 } : { ...f, test: 0 }));
    // Pursuit, §12: declared (default), or compulsory for Frenzy and Hatred; otherwise a failed
    // restraint test (2D6 > Ld) pursues, and a unit behind a defended obstacle chooses freely.
    const mustPursue = this.sit.pursue !== false || w.rules.has('frenzy') || w.rules.has('hatred');
    if (mustPursue) fate = branch(fate, (f) => [[{ ...f, pursue: f.flee }, 1]]);
    else if (this.obstacle !== winner) fate = twoD6(fate, (f) => f.flee === 1, (f, x, y) => ({ ...f, pursue: x + y > leadership(w) ? 1 : 0 }));
    const caught = pursuitCatches(moveDice(l), moveDice(w));
    const result = [...fate].flatMap(([f, q]): Array<[string, number]> => {
      if (f.flee === 0) return [['holds', q]];
      if (f.pursue === 0) return [['breaks', q]];
      return [['caught', q * caught], ['breaks', q * (1 - caught)]];
    });
    this.fateCache.set(key, result);
    return result;
  }

  outcome(): Enumerated {
    const { a, t } = this;
    const started = branch(this.start(), (s) => [[{ ...s, am: a.models, ac: a.w, tm: t.models, tc: t.w } as Fought, 1]]);
    const fled = new Frontier<Fought>();
    const fighting = new Frontier<Fought>();
    for (const [s, p] of started) (s.fled ? fled : fighting).add(s, p);
    const fought = this.strike(this.strike(fighting, 'first'), 'second');

    const damage: number[] = [];
    const slain: number[] = [];
    let destroyed = 0;
    const combat: Record<string, number> = {};
    const fates: Record<Side, Record<string, number>> = { attacker: {}, target: {} };

    // Fled from the charge, §11: no blows are struck.
    for (const [s, p] of fled) {
      addAt(damage, 0, p);
      addAt(slain, 0, p);
      addTo(combat, 'no-combat', p);
      addTo(fates[s.fled as Side], 'flees-at-charge', p);
      addTo(fates[other(s.fled as Side)], 'holds', p);
    }

    for (const [s, p] of fought) {
      addAt(damage, woundsLost(t, s.tm, s.tc), p);
      addAt(slain, t.models - s.tm, p);
      // A unit with no model left loses, and takes no test.
      if (s.am === 0 || s.tm === 0) {
        const loser: Side = s.tm === 0 ? 'target' : 'attacker';
        addTo(combat, loser === 'target' ? 'attacker-wins' : 'target-wins', p);
        addTo(fates[other(loser)], 'holds', p);
        addTo(fates[loser], 'wiped-out', p);
        if (loser === 'target') destroyed += p;
        continue;
      }
      // Combat resolution, §9: wounds suffered, the fixed bonuses, +1 for the greater US (after
      // the round's casualties, or the starting sizes with the §16.18 option).
      const left: Record<Side, number> = { attacker: s.am, target: s.tm };
      const us = (side: Side) => (this.sit.outnumbering === 'starting' ? this.units[side].models : left[side]) * this.units[side].us;
      const score: Record<Side, number> = {
        attacker: woundsLost(t, s.tm, s.tc) + this.staticBonus('attacker') + (us('attacker') > us('target') ? 1 : 0),
        target: woundsLost(a, s.am, s.ac) + this.staticBonus('target') + (us('target') > us('attacker') ? 1 : 0),
      };
      // Draws, §16.8 option: the side with the only musician wins by 1.
      if (score.attacker === score.target && this.sit['musician-wins-draws'] === true) {
        const ma = a.rules.has('musician');
        const mt = t.rules.has('musician');
        if (ma && !mt) score.attacker++;
        if (mt && !ma) score.target++;
      }
      if (score.attacker === score.target) {
        addTo(combat, 'draw', p);
        addTo(fates.attacker, 'holds', p);
        addTo(fates.target, 'holds', p);
        continue;
      }
      const winner: Side = score.attacker > score.target ? 'attacker' : 'target';
      const loser = other(winner);
      addTo(combat, winner === 'attacker' ? 'attacker-wins' : 'target-wins', p);
      addTo(fates[winner], 'holds', p);
      // Fear auto-break, §10: beaten by a fear-causer with more US (unless immune to psychology).
      const autoBreak = this.units[winner].rules.has('causes-fear') && !immune(this.units[loser]) && us(winner) > us(loser);
      for (const [result, q] of this.loserFate(winner, score[winner] - score[loser], autoBreak)) {
        addTo(fates[loser], result, p * q);
        if (loser === 'target' && result === 'caught') destroyed += p * q;
      }
    }
    return { damage, slain, destroyed, morale: fates.target, outcomes: { combat, attacker: fates.attacker } };
  }
}
