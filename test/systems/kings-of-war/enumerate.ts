/**
 * A brute-force witness for Kings of War attacks, written from rules/kings-of-war.md alone: it
 * reads the raw scenario JSON and rolls every die in rule order (the charge and sight rolls, the
 * Bane-chant and cover rolls, every to-hit die with its re-rolls, every Blast die, every damage
 * die, the target's Regeneration and Heal dice, the 2D6 nerve test and its Routed re-roll, the
 * Headstrong die), each face with probability 1/6. Sequences that leave the same count behind are
 * merged as they go, so the walk is exact and small. It shares nothing with
 * src/systems/kings-of-war (no plan, tables, exact or simulate code).
 *
 * It models the rules the property test generates: Me/Ra/De/Att/Ne and carried damage; charge
 * side, counter-charge, hindrance, Disorder, halving (A3); CS, TC, Piercing, Blast, Elite,
 * Vicious, Brutal, Individual, Nimble, Fly, Strider, Pathfinder, Yellow-Bellied, Stealthy, Big
 * Shield, Ensnare, Phalanx, Indirect Fire, Reload, Inspiring, Iron Resolve, Headstrong,
 * Regeneration, Lifeleech; Breath Attack, Fireball, Lightning Bolt, Heal, Bane-chant; Blade of
 * Slashing, Mace of Crushing, Piercing Arrow, Brew of Sharpness, Brew of Keen-eyeness, Brew of
 * Courage, Helm of Confidence; cover and line of sight, clear or unclear.
 */

type Weights = Map<number, number>;

export interface RawUnit {
  type: string;
  size?: string;
  me: string;
  ra: string;
  de: string;
  att: number;
  nerve: string;
  damage?: number;
  weapon?: string;
  artefact?: string;
  rules?: string[];
}

export interface RawSituation {
  attack: 'melee' | 'shooting';
  charge?: 'front' | 'flank' | 'rear' | 'counter-charge';
  hindered?: string;
  charger?: 'first' | 'later';
  'attacker-state'?: 'ready' | 'disordered';
  'bane-chant'?: number;
  inspired?: boolean;
  'target-regenerates'?: boolean;
  'target-healed'?: number;
  halving?: 'after-multiplier' | 'before-multiplier';
  'line-of-sight'?: 'clear' | 'unclear';
  with?: string;
  order?: string;
  cover?: boolean | 'unclear';
  arc?: 'front' | 'flank' | 'rear';
}

export interface RawScenario {
  attacker: RawUnit;
  target: RawUnit;
  situation: RawSituation;
}

export interface Enumerated {
  damage: number[];
  nerveTest: Record<'none' | 'steady' | 'wavered' | 'routed', number>;
  targetDamage: Record<string, number>;
  nextTurn?: Record<string, number>;
  attackerDamage?: Record<string, number>;
}

const FACES = [1, 2, 3, 4, 5, 6];

/** "4+" → 4. */
const target = (text: string) => Number(text.replace('+', ''));

/** A unit's rules as a lookup: id → parameter ('' when none). */
function rulesOf(u: RawUnit): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of u.rules ?? []) {
    const match = /^([a-z-]+)(?:\((.*)\))?$/.exec(r)!;
    m.set(match[1], match[2] ?? '');
  }
  return m;
}

function add(w: Weights, k: number, p: number): void {
  w.set(k, (w.get(k) ?? 0) + p);
}

/** Roll one more D6 on every entry of `w`: face → the new value. */
function rollOnce(w: Weights, next: (value: number, face: number) => number): Weights {
  const out: Weights = new Map();
  for (const [v, p] of w) for (const face of FACES) add(out, next(v, face), p / 6);
  return out;
}

/** P(a D6 shows 4+) by its six faces. */
const FOUR_UP = FACES.filter((f) => f >= 4).length / 6;

/** A die succeeds on `need`: a natural 1 always fails (§1). */
const success = (face: number, need: number) => face !== 1 && face >= need;

/**
 * Successes of a pool of `dice` dice needing `need` (§1): natural 1s re-rolled once with
 * `rerollOnes` (Elite, Vicious), the re-roll standing; then with `oneFailed` one failed die not
 * already re-rolled is rolled again (Blade of Slashing, Mace of Crushing, Piercing Arrow; A7).
 * State: successes × 2 + (a re-rollable failure exists).
 */
function pool(dice: Weights, need: number, rerollOnes: boolean, oneFailed: boolean): Weights {
  const out: Weights = new Map();
  for (const [n, pn] of dice) {
    let states: Weights = new Map([[0, pn]]);
    for (let i = 0; i < n; i++) {
      const next: Weights = new Map();
      for (const [s, p] of states)
        for (const face of FACES) {
          if (face === 1 && rerollOnes) {
            for (const again of FACES) add(next, s + (success(again, need) ? 2 : 0), p / 36);
          } else if (success(face, need)) add(next, s + 2, p / 6);
          else add(next, s | 1, p / 6);
        }
      states = next;
    }
    for (const [s, p] of states) {
      const hits = s >> 1;
      if (oneFailed && s & 1) for (const face of FACES) add(out, hits + (success(face, need) ? 1 : 0), p / 6);
      else add(out, hits, p);
    }
  }
  return out;
}

/** One Blast(n) draw per hit (§7): n is a number, D3 (a D6 halved, rounded up, §1), D3+k or D6+k. */
function blast(hits: Weights, expr: string): Weights {
  const one = (): Weights => {
    const m = /^(D3|D6)?(?:\+?(\d+))?$/i.exec(expr)!;
    const k = Number(m[2] ?? 0);
    if (!m[1]) return new Map([[k, 1]]);
    return rollOnce(new Map([[0, 1]]), (_, face) => (m[1].toUpperCase() === 'D3' ? Math.ceil(face / 2) : face) + k);
  };
  const out: Weights = new Map();
  for (const [h, ph] of hits) {
    let sum: Weights = new Map([[0, ph]]);
    for (let i = 0; i < h; i++) {
      const next: Weights = new Map();
      for (const [s, p] of sum) for (const [v, q] of one()) add(next, s + v, p * q);
      sum = next;
    }
    for (const [s, p] of sum) add(out, s, p);
  }
  return out;
}

interface Attack {
  dice: number;
  hitNeed: number;
  elite: boolean;
  oneFailedHit: boolean;
  blast: string | null;
  /** null: cannot damage (needs more than 6, §4.3). */
  damageNeed: number | null;
  vicious: boolean;
  oneFailedDamage: boolean;
}

/** Clamp a to-hit need (§1): more than 6 → half the dice on 6s; never better than 2+. */
function clampHit(need: number, dice: number, halve: (d: number) => number): [number, number] {
  if (need > 6) return [6, halve(dice)];
  return [Math.max(2, need), dice];
}

function damageNeed(raw: number): number | null {
  return raw > 6 ? null : Math.max(2, raw);
}

function meleeAttack(s: RawScenario, baned: boolean): Attack {
  const { attacker: a, target: t, situation: sit } = s;
  const ar = rulesOf(a);
  const tr = rulesOf(t);
  const charge = sit.charge ?? 'front';
  // §5.2 and A20: a counter-charge strikes the front; a lone or first charger turns an Individual to face it.
  const side = charge === 'counter-charge' ? 'front' : tr.has('individual') && (sit.charger ?? 'first') === 'first' ? 'front' : charge;
  // §5.3 «Cargas obstaculizadas».
  const h = sit.hindered ?? 'none';
  let hindered = false;
  if (charge !== 'counter-charge' && !ar.has('strider')) {
    if (h === 'difficult-terrain') hindered = !ar.has('pathfinder') && !ar.has('fly');
    else if (h === 'obstacle') hindered = !ar.has('fly');
    else if (h === 'ends-on-difficult-terrain') hindered = !ar.has('pathfinder');
    else if (h === 'ends-on-obstacle') hindered = true;
  }
  let need = target(a.me);
  if (hindered) need += 1;
  if (side === 'front' && tr.has('ensnare')) need += 1;
  if (a.artefact === 'brew-of-sharpness') need -= 1;
  // §5.2 multipliers.
  let multiplier: number;
  if (tr.has('individual')) multiplier = 1;
  else if (t.type === 'war-engine') multiplier = 3;
  else if (ar.has('individual')) multiplier = 1;
  else multiplier = side === 'front' ? 1 : side === 'flank' ? 2 : 3;
  const before = sit.halving === 'before-multiplier';
  const [hitNeed, dice] = clampHit(need, a.att * multiplier, (d) => (before ? Math.floor(a.att / 2) * multiplier : Math.floor(d / 2)));
  // §5.4: TC lost when Disordered, hindered, or against a Phalanx front.
  const tcLost = (sit['attacker-state'] ?? 'ready') !== 'ready' || hindered || (side === 'front' && tr.has('phalanx'));
  const cs = Number(ar.get('crushing-strength') ?? 0) + (baned ? 1 : 0);
  const tc = tcLost ? 0 : Number(ar.get('thunderous-charge') ?? 0);
  const de = tr.has('big-shield') && side === 'front' ? 6 : target(t.de);
  return {
    dice,
    hitNeed,
    elite: ar.has('elite'),
    oneFailedHit: a.artefact === 'blade-of-slashing',
    blast: null,
    damageNeed: damageNeed(de - cs - tc),
    vicious: ar.has('vicious'),
    oneFailedDamage: a.artefact === 'mace-of-crushing',
  };
}

function shootingAttack(s: RawScenario, baned: boolean, covered: boolean): Attack {
  const { attacker: a, target: t, situation: sit } = s;
  const ar = rulesOf(a);
  const tr = rulesOf(t);
  const kind = sit.with ?? 'weapon';
  const de = tr.has('big-shield') && (sit.arc ?? 'front') === 'front' ? 6 : target(t.de);
  const bane = baned ? 1 : 0;
  const common = { elite: ar.has('elite'), oneFailedHit: false, blast: null, vicious: ar.has('vicious'), oneFailedDamage: false };
  // Breath and spells: n dice, always 4+ with no modifier and no halving; only Lightning Bolt has Piercing(1) (§7, §8.1, A11).
  if (kind === 'breath-attack') return { ...common, dice: Number(ar.get('breath-attack')), hitNeed: 4, damageNeed: damageNeed(de - bane) };
  if (kind === 'fireball') return { ...common, dice: Number(ar.get('fireball')), hitNeed: 4, damageNeed: damageNeed(de - bane) };
  if (kind === 'lightning-bolt') return { ...common, dice: Number(ar.get('lightning-bolt')), hitNeed: 4, damageNeed: damageNeed(de - 1 - bane) };
  // The unit's weapon: «Disparo › Modificadores» (§4.2).
  let need = target(a.ra);
  const order = sit.order ?? 'halt';
  const thrown = a.weapon === 'pistols' || a.weapon === 'javelins' || a.weapon === 'thrown-weapons';
  const nimble = ar.has('nimble') || ar.has('fly') || ar.has('individual');
  if (order !== 'halt' && !thrown && !nimble) need += 1;
  if (covered && !ar.has('indirect-fire')) need += 1;
  if (tr.has('individual')) need += 1;
  if (tr.has('stealthy')) need += 1;
  if (a.artefact === 'brew-of-keen-eyeness') need -= 1;
  const [hitNeed, dice] = clampHit(need, a.att, (d) => Math.floor(d / 2));
  return {
    ...common,
    dice,
    hitNeed,
    blast: ar.get('blast') ?? null,
    damageNeed: damageNeed(de - Number(ar.get('piercing') ?? 0) - bane),
    oneFailedDamage: a.artefact === 'piercing-arrow',
  };
}

/** Damage of one attack: to-hit dice, Blast dice, damage dice (§11). */
function attackDamage(x: Attack): Weights {
  let hits = pool(new Map([[x.dice, 1]]), x.hitNeed, x.elite, x.oneFailedHit);
  if (x.blast !== null) hits = blast(hits, x.blast);
  if (x.damageNeed === null) return new Map([[0, 1]]);
  return pool(hits, x.damageNeed, x.vicious, x.oneFailedDamage);
}

export type NerveResult = 'steady' | 'wavered' | 'routed';

/** One 2D6 nerve roll (§6.2). */
function nerveRoll(d1: number, d2: number, total: number, waver: number | null, rout: number): NerveResult {
  if (d1 === 1 && d2 === 1) return 'steady';
  const sum = d1 + d2 + total;
  if (sum >= rout) return 'routed';
  if (waver === null) return 'steady';
  if (d1 === 6 && d2 === 6) return 'wavered';
  return sum >= waver ? 'wavered' : 'steady';
}

/** The test on `damage` + modifier, with one re-roll of a Routed result when inspired (§6.4). */
export function nerveTest(damage: number, waver: number | null, rout: number, reroll: boolean): Record<NerveResult, number> {
  const out: Record<NerveResult, number> = { steady: 0, wavered: 0, routed: 0 };
  for (const d1 of FACES)
    for (const d2 of FACES) {
      const r = nerveRoll(d1, d2, damage, waver, rout);
      if (r === 'routed' && reroll) for (const e1 of FACES) for (const e2 of FACES) out[nerveRoll(e1, e2, damage, waver, rout)] += 1 / 36 / 36;
      else out[r] += 1 / 36;
    }
  return out;
}

export function enumerateKow(s: RawScenario): Enumerated {
  const { attacker: a, target: t, situation: sit } = s;
  const ar = rulesOf(a);
  const tr = rulesOf(t);
  const melee = sit.attack === 'melee';

  // The charge and sight rolls: Yellow-Bellied frontal charges halt on a 1 (§7); unclear sight sees on 4+ (§1).
  let goesIn = 1;
  const charge = sit.charge ?? 'front';
  if (melee && ar.has('yellow-bellied') && charge === 'front' && !tr.has('individual') && t.type !== 'war-engine') goesIn *= 5 / 6;
  if (sit['line-of-sight'] === 'unclear') goesIn *= FOUR_UP;
  // Bane-chant(n): n dice on 4+, it works with at least one hit (§8.1).
  let noBane: Weights = new Map([[0, 1]]);
  for (let i = 0; i < (sit['bane-chant'] ?? 0); i++) noBane = rollOnce(noBane, (v, face) => (face >= 4 ? 1 : v));
  const pBaned = sit['bane-chant'] ? (noBane.get(1) ?? 0) : 0;
  // Cover: unclear is a D6, 4+ no cover (§1).
  const pCovered = melee || !sit.cover ? 0 : sit.cover === true ? 1 : FACES.filter((f) => f <= 3).length / 6;

  const dealt: Weights = new Map([[0, 1 - goesIn]]);
  for (const [pb, baned] of [[1 - pBaned, false], [pBaned, true]] as const)
    for (const [pc, covered] of [[1 - pCovered, false], [pCovered, true]] as const) {
      if (pb * pc === 0) continue;
      const dmg = attackDamage(melee ? meleeAttack(s, baned) : shootingAttack(s, baned, covered));
      for (const [d, p] of dmg) add(dealt, d, goesIn * pb * pc * p);
    }

  // The damage the target carries when attacked: Regeneration, then Heal (§7, §8.1).
  let carried: Weights = new Map([[t.damage ?? 0, 1]]);
  if (sit['target-regenerates']) {
    const n = target(tr.get('regeneration')!);
    const next: Weights = new Map();
    for (const [d, p] of carried) {
      let kept: Weights = new Map([[0, p]]);
      for (let i = 0; i < d; i++) kept = rollOnce(kept, (v, face) => v + (face >= n ? 0 : 1));
      for (const [k, q] of kept) add(next, k, q);
    }
    carried = next;
  }
  for (let i = 0; i < (sit['target-healed'] ?? 0); i++) carried = rollOnce(carried, (v, face) => (face >= 4 ? Math.max(0, v - 1) : v));

  const [waverText, routText] = t.nerve.split('/');
  const waver = /^\d+$/.test(waverText) ? Number(waverText) : null;
  const rout = Number(routText);
  const modifier = (melee && ar.has('brutal') ? 1 : 0) + (t.artefact === 'brew-of-courage' ? -1 : 0);
  const reroll = tr.has('inspiring') || tr.has('very-inspiring') || t.artefact === 'helm-of-confidence' || Boolean(sit.inspired);

  const out: Enumerated = {
    damage: [],
    nerveTest: { none: 0, steady: 0, wavered: 0, routed: 0 },
    targetDamage: {},
  };
  const put = (table: Record<string, number>, k: string, p: number) => (table[k] = (table[k] ?? 0) + p);
  const tests = new Map<number, Record<NerveResult, number>>();
  const testOn = (total: number) => {
    if (!tests.has(total)) tests.set(total, nerveTest(total, waver, rout, reroll));
    return tests.get(total)!;
  };
  for (const [d, pd] of dealt) {
    out.damage[d] = (out.damage[d] ?? 0) + pd;
    for (const [c, pc] of carried) {
      const p = pd * pc;
      if (p === 0) continue;
      // No damage this phase, no test (§6.1).
      if (d === 0) {
        out.nerveTest.none += p;
        put(out.targetDamage, String(c), p);
        continue;
      }
      const test = testOn(c + d + modifier);
      out.nerveTest.steady += p * test.steady;
      out.nerveTest.wavered += p * test.wavered;
      out.nerveTest.routed += p * test.routed;
      // Iron Resolve: Steady after a test removes one damage point (§7).
      put(out.targetDamage, String(tr.has('iron-resolve') ? c + d - 1 : c + d), p * test.steady);
      put(out.targetDamage, String(c + d), p * test.wavered);
      put(out.targetDamage, 'routed', p * test.routed);
    }
  }
  for (let i = 0; i < out.damage.length; i++) out.damage[i] ??= 0;
  // Headstrong: a Wavered unit shakes it off on a D6 of 4+ (§6.3).
  if (tr.has('headstrong')) {
    const recovered = out.nerveTest.wavered * FOUR_UP;
    out.nextTurn = {
      'not-wavered': out.nerveTest.none + out.nerveTest.steady + recovered,
      wavered: out.nerveTest.wavered - recovered,
      routed: out.nerveTest.routed,
    };
  }
  // Lifeleech(n): the attacker removes one of its own damage points per point dealt, at most n (§7).
  if (melee && ar.has('lifeleech')) {
    const n = Number(ar.get('lifeleech'));
    out.attackerDamage = {};
    for (const [d, p] of dealt) put(out.attackerDamage, String(Math.max(0, (a.damage ?? 0) - Math.min(n, d))), p);
  }
  return out;
}
